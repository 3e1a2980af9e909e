# A module constant bound differently by the branches of an `if` tl2cu does not run: which
# one a kernel reads is not known, and tl2cu says so rather than guess.
import os

import triton
import triton.language as tl

BLOCK = tl.constexpr(128)
if os.environ.get("SMALL"):
    BLOCK = tl.constexpr(64)


@triton.jit
def k(x_ptr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0)
