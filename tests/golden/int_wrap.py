# Triton's integer + - * and unary minus wrap in two's complement, and its shifts clamp
# the amount (TRITON_SEMANTICS.md 3.1); C's signed overflow is undefined. The same
# kernel body for every integer width and signedness, on full-range random inputs:
# block and scalar values, tl.abs, a wrapping sum and cumsum, a loop, and (x + y) < x,
# which nvcc folds to y < 0 where it may assume that signed adds do not overflow.
# Compiled by nvcc in `make test`; tests/gpu/int_wrap_check.py compares every kernel
# with Triton bit for bit.
# Shift amounts of the bit width or more are undefined in Triton's documentation; the
# check uses them only for 32-bit values, where TRITON_SEMANTICS.md records what the H200
# computes (0 for <<, 0 or -1 for >>); other widths get amounts below their width.
# tl2cu: -s 'wrap_i8:*i8,*i8,*i8,*i8,i32' -s 'wrap_u8:*u8,*u8,*u8,*u8,i32'
# tl2cu: -s 'wrap_i16:*i16,*i16,*i16,*i16,i32' -s 'wrap_u16:*u16,*u16,*u16,*u16,i32'
# tl2cu: -s 'wrap_i32:*i32,*i32,*i32,*i32,i32' -s 'wrap_u32:*u32,*u32,*u32,*u32,i32'
# tl2cu: -s 'wrap_i64:*i64,*i64,*i64,*i64,i32' -s 'wrap_u64:*u64,*u64,*u64,*u64,i32'
# tl2cu: -D BLOCK=1024 --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


# out holds 12 planes of n elements: 0-8, 10, 11 elementwise results, 9 the scalar
# results (10 per program). Plane 10: an int32 sum that the translator's bounds
# (translator/codegen/range.c) show cannot wrap, in plain C, plus one that can (odd i).
# Plane 11: tl.abs (abs of the minimum is the minimum).
@triton.jit
def wrap_body(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = pid * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    x = tl.load(x_ptr + i, mask=m, other=0)
    y = tl.load(y_ptr + i, mask=m, other=0)
    s = tl.load(s_ptr + i, mask=m, other=0)
    tl.store(out_ptr + i, x + y, mask=m)
    tl.store(out_ptr + n + i, x - y, mask=m)
    tl.store(out_ptr + 2 * n + i, x * y, mask=m)
    tl.store(out_ptr + 3 * n + i, -x, mask=m)
    tl.store(out_ptr + 4 * n + i, x << s, mask=m)
    tl.store(out_ptr + 5 * n + i, x >> s, mask=m)
    tl.store(out_ptr + 6 * n + i, (x + y < x).to(x.dtype), mask=m)
    acc = x
    for _ in range(3):
        acc = acc * y - x
    tl.store(out_ptr + 7 * n + i, acc, mask=m)
    tl.store(out_ptr + 8 * n + i, tl.cumsum(x * y, 0), mask=m)
    xs = tl.load(x_ptr + pid)
    ys = tl.load(y_ptr + pid)
    ss = tl.load(s_ptr + pid)
    scalars = out_ptr + 9 * n + pid * 10
    tl.store(scalars, xs + ys)
    tl.store(scalars + 1, xs - ys)
    tl.store(scalars + 2, xs * ys)
    tl.store(scalars + 3, -xs)
    tl.store(scalars + 4, xs << ss)
    tl.store(scalars + 5, xs >> ss)
    tl.store(scalars + 6, (xs + ys < xs).to(x.dtype))
    tl.store(scalars + 7, tl.sum(x * y))
    tl.store(scalars + 8, tl.sum(x + y, 0) - tl.sum(x, 0))
    tl.store(scalars + 9, xs * ys * ys - ys)
    top = tl.arange(0, BLOCK) + (2**31 - BLOCK)
    tl.store(out_ptr + 10 * n + i, (top + (i & 1)).to(x.dtype), mask=m)
    tl.store(out_ptr + 11 * n + i, tl.abs(x), mask=m)


@triton.jit
def wrap_i8(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    wrap_body(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK)


@triton.jit
def wrap_u8(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    wrap_body(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK)


@triton.jit
def wrap_i16(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    wrap_body(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK)


@triton.jit
def wrap_u16(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    wrap_body(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK)


@triton.jit
def wrap_i32(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    wrap_body(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK)


@triton.jit
def wrap_u32(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    wrap_body(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK)


@triton.jit
def wrap_i64(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    wrap_body(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK)


@triton.jit
def wrap_u64(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    wrap_body(x_ptr, y_ptr, s_ptr, out_ptr, n, BLOCK)
