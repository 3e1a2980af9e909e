import triton
import triton.language as tl


@triton.jit
def k(p):
    offs = tl.arange(0, 32)
    tl.atomic_max(p + offs, 1.0)
