import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tl.clamp(x, 0, 10))
