# Puzzle 1: add a constant to a vector of exactly B0 elements (one program).
# tl2cu: -s 'add_kernel:*fp32,*fp32,i32' -D B0=32 --grid '1'
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, z_ptr, N0, B0: tl.constexpr):
    off_x = tl.arange(0, B0)
    x = tl.load(x_ptr + off_x)
    tl.store(z_ptr + off_x, x + 10.0)
