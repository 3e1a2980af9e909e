# tl.reduce and tl.associative_scan over tuples of blocks: the combine function takes the
# left tuple's values, then the right's, and returns a tuple. Welford's mean and variance
# (fp32, the combine is not associative: Triton's order matters bit for bit), an argmin
# whose ties go to the lowest index (across warps, to scalars), a max and a count of
# different widths (fp16 and int64) with keep_dims, axis=None, a tuple whose blocks are
# also used in a larger block (laid out differently), a segmented sum and a running
# argmax as scans (also reversed). tests/gpu/tuple_reduce_check.py compares every kernel
# with Triton bit for bit.
# tl2cu: -s 'welford_rows:*fp32,*fp32,*fp32,i32,i32,4,1024' -s 'argmin_ties:*i32,*i32,*i32,i32,2048'
# tl2cu: -s 'max_and_count:*fp16,*fp16,*i64,64,32' -s 'sum_and_xor_all:*i32,*i32,16,64'
# tl2cu: -s 'relaid_inputs:*fp32,*fp32,*fp32,64' -s 'segmented_sums:*i32,*i8,*i32,*i8,8,128'
# tl2cu: -s 'running_argmax:*fp32,*fp32,*i32,512'
import triton
import triton.language as tl


@triton.jit
def welford_combine(mean_a, m2_a, weight_a, mean_b, m2_b, weight_b):
    weight = weight_a + weight_b
    delta = mean_b - mean_a
    frac = tl.where(weight == 0.0, 0.0, weight_b / weight)
    return mean_a + delta * frac, m2_a + m2_b + delta * delta * weight_a * frac, weight


@triton.jit
def welford_rows(x_ptr, mean_ptr, var_ptr, n_rows, n_cols, ROWS: tl.constexpr, COLS: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, COLS)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=mask, other=0.0)
    m2 = tl.zeros_like(x)
    weight = mask.to(tl.float32)
    mean, m2, weight = tl.reduce((x, m2, weight), 1, welford_combine)
    tl.store(mean_ptr + rows, mean, mask=rows < n_rows)
    tl.store(var_ptr + rows, m2 / weight, mask=rows < n_rows)


@triton.jit
def argmin_combine(value_a, index_a, value_b, index_b):
    take_b = (value_b < value_a) | ((value_b == value_a) & (index_b < index_a))
    return tl.where(take_b, value_b, value_a), tl.where(take_b, index_b, index_a)


@triton.jit
def argmin_ties(x_ptr, min_ptr, index_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + tl.program_id(0) * n + offs, mask=offs < n, other=2147483647)
    smallest, where = tl.reduce((x, offs), 0, argmin_combine)
    tl.store(min_ptr + tl.program_id(0), smallest)
    tl.store(index_ptr + tl.program_id(0), where)


@triton.jit
def max_and_count_combine(max_a, count_a, max_b, count_b):
    return tl.maximum(max_a, max_b), count_a + count_b


@triton.jit
def max_and_count(x_ptr, max_ptr, count_ptr, ROWS: tl.constexpr, COLS: tl.constexpr):
    rows = tl.arange(0, ROWS)
    cols = tl.arange(0, COLS)
    x = tl.load(x_ptr + rows[:, None] * COLS + cols[None, :])
    positive = (x > 0).to(tl.int64)
    biggest, count = tl.reduce((x, positive), 0, max_and_count_combine, keep_dims=True)
    tl.store(max_ptr + cols[None, :], biggest)
    tl.store(count_ptr + cols[None, :], count)


@triton.jit
def sum_and_xor(sum_a, xor_a, sum_b, xor_b):
    return sum_a + sum_b, xor_a ^ xor_b


@triton.jit
def sum_and_xor_all(x_ptr, out_ptr, ROWS: tl.constexpr, COLS: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, ROWS)[:, None] * COLS + tl.arange(0, COLS)[None, :])
    total, mixed = tl.reduce((x, x * 3), None, sum_and_xor)
    tl.store(out_ptr, total)
    tl.store(out_ptr + 1, mixed)


@triton.jit
def sum_and_max(sum_a, max_a, sum_b, max_b):
    return sum_a + sum_b, tl.maximum(max_a, max_b)


@triton.jit
def relaid_inputs(x_ptr, out_ptr, grid_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = x * 2.0 + 1.0
    total, biggest = tl.reduce((y, x), 0, sum_and_max)
    tl.store(out_ptr, total)
    tl.store(out_ptr + 1, biggest)
    tl.store(grid_ptr + offs[:, None] * BLOCK + offs[None, :], y[:, None] - x[None, :])


@triton.jit
def segment_combine(sum_a, start_a, sum_b, start_b):
    return tl.where(start_b != 0, sum_b, sum_a + sum_b), start_a | start_b


@triton.jit
def segmented_sums(x_ptr, start_ptr, out_ptr, back_ptr, ROWS: tl.constexpr, COLS: tl.constexpr):
    at = tl.arange(0, ROWS)[:, None] * COLS + tl.arange(0, COLS)[None, :]
    x = tl.load(x_ptr + at)
    start = tl.load(start_ptr + at)
    sums, started = tl.associative_scan((x, start), 1, segment_combine)
    tl.store(out_ptr + at, sums)
    tl.store(back_ptr + at, started)
    back, _ = tl.associative_scan((x, start), 1, segment_combine, reverse=True)
    tl.store(out_ptr + ROWS * COLS + at, back)


@triton.jit
def argmax_combine(value_a, index_a, value_b, index_b):
    take_b = value_b > value_a
    return tl.where(take_b, value_b, value_a), tl.where(take_b, index_b, index_a)


@triton.jit
def running_argmax(x_ptr, max_ptr, index_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    biggest, where = tl.associative_scan((x, offs), 0, argmax_combine)
    tl.store(max_ptr + offs, biggest)
    tl.store(index_ptr + offs, where)
