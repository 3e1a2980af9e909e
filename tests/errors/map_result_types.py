import triton
import triton.language as tl


@triton.jit
def mixed(a0, a1):
    return a0, a1 > 0


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    (y,) = tl.map_elementwise(mixed, x, pack=2)
    tl.store(x_ptr + tl.arange(0, 128), y)
