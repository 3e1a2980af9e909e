import triton
import triton.language as tl

@triton.jit
def k(x_ptr, B: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, B))
    a, b = tl.split(x)
    tl.store(x_ptr, a)
