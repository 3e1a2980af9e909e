# Puzzle 2: add a constant to a vector of N0 elements, B0 per program, masked tail.
# tl2cu: -s 'add_mask2_kernel:*fp32,*fp32,i32' -D B0=32 --grid 'cdiv(N0, B0)'
import triton
import triton.language as tl


@triton.jit
def add_mask2_kernel(x_ptr, z_ptr, N0, B0: tl.constexpr):
    pid = tl.program_id(0)
    off_x = pid * B0 + tl.arange(0, B0)
    mask = off_x < N0
    x = tl.load(x_ptr + off_x, mask=mask)
    tl.store(z_ptr + off_x, x + 10.0, mask=mask)
