import triton
import triton.language as tl


# the signature fixes BLOCK to 1024 and -D to 2048: tl2cu used to take -D's silently
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
