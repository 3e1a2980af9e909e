# Blocks of pointers carried through loops (access.c note_var_axis: a fixed point over the
# loop, as Triton's AxisInfo over a loop's block arguments). In the aligned variant:
# - rows_sum: ptrs += BLOCK keeps each run 16-byte aligned: 16-byte loads.
# - tile_sum: a [4, 64] tile of pointers moved BLOCK_K columns each step (tutorial 03's
#   a_ptrs += BLOCK_SIZE_K with a unit stride): 16-byte loads along its rows.
# - odd_step: ptrs += 3 leaves the runs misaligned after one step: element by element.
# - reassigned: a branch points the block at every second element: not contiguous on
#   every iteration, element by element.
# tests/gpu/loop_pointers_check.py runs them against Triton, aligned and not.
# tl2cu: -s 'rows_sum:*fp32,*fp32,i32' -s 'tile_sum:*fp32,*fp32,i32,i32' -s 'odd_step:*fp32,*fp32,i32'
# tl2cu: -s 'reassigned:*fp32,*fp32,i32' -D BLOCK=512 -D BLOCK_K=64 -D ROWS=4
import triton
import triton.language as tl


@triton.jit
def rows_sum(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    ptrs = x_ptr + row * n_cols + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    for i in range(0, n_cols, BLOCK):
        x = tl.load(ptrs, mask=tl.arange(0, BLOCK) + i < n_cols, other=0.0)
        acc += x
        ptrs += BLOCK
    tl.store(out_ptr + row * BLOCK + tl.arange(0, BLOCK), acc)


@triton.jit
def tile_sum(a_ptr, out_ptr, K, stride_am, ROWS: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    rm = pid * ROWS + tl.arange(0, ROWS)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    acc = tl.zeros([ROWS, BLOCK_K], tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BLOCK_K, other=0.0)
        acc += a
        a_ptrs += BLOCK_K
    tl.store(out_ptr + rm[:, None] * BLOCK_K + rk[None, :], acc)


@triton.jit
def odd_step(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    ptrs = x_ptr + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    for i in range(0, 4):
        x = tl.load(ptrs, mask=tl.arange(0, BLOCK) + 3 * i < n, other=0.0)
        acc = acc * 2 + x
        ptrs += 3
    tl.store(out_ptr + tl.arange(0, BLOCK), acc)


@triton.jit
def reassigned(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    ptrs = x_ptr + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    for i in range(0, 3):
        x = tl.load(ptrs, mask=tl.arange(0, BLOCK) < n, other=0.0)
        acc = acc * 2 + x
        if i == 0:
            ptrs = x_ptr + tl.arange(0, BLOCK) * 2
        else:
            ptrs += BLOCK
    tl.store(out_ptr + tl.arange(0, BLOCK), acc)
