import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    for tl.program_id(0) in range(4):
        tl.store(x_ptr + offs, 1.0)
