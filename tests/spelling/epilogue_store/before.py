# tl2cu: -s 'kernel:*fp16,*fp16,*fp32,i32,i32'
import triton
import triton.language as tl


@triton.jit
def kernel(x0, x1, o0, M, N):
    rn = tl.program_id(1) * 32 + tl.arange(0, 32)
    rm = tl.arange(0, 32) + 32 * tl.program_id(0)
    o_ptrs = o0 + N * rm[:, None] + rn[None, :]
    o_mask = (rn[None, :] < N) & (rm[:, None] < M)
    acc = tl.zeros((32, 32), dtype=tl.float32)
    for k in range(0, tl.cdiv(N, 32)):
        kk = tl.arange(0, 32) + k * 32
        a = tl.load(x0 + rm[:, None] * N + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < N), other=0.0)
        b = tl.load(x1 + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < N) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(o_ptrs, acc * 2.0, mask=o_mask)
