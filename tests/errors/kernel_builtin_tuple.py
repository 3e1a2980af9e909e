# Triton 3.6 refuses this in a kernel; so does tl2cu
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    dims = tuple([BLOCK, 1])
    tl.store(x_ptr + tl.arange(0, BLOCK), len(dims))
