import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    x = tl.load(x_ptr)
    acc = (x, x)
    for i in range(n):
        acc = (acc[0], acc[1], x)
    tl.store(x_ptr, acc[0])
