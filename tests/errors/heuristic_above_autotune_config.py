# @triton.heuristics above @triton.autotune runs before any config is chosen: a heuristic
# reading a config's meta-parameter has no value for it (Triton raises KeyError at launch).
import triton
import triton.language as tl


@triton.heuristics({'HALF': lambda args: args['BLOCK'] // 2})
@triton.autotune(configs=[triton.Config({'BLOCK': 128}), triton.Config({'BLOCK': 256})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr, HALF: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0 * HALF, mask=offs < n)
