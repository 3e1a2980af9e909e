# A @triton.jit helper of 18 parameters (tutorial 06's _attn_fwd_inner_tma takes 17; calls
# stopped at 16 arguments).
# tl2cu: -s 'k:*fp32'
import triton
import triton.language as tl

@triton.jit
def f(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17):
    return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15 + a16 + a17

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, f(x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, 1.0))
