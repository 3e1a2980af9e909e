# tl.reshape's can_reorder keyword (Liger's llama4 rope): accepted, and said where True
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    o = tl.arange(0, 64)
    x = tl.load(x_ptr + o)
    a = tl.reshape(x, (8, 8), can_reorder=True)
    b = tl.reshape(x, 8, 8)
    c = x.reshape((8, 8), can_reorder=False)
    tl.store(y_ptr + tl.arange(0, 8), tl.sum(a, 1) + tl.sum(b, 1) + tl.sum(c, 1))
