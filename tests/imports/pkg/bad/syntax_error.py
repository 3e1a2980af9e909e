# tl2cu: -s 'syntax_error:*fp32'
import triton
import triton.language as tl

from .syntax_bad import X


@triton.jit
def syntax_error(x_ptr, BLOCK: tl.constexpr = X):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
