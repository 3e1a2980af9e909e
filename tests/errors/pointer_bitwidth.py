# a pointer type has no primitive_bitwidth in core.py (pointer_type sets only element_ty,
# address_space, const and name)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    tl.store(x_ptr, x_ptr.dtype.primitive_bitwidth)
