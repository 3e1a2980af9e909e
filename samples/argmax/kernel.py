# Row argmax: out[i] = the column of the largest element of row i of the n_rows x n_cols
# matrix x (row stride `stride`), the leftmost one when the maximum repeats (Triton's
# tie_break_left=True). BLOCK_M rows per program, each row in one block of BLOCK_N
# columns (fixed here with -D: this translation serves n_cols <= 1024), padded with -inf.
# tl2cu: -s 'argmax_kernel:*fp32,*i32,i32,i32,i32' -D BLOCK_M=4 -D BLOCK_N=1024
# tl2cu: --grid 'cdiv(n_rows, BLOCK_M)'
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, out_ptr, n_rows, n_cols, stride,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=-float("inf"))
    index = tl.argmax(x, axis=1)
    tl.store(out_ptr + rows, index, mask=rows < n_rows)
