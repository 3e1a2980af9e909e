import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    o = tl.load(x_ptr + offs)
    if n > 5:
    o = o * 2
    tl.store(x_ptr + offs, o)
