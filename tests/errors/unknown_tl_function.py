import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n: tl.int32):
    x = tl.load(x_ptr)
    tl.store(x_ptr, tl.frobnicate(x))
