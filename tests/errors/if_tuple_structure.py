import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    x = tl.load(x_ptr)
    t = (x, x)
    if n > 0:
        t = (x,)
    tl.store(x_ptr, t[0])
