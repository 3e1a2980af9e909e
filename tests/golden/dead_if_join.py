# tl2cu: --grid 4 -s 'dead_if_join:*fp32:16, *fp32:16, *fp32:16, i32' -s 'dead_if_load:*fp32:16, *fp32:16, *fp32:16, i32' -s 'dead_if_nested:*fp32:16, *fp32:16, *fp32:16, i32' -s 'live_if_store:*fp32:16, *fp32:16, *fp32:16, i32'
# An `if` whose result nothing reads is erased by Triton's dead-code elimination, so the code
# before and after it is one basic block for LLVM's contraction: `t - tl.log(y)` fuses the
# product t into an fma there (fuzz k2406, Triton's PTX: fma after a neg of the log). tl2cu
# drops such ifs and joins their blocks (lower.c drop_dead_code); it had rounded t. Three
# spellings of a dead if (an unused merged value, an unused load, nested ifs) and a live one
# (a store: the boundary stays, t rounded).
import triton
import triton.language as tl


@triton.jit
def dead_if_join(x_ptr, y_ptr, o_ptr, n):
    pid = tl.program_id(0)
    offs = pid * 128 + tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    t = x * y
    if pid % 2 == 1:
        unused = x / y
    else:
        unused = x + 1.0
    tl.store(o_ptr + offs, t - tl.log(y))


@triton.jit
def dead_if_load(x_ptr, y_ptr, o_ptr, n):
    pid = tl.program_id(0)
    offs = pid * 128 + tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    t = x * y
    if n > 100:
        z = tl.load(x_ptr + offs + 128)
    tl.store(o_ptr + offs, t - tl.log(y))


@triton.jit
def dead_if_nested(x_ptr, y_ptr, o_ptr, n):
    pid = tl.program_id(0)
    offs = pid * 128 + tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    t = x * y
    w = y
    if n > 100:
        if pid > 3:
            w = y + 1.0
    tl.store(o_ptr + offs, t - tl.log(y))


@triton.jit
def live_if_store(x_ptr, y_ptr, o_ptr, n):
    pid = tl.program_id(0)
    offs = pid * 128 + tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    t = x * y
    if n > 100:
        tl.store(o_ptr + offs + 128, y)
    tl.store(o_ptr + offs, t - tl.log(y))
