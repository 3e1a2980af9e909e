import triton
import triton.language as tl

@triton.jit
def k(c_ptr, w_ptr, out_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c = tl.load(c_ptr + offs)
    w = tl.load(w_ptr + offs)
    a, b, d, e = tl.philox(seed, c, w, c, c, n_rounds=7)
    tl.store(out_ptr + offs, a)
