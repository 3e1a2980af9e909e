import triton
import triton.language as tl

@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    with open("f") as f:
        pass
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
