import functools
import triton
import triton.language as tl


@functools.lru_cache
@triton.jit
def k(x_ptr):
    tl.store(x_ptr + tl.arange(0, 128), 1.0)
