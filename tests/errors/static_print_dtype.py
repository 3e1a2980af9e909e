# tl.static_print of dtypes prints them as Python's print does, str(dtype): core.py's
# names (fp32, int32, pointer<fp32>), also through f-strings (status 0)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.static_print(x.dtype, x_ptr.dtype, tl.int32, tl.uint8, f"{tl.int1} {x_ptr.dtype.element_ty}")
    tl.store(x_ptr + tl.arange(0, 16), x)
