# tl.dot of fp8 needs sm_89 or later (its conversions and mma.sync's fp8 types): --target sm_80 refuses it
# tl2cu: --target sm_80 -s 'k:*fp8e4nv,*fp8e4nv,*fp32'
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, c_ptr):
    i = tl.arange(0, 32)
    a = tl.load(a_ptr + i[:, None] * 32 + i[None, :])
    b = tl.load(b_ptr + i[:, None] * 32 + i[None, :])
    tl.store(c_ptr + i[:, None] * 32 + i[None, :], tl.dot(a, b))
