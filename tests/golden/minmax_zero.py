# tl2cu: -s 'minmax_zero:*fp32:16, *i32:16, i32, 1, 2, 64'
# tl.maximum/tl.minimum with a literal 0 on one side of an int value. tl2cu folds x + 0 to x,
# and made the maximum by retyping the sum it built "for type and shape": with 0 as an operand
# that sum was the other operand itself, so `tl.maximum(0, r - H)` became `maximum(r, H)` and
# every other use of `r - H` changed with it (liger's neighborhood-attention mask, 1.0 where
# Triton wrote 0.0; found by the drop-in harness on an H100, 2026-12-07). Spellings: 0 first,
# 0 second with the operand used again, Python's max()/min() on a tensor, and the minimum.
import triton
import triton.language as tl


@triton.jit
def minmax_zero(mask_ptr, idx_ptr, n, HALF: tl.constexpr, DILATION: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    start = tl.maximum(0, row - HALF * DILATION)
    end = tl.minimum(n, row + HALF * DILATION + 1)
    cols = tl.arange(0, BLOCK)
    inside = cols < n
    near = (cols >= start) & (cols < end) & ((cols - row) % DILATION == 0)
    tl.store(mask_ptr + row * n + cols, tl.where(near & inside, 1.0, 0.0), mask=inside)
    shifted = cols - row
    clipped = tl.maximum(shifted, 0)  # `shifted` stays cols - row below
    lowered = min(shifted, 0)
    python_max = max(0, row - n)
    out = idx_ptr + row * 4 * n + cols
    tl.store(out, clipped, mask=inside)
    tl.store(out + n, lowered, mask=inside)
    tl.store(out + 2 * n, shifted, mask=inside)
    tl.store(out + 3 * n, python_max + tl.minimum(0, shifted), mask=inside)
