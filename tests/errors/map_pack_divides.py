import triton
import triton.language as tl


@triton.jit
def add1(a0, a1, a2, a3):
    return a0 + 1, a1 + 1, a2 + 1, a3 + 1


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 2))
    (y,) = tl.map_elementwise(add1, x, pack=4)
    tl.store(x_ptr + tl.arange(0, 2), y)
