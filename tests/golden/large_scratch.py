# Scans, sorts, gathers, histograms and dots whose shared memory is past the 48 KB of a
# static array (up to sm_90's 227 KB): the kernel declares its scratch extern and the
# launcher raises the limit before the launch. tests/gpu/large_scratch_check.py runs each
# against Triton. (Sizes in the comments: the op's scratch as semantic.c counts it.)
# tl2cu: -s 'cumsum_rows:*fp32,*fp32' -s 'sort_long:*fp32,*fp32' -s 'gather_rows:*fp32,*i32,*fp32'
# tl2cu: -s 'histogram_wide:*i32,*i32' -s 'dot_wide:*fp16,*fp16,*fp32' -s 'scan_two:*fp32,*i32,*fp32,*i32'
# tl2cu: --num-warps 4 --grid 1
import triton
import triton.language as tl


@triton.jit
def cumsum_rows(x_ptr, y_ptr):  # 66,048 bytes
    offs = tl.arange(0, 128)[:, None] * 128 + tl.arange(0, 128)[None, :]
    tl.store(y_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), axis=1))


@triton.jit
def sort_long(x_ptr, y_ptr):  # 65,536 bytes
    offs = tl.arange(0, 16384)
    tl.store(y_ptr + offs, tl.sort(tl.load(x_ptr + offs), descending=True))


@triton.jit
def gather_rows(x_ptr, i_ptr, y_ptr):  # 65,536 bytes
    offs = tl.arange(0, 128)[:, None] * 128 + tl.arange(0, 128)[None, :]
    x = tl.load(x_ptr + offs)
    i = tl.load(i_ptr + offs)
    tl.store(y_ptr + offs, tl.gather(x, i, 1))


@triton.jit
def histogram_wide(x_ptr, y_ptr):  # 65,536 bytes
    x = tl.load(x_ptr + tl.arange(0, 4096))
    tl.store(y_ptr + tl.arange(0, 16384), tl.histogram(x, 16384))


@triton.jit
def dot_wide(a_ptr, b_ptr, c_ptr):  # 65,536 bytes
    offs = tl.arange(0, 128)[:, None] * 128 + tl.arange(0, 128)[None, :]
    tl.store(c_ptr + offs, tl.dot(tl.load(a_ptr + offs), tl.load(b_ptr + offs)))


@triton.jit
def scan_two(x_ptr, j_ptr, y_ptr, k_ptr):  # scans of 131,584 and 132,096 bytes in turn: 132,096 at once
    offs = tl.arange(0, 256)[:, None] * 128 + tl.arange(0, 128)[None, :]
    tl.store(y_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), axis=0))
    tl.store(k_ptr + offs, tl.cumprod(tl.load(j_ptr + offs), axis=1))
