import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    i = tl.arange(0, 128)
    x = tl.load(x_ptr + i)
    print("x", x)
    tl.store(x_ptr + i, x)
