import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if n < 0:
        break
    tl.store(x_ptr + offs, 1.0)
