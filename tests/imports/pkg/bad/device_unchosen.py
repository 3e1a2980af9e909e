# A jit function that the imported module chooses by a device query: without -D, an error that names the choices.
# tl2cu: -s 'device_unchosen:*fp32:16,*fp32:16,i32,256'
import triton
import triton.language as tl

from ..device_ops import softplus


@triton.jit
def device_unchosen(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, softplus(tl.load(x_ptr + offs, mask=mask)), mask=mask)
