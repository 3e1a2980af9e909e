import triton
import triton.language as tl

# -D rsqrt=CHOICE must name one of the branches' imports
if triton.__version__ >= "3.0.0":
    from triton.language.extra.libdevice import rsqrt
else:
    from triton.language.math import rsqrt


@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 128)
    tl.store(x_ptr + offs, rsqrt(tl.load(x_ptr + offs)))
