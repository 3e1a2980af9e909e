import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 1024))
    tl.store(x_ptr + tl.arange(0, 2048), tl.cat(x, x))
