import triton
import triton.language as tl

@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    sizes = tuple(i * 2 for i in range(4))
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
