# Integer division in index math (Triton's DivOp rules, axisinfo.c div_info): a whole-dim run
# of consecutive integers divided by a constant gives runs of equal quotients, so an
# address built from `i // B` and `i % B` (blocks of B elements, B apart or further) still
# runs B elements from a multiple of B. Three spellings of "row blocks of 16, 256 apart":
# - a: `(i // 16) * 256 + i % 16`
# - b: `row = i // 16` and `i - row * 16` for the lane (no %)
# - c: blocksparse softmax's (triton-kernels): `(offset + blk) * 16 * 16 + lane`, with
#   `blk = i // 16` and `lane = i % 16` named first
# Each load moves 4 fp32 (16 bytes) in the plain variant as in Triton's PTX (ld.global.v4),
# which also lays the block out 4 elements a thread (the sum's order is Triton's).
# tl2cu: -s 'rows:*fp32:16,*fp32:16,i32' --grid 1
import triton
import triton.language as tl


@triton.jit
def rows(x_ptr, out_ptr, offset):
    i = tl.arange(0, 256)
    a = tl.load(x_ptr + (i // 16) * 256 + i % 16)
    row = i // 16
    b = tl.load(x_ptr + row * 256 + (i - row * 16))
    blk = tl.arange(0, 256) // 16
    lane = tl.arange(0, 256) % 16
    c = tl.load(x_ptr + (offset + blk) * 16 * 16 + lane)
    tl.store(out_ptr + tl.arange(0, 1), tl.sum(a + b + c, axis=0) + tl.zeros((1,), tl.float32))
