# A jit function that the imported module chooses by a device query: -D names the choice.
# tl2cu: -s 'device_chosen:*fp32:16,*fp32:16,i32,256' -D softplus=softplus_nv
import triton
import triton.language as tl

from ..device_ops import softplus


@triton.jit
def device_chosen(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, softplus(tl.load(x_ptr + offs, mask=mask)), mask=mask)
