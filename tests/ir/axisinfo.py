# The axisinfo pass (Triton's AxisInfo): per dim contiguity, divisibility and constancy of
# integer and pointer blocks, and each access's widest vector in the plain variant and in
# the aligned one (every pointer 16-byte aligned, every int argument divisible by 16).
# - x (fp16, ":16" hint) at a tile's rows: the row offset r * stride is a multiple of 16
#   only in the aligned variant; columns run 64 long from a multiple of 64: vector 1, aligned 8.
# - x one column on (c + 1): 2 bytes past a 16-byte boundary (past=[.., 2 mod 16]): no
#   vector in either variant (a window's business).
# - y (fp32, no hint) with the mask cols < n: the mask's constancy is 1, or 16 where n is
#   assumed divisible by 16: vector 1, aligned 4.
# - b (bytes, ":16") at tile * 256 + arange, tile = pid // tiles (constant, divisibility 1,
#   times 256): vector 16 in both variants.
# - out at a loop-carried offset (offs = offs + i): a fixed point over the loop keeps it
#   contiguous, of divisibility 1 (i steps by 1): vector 1 in both variants.
# tl2cu: -s 'facts:*fp16:16,*fp32,*i8:16,*fp32,i32,i32,i32' -D BLOCK_R=4 -D BLOCK_C=64 --grid 1
import triton
import triton.language as tl


@triton.jit
def facts(x_ptr, y_ptr, b_ptr, out_ptr, stride, n, tiles, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    pid = tl.program_id(0)
    r = tl.arange(0, BLOCK_R)
    c = pid * BLOCK_C + tl.arange(0, BLOCK_C)
    x = tl.load(x_ptr + r[:, None] * stride + c[None, :])
    x1 = tl.load(x_ptr + r[:, None] * stride + (c + 1)[None, :])
    y = tl.load(y_ptr + c, mask=c < n, other=0.0)
    tile = pid // tiles
    b = tl.load(b_ptr + tile * 256 + tl.arange(0, 256))
    offs = c
    for i in range(3):
        offs = offs + i
    tl.store(out_ptr + offs, tl.sum(x + x1, axis=0).to(tl.float32) + y + tl.sum(b, axis=0))
