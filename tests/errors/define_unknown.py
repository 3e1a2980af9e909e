# A -D naming nothing of the kernel (a typo of BLOCK_SIZE) is an error, not ignored
# with the default used.
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr = 256):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
