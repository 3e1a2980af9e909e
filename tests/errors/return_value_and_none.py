import triton
import triton.language as tl

@triton.jit
def mixed(x):
    if x > 0:
        return x

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, mixed(x))
