# --dump-ir=canon (canon.c): integer index sums in one normal form, exactly. Folded: -1 * s,
# 0 * s, x + 0, x * 1 and constants anywhere in a sum; reassociated and commuted: the same
# terms in any order and parentheses give the same sum (invariant terms, then the outer
# dims', then the inner dim's, then the constant). Left alone, since rewriting them would
# not be exact: a cast (sext(a + b) is not sext(a) + sext(b)), two 32-bit offsets of one
# pointer (each is its own addend), float sums, integer division and modulo, data sums.
# tl2cu: -s 'canon_sums:*i32,*i32,*fp32,*i32,i64,i32' -D BLOCK=64
import triton
import triton.language as tl


@triton.jit
def canon_sums(x_ptr, y_ptr, f_ptr, out_ptr, s: tl.int64, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    # folded: (x_ptr - s) + i - 1 (the 64-bit offset first: the same for every element) and x_ptr + i
    a = tl.load(x_ptr + i + -1 * s + 0 * s - 1)
    b = tl.load(x_ptr + (0 + i * 1))
    # reassociated: c and e read x_ptr + ((n * 4 + i) + 2), one i32 offset; d's 2 is an offset
    # of its own (x_ptr + 2), which Triton's CombineAddPtrPattern does not merge into an i32
    # offset either: x_ptr + (n * 4 + i) + 2
    c = tl.load(x_ptr + (2 + (i + n * 4)))
    d = tl.load((x_ptr + 2) + (4 * n + i))
    e = tl.load(x_ptr + ((i + 2) + n * 4))
    # distributed: x_ptr + (i * 4 + 4), one i32 offset
    m = tl.load(x_ptr + (i + 1) * 4)
    # not exact to merge: sext(i + n) and two i32 offsets stay as written
    g = tl.load(y_ptr + (i + n).to(tl.int64))
    h = tl.load(y_ptr + i + n)
    # float sums, division and modulo, and data sums, as written
    f = tl.load(f_ptr + i)
    q = (i + n) // 4 + (i + n) % 4
    tl.store(out_ptr + i, a + b + c + d + e + m + g + h + (f + 1.0 + 2.0).to(tl.int32) + q)
