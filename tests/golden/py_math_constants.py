# Python's math module in module-level constants, computed at translation as CPython computes
# them: LightLLM's gelu_and_mul writes `_kAlpha = triton.language.constexpr(math.sqrt(2.0 /
# math.pi))`; also `from math import` forms, ints from ceil and prod, and log of a base.
# tl2cu: -s 'gelu_scale:*fp32:16, *fp32:16, i32, 256'
import math
from math import log as ln, pi as PI, sqrt

import triton
import triton.language as tl

_kAlpha = triton.language.constexpr(math.sqrt(2.0 / math.pi))
LOG2E = tl.constexpr(1.0 / ln(2))
ROOT_PI = tl.constexpr(sqrt(PI))
BITS = tl.constexpr(math.ceil(math.log(1000, 2)))
TILE = tl.constexpr(math.prod((2, 4, 8)))


@triton.jit
def gelu_scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + o, mask=o < n)
    inner = _kAlpha * (x + 0.044715 * x * x * x)
    y = 0.5 * x * (1 + (2 * tl.sigmoid(2 * inner) - 1))
    tl.store(y_ptr + o, y * LOG2E + ROOT_PI + BITS + TILE, mask=o < n)
