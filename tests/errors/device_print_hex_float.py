# Triton prints a float with hex=True from its promotion to double: not reproduced, refused
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    i = tl.arange(0, 128)
    x = tl.load(x_ptr + i)
    tl.device_print("x", x, hex=True)
    tl.store(x_ptr + i, x)
