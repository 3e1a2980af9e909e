# tl.interleave, tl.gather and tl.histogram (tests/gpu/gather_ops_check.py runs each kernel
# beside Triton on the same inputs and compares the outputs bit for bit): interleaves of
# int and float blocks, of a broadcast row and of scalars; gathers along either axis of
# 2-D blocks and of 1-D blocks, with indices of several integer types, loaded or computed,
# and masked loads around them; histograms of int32 values partly outside the bins
# (negative ones too), with and without masks, of fewer bins than a warp has lanes and
# of more, of 16 values over 128 threads, and summed over a loop.
# tl2cu: -s 'interleave_ops:*i32,*i32,*fp32,*fp32,*i32,*fp32,*fp32,i32' -s 'gather_1d:*fp32,*i32,*fp32,*fp32,i32'
# tl2cu: -s 'gather_2d:*fp32,*i64,*u8,*fp32,*fp32,i32' -s 'gather_small_types:*i16,*i16,*i16'
# tl2cu: -s 'histogram_ops:*i32,*i32,i32' -s 'histogram_small:*i32,*i32' -s 'histogram_loop:*i32,*i32,i32,128'
# tl2cu: --num-warps 4
import triton
import triton.language as tl


@triton.jit
def interleave_ops(a_ptr, b_ptr, x_ptr, y_ptr, out_i_ptr, out_f_ptr, out_s_ptr, n):
    offs = tl.arange(0, 128)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=-1)
    b = tl.load(b_ptr + offs, mask=mask, other=-2)
    ab = tl.interleave(a, b)  # [256]: a0, b0, a1, b1, ...
    tl.store(out_i_ptr + tl.arange(0, 256), ab, mask=tl.arange(0, 256) < 2 * n)
    rows = tl.arange(0, 8)[:, None]
    cols = tl.arange(0, 16)[None, :]
    x = tl.load(x_ptr + rows * 16 + cols)
    y = tl.load(y_ptr + rows * 16 + cols)
    wide = rows * 32 + tl.arange(0, 32)[None, :]
    tl.store(out_f_ptr + wide, tl.interleave(x, y))  # [8, 32]
    row = tl.load(y_ptr + tl.arange(0, 16))
    tl.store(out_f_ptr + 256 + wide, tl.interleave(x * 2.0, row))  # the row under every row of x
    pair = tl.interleave(tl.load(x_ptr + 3), tl.load(y_ptr + 5))  # two scalars: [2]
    tl.store(out_s_ptr + tl.arange(0, 2), pair)


@triton.jit
def gather_1d(src_ptr, idx_ptr, out_ptr, wide_ptr, n):
    offs = tl.arange(0, 128)
    mask = offs < n
    src = tl.load(src_ptr + offs, mask=mask, other=0.0)
    idx = tl.load(idx_ptr + offs, mask=mask, other=0)  # int32, 0..127
    tl.store(out_ptr + offs, tl.gather(src, idx, 0), mask=mask)
    # an index longer than the source, int64, computed
    w = tl.arange(0, 512)
    j = ((w * 37) % 128).to(tl.int64)
    tl.store(wide_ptr + w, src.gather(j, axis=0))


@triton.jit
def gather_2d(src_ptr, idx0_ptr, idx1_ptr, out0_ptr, out1_ptr, m):
    rows = tl.arange(0, 16)[:, None]
    cols = tl.arange(0, 32)[None, :]
    src = tl.load(src_ptr + rows * 32 + cols, mask=rows < m, other=-1.0)  # [16, 32]
    # along axis 0: an [8, 32] index of int64 rows
    r8 = tl.arange(0, 8)[:, None]
    i0 = tl.load(idx0_ptr + r8 * 32 + cols)
    tl.store(out0_ptr + r8 * 32 + cols, tl.gather(src, i0, 0))
    # along axis -1: a [16, 64] index of uint8 columns
    c64 = tl.arange(0, 64)[None, :]
    i1 = tl.load(idx1_ptr + rows * 64 + c64, mask=rows < m, other=0)
    tl.store(out1_ptr + rows * 64 + c64, tl.gather(src, i1, axis=-1), mask=rows < m)


@triton.jit
def gather_small_types(h_ptr, out_ptr, wide_ptr):
    rows = tl.arange(0, 4)[:, None]
    cols = tl.arange(0, 32)[None, :]
    h = tl.load(h_ptr + rows * 32 + cols)  # int16 [4, 32]
    rev = tl.broadcast_to((31 - cols).to(tl.int8), (4, 32))  # each row reversed
    g = tl.gather(h, rev, 1)
    tl.store(out_ptr + rows * 32 + cols, g)
    # the gathered block read where it is broadcast along a third dim
    k = tl.arange(0, 2)[None, None, :]
    tl.store(wide_ptr + rows[:, :, None] * 64 + cols[:, :, None] * 2 + k, g[:, :, None] + k.to(tl.int16))


@triton.jit
def histogram_ops(x_ptr, out_ptr, n):
    offs = tl.arange(0, 512)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)  # partly outside every range of bins
    tl.store(out_ptr + tl.arange(0, 64), tl.histogram(x, 64))  # masked-off loads count as 0s
    tl.store(out_ptr + 64 + tl.arange(0, 8), tl.histogram(x, 8, mask=mask))  # fewer bins than lanes
    tl.store(out_ptr + 72 + tl.arange(0, 256), x.histogram(256, mask=mask))
    u = x.to(tl.uint32, bitcast=True)
    tl.store(out_ptr + 328 + tl.arange(0, 32), tl.histogram(u, 32, mask=x > -50))
    tl.store(out_ptr + 360 + tl.arange(0, 1), tl.histogram(x, 1, mask=mask))
    tl.store(out_ptr + 361 + tl.arange(0, 16), tl.histogram(x, 16, mask=n > 300))  # a scalar mask


@triton.jit
def histogram_small(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))  # 16 values over 128 threads
    tl.store(out_ptr + tl.arange(0, 16), tl.histogram(x, 16))
    # x is held where this [16, 64] block needs it: each value still counts once
    w = x[:, None] + tl.arange(0, 64)[None, :]
    tl.store(out_ptr + 16 + tl.arange(0, 16)[:, None] * 64 + tl.arange(0, 64)[None, :], w)
    tl.store(out_ptr + 1040 + tl.arange(0, 64), tl.histogram(x, 64, mask=x != 3))


@triton.jit
def histogram_loop(x_ptr, out_ptr, n, NUM_BINS: tl.constexpr):
    acc = tl.zeros((NUM_BINS,), tl.int32)
    for start in range(0, n, 256):
        offs = start + tl.arange(0, 256)
        x = tl.load(x_ptr + offs, mask=offs < n, other=0)
        acc += tl.histogram(x, NUM_BINS, mask=offs < n)
    tl.store(out_ptr + tl.arange(0, NUM_BINS), acc)
