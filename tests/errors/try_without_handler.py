# A try without except or finally: tree-sitter's grammar takes it, Python does not
# (found by tests/fuzz/parse_agree.py, seed 1, mutant 952).
import triton
import triton.language as tl

try:
    from triton.language.extra.cuda.libdevice import rsqrt
from triton.language.math import exp2


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), exp2(1.0))
