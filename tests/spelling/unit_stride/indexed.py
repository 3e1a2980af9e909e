# tl2cu: -s 'kernel:*fp16:16,*fp16:16,*fp32:16,i32,i32:16,i32:16,i32:16,i32,i32,i32:16,64,64,32'
# tl2cu: --grid 'cdiv(M, BM) * cdiv(N, BN)'
import triton
import triton.language as tl


@triton.jit
def kernel(a_ptr, w_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_wk, stride_wn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid = tl.program_id(0)
    offs_m = (pid // tl.cdiv(N, BN) * BM + tl.arange(0, BM)) % M
    offs_n = pid % tl.cdiv(N, BN) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        offs_k = k0 + tl.arange(0, BK)
        a = tl.load(a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak, mask=offs_k[None, :] < K, other=0.0)
        b = tl.load(w_ptr + offs_n[None, :] * stride_wn + offs_k[:, None] * stride_wk, mask=offs_k[:, None] < K, other=0.0)
        acc += tl.dot(a, b)
    rows = pid // tl.cdiv(N, BN) * BM + tl.arange(0, BM)
    tl.store(c_ptr + rows[:, None] * N + offs_n[None, :], acc, mask=rows[:, None] < M)
