# A misspelt tl.* name: unknown, with the closest name tl2cu knows
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    i = tl.arange(0, 128)
    tl.store(x_ptr + i, tl.maximun(tl.load(x_ptr + i), 0.0))
