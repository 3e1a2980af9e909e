# Names imported under module-level `if` and `try`, as published kernels choose modules by
# Triton's version (Liger-Kernel: `if compare_version("triton", operator.ge, "3.0.0"):
# try: from triton.language.extra.libdevice import rsqrt ...`). tl2cu does not evaluate
# such conditions: a name every branch imports alike is bound (exp2 below; a `try` counts
# as its body), and one the branches import differently is chosen with -D (rsqrt below:
# libdevice's or Triton's own); without -D it is an error naming the choices
# (tests/errors/conditional_import.py).
# tl2cu: -s 'scaled:*fp32,*fp32,i32,1024' -D rsqrt=tl.rsqrt
import operator

import triton
import triton.language as tl

from mylib.utils import compare_version

if compare_version("triton", operator.ge, "3.0.0"):
    try:
        from triton.language.extra.libdevice import rsqrt
    except ModuleNotFoundError:
        from triton.language.extra.cuda.libdevice import rsqrt
    from triton.language.math import exp2
else:
    from triton.language.math import rsqrt
    from triton.language import exp2


@triton.jit
def scaled(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=1.0)
    tl.store(out_ptr + offs, exp2(x) * rsqrt(x * x + 1.0), mask=offs < n)
