# The unitstride pass (passes/unitstride.c): a dot operand with no contiguous dim in the
# kernel's own facts records the dim along which an int argument that may be 1 at launch
# makes its memory run, for the aligned variant's layout. A (a_ptr, stride_ak an int) runs
# along dim 1 (K) where stride_ak is 1; B, a weight stored [N, K] and read as w.T, along dim 0
# (K) where stride_wk is 1, not along N (stride_wn is hinted 16: never 1).
# tl2cu: -s 'wt_stepped:*fp16:16,*fp16:16,*fp32:16,i32,i32:16,i32:16,i32:16,i32,i32,i32:16,64,64,32'
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
