import triton
import triton.language as tl


@triton.jit
def k(p, x):
    tl.atomic_cas(p, 0, x)
