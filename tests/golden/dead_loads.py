# tl2cu: -s 'dead_loads:*i16, *fp32, i32' --grid 1
# Loads nothing reads go, and so does the index math only they read, all of it: two loads of
# the same `x + offs` (fuzz kernels k131, k222) had kept offs, whose sums canon.c rebuilt for
# the dead loads, printed after the names it reads (rm, rn) were dropped: nvcc refused the
# CUDA ("identifier rm is undefined").
import triton
import triton.language as tl


@triton.jit
def dead_loads(x_ptr, o_ptr, N):
    rm = tl.program_id(0) * 16 + tl.arange(0, 16)
    rn = tl.arange(0, 16)
    offs = rm[:, None] * N + rn[None, :]
    v3 = tl.load(x_ptr + offs)
    v4 = tl.load(x_ptr + offs)
    tl.store(o_ptr + tl.arange(0, 16), 1.0)
