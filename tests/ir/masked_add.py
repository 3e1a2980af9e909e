# IR after layout assignment: a masked elementwise kernel, every block in runs of 4 fp32.
# tl2cu: -s 'masked_add:*fp32,*fp32,i32' -D BLOCK=512 --num-warps 4
import triton
import triton.language as tl


@triton.jit
def masked_add(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x * 2.0 + 1.0, mask=mask)
