# IR after tracing: a loop-carried accumulator (var, for, <-) and a reduction along axis 1.
# tl2cu: -s 'row_sums:*fp16,*fp32,i32,i32' -D BLOCK_M=16 -D BLOCK_N=64
import triton
import triton.language as tl


@triton.jit
def row_sums(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        tile = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=(rows[:, None] < M) & (cols[None, :] < N), other=0.0)
        acc += tl.sum(tile.to(tl.float32), axis=1)
    tl.store(out_ptr + rows, acc, mask=rows < M)
