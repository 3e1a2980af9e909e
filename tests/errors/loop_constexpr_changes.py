import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    mode = "add"
    x = tl.load(x_ptr)
    for i in range(n):
        if mode == "add":
            x = x + 1.0
        mode = "mul"
    tl.store(x_ptr, x)
