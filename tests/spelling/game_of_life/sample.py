# Spelling: samples/game_of_life as it is (nine named loads, each offset named).
# Conway's Game of Life step on an N x N int8 grid (memory-bound stencil).
# Interior cells only: the border rows and columns of out are not written.
# tl2cu: -s 'gol_triton_2d_kernel:*i8,*i8' -D BLOCK_SIZE_ROW=1 -D BLOCK_SIZE_COL=1024
# tl2cu: --grid 'cdiv(N - 2, BLOCK_SIZE_ROW), cdiv(N - 2, BLOCK_SIZE_COL)'
import triton
import triton.language as tl


@triton.jit
def gol_triton_2d_kernel(x_ptr, out_ptr, row_stride: tl.int64, N: tl.int64,
                         BLOCK_SIZE_ROW: tl.constexpr, BLOCK_SIZE_COL: tl.constexpr):
    row_id = tl.program_id(0)
    col_id = tl.program_id(1)
    # Offsets of the interior cells this program updates, and of their neighbours.
    row_offsets1 = row_id * BLOCK_SIZE_ROW + tl.arange(0, BLOCK_SIZE_ROW)[:, None] + 1
    col_offsets1 = col_id * BLOCK_SIZE_COL + tl.arange(0, BLOCK_SIZE_COL)[None, :] + 1
    row_offsets0 = row_offsets1 - 1
    row_offsets2 = row_offsets1 + 1
    col_offsets0 = col_offsets1 - 1
    col_offsets2 = col_offsets1 + 1
    row_mask0 = row_offsets0 < N
    row_mask1 = row_offsets1 < N - 1
    row_mask2 = row_offsets2 < N
    col_mask0 = col_offsets0 < N
    col_mask1 = col_offsets1 < N - 1
    col_mask2 = col_offsets2 < N

    row00 = tl.load(x_ptr + row_offsets0 * row_stride + col_offsets0, mask=row_mask0 & col_mask0, other=0)
    row01 = tl.load(x_ptr + row_offsets0 * row_stride + col_offsets1, mask=row_mask0 & col_mask1, other=0)
    row02 = tl.load(x_ptr + row_offsets0 * row_stride + col_offsets2, mask=row_mask0 & col_mask2, other=0)
    row10 = tl.load(x_ptr + row_offsets1 * row_stride + col_offsets0, mask=row_mask1 & col_mask0, other=0)
    row11 = tl.load(x_ptr + row_offsets1 * row_stride + col_offsets1, mask=row_mask1 & col_mask1, other=0)
    row12 = tl.load(x_ptr + row_offsets1 * row_stride + col_offsets2, mask=row_mask1 & col_mask2, other=0)
    row20 = tl.load(x_ptr + row_offsets2 * row_stride + col_offsets0, mask=row_mask2 & col_mask0, other=0)
    row21 = tl.load(x_ptr + row_offsets2 * row_stride + col_offsets1, mask=row_mask2 & col_mask1, other=0)
    row22 = tl.load(x_ptr + row_offsets2 * row_stride + col_offsets2, mask=row_mask2 & col_mask2, other=0)

    sum = row00 + row01 + row02 + row10 + row12 + row20 + row21 + row22
    result = tl.where(row11 > 0, (sum == 2) | (sum == 3), sum == 3).to(tl.int8)
    tl.store(out_ptr + row_offsets1 * row_stride + col_offsets1, result, mask=row_mask1 & col_mask1)
