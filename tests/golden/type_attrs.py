# A value's type as Triton's tutorials read it: Out.type.element_ty (a pointer's element
# type), V.dtype.element_ty, x.type.scalar of a block; compile-time dtypes that pick a
# cast and a branch (tutorial 06's acc.to(Out.type.element_ty)).
# tl2cu: -s 'typed_copy:*fp32,*fp16,*bf16'
import triton
import triton.language as tl


@triton.jit
def typed_copy(x_ptr, out_ptr, alt_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs) * 3.0
    tl.store(out_ptr + offs, x.to(out_ptr.type.element_ty))
    if alt_ptr.dtype.element_ty == tl.bfloat16:
        tl.store(alt_ptr + offs, x.to(x.type.scalar).to(alt_ptr.dtype.element_ty))
