# Matrix transpose: z (N x M) = x (M x N)^T. Each program loads a BLOCK_M x BLOCK_N tile
# of x with masks at the edges, transposes it with tl.trans into BLOCK_N x BLOCK_M, and
# stores it at the mirrored place in z. The tile is not square, so rows and columns
# cannot be confused. At 128 x 64 with 8 warps both tl2cu and Triton run at 82-85% of
# copy bandwidth on the H200; at 32 x 64 with 4 warps 66% and 54% (docs/NOTES.md 54, 55).
# tl2cu: -s 'transpose_kernel:*fp32,*fp32,i32,i32' -D BLOCK_M=128 -D BLOCK_N=64 --num-warps 8
# tl2cu: --grid 'cdiv(M, BLOCK_M), cdiv(N, BLOCK_N)'
import triton
import triton.language as tl


@triton.jit
def transpose_kernel(x_ptr, z_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N))
    z = tl.trans(x)
    tl.store(z_ptr + rn[:, None] * M + rm[None, :], z, mask=(rn[:, None] < N) & (rm[None, :] < M))
