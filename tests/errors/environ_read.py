# os.environ and os.getenv read tl2cu's own environment, as importing the module reads the
# program's (flash-linear-attention picks its exp by FLA_USE_FAST_OPS); each read is a note.
# The variables here are never set by the tests.
import os

import triton
import triton.language as tl

if os.environ.get('TL2CU_TEST_FAST_OPS', '0') == '1':
    @triton.jit
    def act(x): return x * 2
else:
    @triton.jit
    def act(x): return x + 1

BLOCK_DEFAULT = int(os.getenv("TL2CU_TEST_BLOCK", "128"))
TRACE = "TL2CU_TEST_TRACE" in os.environ


@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr = BLOCK_DEFAULT, SHOW: tl.constexpr = TRACE):
    o = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + o, mask=o < n)
    if SHOW:
        x = x * 0
    tl.store(x_ptr + o, act(x), mask=o < n)
