# The mma.sync warning says in which autotune config it was found (issue 44): the config of
# 32 rows on 4 warps is not one wgmma takes (under a warpgroup's 64), the other is.
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({'BM': 64}, num_warps=4), triton.Config({'BM': 32}, num_warps=4)], key=['K'])
@triton.jit
def tile_dot(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)
