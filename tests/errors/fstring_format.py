# f-string conversions and format specs are not evaluated by tl2cu: named
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    tl.static_assert(BLOCK >= 16, f"BLOCK={BLOCK:5d} is too small")
    tl.store(x_ptr + i, tl.load(x_ptr + i))
