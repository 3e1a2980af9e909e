# core.py sets int_bitwidth on integer dtypes only: a float's is an AttributeError in Triton
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, x + x.dtype.int_bitwidth)
