# A starred element in a kernel, on a line parsed again parenthesized: the column is the source's.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    t = 1, *[2] * 3
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + t[3])
