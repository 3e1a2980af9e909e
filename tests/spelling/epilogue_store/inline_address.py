# tl2cu: -s 'kernel:*fp16,*fp16,*fp32,i32,i32'
import triton
import triton.language as tl


@triton.jit
def kernel(x0, x1, o0, M, N):
    rm = tl.program_id(0) * 32 + tl.arange(0, 32)
    rn = tl.program_id(1) * 32 + tl.arange(0, 32)
    acc = tl.zeros((32, 32), dtype=tl.float32)
    for k in range(0, tl.cdiv(N, 32)):
        kk = k * 32 + tl.arange(0, 32)
        a = tl.load(x0 + rm[:, None] * N + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < N), other=0.0)
        b = tl.load(x1 + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < N) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(o0 + (rm[:, None] * N + rn[None, :]), acc, mask=(rm[:, None] < M) & (rn[None, :] < N))
