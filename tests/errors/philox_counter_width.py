import triton
import triton.language as tl

@triton.jit
def k(c_ptr, out_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(c_ptr + offs)
    a, b, d, e = tl.philox(seed, c, c, c, c)
    tl.store(out_ptr + offs, a)
