# As wgmma_reps.py on two warpgroups: 256 rows on 8 warps, two 16-row tiles a warp, the
# slices of both warpgroups interleaved (slice b of warpgroup g: rows 64 (2 b + g)..).
# tl2cu: -s 'mm8:*fp16:16, *fp16:16, *fp32:16, i32, 256, 64, 32' --num-warps 8
import triton
import triton.language as tl


@triton.jit
def mm8(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :], mask=(k + rk)[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)
