import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    r = tl.arange(0, 32)
    a = tl.load(x_ptr + r[:, None] * 32 + r[None, :])
    acc = tl.zeros((32, 32), dtype=tl.int32)
    tl.store(y_ptr + r[:, None] * 32 + r[None, :], tl.dot(a, a, acc))
