# Imports under a module-level if (its condition known: an imported flag) and a try whose
# module is missing (the except block's import is taken, as Python falls back).
# tl2cu: -s 'conditional:*fp32,*fp32,i32'
import triton
import triton.language as tl

from ..consts import IS_AMD

if IS_AMD:
    from .mod import shift as adjust
else:
    from ..ops import twice as adjust

try:
    from .fast_ops import fast_twice
except ImportError:
    from ..ops import twice as fast_twice


@triton.jit
def conditional(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, adjust(x) + fast_twice(x), mask=m)
