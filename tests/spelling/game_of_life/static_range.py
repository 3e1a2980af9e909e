# Spelling: the neighbours summed in a tl.static_range loop through a named base pointer
# (base + dr * row_stride + dc, `s +=`, `if dr != 0 or dc != 0`), int32 program ids, and
# tl.where(me > 0, ...): issue 43's measured form of samples/game_of_life.
# tl2cu: -s 'gol_kernel:*i8,*i8' -D BLOCK_SIZE_ROW=1 -D BLOCK_SIZE_COL=1024
# tl2cu: --grid 'cdiv(N - 2, BLOCK_SIZE_ROW), cdiv(N - 2, BLOCK_SIZE_COL)'
import triton
import triton.language as tl


@triton.jit
def gol_kernel(x_ptr, out_ptr, row_stride: tl.int64, N: tl.int64,
               BLOCK_SIZE_ROW: tl.constexpr, BLOCK_SIZE_COL: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_SIZE_ROW + tl.arange(0, BLOCK_SIZE_ROW)[:, None] + 1
    cols = tl.program_id(1) * BLOCK_SIZE_COL + tl.arange(0, BLOCK_SIZE_COL)[None, :] + 1
    inner = (rows < N - 1) & (cols < N - 1)
    base = x_ptr + rows * row_stride + cols
    me = tl.load(base, mask=inner, other=0)
    s = tl.zeros((BLOCK_SIZE_ROW, BLOCK_SIZE_COL), dtype=tl.int8)
    for dr in tl.static_range(-1, 2):
        for dc in tl.static_range(-1, 2):
            if dr != 0 or dc != 0:
                s += tl.load(base + dr * row_stride + dc, mask=inner, other=0)
    result = tl.where(me > 0, (s == 2) | (s == 3), s == 3).to(tl.int8)
    tl.store(out_ptr + rows * row_stride + cols, result, mask=inner)
