import triton
import triton.language as tl


@triton.jit
def helper(x):
    return tl.frobnicate(x)
