import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    tl.store(x_ptr + tl.arange(0, 65536), tl.histogram(x, 65536))
