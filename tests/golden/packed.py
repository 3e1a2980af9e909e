# Packed 8-bit values (translator/passes/pack.c): int8, uint8 and bool blocks held four to a
# word, computed with CUDA's SIMD intrinsics. Every operation with a packed form, on
# full-range bytes (wrap-around, signed and unsigned comparisons), with masked tails;
# stencil_i8 adds load windows and a store window over packed words, row_bias_i8 a
# single-element operand, packed_readers packed values read element by element, bool_trees
# bool expressions of several comparisons (computed as top-bit bytes), bytes_in_loop
# masked byte loads in a loop, in place. Compiled by nvcc
# in `make test`; tests/gpu/packed_check.py compares every kernel with Triton, aligned
# and not, with and without a masked tail.
# tl2cu: -s 'int8_ops:*i8,*i8,*i8,i32' -s 'uint8_ops:*u8,*u8,*u8,i32' -s 'stencil_i8:*i8,*i8,i32'
# tl2cu: -s 'row_bias_i8:*i8,*i8,*i8,i32' -s 'packed_readers:*i8,*i8,*i8,i32'
# tl2cu: -s 'bool_trees:*i8,*u8,*i8,i32' -s 'bytes_in_loop:*i8,*i8,i32'
# tl2cu: -D BLOCK=1024 --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


@triton.jit
def int8_ops(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    x = tl.load(x_ptr + i, mask=m, other=0)
    y = tl.load(y_ptr + i, mask=m, other=-7)
    s = x + y
    d = x - y
    lt = x < y
    gt = x > 3
    tl.store(out_ptr + i, s, mask=m)
    tl.store(out_ptr + n + i, d, mask=m)
    tl.store(out_ptr + 2 * n + i, -x + (~y), mask=m)
    tl.store(out_ptr + 3 * n + i, tl.where(lt, s, d), mask=m)
    tl.store(out_ptr + 4 * n + i, (lt | (x == y)).to(tl.int8) + (x >= -2).to(tl.int8), mask=m)
    tl.store(out_ptr + 5 * n + i, (gt & (y <= x)).to(tl.int8) - (x != 0).to(tl.int8), mask=m)
    tl.store(out_ptr + 6 * n + i, (x & y) | (s ^ 85), mask=m)
    tl.store(out_ptr + 7 * n + i, tl.where((x.to(tl.int1) ^ gt) & (lt == gt), x, 100), mask=m)


@triton.jit
def uint8_ops(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    x = tl.load(x_ptr + i, mask=m, other=0)
    y = tl.load(y_ptr + i, mask=m, other=0)
    s = x + y
    lt = x < y
    tl.store(out_ptr + i, s, mask=m)
    tl.store(out_ptr + n + i, x - y - 200, mask=m)
    tl.store(out_ptr + 2 * n + i, tl.where(lt, x, y), mask=m)
    tl.store(out_ptr + 3 * n + i, (x > 200).to(tl.uint8) + (y >= x).to(tl.uint8) + (x <= 7).to(tl.uint8), mask=m)
    tl.store(out_ptr + 4 * n + i, tl.where(s > x, s, x), mask=m)


@triton.jit
def stencil_i8(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    left = tl.load(x_ptr + i - 1, mask=(i >= 1) & (i < n + 1), other=0)
    mid = tl.load(x_ptr + i, mask=i < n, other=0)
    right = tl.load(x_ptr + i + 1, mask=i + 1 < n, other=0)
    total = left + mid + right
    tl.store(out_ptr + i, total, mask=i < n)
    tl.store(out_ptr + n + i + 1, (total > mid).to(tl.int8), mask=i + 1 < n)


@triton.jit
def row_bias_i8(x_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    i = pid * BLOCK + tl.arange(0, BLOCK)[None, :]
    b = tl.load(b_ptr + pid + tl.zeros([1, 1], dtype=tl.int32))  # one per program, [1, 1]
    x = tl.load(x_ptr + i, mask=i < n, other=0)
    tl.store(out_ptr + i, tl.where(x > b, x - b, b - x), mask=i < n)


@triton.jit
def packed_readers(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # packed values read element by element: in a loop, by a reduction, a scan, a cast
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    x = tl.load(x_ptr + i, mask=m, other=0)
    y = tl.load(y_ptr + i, mask=m, other=0)
    s = x + y
    acc = tl.zeros([BLOCK], dtype=tl.int8)
    for _ in range(3):
        acc = acc + s
    top = tl.max(s, axis=0)
    c = tl.cumsum(s, 0)
    tl.store(out_ptr + i, acc, mask=m)
    tl.store(out_ptr + n + i, c.to(tl.int8), mask=m)
    tl.store(out_ptr + 2 * n + i, (s.to(tl.float32) * 0.5).to(tl.int8), mask=m)
    tl.store(out_ptr + 3 * n + i, tl.where(x > 0, top, s), mask=m)


@triton.jit
def bool_trees(x_ptr, u_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # several comparisons combined: signed (x), unsigned (u), and, or, xor, ~, not, where,
    # casts to bool, i1 + and *, a named bool (big) brought in as a leaf
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    x = tl.load(x_ptr + i, mask=m, other=0)
    u = tl.load(u_ptr + i, mask=m, other=0)
    y = x ^ 5
    big = u > 200
    tl.store(out_ptr + i, tl.where(x > 0, (y == 2) | (y == 3), y == 3).to(tl.int8), mask=m)
    tl.store(out_ptr + n + i, (((x < y) & (x <= 5)) | ((x > -3) ^ (y >= x)) | ~(x != y)).to(tl.int8), mask=m)
    tl.store(out_ptr + 2 * n + i, tl.where((u < 17) | (u >= 240) | (u == 100), x, y), mask=m)
    tl.store(out_ptr + 3 * n + i, ((u <= 128) & ~(u > 64) ^ (u != 5)).to(tl.int8), mask=m)
    tl.store(out_ptr + 4 * n + i, (big & (u < 250) & (x > 10) & (x < 100)).to(tl.int8) +
             (big ^ (x == 0) ^ (u == 0)).to(tl.int8), mask=m)
    tl.store(out_ptr + 5 * n + i, ((x.to(tl.int1) & (u > 0)) | (u.to(tl.int1) == (x < 0))).to(tl.int8), mask=m)
    tl.store(out_ptr + 6 * n + i, tl.where(((x < y) * (u > 9)) + (u == 7), (x > 1) != (u < 3), big).to(tl.int8), mask=m)
    tl.store(out_ptr + 7 * n + i, (not ((x >= y) | (u <= 3))).to(tl.int8) - (x < -100).to(tl.int8), mask=m)


@triton.jit
def bytes_in_loop(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # masked byte loads in a loop (one predicated load each), reading in place what the
    # last pass stored
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + i, mask=i < n, other=0)
    for r in range(3):
        v = tl.load(out_ptr + i, mask=(i < n) & (x > r * 40 - 60), other=r)
        tl.store(out_ptr + i, v + x + r, mask=i < n)
        w = tl.load(out_ptr + n + i, mask=i + r < n, other=3)
        tl.store(out_ptr + n + i, w - (v ^ r), mask=i < n)
