# tl2cu: -s k:*fp32,i32 -D BLOCK=128 --grid "cdiv(n, BLOCK), nn"
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)
