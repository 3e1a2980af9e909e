# tl2cu: -s 'missing_name:*fp32'
import triton
import triton.language as tl

from ..ops import thrice


@triton.jit
def missing_name(x_ptr):
    tl.store(x_ptr + tl.arange(0, 4), thrice(1.0))
