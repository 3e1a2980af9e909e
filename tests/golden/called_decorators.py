# Decorators applied by a call and kernels under a module-level version check, as published:
# unsloth writes `f = triton.jit(f)` then `f = triton.heuristics({...})(f)`; lightllm defines
# its kernels under `if triton.__version__ >= "2.1.0":` (tl2cu follows Triton 3.6).
# tl2cu: -s 'add_one:*fp32:16, i32, 128' -s '_scale:*fp32:16, fp32, i32' -s 'copy_jit:*fp32:16, *fp32:16, 64'
import triton
import triton.language as tl

if triton.__version__ >= "2.1.0":

    @triton.jit
    def add_one(x_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)

else:
    raise ImportError("needs Triton 2.1")


def _scale(x_ptr, s, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * s, mask=offs < n)


_scale = triton.jit(_scale)
_scale = triton.heuristics({"BLOCK": lambda args: 256})(_scale)


def _copy(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))


copy_jit = triton.jit(_copy)
