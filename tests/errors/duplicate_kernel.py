# Two @triton.jit functions of one name: Python would keep the second silently.
import triton
import triton.language as tl


@triton.jit
def scale(x_ptr: "*fp32"):
    offs = tl.arange(0, 128)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2)


@triton.jit
def scale(x_ptr: "*fp32"):
    offs = tl.arange(0, 128)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 3)
