# tl2cu: -s 'not_found:*fp32'
import triton
import triton.language as tl

from fla.utils import IS_AMD


@triton.jit
def not_found(x_ptr, BLOCK: tl.constexpr = 4 if IS_AMD else 8):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
