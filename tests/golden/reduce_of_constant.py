# A reduction of a block that is index math or constants all the way down (no load): its
# result is read back from its array, never recomputed inline (crash fuzzing found
# `tl.sum(tl.reshape(tl.zeros(...)), axis=1)` ending in an internal error in emit.c).
# tl2cu: -s 'reduce_of_constant:*fp32' -D BLOCK=128 --grid '1'
import triton
import triton.language as tl


@triton.jit
def reduce_of_constant(out_ptr, BLOCK: tl.constexpr):
    rows = tl.reshape(tl.zeros([BLOCK], dtype=tl.float32) + tl.arange(0, BLOCK), (4, BLOCK // 4))
    tl.store(out_ptr + tl.arange(0, 4), tl.sum(rows, axis=1))
