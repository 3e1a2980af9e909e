
# tests/realworld/prelude_fla.py: appended by sweep.py --prelude to each file of
# flash-linear-attention, whose kernels import these jit helpers from fla.ops.utils.op
# (tl2cu reads one file). The plain forms of its helpers, written here; appended after the
# file's own text so that its line numbers stay as published.
@triton.jit
def exp(x):
    return tl.exp(x.to(tl.float32))


@triton.jit
def exp2(x):
    return tl.math.exp2(x.to(tl.float32))


@triton.jit
def log(x):
    return tl.log(x.to(tl.float32))


@triton.jit
def log2(x):
    return tl.log2(x.to(tl.float32))


@triton.jit
def safe_dot(a, b, allow_tf32: tl.constexpr = None):
    return tl.dot(a, b, allow_tf32=allow_tf32)
