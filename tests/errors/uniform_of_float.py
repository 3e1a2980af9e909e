import triton
import triton.language as tl

@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.random.uint_to_uniform_float(x))
