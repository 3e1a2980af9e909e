# Python lines continued with a backslash. Each statement's C is printed under a
# '// L<n>: <source line>' comment; C splices a line ending in '\' into the next before
# comments are removed, so a comment that kept the backslash swallowed the declaration
# printed under it, and later uses of the value failed to build ("identifier is undefined",
# seen on a public paged-attention kernel). The comments drop trailing backslashes.
# - gather_rows: a loop fills a scratch buffer, then a continued line defines a block used
#   after it, in a branch.
# - continued_in_loop: the continued definitions are inside a loop body and an if; one line
#   ends in a Python comment whose last characters are a backslash and blanks (gcc splices
#   those too).
# tl2cu: -s 'gather_rows:*fp32,*fp32,*i32,i32,i32' -s 'continued_in_loop:*fp32,*fp32,i32'
# tl2cu: -D ROWS=16 -D COLS=32
import triton
import triton.language as tl


@triton.jit
def gather_rows(x_ptr, out_ptr, table_ptr, n_rows, stride, ROWS: tl.constexpr, COLS: tl.constexpr):
    pid = tl.program_id(0)
    n = tl.load(table_ptr + pid)
    for i in range(0, n):
        src = tl.load(table_ptr + n_rows + i)
        v = tl.load(x_ptr + src * stride + tl.arange(0, COLS))
        tl.store(out_ptr + (pid * ROWS + i) * stride + tl.arange(0, COLS), v)
    tl.debug_barrier()
    base = pid * ROWS * stride
    row_offsets = base + tl.arange(0, ROWS) \
        * stride
    offs = row_offsets[:, None] + tl.arange(0, COLS)[None, :]
    mask = tl.arange(0, ROWS)[:, None] < n
    tile = tl.load(out_ptr + offs, mask=mask, other=0.0)
    if pid == 0:
        tl.store(out_ptr + offs, tile * 2.0, mask=mask)


@triton.jit
def continued_in_loop(x_ptr, out_ptr, n, COLS: tl.constexpr):
    pid = tl.program_id(0)
    acc = tl.zeros([COLS], tl.float32)
    for i in range(0, n):
        offs = (pid * n + i) * COLS \
            + tl.arange(0, COLS)
        x = tl.load(x_ptr + offs)
        if i % 2 == 0:
            y = x * \
                2.0
            acc += y  # a path: C:\\   
    tl.store(out_ptr + pid * COLS + tl.arange(0, COLS), acc)
