import triton
import triton.language as tl


@triton.jit
def k(x_ptr, i_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :])
    i = tl.load(i_ptr + tl.arange(0, 32))
    tl.store(x_ptr + tl.arange(0, 32), tl.gather(x, i, 1))
