# A jit helper under a decorator that is not Triton's: Triton calls what the decorator returns
# (here libdevice's div_rn on CUDA, an IEEE division), which tl2cu does not compute; translating
# the body under it was a silent wrong result (FlagGems' silu backward). Refused, naming the -D.
# tl2cu: -s 'decorated_helper:*fp32,*fp32,i32' --import-path ../lib
import triton
import triton.language as tl
from extra.ext import div_rn


@triton.jit
def decorated_helper(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, div_rn(1.0, 1.0 + tl.load(x_ptr + offs, mask=m)), mask=m)
