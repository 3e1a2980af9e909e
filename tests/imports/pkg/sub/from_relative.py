# from .mod import a, from ..ops import a, b as c and from ..sub.mod import x: jit helpers (whose own imports are
# relative to their file), a tl.constexpr global, config lists and a dtype of another file.
# tl2cu: -s 'from_relative:*fp32,*fp16,i32' --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl

from ..consts import CONFIGS, OUT_DTYPE
from ..ops import scaled, twice as dbl
from ..sub.mod import shift
from .mod import OFFSET


@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def from_relative(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = scaled(x) + dbl(x) + shift(x) + OFFSET
    tl.store(y_ptr + offs, y.to(OUT_DTYPE), mask=m)
