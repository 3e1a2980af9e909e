import triton
import triton.language as tl

@triton.jit
def typed(x):
    if x > 0:
        return 1
    return 2.5

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, typed(x))
