# tl2cu: -s 'hoisted_mul:*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, 256'
# tl2cu: -s 'hoisted_augmented:*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, 256'
# tl2cu: -s 'hoisted_named:*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, 256'
# tl2cu: -s 'hoisted_by_hand:*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, 256'
# fma_hoisted_add's subtraction spelled four ways: in the loop's expression, with `*=`, named in
# the loop, and moved before the loop by hand. LICM puts the first three where the fourth is,
# so each is the same fma of the product made before the loop, with the loaded x negated as
# integer bits (what LLVM does to a loaded value's fneg in its own block).
import triton
import triton.language as tl


@triton.jit
def hoisted_mul(x_ptr, y_ptr, t_ptr, o_ptr, reps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    t = x * -3.0
    acc = y
    for i in range(0, reps):
        acc = acc * tl.minimum(y - t, y)
    tl.store(t_ptr + offs, t)
    tl.store(o_ptr + offs, acc)


@triton.jit
def hoisted_augmented(x_ptr, y_ptr, t_ptr, o_ptr, reps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    t = x * -3.0
    acc = y
    for i in range(0, reps):
        acc *= tl.minimum(y - t, y)
    tl.store(t_ptr + offs, t)
    tl.store(o_ptr + offs, acc)


@triton.jit
def hoisted_named(x_ptr, y_ptr, t_ptr, o_ptr, reps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    t = x * -3.0
    acc = y
    for i in range(0, reps):
        d = y - t
        acc = acc * tl.minimum(d, y)
    tl.store(t_ptr + offs, t)
    tl.store(o_ptr + offs, acc)


@triton.jit
def hoisted_by_hand(x_ptr, y_ptr, t_ptr, o_ptr, reps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    t = x * -3.0
    acc = y
    d = y - t
    for i in range(0, reps):
        acc = acc * tl.minimum(d, y)
    tl.store(t_ptr + offs, t)
    tl.store(o_ptr + offs, acc)
