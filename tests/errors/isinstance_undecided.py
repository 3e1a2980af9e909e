import triton
import triton.language as tl


@tl.constexpr
def pick(x):
    return 1 if isinstance(x, tl.constexpr) else 2


@triton.jit
def k(x_ptr, n, BITS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, pick(BITS), mask=offs < n)
