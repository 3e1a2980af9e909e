# Functions imported from Triton's submodules as published kernels do (`from
# triton.language.math import rsqrt`, from triton.language.random), constexpr annotations
# written as strings ('tl.constexpr'), and load hints tl2cu accepts and does not need
# (eviction_policy).
# tl2cu: -s 'rms_rows:*fp32,*fp32,*fp32,fp32,i32,4096,1024,True' -s 'noisy:*fp32,i32,i32' --grid 64
import triton
import triton.language as tl
from triton.language.math import rsqrt
from triton.language.random import rand as uniform


@triton.jit
def rms_rows(x_ptr, out_ptr, w_ptr, eps, stride, N_COLS: 'tl.constexpr', BLOCK: 'tl.constexpr',
             WITH_WEIGHT: 'tl.constexpr'):
    row = tl.program_id(0)
    x_ptr += row * stride
    out_ptr += row * stride
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, N_COLS, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < N_COLS, other=0.0, eviction_policy='evict_last')
        acc += x * x
    inv = rsqrt(tl.sum(acc, axis=0) / N_COLS + eps)
    for start in range(0, N_COLS, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < N_COLS
        x = tl.load(x_ptr + cols, mask=mask, other=0.0, eviction_policy='evict_first')
        if WITH_WEIGHT:
            tl.store(out_ptr + cols, x * inv * tl.load(w_ptr + cols, mask=mask), mask=mask)
        else:
            tl.store(out_ptr + cols, x * inv, mask=mask)


@triton.jit
def noisy(x_ptr, seed, n):
    offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    tl.store(x_ptr + offs, uniform(seed, offs), mask=offs < n)
