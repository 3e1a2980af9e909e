# tl2cu: -s 'scale_kernel:*i32:16, i32, 128' --grid 'cdiv(n, 128)'
import triton
import triton.language as tl

from cycpkg import rt


@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + o, mask=o < n)
    tl.store(x_ptr + o, x * rt.SCALE, mask=o < n)
