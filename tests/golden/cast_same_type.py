# tl2cu: -s 'cast_same_type:*fp32:16, *fp32:16, *fp16:16, i32, 1024, tl.float32, "rtne"'
# A cast to the type a value already has is the value, whatever rounding mode it names:
# Triton returns before it reads the mode (FLA's `.to(dtype, fp_downcast_rounding="rtne")`,
# dtype fp32 on some paths). Three spellings: a constexpr dtype, tl.float32 itself, and a
# constexpr rounding string; the narrowing cast beside them still rounds as asked.
import triton
import triton.language as tl


@triton.jit
def cast_same_type(x_ptr, y_ptr, z_ptr, n, BLOCK: tl.constexpr, DTYPE: tl.constexpr, MODE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    a = x.to(DTYPE, fp_downcast_rounding="rtne")
    b = (x * 2.0).to(tl.float32, fp_downcast_rounding="rtz")
    c = tl.cast(a + b, tl.float32, fp_downcast_rounding=MODE)
    tl.store(y_ptr + offs, c, mask=mask)
    tl.store(z_ptr + offs, c.to(tl.float16, fp_downcast_rounding="rtz"), mask=mask)
