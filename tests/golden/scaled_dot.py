# A block-scaled GEMM (sglang's and unsloth's w8a8 block fp8 matmul, in fp16 here): each K
# step's dot is scaled by a row vector and a column vector loaded in the loop. The scales
# are held as the accumulator's slices (a register per distinct element, tl2cu_squeeze), the
# operands, of the accumulator's shape, in layouts of their own (16-byte loads).
# tl2cu: -s 'scaled_dot:*fp16:16,*fp16:16,*fp32:16,*fp32:16,*fp32:16,i32:16,64,64,64' --grid 16
import triton
import triton.language as tl


@triton.jit
def scaled_dot(a_ptr, b_ptr, c_ptr, as_ptr, bs_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_m[:, None] * K + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * BN + offs_n[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        a_s = tl.load(as_ptr + offs_m * tl.cdiv(K, BK) + k)
        b_s = tl.load(bs_ptr + k * BN + offs_n)
        acc += tl.dot(a, b) * a_s[:, None] * b_s[None, :]
        a_ptrs += BK
        b_ptrs += BK * BN
    tl.store(c_ptr + offs_m[:, None] * BN + offs_n[None, :], acc)
