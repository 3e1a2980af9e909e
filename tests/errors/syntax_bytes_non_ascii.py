import triton
import triton.language as tl

MAGIC = b"tl2cu·v1"


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
