import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    offs = tl.arange(0, 32)
    x = tl.load(x_ptr + offs, boundary_check=(0,))
    tl.store(x_ptr + offs, x)
