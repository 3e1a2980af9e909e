# Exercises 2-D blocks: broadcasting with None, 64-bit strides, masks, a
# value used in two layouts (converted through shared memory), replicated blocks.
# tl2cu: -s 'broadcast_2d:*fp32,*fp32,*fp32,i32,i32,i64' -D BM=16 -D BN=64 --num-warps 2
# tl2cu: --grid 'cdiv(M, BM), cdiv(N, BN)'
import triton
import triton.language as tl


@triton.jit
def broadcast_2d(a_ptr, rows_ptr, out_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    row_scale = tl.load(rows_ptr + rm, mask=rm < M, other=0.0)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    ptrs = a_ptr + rm[:, None] * stride + rn[None, :]
    a = tl.load(ptrs, mask=mask, other=0.0)
    out = a * row_scale[:, None] + row_scale[:, None]
    tl.store(out_ptr + rm[:, None] * stride + rn[None, :], out, mask=mask)
    tl.store(rows_ptr + rm, row_scale * 2.0, mask=rm < M)
    tiny = tl.arange(0, 8) * 3
    tl.store(out_ptr + tiny, tiny.to(tl.float32), mask=tiny < N)
