# print in a kernel is tl.device_print: its first argument is the prefix, a string
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    i = tl.arange(0, 128)
    x = tl.load(x_ptr + i)
    print(x)
    tl.store(x_ptr + i, x)
