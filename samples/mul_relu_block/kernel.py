# Puzzle 5: fused outer multiply and ReLU, z[j, i] = relu(x[i] * y[j]), masked edges.
# tl2cu: -s 'mul_relu_block_kernel:*fp32,*fp32,*fp32,i32,i32' -D B0=32 -D B1=32
# tl2cu: --grid 'cdiv(N0, B0), cdiv(N1, B1)'
import triton
import triton.language as tl


@triton.jit
def mul_relu_block_kernel(x_ptr, y_ptr, z_ptr, N0, N1, B0: tl.constexpr, B1: tl.constexpr):
    pid_0 = tl.program_id(0)
    pid_1 = tl.program_id(1)
    off_x = pid_0 * B0 + tl.arange(0, B0)
    off_y = pid_1 * B1 + tl.arange(0, B1)
    mask_x = off_x < N0
    mask_y = off_y < N1
    x = tl.load(x_ptr + off_x, mask=mask_x, other=0.0)
    y = tl.load(y_ptr + off_y, mask=mask_y, other=0.0)
    z = x[None, :] * y[:, None]
    z = tl.where(z > 0, z, 0.0)
    off_z = off_y[:, None] * N0 + off_x[None, :]
    tl.store(z_ptr + off_z, z, mask=mask_y[:, None] & mask_x[None, :])
