import triton
import triton.language as tl

@triton.jit
def k(out_ptr, seed):
    tl.store(out_ptr, tl.randn(seed, 5))
