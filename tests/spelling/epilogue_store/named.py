# tl2cu: -s 'kernel:*fp16,*fp16,*fp32,i32,i32'
import triton
import triton.language as tl


@triton.jit
def kernel(x0, x1, o0, M, N):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * 32 + tl.arange(0, 32)
    rn = pid_n * 32 + tl.arange(0, 32)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    offs = rm[:, None] * N + rn[None, :]
    rk = tl.arange(0, 32)
    acc = tl.zeros((32, 32), dtype=tl.float32)
    for k in range(0, tl.cdiv(N, 32)):
        kk = k * 32 + rk
        a = tl.load(x0 + rm[:, None] * N + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < N), other=0.0)
        b = tl.load(x1 + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < N) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(o0 + offs, tl.where(acc > 0, acc, acc * 0.5), mask=mask)
