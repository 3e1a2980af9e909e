# IR after layout assignment: reductions along the rows of a [32, 64] block leave their
# [32] results in the block's layout (a slice of it: space [32, 64], map [0, -1]), and the
# broadcasts back read them there.
# tl2cu: -s 'row_softmax:*fp32,*fp32' --num-warps 4
import triton
import triton.language as tl


@triton.jit
def row_softmax(x_ptr, out_ptr):
    offs = tl.arange(0, 32)[:, None] * 64 + tl.arange(0, 64)[None, :]
    x = tl.load(x_ptr + offs)
    shifted = x - tl.max(x, axis=1)[:, None]
    num = tl.exp(shifted)
    tl.store(out_ptr + offs, num / tl.sum(num, axis=1)[:, None])
