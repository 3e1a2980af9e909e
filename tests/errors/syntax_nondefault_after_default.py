import triton
import triton.language as tl


def helper(a=1, b):
    return a


@triton.jit
def k(x_ptr):
    tl.store(x_ptr, helper(2, 3))
