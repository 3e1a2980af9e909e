# Runs in spaces no memory access anchors (layout.c find_anchored_spaces): the [64, 64]
# products of two 1-D loads have runs of 1 (Triton's default layout, sizePerThread [1, 1]),
# where the 1-D accesses would give runs of 4 (the loads are held where the products read them).
# tl2cu: -s 'outer_row_sums:*fp32,*fp32,*fp32' -D BLOCK=64
import triton
import triton.language as tl


@triton.jit
def outer_row_sums(q_ptr, k_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    q = tl.load(q_ptr + offs)
    k = tl.load(k_ptr + offs)
    s = q[:, None] * k[None, :]
    tl.store(out_ptr + offs, tl.sum(s, axis=1))
