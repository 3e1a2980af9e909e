# Puzzle 3: outer vector add, z[j, i] = x[i] + y[j], one program for a B1 x B0 block.
# tl2cu: -s 'add_vec_kernel:*fp32,*fp32,*fp32,i32,i32' -D B0=32 -D B1=32 --grid '1'
import triton
import triton.language as tl


@triton.jit
def add_vec_kernel(x_ptr, y_ptr, z_ptr, N0, N1, B0: tl.constexpr, B1: tl.constexpr):
    off_x = tl.arange(0, B0)
    off_y = tl.arange(0, B1)
    x = tl.load(x_ptr + off_x)
    y = tl.load(y_ptr + off_y)
    z = y[:, None] + x[None, :]
    off_z = off_y[:, None] * B0 + off_x[None, :]
    tl.store(z_ptr + off_z, z)
