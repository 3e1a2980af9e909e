# Inclusive prefix sums along the rows of an n_rows x n_cols matrix (row stride
# `stride`): z[i, j] = x[i, 0] + ... + x[i, j]. BLOCK_M rows per program, each row in one
# block of BLOCK_N columns (fixed here with -D: this translation serves n_cols <= 1024).
# Two kernels: fp32 with tl.cumsum(x, axis=1), int32 with the method form x.cumsum(axis=1).
# The grids are cdiv(n_rows, BLOCK_M) programs: call the _grid launchers.
# tl2cu: -s 'cumsum_f32_kernel:*fp32,*fp32,i32,i32,i32'
# tl2cu: -s 'cumsum_i32_kernel:*i32,*i32,i32,i32,i32'
# tl2cu: -D BLOCK_M=2 -D BLOCK_N=1024
import triton
import triton.language as tl


@triton.jit
def cumsum_f32_kernel(x_ptr, z_ptr, n_rows, n_cols, stride,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    offsets = rows[:, None] * stride + cols[None, :]
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.store(z_ptr + offsets, tl.cumsum(x, axis=1), mask=mask)


@triton.jit
def cumsum_i32_kernel(x_ptr, z_ptr, n_rows, n_cols, stride,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    offsets = rows[:, None] * stride + cols[None, :]
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    tl.store(z_ptr + offsets, x.cumsum(axis=1), mask=mask)
