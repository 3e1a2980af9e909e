# Flash attention forward, as Triton's tutorial 06 writes it with pointers: for each block of
# BLOCK_M queries of one (batch, head), the keys and values in blocks of BLOCK_N, an online
# softmax in base 2 (exp2, the scale folded into log2(e)), two tl.dot a step (q @ k, then
# p.to(fp16) @ v into the fp32 accumulator); causal or not (the blocks left of the diagonal
# unmasked, then the diagonal one masked: STAGE 3, the tutorial's; not causal: STAGE 1, every
# block, no mask). Also writes M, each row's log-sum-exp in base 2 (for a backward pass).
# Here: head dim 64, not causal; tests/gpu/attention_check.py also translates it with
# -D HEAD_DIM=128 and -D STAGE=3 (causal). stride_d is specialized as 1 (the signature's `1`, as
# Triton's JIT specializes an int argument equal to 1 and its AOT compiler takes it): k, read
# along d, then loads along its memory.
# tl2cu: -s 'attn_fwd:*fp16,*fp16,*fp16,fp32,*fp32,*fp16,i32,i32,i32,i32,i32,i32,1'
# tl2cu: -D HEAD_DIM=64 -D STAGE=1 -D BLOCK_M=128 -D BLOCK_N=64 --num-warps 8 --num-stages 3
# tl2cu: --grid 'cdiv(N_CTX, BLOCK_M), Z * H'
import torch
import triton
import triton.language as tl


@triton.jit
def _attn_fwd_inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, stride_n, start_m, qk_scale, N_CTX, offs_m, offs_n,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, STAGE: tl.constexpr):
    if STAGE == 1:  # the blocks left of the diagonal
        lo, hi = 0, start_m * BLOCK_M
    elif STAGE == 2:  # the diagonal block, masked
        lo, hi = start_m * BLOCK_M, (start_m + 1) * BLOCK_M
    else:  # every block (not causal)
        lo, hi = 0, N_CTX
    k_ptrs += lo * stride_n
    v_ptrs += lo * stride_n
    for start_n in range(lo, hi, BLOCK_N):
        k = tl.load(k_ptrs)
        qk = tl.dot(q, k)
        if STAGE == 2:
            mask = offs_m[:, None] >= (start_n + offs_n[None, :])
            qk = qk * qk_scale + tl.where(mask, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
        k_ptrs += BLOCK_N * stride_n
        v_ptrs += BLOCK_N * stride_n
    return acc, l_i, m_i


@triton.jit
def attn_fwd(Q, K, V, sm_scale, M, Out, Z, H, N_CTX, stride_z, stride_h, stride_n, stride_d,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, STAGE: tl.constexpr):
    # Q, K, V, Out: [Z, H, N_CTX, HEAD_DIM] with the same strides; N_CTX a multiple of BLOCK_M
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    off_z = off_hz // H
    off_h = off_hz % H
    base = off_z.to(tl.int64) * stride_z + off_h.to(tl.int64) * stride_h
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + base + offs_m[:, None] * stride_n + offs_d[None, :] * stride_d)
    k_ptrs = K + base + offs_n[None, :] * stride_n + offs_d[:, None] * stride_d  # k transposed: [HEAD_DIM, BLOCK_N]
    v_ptrs = V + base + offs_n[:, None] * stride_n + offs_d[None, :] * stride_d
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504  # 1 / ln(2)
    if STAGE & 1:
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, stride_n, start_m, qk_scale, N_CTX, offs_m,
                                        offs_n, BLOCK_M, BLOCK_N, 4 - STAGE)
    if STAGE & 2:
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, stride_n, start_m, qk_scale, N_CTX, offs_m,
                                        offs_n, BLOCK_M, BLOCK_N, 2)
    m_i += tl.math.log2(l_i)
    acc = acc / l_i[:, None]
    tl.store(M + off_hz * N_CTX + offs_m, m_i)
    tl.store(Out + base + offs_m[:, None] * stride_n + offs_d[None, :] * stride_d, acc.to(Out.type.element_ty))


def attention(q, k, v, causal, sm_scale):
    Z, H, N_CTX, HEAD_DIM = q.shape
    assert k.shape == q.shape and v.shape == q.shape and q.stride() == k.stride() == v.stride()
    o = torch.empty_like(q)
    M = torch.empty((Z, H, N_CTX), device=q.device, dtype=torch.float32)
    grid = lambda META: (triton.cdiv(N_CTX, META["BLOCK_M"]), Z * H)
    attn_fwd[grid](q, k, v, sm_scale, M, o, Z, H, N_CTX, q.stride(0), q.stride(1), q.stride(2), q.stride(3),
                   HEAD_DIM=HEAD_DIM, BLOCK_M=128, BLOCK_N=64, STAGE=3 if causal else 1, num_warps=8, num_stages=3)
    return o, M


if __name__ == "__main__":
    torch.manual_seed(0)
    for causal in (False, True):
        q, k, v = (torch.randn(2, 3, 512, 64, device="cuda", dtype=torch.float16) for _ in range(3))
        o, _ = attention(q, k, v, causal, 0.125)
        ref = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=0.125)
        torch.testing.assert_close(o, ref, atol=2e-2, rtol=0)
    print("attention: close to torch's")
