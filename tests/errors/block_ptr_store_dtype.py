import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (32,), (0,))
    x = tl.load(p, boundary_check=(0,))
    tl.store(p, x.to(tl.float32), boundary_check=(0,))
