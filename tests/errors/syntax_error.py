import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n
    pid = tl.program_id(0)
