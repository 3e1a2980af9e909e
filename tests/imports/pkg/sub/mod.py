import triton
import triton.language as tl

OFFSET = tl.constexpr(7)


@triton.jit
def shift(x):
    return x + OFFSET
