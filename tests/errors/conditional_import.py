import operator

import triton
import triton.language as tl

from mylib.utils import compare_version

# the branches bind rsqrt to libdevice's and to Triton's own: tl2cu cannot tell which
# the condition picks, and names both (-D rsqrt=... chooses)
if compare_version("triton", operator.ge, "3.0.0"):
    from triton.language.extra.libdevice import rsqrt
else:
    from triton.language.math import rsqrt


@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 128)
    tl.store(x_ptr + offs, rsqrt(tl.load(x_ptr + offs)))
