# tl2cu: -s 'dead_if_join:*fp32:16, *fp32:16, *fp32:16, i32' --grid 4
# An `if` whose result nothing reads is erased by Triton's dead-code elimination, so the code
# before and after it is one basic block for LLVM's contraction: `t - tl.log(y)` fuses the
# product t into an fma there (fuzz k2406, Triton's PTX: fma after a neg of the log). tl2cu
# drops such ifs and joins their blocks (lower.c drop_dead_code); it had rounded t.
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
