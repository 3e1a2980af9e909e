# Puzzle 7, "long sum": z[i] = sum of row i of the N0 x T matrix x. One program per B0
# rows reads its rows in chunks of B1 columns, masked at the end of the row, and adds
# each chunk's row sums to a loop-carried accumulator. N1 is the puzzle's (unused) size.
# tl2cu: -s 'sum_kernel:*fp32:16,*fp32:16,i32,i32,i32' -D B0=1 -D B1=4096
# tl2cu: --grid 'cdiv(N0, B0)'
import triton
import triton.language as tl


@triton.jit
def sum_kernel(x_ptr, z_ptr, N0, N1, T, B0: tl.constexpr, B1: tl.constexpr):
    pid_0 = tl.program_id(0)
    off_i = pid_0 * B0 + tl.arange(0, B0)
    mask_i = off_i < N0
    acc = tl.zeros([B0], dtype=tl.float32)
    for j in range(0, T, B1):
        off_j = j + tl.arange(0, B1)
        mask_j = off_j < T
        off_x = off_i[:, None] * T + off_j[None, :]
        x = tl.load(x_ptr + off_x, mask=mask_i[:, None] & mask_j[None, :], other=0.0)
        acc += tl.sum(x, axis=1)
    tl.store(z_ptr + off_i, acc, mask=mask_i)
