# tl2cu: -s 'fma_rank:*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, 1024'
# Which product of an add LLVM fuses, beyond the count of uses (fma_choice): LLVM's Reassociate
# pass puts the operand of lower rank first (a product of values loaded earlier), and the DAG
# combiner fuses that one when both have as many uses; a product written twice is one multiply
# whose uses are both's, and the adds are decided last first, each fusion taking a use off the
# product it folds. Triton 3.6 on an H100 (forty-first session): fuzz kernel k5113 (`p = t8 * v1;
# p += t6 * v2`, the second read first in Triton's LLVM IR) and k5021 (`v1 * t8` in two adds)
# differed from tl2cu's earlier choice, and equal Triton with this one.
import triton
import triton.language as tl


@triton.jit
def fma_rank(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    c = tl.load(c_ptr + offs)
    d = tl.load(d_ptr + offs)
    late = c * d
    late += a * b  # a * b ranks lower (loaded earlier): fused
    tl.store(o_ptr + offs, late)
    r = b * c
    r += d * d  # b * c ranks lower, but it is written again below: two uses, so d * d is fused
    s = b * c
    s += a * a  # decided first: a * a ranks lower and has one use
    tl.store(o_ptr + BLOCK * 1024 + offs, r)
    tl.store(o_ptr + 2 * BLOCK * 1024 + offs, s)
