# A kernel whose name is also a local name inside it (the loop variable k of kernel k):
# Python makes the name local throughout the body, so it does not refer to the kernel and
# the kernel is no helper that a jit function calls. tl2cu took it for one before ("no
# @triton.jit kernel in this file").
# tl2cu: -s 'k:*fp32,i32' --grid 1
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    offs = tl.arange(0, 128)
    acc = tl.zeros((128,), dtype=tl.float32)
    for k in range(0, n):
        acc += tl.load(x_ptr + k * 128 + offs)
    tl.store(x_ptr + offs, acc)
