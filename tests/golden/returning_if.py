# `return` inside a run-time `if` of a @triton.jit helper (Triton branches to the
# function's end): each path goes on with the rest of the function until it returns, and
# what the paths return is merged (lower.c trace_returning_if). Before, tl2cu dropped the
# returned values and wrote 0. Scalars (one program per thread), nested ifs with code
# between them, a tuple, blocks chosen by a scalar, and a combine function with early
# returns. tests/gpu/returning_if_check.py compares every kernel with Triton bit for bit.
# tl2cu: -s 'selu_each:*fp32,*fp32,fp32' -s 'clamp_each:*fp32,*fp32,*i32,fp32,fp32'
# tl2cu: -s 'scaled_rows:*fp32,*fp32,i32,1024' -s 'argmax_ties:*fp32,*fp32,*i32,1024'
import triton
import triton.language as tl


@triton.jit
def selu(x, alpha):
    if x > 0:
        return x
    else:
        return alpha * (tl.exp(x) - 1)


@triton.jit
def selu_each(x_ptr, y_ptr, alpha):
    i = tl.program_id(0)
    tl.store(y_ptr + i, selu(tl.load(x_ptr + i), alpha))


@triton.jit
def clamp_or_scale(x, lo, hi):
    if x < lo:
        return lo
    y = x * 3.0
    if y > hi:
        if x > hi:
            return hi * 0.5
        y = hi - x
    return y + 0.25


@triton.jit
def sign_and_magnitude(x):
    if x >= 0:
        return 1, x
    return -1, -x


@triton.jit
def clamp_each(x_ptr, y_ptr, sign_ptr, lo, hi):
    i = tl.program_id(0)
    x = tl.load(x_ptr + i)
    sign, magnitude = sign_and_magnitude(x)
    tl.store(y_ptr + i, clamp_or_scale(x, lo, hi) + magnitude)
    tl.store(sign_ptr + i, sign)


@triton.jit
def scale_row(row, n, limit):
    if n > limit:
        return row * 0.5
    if n < 0:
        return -row
    return row


@triton.jit
def scaled_rows(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, scale_row(x, n, 100) + 1.0)


@triton.jit
def larger_first(a, ia, b, ib):
    if a > b:
        return a, ia
    if a < b:
        return b, ib
    if ia < ib:
        return a, ia
    return b, ib


@triton.jit
def argmax_ties(x_ptr, max_ptr, index_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + tl.program_id(0) * BLOCK + offs)
    m, i = tl.reduce((x, offs), 0, larger_first)
    tl.store(max_ptr + tl.program_id(0), m)
    tl.store(index_ptr + tl.program_id(0), i)
