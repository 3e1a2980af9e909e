import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 64))
    tl.store(x_ptr + tl.arange(0, 128), tl.cat(x, x, can_reorder=True))
