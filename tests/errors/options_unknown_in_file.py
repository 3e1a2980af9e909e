# In a '# tl2cu:' line, a -s for no kernel of the file and a -D naming nothing of its
# kernels are input errors at the option; -D OTHER_BLOCK names a constexpr of the
# file's other kernel, which is not translated (-k) but may be named.
# tl2cu: -s 'scale:*fp32' -s 'scal_kernel:*fp32' -s 'other:*fp32'
# tl2cu: -D BLOCK=128 -D block_sise=64 -D OTHER_BLOCK=32
import triton
import triton.language as tl


@triton.jit
def scale(x_ptr, BLOCK: tl.constexpr, BLOCK_SIZE: tl.constexpr = 32):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * BLOCK_SIZE)


@triton.jit
def other(x_ptr, OTHER_BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, OTHER_BLOCK), 1.0)
