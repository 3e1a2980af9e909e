# from . import mod, then mod.NAME; import pkg.ops as ops, then ops.NAME; import pkg, then pkg.ops.NAME.
# tl2cu: -s 'from_dot:*fp32,*fp32,i32'
import triton
import triton.language as tl

import pkg
import pkg.ops as ops
from . import mod


@triton.jit
def from_dot(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, mod.shift(x) + ops.twice(x) + pkg.ops.twice(x) + mod.OFFSET, mask=m)
