# An f-string holds compile-time values only (Triton formats it while compiling)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    i = tl.arange(0, 128)
    tl.static_print(f"n is {n}")
    tl.store(x_ptr + i, tl.load(x_ptr + i))
