# A transpose of [128, 128] fp32 tiles: the conversion through shared memory takes 66,048
# bytes, over the 48 KB of a static array, so the kernel declares it extern and its launch
# raises the limit first (cudaFuncAttributeMaxDynamicSharedMemorySize). With runs of one
# element (the plain variant) the load is converted too: its tile has 128 rows
# (layout.c read_across_memory), and its masked loads and stores are predicated (4 bytes;
# 8 in transpose_wide64, whose tile takes 132,096 bytes). tests/gpu/wide_transpose_check.py
# runs both against Triton.
# tl2cu: -s 'transpose_wide:*fp32,*fp32,i32,i32' -s 'transpose_wide64:*fp64,*fp64,i32,i32'
# tl2cu: -D BLOCK_M=128 -D BLOCK_N=128 --num-warps 8
# tl2cu: --grid 'cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N)'
import triton
import triton.language as tl


@triton.jit
def transpose_tile(x_ptr, z_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    blocks_n = tl.cdiv(N, BLOCK_N)
    rm = (pid // blocks_n) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = (pid % blocks_n) * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N))
    tl.store(z_ptr + rn[:, None] * M + rm[None, :], tl.trans(x), mask=(rn[:, None] < N) & (rm[None, :] < M))


@triton.jit
def transpose_wide(x_ptr, z_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    transpose_tile(x_ptr, z_ptr, M, N, BLOCK_M, BLOCK_N)


@triton.jit
def transpose_wide64(x_ptr, z_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    transpose_tile(x_ptr, z_ptr, M, N, BLOCK_M, BLOCK_N)
