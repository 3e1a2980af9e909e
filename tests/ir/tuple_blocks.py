# A reduce over a tuple whose blocks are laid out differently (y along the rows of the
# [64, 64] block below, x along its columns): the op is laid out as its first block, and
# both results take the reduction's (slice) layout.
# tl2cu: -s 'tuple_blocks:*fp32,*fp32,*fp32' -D BLOCK=64
import triton
import triton.language as tl


@triton.jit
def sum_and_max(sum_a, max_a, sum_b, max_b):
    return sum_a + sum_b, tl.maximum(max_a, max_b)


@triton.jit
def tuple_blocks(x_ptr, out_ptr, grid_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = x * 2.0 + 1.0
    total, biggest = tl.reduce((y, x), 0, sum_and_max, keep_dims=True)
    tl.store(out_ptr + offs * 0, total)
    tl.store(out_ptr + 1 + offs * 0, biggest)
    tl.store(grid_ptr + offs[:, None] * BLOCK + offs[None, :], y[:, None] - x[None, :])
