# os.environ[NAME] of a variable not set: Python raises KeyError at import.
import os

import triton
import triton.language as tl

BLOCK = tl.constexpr(int(os.environ["TL2CU_TEST_NEVER_SET"]))


@triton.jit
def k(x_ptr, n):
    o = tl.arange(0, BLOCK)
    tl.store(x_ptr + o, tl.load(x_ptr + o, mask=o < n) + 1, mask=o < n)
