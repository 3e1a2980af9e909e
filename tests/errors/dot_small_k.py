import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    a = tl.load(x_ptr + tl.arange(0, 16)[:, None] * 8 + tl.arange(0, 8)[None, :])
    b = tl.load(x_ptr + tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :])
    tl.store(y_ptr + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :], tl.dot(a, b))
