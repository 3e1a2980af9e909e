import triton
import triton.language as tl

# tl2cu: -s k:*fp32 -D BLOCK=128 --grid 'cdiv(n, BLOCK'
@triton.jit
def k(x_ptr, n: tl.int32, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)
