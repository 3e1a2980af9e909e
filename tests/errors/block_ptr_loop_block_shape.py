import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (32,), (0,))
    for i in range(n):
        p = tl.make_block_ptr(x_ptr, (n,), (1,), (i,), (64,), (0,))
    tl.store(p, tl.load(p))
