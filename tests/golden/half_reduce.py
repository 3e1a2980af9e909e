# Reductions of fp16 and bf16 blocks along each axis of a 2-D tile, across lanes and warps.
# Lane exchanges of 16-bit floats once converted the values to int (truncating them), so
# every such reduction summed, maxed and picked indices of integers: silently wrong.
# tests/gpu/half_reduce_check.py compares every output with Triton bit for bit, on
# small-integer inputs whose sums are exact in any order (fp16 and bf16 alike), with
# ties for argmax/argmin (the leftmost index wins in both).
# tl2cu: -s 'reduce_fp16:*fp16,*fp16,*i32' -s 'reduce_bf16:*bf16,*bf16,*i32' --grid '1'
import triton
import triton.language as tl


# out: sums along axis 0 (32) and 1 (8), max along 0, min along 1, a cumsum along 1 (256);
# idx: argmax along 0 (32), argmin along 1 (8).
@triton.jit
def reduce_body(x_ptr, out_ptr, idx_ptr):
    rows = tl.arange(0, 8)
    cols = tl.arange(0, 32)
    x = tl.load(x_ptr + rows[:, None] * 32 + cols[None, :])
    tl.store(out_ptr + cols, tl.sum(x, axis=0))
    tl.store(out_ptr + 32 + rows, tl.sum(x, axis=1))
    tl.store(out_ptr + 40 + cols, tl.max(x, axis=0))
    tl.store(out_ptr + 72 + rows, tl.min(x, axis=1))
    tl.store(out_ptr + 80 + rows[:, None] * 32 + cols[None, :], tl.cumsum(x, axis=1))
    tl.store(idx_ptr + cols, tl.argmax(x, axis=0))
    tl.store(idx_ptr + 32 + rows, tl.argmin(x, axis=1))


@triton.jit
def reduce_fp16(x_ptr, out_ptr, idx_ptr):
    reduce_body(x_ptr, out_ptr, idx_ptr)


@triton.jit
def reduce_bf16(x_ptr, out_ptr, idx_ptr):
    reduce_body(x_ptr, out_ptr, idx_ptr)
