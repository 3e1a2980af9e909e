import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr):
    a = tl.load(a_ptr + tl.arange(0, 64))
    b = tl.load(b_ptr + tl.arange(0, 64))
    tl.store(b_ptr + tl.arange(0, 128), tl.interleave(a, b))
