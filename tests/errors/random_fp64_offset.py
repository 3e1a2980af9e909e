import triton
import triton.language as tl

@triton.jit
def k(x_ptr, out_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.randint(seed, x))
