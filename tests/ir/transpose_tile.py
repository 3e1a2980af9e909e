# AxisInfo and the layout it gives a transposed load: x's pointer walks memory along its
# last dim (contiguity [1, 64] in --dump-ir=axisinfo), its user transposes it, so x is laid
# out along its own rows (map=[0, 1] over [32, 64]) and z, in the store's layout over
# [64, 32], converts it. w's pointer is the same along dim 1 (constancy [1, 64]) and
# strided along dim 0: it keeps the layout its transposing user needs.
# tl2cu: -s 'transpose_tile:*fp32,*fp32,*fp32,i32,i32' -D BLOCK_M=32 -D BLOCK_N=64
import triton
import triton.language as tl


@triton.jit
def transpose_tile(x_ptr, w_ptr, z_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    w = tl.load(w_ptr + rm[:, None] * N + tl.zeros([BLOCK_M, BLOCK_N], tl.int32))
    z = tl.trans(x * w)
    tl.store(z_ptr + rn[:, None] * M + rm[None, :], z)
