# tl2cu: -s 'plain_global:*fp32'
import triton
import triton.language as tl

from ..consts import BLOCK_DEFAULT


@triton.jit
def plain_global(x_ptr):
    tl.store(x_ptr + tl.arange(0, BLOCK_DEFAULT), 1.0)
