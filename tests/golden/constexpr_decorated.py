# A plain Python function decorated with @tl.constexpr, called from a kernel on compile-time
# values: Triton calls it while compiling (constexpr.__call__ calls the function it holds), as
# FlagGems' cumsum does with `@tl.constexpr def get_scan_accum_type(inp_dtype)`. Spelled with
# the decorator as tl.constexpr and triton.language.constexpr, called with a dtype and an int.
# tl2cu: -s 'accumulate:*fp16:16, *fp32:16, i32, 256'
import triton
import triton.language as tl
import triton.language as language


@tl.constexpr
def accum_type(inp_dtype: tl.dtype) -> tl.dtype:
    if inp_dtype.is_bf16() or inp_dtype.is_fp16():
        return tl.float32
    if inp_dtype.is_int():
        return tl.int64
    return inp_dtype


@language.constexpr
def halved(n):
    return n // 2


@triton.jit
def accumulate(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    acc_dtype: tl.constexpr = accum_type(x_ptr.type.element_ty)
    o = tl.arange(0, halved(BLOCK) * 2)
    x = tl.load(x_ptr + o, mask=o < n, other=0).to(acc_dtype)
    tl.store(out_ptr + tl.program_id(0), tl.sum(x, 0))
