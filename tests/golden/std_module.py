# triton.language.standard as a module: its private constexpr helpers (FLA's NSA top-k kernel
# reads `tl.standard._log2(b_i.shape[0])`), imported by name, and its public functions through
# it (tl.standard.cdiv is tl.cdiv).
# tl2cu: -s 'levels:*i32:16, i32, 64'
import triton
import triton.language as tl
import triton.language.standard as std
from triton.language.standard import _is_power_of_two, _log2


@triton.jit
def levels(out_ptr, n, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    depth: tl.constexpr = tl.standard._log2(o.shape[0])
    half: tl.constexpr = _log2(BLOCK // 2)
    tl.static_assert(_is_power_of_two(BLOCK) and not std._is_power_of_two(BLOCK + 1))
    tl.store(out_ptr + o, o * depth + half + std.cdiv(n, BLOCK), mask=o < n)
