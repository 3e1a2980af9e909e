# triton.language.core spelled out, as LightLLM's grouped_topk sort helpers write it:
# tl.core.constexpr annotations, tl.core.CONSTEXPR_0, tl.core.reshape/broadcast_to/where/
# static_range/static_assert, x.numel (a constexpr attribute) and tl.core.get_int_dtype. One
# compare-and-swap stage of a bitonic sort over rows of 2 ** N_DIMS, swapping through ints.
# tl2cu: -s 'swap_stage:*fp32:16, *fp32:16, 4, 3'
import triton
import triton.language as tl
from triton.language import core


@triton.jit
def compare_and_swap(x, flip, i: tl.core.constexpr, n_dims: tl.core.constexpr):
    n_outer: tl.core.constexpr = x.numel >> n_dims
    shape: tl.core.constexpr = [n_outer * 2**i, 2, 2 ** (n_dims - i - 1)]
    y = tl.core.reshape(x, shape)
    mask = tl.core.arange(0, 2)[None, :, None]
    left = tl.core.broadcast_to(tl.sum(y * (1 - mask), 1)[:, None, :], shape)
    right = tl.core.broadcast_to(tl.sum(y * mask, 1)[:, None, :], shape)
    left = tl.core.reshape(left, x.shape)
    right = tl.core.reshape(right, x.shape)
    idtype = core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)
    ileft = left.to(idtype, bitcast=True)
    iright = right.to(idtype, bitcast=True)
    ix = x.to(idtype, bitcast=True)
    ret = ix ^ tl.core.where((left > right) ^ flip, ileft ^ iright, tl.zeros_like(ix))
    return ret.to(x.dtype, bitcast=True)


@triton.jit
def swap_stage(x_ptr, y_ptr, ROWS: tl.constexpr, N_DIMS: tl.constexpr, ORDER: tl.core.constexpr = tl.core.CONSTEXPR_0):
    tl.core.static_assert(N_DIMS <= 4)
    offs = tl.arange(0, ROWS)[:, None] * 2**N_DIMS + tl.arange(0, 2**N_DIMS)[None, :]
    x = tl.load(x_ptr + offs)
    for i in tl.core.static_range(N_DIMS):
        x = compare_and_swap(x, ORDER, i, N_DIMS)
    tl.store(y_ptr + offs, x)
