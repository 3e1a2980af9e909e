import triton

from extra.shim import math_shim

tanh = math_shim.tanh


@triton.jit
def gelu_tanh(x):
    return 0.5 * x * (1 + tanh(x * 0.7978845608 * (1 + 0.044715 * x * x)))
