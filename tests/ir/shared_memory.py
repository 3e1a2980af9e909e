# The smem pass (smem.c): every use of the kernel's one shared-memory buffer starts at
# byte 0 after a barrier, so the buffer is the largest use. Here: a column sum whose
# column runs across the warps (their partials exchanged in 512 bytes; the sums then
# convert into the store's own layout), a cumsum along rows (the block and the
# segments' totals) and a transposed store of x (a conversion, rows padded).
# tl2cu: -s 'shared_memory:*fp32,*fp32,*fp32,*fp32' -D ROWS=64 -D COLS=32 --grid 1
import triton
import triton.language as tl


@triton.jit
def shared_memory(x_ptr, sums_ptr, scan_ptr, t_ptr, ROWS: tl.constexpr, COLS: tl.constexpr):
    r = tl.arange(0, ROWS)
    c = tl.arange(0, COLS)
    x = tl.load(x_ptr + r[:, None] * COLS + c[None, :])
    tl.store(sums_ptr + c, tl.sum(x, axis=0))
    tl.store(scan_ptr + r[:, None] * COLS + c[None, :], tl.cumsum(x, axis=1))
    tl.store(t_ptr + c[:, None] * ROWS + r[None, :], tl.trans(x))
