# Load and store windows (translator/codegen/access.c) for element sizes other than fp32 (the GPU
# check tests/golden/ops.py:stencil_windows covers fp32): fp16 (2-byte, runs of 8) and
# int64 (8-byte, runs of 2). Byte elements get windows only when packed (tests/golden/packed.py);
# gathers get none.
# Compiled by nvcc in `make test`; the expected output shows where windows form.
# tl2cu: -s 'stencil_fp16:*fp16:16,*fp16:16,i32:16' -s 'stencil_i64:*i64:16,*i64:16,i32:16'
# tl2cu: -s 'no_window:*i8:16,*i32:16,*i32:16' -D BLOCK_H=1024 -D BLOCK_L=256 -D BLOCK_N=1024
import triton
import triton.language as tl


@triton.jit
def stencil_fp16(x_ptr, out_ptr, n, BLOCK_H: tl.constexpr):
    i = tl.program_id(0) * BLOCK_H + tl.arange(0, BLOCK_H)
    left = tl.load(x_ptr + i - 1, mask=(i >= 1) & (i < n + 1), other=0.0)
    mid = tl.load(x_ptr + i, mask=i < n, other=0.0)
    right = tl.load(x_ptr + i + 1, mask=i + 1 < n, other=0.0)
    tl.store(out_ptr + i + 1, left + mid + right, mask=i + 1 < n)


@triton.jit
def stencil_i64(x_ptr, out_ptr, n, BLOCK_L: tl.constexpr):
    i = tl.program_id(0) * BLOCK_L + tl.arange(0, BLOCK_L)
    mid = tl.load(x_ptr + i, mask=i < n, other=0)
    right = tl.load(x_ptr + i + 1, mask=i + 1 < n, other=0)
    tl.store(out_ptr + i + 1, mid - right, mask=i + 1 < n)


@triton.jit
def no_window(x_ptr, idx_ptr, out_ptr, BLOCK_N: tl.constexpr):
    i = tl.arange(0, BLOCK_N)
    a = tl.load(x_ptr + i)
    b = tl.load(x_ptr + i + 1)  # 1-byte elements no packed statement reads: no window
    j = tl.load(idx_ptr + i)
    g = tl.load(idx_ptr + j + 1)  # a gather: no window
    tl.store(out_ptr + i, (a + b).to(tl.int32) + g)
