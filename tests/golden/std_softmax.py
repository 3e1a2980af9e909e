# tl.softmax (standard.py's @jit function: x - max over dim, exp, sum over dim, `/`), as FLA's
# fused_recurrent_gsa_inference_kernel calls it, and the member and keyword spellings: over a
# row with masked tail (-inf), over dim 1 keeping it, over dim 0 of a tile.
# tl2cu: -s 'row_softmax:*fp32:16, *fp32:16, i32, 1024'
# tl2cu: -s 'tile_softmax:*fp32:16, *fp32:16, *fp32:16, 16, 64'
import triton
import triton.language as tl


@triton.jit
def row_softmax(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    o = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n + o, mask=o < n, other=-float("inf"))
    tl.store(y_ptr + row * n + o, tl.softmax(x), mask=o < n)


@triton.jit
def tile_softmax(x_ptr, rows_ptr, cols_ptr, M: tl.constexpr, N: tl.constexpr):
    t = tl.program_id(0)
    r = tl.arange(0, M)[:, None]
    c = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + t * M * N + r * N + c)
    tl.store(rows_ptr + t * M * N + r * N + c, x.softmax(dim=1, keep_dims=True))
    tl.store(cols_ptr + t * M * N + r * N + c, tl.softmax(x, 0))
