# tl2cu: -s 'inner_error:*fp32'
import triton
import triton.language as tl

from .broken import helper


@triton.jit
def inner_error(x_ptr):
    tl.store(x_ptr + tl.arange(0, 4), helper(1.0))
