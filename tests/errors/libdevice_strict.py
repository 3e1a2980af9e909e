# --strict-libdevice refuses the libdevice variants whose results differ from Triton's
# (asin on fp32); the ones exact with flush-to-zero around them (tanh) stay accepted
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, libdevice.asin(libdevice.tanh(x)))
