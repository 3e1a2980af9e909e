# Reductions over a dot's result held as mma accumulators (layout.c admits them into an mma
# space; reduce.c reads the accumulator layout as a linear map: the pair's column and the
# fragments folded in a thread, the column pairs across lanes xor 1 and 2, the rows across
# lanes xor 4, 8, 16, warps through shared memory). rows: max and sum along a row; cols: sum
# and argmax along a column; softmax: a row softmax of the dot's result, stored as a tile
# (attention's first half). At the default target a 64-row tile with 4 warps is laid out as a
# warpgroup's (wm 4, wn 1); tests/gpu/mma_reduce_check.py also runs --target sm_90 (2 x 2
# warps: the reductions then cross warps through shared memory).
# tl2cu: --grid 1 --num-warps 4
# tl2cu: -s 'rows:*fp16,*fp16,*fp32,*fp32,64,64,32' -s 'cols:*fp16,*fp16,*fp32,*i32,64,64,32'
# tl2cu: -s 'softmax:*fp16,*fp16,*fp32,64,64,32'
import triton
import triton.language as tl


@triton.jit
def _dot(a_ptr, b_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    return tl.dot(a, b)


@triton.jit
def rows(a_ptr, b_ptr, max_ptr, sum_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    c = _dot(a_ptr, b_ptr, M, N, K)
    rm = tl.arange(0, M)
    tl.store(max_ptr + rm, tl.max(c, 1))
    tl.store(sum_ptr + rm, tl.sum(c, 1))


@triton.jit
def cols(a_ptr, b_ptr, sum_ptr, arg_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    c = _dot(a_ptr, b_ptr, M, N, K)
    rn = tl.arange(0, N)
    tl.store(sum_ptr + rn, tl.sum(c, 0))
    tl.store(arg_ptr + rn, tl.argmax(c, 0))


@triton.jit
def softmax(a_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    c = _dot(a_ptr, b_ptr, M, N, K)
    p = tl.exp2(c - tl.max(c, 1)[:, None])
    p = p / tl.sum(p, 1)[:, None]
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], p)
