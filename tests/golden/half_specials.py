# fp16 and bf16 blocks with inf and NaN constants: a masked load's `other`, a tl.where
# branch and a scalar load (Liger-Kernel's softmax loads bf16 rows with
# other=-float("inf")). tl2cu wrote those constants as fp32, which nvcc refused next to a
# half ("ambiguous ?:"); now in the block's own type, NaN with Triton's bits (0x7e00 for
# fp16, 0x7fc0 for bf16). tests/gpu/half_specials_check.py compares with Triton bit for bit.
# tl2cu: -s 'row_max:*bf16,*bf16,i32,1024' -s 'where_special:*fp16,*fp16,*fp16,i32,1024'
import triton
import triton.language as tl


@triton.jit
def row_max(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + tl.program_id(0) * n + offs, mask=offs < n, other=-float("inf"))
    first = tl.load(x_ptr + tl.program_id(0) * n, mask=n > 0, other=float("-inf"))
    tl.store(out_ptr + tl.program_id(0), tl.maximum(tl.max(x, axis=0), first))


@triton.jit
def where_special(x_ptr, inf_ptr, nan_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(inf_ptr + offs, tl.where(x > 0, x, float("-inf")), mask=mask)
    tl.store(nan_ptr + offs, tl.where(x > 0, x, float("nan")), mask=mask)
