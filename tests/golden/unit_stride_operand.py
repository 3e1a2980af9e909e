# A GEMM whose B is a weight stored [N, K] (nn.Linear's), read as w.T: contiguous along K
# only where stride_wk, an int argument, is 1 at launch (Triton specializes it so). The
# aligned variant lays B out along K under that assumption (passes/unitstride.c) and loads it
# 16 bytes a thread; the launcher checks stride_wk == 1 (and no M % 16: `offs_m % M` reads
# no divisibility of M). Three spellings of the same B tile: a pointer block stepped each
# iteration, an index built from the loop variable, and the [N, K] tile loaded and transposed.
# tl2cu: -s 'wt_stepped:*fp16:16,*fp16:16,*fp32:16,i32,i32:16,i32:16,i32:16,i32,i32,i32:16,64,64,32'
# tl2cu: -s 'wt_indexed:*fp16:16,*fp16:16,*fp32:16,i32,i32:16,i32:16,i32:16,i32,i32,i32:16,64,64,32'
# tl2cu: -s 'wt_trans:*fp16:16,*fp16:16,*fp32:16,i32,i32:16,i32:16,i32:16,i32,i32,i32:16,64,64,32'
# tl2cu: --grid 'cdiv(M, BM) * cdiv(N, BN)'
import triton
import triton.language as tl


@triton.jit
def wt_stepped(a_ptr, w_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_wk, stride_wn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid = tl.program_id(0)
    offs_m = (pid // tl.cdiv(N, BN) * BM + tl.arange(0, BM)) % M
    offs_n = pid % tl.cdiv(N, BN) * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = w_ptr + offs_k[:, None] * stride_wk + offs_n[None, :] * stride_wn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK * stride_ak
        b_ptrs += BK * stride_wk
    rows = pid // tl.cdiv(N, BN) * BM + tl.arange(0, BM)
    tl.store(c_ptr + rows[:, None] * N + offs_n[None, :], acc, mask=rows[:, None] < M)


@triton.jit
def wt_indexed(a_ptr, w_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_wk, stride_wn,
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


@triton.jit
def wt_trans(a_ptr, w_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_wk, stride_wn,
             BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid = tl.program_id(0)
    offs_m = (pid // tl.cdiv(N, BN) * BM + tl.arange(0, BM)) % M
    offs_n = pid % tl.cdiv(N, BN) * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + offs_k
        a = tl.load(a_ptr + offs_m[:, None] * stride_am + kk[None, :] * stride_ak, mask=kk[None, :] < K, other=0.0)
        w = tl.load(w_ptr + offs_n[:, None] * stride_wn + kk[None, :] * stride_wk, mask=kk[None, :] < K, other=0.0)
        acc = tl.dot(a, tl.trans(w), acc)
    rows = pid // tl.cdiv(N, BN) * BM + tl.arange(0, BM)
    tl.store(c_ptr + rows[:, None] * N + offs_n[None, :], acc, mask=rows[:, None] < M)
