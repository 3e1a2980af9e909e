import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    x = tl.load(x_ptr + tl.arange(0, 65536))
    tl.store(y_ptr + tl.arange(0, 65536), tl.sort(x))
