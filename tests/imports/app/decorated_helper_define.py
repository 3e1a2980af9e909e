# The decorated helper given by -D as the function its decorator returns on CUDA (libdevice's
# div_rn), as the drop-in harness gives it from the program's own module.
# tl2cu: -s 'decorated_helper:*fp32,*fp32,i32' --import-path ../lib -D div_rn=libdevice.div_rn
import triton
import triton.language as tl
from extra.ext import div_rn


@triton.jit
def decorated_helper(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, div_rn(1.0, 1.0 + tl.load(x_ptr + offs, mask=m)), mask=m)
