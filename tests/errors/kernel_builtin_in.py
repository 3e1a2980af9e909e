# Triton 3.6 refuses this in a kernel; so does tl2cu
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    if x_ptr.dtype.element_ty in (tl.float16, tl.bfloat16):
        tl.store(x_ptr, 1.0)
