# The conversions pass (convert.c): which values each statement reads in another layout.
# centred is laid out where its only user, the transposed store, needs it ([64, 32]), so
# computing it reads x across (at [d1, d0]: through shared memory, rows padded) and the
# row maxima x_max too (at [d1]); the flip reads x at a reversed coordinate (f64(d1)).
# rm and rn are index math: recomputed in every layout, never converted.
# tl2cu: -s 'conversions:*fp32,*fp32,*fp32,i32' -D BLOCK_M=32 -D BLOCK_N=64 --grid 1
import triton
import triton.language as tl


@triton.jit
def conversions(x_ptr, z_ptr, f_ptr, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    centred = x - tl.max(x, axis=1)[:, None]
    tl.store(z_ptr + rn[:, None] * BLOCK_M + rm[None, :], tl.trans(centred))
    tl.store(f_ptr + rm[:, None] * BLOCK_N + rn[None, :], tl.flip(x, 1))
