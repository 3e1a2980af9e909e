# Constexpr parameters of the kinds Triton allows besides numbers: a string (tutorial
# 08's ACTIVATION, given as -D ACTIVATION=leaky_relu), a dtype and None, compared in the
# kernel, and a tuple (-D 'WEIGHTS=(0.5, -2, 3)'); tests/gpu/constexpr_kinds_check.py runs
# them beside Triton with the same values.
# tl2cu: -s 'activation:*fp32,*fp32,i32' -D ACTIVATION=leaky_relu -D OUT_DTYPE=fp16 -D SCALE=None -D BLOCK=256
# tl2cu: -s 'weighted:*fp32,*fp32,i32' -D 'WEIGHTS=(0.5, -2, 3)'
# tl2cu: --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


@triton.jit
def activation(x_ptr, y_ptr, n, ACTIVATION: tl.constexpr, OUT_DTYPE: tl.constexpr, SCALE: tl.constexpr,
               BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    if ACTIVATION == "leaky_relu":
        x = leaky_relu(x)
    elif ACTIVATION == "square":
        x = x * x
    if SCALE is not None:
        x = x * SCALE
    tl.store(y_ptr + offs, x.to(OUT_DTYPE).to(tl.float32), mask=mask)


@triton.jit
def weighted(x_ptr, y_ptr, n, WEIGHTS: tl.constexpr, BLOCK: tl.constexpr):
    # a tuple constexpr: its length and elements known while translating
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in tl.static_range(len(WEIGHTS)):
        acc += WEIGHTS[i] * tl.load(x_ptr + offs + i, mask=offs + i < n, other=0.0)
    tl.store(y_ptr + offs, acc, mask=offs < n)
