# Exercises the elementwise subset: math, casts, integer ops, where, min/max, fp16.
# tl2cu: -s 'elementwise_ops:*fp32:16,*fp16,*i32,*i8,*i1,i32' -D BLOCK=256
# tl2cu: --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl

SCALE = tl.constexpr(0.5)


@triton.jit
def elementwise_ops(x_ptr, h_ptr, i_ptr, b_ptr, flag_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    h = tl.load(h_ptr + offs, mask=mask, other=0.0)
    i = tl.load(i_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=0)
    y = tl.exp(x) * SCALE + tl.sqrt(tl.abs(x)) - tl.log(x * x + 1.0)
    y = tl.where(y > 0, y, -y) / (1.0 + tl.sigmoid(x))
    y = tl.maximum(y, h.to(tl.float32)) + tl.rsqrt(x * x + 2.0) + tl.exp2(-x) + tl.sin(x) * tl.cos(x)
    q = i // 3 + i % 3 - (i << 2) + (i >> 1) ^ (i & 7) | ~i
    small = b + b * b - (b // 2)
    j = tl.minimum(q, 100) + tl.cdiv(i, 4) + small.to(tl.int32) + x.to(tl.int32)
    tl.store(x_ptr + offs, y, mask=mask)
    tl.store(h_ptr + offs, (h * 2.0).to(tl.float16), mask=mask)
    tl.store(i_ptr + offs, j, mask=mask)
    tl.store(b_ptr + offs, small, mask=mask)
    tl.store(flag_ptr + offs, (j > 0) & (y < 1.0) | (not_zero(x)), mask=mask)


@triton.jit
def not_zero(v):
    return v != 0.0
