import triton
import triton.language as tl


@triton.jit
def k(x_ptr, z_ptr, y_ptr):
    r = tl.arange(0, 16)
    a = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    b = tl.load(z_ptr + r[:, None] * 16 + r[None, :])
    tl.store(y_ptr + r[:, None] * 16 + r[None, :], tl.dot(a, b))
