import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    p = x_ptr + tl.arange(0, 64)
    tl.store(y_ptr + tl.arange(0, 64), tl.load(tl.sort(p)))
