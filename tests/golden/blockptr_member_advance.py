# A block pointer's advance as a method (tl.advance is a tensor member in core.py), as
# FlagGems' flash_varlen_fwd_kernel writes `tl.load(gQ.advance([m_block * BLOCK_M, 0]), ...)`:
# on a load's argument, chained after make_block_ptr, and stepped in a loop.
# tl2cu: -s 'row_block_sums:*fp32:16, *fp32:16, i32, i32, 32, 64'
import triton
import triton.language as tl


@triton.jit
def row_block_sums(a_ptr, o_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    m = tl.program_id(0) * BM
    src = tl.make_block_ptr(a_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    acc = tl.load(src.advance([m, 0]), boundary_check=(0, 1))
    src = src.advance((m, BN))
    for _ in range(BN, N, BN):
        acc += tl.load(src, boundary_check=(0, 1), padding_option="zero")
        src = src.advance([0, BN])
    dst = tl.make_block_ptr(o_ptr, (M, BN), (BN, 1), (0, 0), (BM, BN), (1, 0)).advance((m, 0))
    tl.store(dst, acc, boundary_check=(0, 1))
