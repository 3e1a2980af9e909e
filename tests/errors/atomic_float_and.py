import triton
import triton.language as tl


@triton.jit
def k(p):
    tl.atomic_and(p + tl.arange(0, 16), 3)
