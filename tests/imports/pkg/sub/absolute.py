# from pkg.sub.mod import x and from pkg import NAME (re-exported by pkg/__init__.py, by name or *): found in the
# folder above this file's package; a host helper of another file gives a default.
# tl2cu: -s 'absolute:*fp32,*fp32,i32'
import triton
import triton.language as tl

from pkg import BLOCK_DEFAULT, SCALE, double
from pkg.consts import pick_block
from pkg import OFFSET  # (pkg.sub.mod's, by pkg's `from .sub.mod import *`)
from pkg.sub.mod import shift


@triton.jit
def absolute(x_ptr, y_ptr, n, BLOCK: tl.constexpr = BLOCK_DEFAULT, WIDE: tl.constexpr = pick_block(8192)):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, double(shift(x)) * SCALE + WIDE + OFFSET, mask=m)
