import triton
import triton.language as tl

@triton.jit
def looped(x):
    for i in range(4):
        if x > i:
            return x
    return 0.0

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, looped(x))
