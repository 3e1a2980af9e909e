# tl2cu: -s 'dot_carried_transposed:*fp32:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32, 64, 64, 64' --num-warps 4
# A square dot's accumulator carried through a loop from a load contiguous along its first dim
# (FLA's fused_chunk_bwd_kernel: `b_h = tl.load(h0 + o_v[:, None] + o_k[None, :] * V)`, then
# `b_dq = tl.dot(b_do, b_h.to(tl.float16))` and `b_h = b_h * b_gn + tl.dot(b_v, b_k)` per chunk,
# then `tl.sum(tl.trans(b_h) * b_dh)`). The load is laid out along its memory, the
# space transposed (map [1, 0]); being square, that space had passed for the dot's, and its
# accumulators were written as mma fragments and read transposed: wrong from the second chunk
# on (the drop-in harness, an H100, forty-first session). The dot now keeps the variable's
# layout, its accumulator going through shared memory.
import triton
import triton.language as tl


@triton.jit
def dot_carried_transposed(h0, v_ptr, k_ptr, do_ptr, dq_ptr, out, NT, BV: tl.constexpr, BK: tl.constexpr,
                           BT: tl.constexpr):
    o_v = tl.arange(0, BV)
    o_k = tl.arange(0, BK)
    o_t = tl.arange(0, BT)
    b_h = tl.load(h0 + o_v[:, None] + o_k[None, :] * BV)
    for i in range(NT):
        b_v = tl.load(v_ptr + i * BV * BT + o_v[:, None] * BT + o_t[None, :])
        b_k = tl.load(k_ptr + i * BT * BK + o_t[:, None] * BK + o_k[None, :])
        b_do = tl.load(do_ptr + i * BT * BV + o_t[:, None] * BV + o_v[None, :])
        b_dq = tl.dot(b_do, b_h.to(tl.float16))
        tl.store(dq_ptr + i * BT * BK + o_t[:, None] * BK + o_k[None, :], b_dq)
        b_h = b_h * 0.5 + tl.dot(b_v, b_k)
    tl.store(out + o_v[:, None] * BK + o_k[None, :], b_h)
    b_dh = tl.load(h0 + BV * BK + o_k[:, None] * BV + o_v[None, :])
    tl.store(out + BV * BK, tl.sum(tl.trans(b_h) * b_dh))
