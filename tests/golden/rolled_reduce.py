# Reductions with many output positions per thread, emitted as loops over them (reduce.c,
# docs/NOTES.md 47): the [256, 256] single-program kernel of issue 13 (an outer product,
# row max, exp2, row sum), a column max of [256, 128], an argmax along rows of
# [128, 128] and Welford's statistics along rows of [128, 256].
# tests/gpu/rolled_reduce_check.py compares each with Triton bit for bit.
# tl2cu: -s 'row_softmax_sums:*fp32,*fp32,*fp32' -s 'column_max:*fp32,*fp32'
# tl2cu: -s 'row_argmax:*fp32,*i32' -s 'row_welford:*fp32,*fp32,*fp32' --grid 1
import triton
import triton.language as tl


@triton.jit
def row_softmax_sums(q_ptr, k_ptr, out_ptr):
    offs = tl.arange(0, 256)
    q = tl.load(q_ptr + offs)
    k = tl.load(k_ptr + offs)
    s = q[:, None] * k[None, :]
    m = tl.max(s, axis=1)
    p = tl.exp2(s - m[:, None])
    l = tl.sum(p, axis=1)
    tl.store(out_ptr + offs, l)


@triton.jit
def column_max(x_ptr, out_ptr):
    rows = tl.arange(0, 256)
    cols = tl.arange(0, 128)
    x = tl.load(x_ptr + rows[:, None] * 128 + cols[None, :])
    tl.store(out_ptr + cols, tl.max(x, axis=0))


@triton.jit
def row_argmax(x_ptr, out_ptr):
    rows = tl.arange(0, 128)
    cols = tl.arange(0, 128)
    x = tl.load(x_ptr + rows[:, None] * 128 + cols[None, :])
    tl.store(out_ptr + rows, tl.argmax(x, axis=1))


@triton.jit
def welford_combine(mean_a, m2_a, weight_a, mean_b, m2_b, weight_b):
    weight = weight_a + weight_b
    delta = mean_b - mean_a
    frac = tl.where(weight == 0.0, 0.0, weight_b / weight)
    return mean_a + delta * frac, m2_a + m2_b + delta * delta * weight_a * frac, weight


@triton.jit
def row_welford(x_ptr, mean_ptr, m2_ptr):
    rows = tl.arange(0, 128)
    cols = tl.arange(0, 256)
    x = tl.load(x_ptr + rows[:, None] * 256 + cols[None, :])
    mean, m2, weight = tl.reduce((x, tl.zeros_like(x), tl.full(x.shape, 1.0, tl.float32)), 1, welford_combine)
    tl.store(mean_ptr + rows, mean)
    tl.store(m2_ptr + rows, m2)
