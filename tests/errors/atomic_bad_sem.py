import triton
import triton.language as tl


@triton.jit
def k(p):
    tl.atomic_add(p, 1, sem="seq_cst")
