# a Python scalar takes the fp8 type (weak typing): arithmetic in fp8, refused
# tl2cu: -s 'k:*fp8e5,*fp8e5'
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    i = tl.arange(0, 128)
    tl.store(y_ptr + i, tl.load(x_ptr + i) * 2.0)
