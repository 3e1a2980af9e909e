# A decorator that is not Triton's is transparent above @triton.jit (tests/golden/foreign_decorators.py);
# under it, Triton would compile whatever function it returns: an error.
import functools
import triton
import triton.language as tl


@triton.jit
@functools.lru_cache
def k(x_ptr):
    tl.store(x_ptr + tl.arange(0, 128), 1.0)
