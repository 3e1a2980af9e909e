# tl2cu: -s 'logical_methods:*fp32:16, *fp32:16, *i8:16, i32, 128'
# x.logical_and(y) / x.logical_or(y) on int1 tensors (FlagGems' logical_and_func, logical_or_func);
# Triton bitcasts each operand to int1, which only an int1 survives.
import triton
import triton.language as tl


@triton.jit
def logical_methods(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    a = x.to(tl.int1).logical_and(y.to(tl.int1))
    b = (x > 0).logical_or(y < 0)
    tl.store(o_ptr + offs, a.to(tl.int8) + 2 * b.to(tl.int8), mask=m)
