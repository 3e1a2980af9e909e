import triton
import triton.language as tl

from .consts import SCALE


@triton.jit
def twice(x):
    y = x * 2
    return y


@triton.jit
def scaled(x):
    # SCALE is this file's name (imported from .consts), not the caller's
    z = twice(x) + SCALE
    return z
