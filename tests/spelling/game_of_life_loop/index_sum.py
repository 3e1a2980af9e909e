# Spelling: x_ptr + (dc + center + dr * row_stride): the constant first, one parenthesized sum.
# Conway's Game of Life step on an N x N int8 grid, written as a loop over the eight
# neighbours (tl.static_range) with one combined mask and int64 offsets: the same
# computation as ../game_of_life, whose kernel names its nine loads one by one.
# Interior cells only: the border rows and columns of out are not written.
# tl2cu: -s 'gol_loop_kernel:*i8,*i8' -D BLOCK_SIZE_ROW=1 -D BLOCK_SIZE_COL=1024
# tl2cu: --grid 'cdiv(N - 2, BLOCK_SIZE_ROW), cdiv(N - 2, BLOCK_SIZE_COL)'
import triton
import triton.language as tl


@triton.jit
def gol_loop_kernel(x_ptr, out_ptr, row_stride: tl.int64, N: tl.int64,
                    BLOCK_SIZE_ROW: tl.constexpr, BLOCK_SIZE_COL: tl.constexpr):
    rows = tl.program_id(0).to(tl.int64) * BLOCK_SIZE_ROW + tl.arange(0, BLOCK_SIZE_ROW)[:, None] + 1
    cols = tl.program_id(1).to(tl.int64) * BLOCK_SIZE_COL + tl.arange(0, BLOCK_SIZE_COL)[None, :] + 1
    mask = (rows < N - 1) & (cols < N - 1)
    center = rows * row_stride + cols
    alive = tl.load(x_ptr + center, mask=mask, other=0)
    total = tl.zeros((BLOCK_SIZE_ROW, BLOCK_SIZE_COL), dtype=tl.int8)
    for dr in tl.static_range(-1, 2):
        for dc in tl.static_range(-1, 2):
            if dr != 0 or dc != 0:
                total += tl.load(x_ptr + (dc + center + dr * row_stride), mask=mask, other=0)
    result = tl.where(alive > 0, (total == 2) | (total == 3), total == 3).to(tl.int8)
    tl.store(out_ptr + center, result, mask=mask)
