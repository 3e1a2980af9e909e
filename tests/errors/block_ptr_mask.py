import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (32,), (0,))
    x = tl.load(p, mask=tl.arange(0, 32) < n)
    tl.store(p, x)
