# An in-place kernel under @triton.autotune: every trial run during tuning must
# leave x as it found it, so one call applies x = 2 * x + 1 exactly once.
# tl2cu: -s 'scale_inplace:*fp32,i32' --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({'BLOCK': b}, num_warps=w) for b in [256, 1024] for w in [2, 4]],
    key=['n'],
)
@triton.jit
def scale_inplace(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(x_ptr + offs, 2.0 * x + 1.0, mask=mask)
