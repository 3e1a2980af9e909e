import triton
import triton.language as tl

@triton.jit
def k(c_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(c_ptr + offs)
    a, b, d, e = tl.philox_impl(c, c, c, c, c, c)
    tl.store(out_ptr + offs, a)
