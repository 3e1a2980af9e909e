# A dot whose operand has the accumulator's shape (64 x 64 x 64): the operand is loaded in a
# layout of its own (16-byte runs), not in the accumulator's; its mask, `offs_m[:, None] <
# m_size` with m_size a loaded scalar (unsloth's grouped GEMM), is recomputed where each
# reads it rather than converted through shared memory in the loop.
# tl2cu: -s 'loaded_scalar_mask:*fp16:16,*fp16:16,*fp32:16,*i32:16,256,64,64,64' --grid 4
import triton
import triton.language as tl


@triton.jit
def loaded_scalar_mask(x_ptr, w_ptr, y_ptr, sizes_ptr, K: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                       BK: tl.constexpr):
    m_size = tl.load(sizes_ptr + tl.program_id(0))
    offs_m = tl.arange(0, BM)
    row_mask = offs_m[:, None] < m_size
    offs_k = tl.arange(0, BK)
    offs_n = tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(x_ptr + offs_m[:, None] * K + (k + offs_k)[None, :], mask=row_mask, other=0.0)
        w = tl.load(w_ptr + (k + offs_k)[:, None] * BN + offs_n[None, :])
        acc += tl.dot(x, w)
    tl.store(y_ptr + offs_m[:, None] * BN + offs_n[None, :], acc, mask=row_mask)
