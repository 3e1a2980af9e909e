import triton
import triton.language as tl

@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    try:
        tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
    except Exception:
        pass
