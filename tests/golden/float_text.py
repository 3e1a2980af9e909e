# float() of text, as Python reads it: blanks around, a sign, a decimal number with
# underscores between digits, inf / infinity / nan in any case. lightllm's attention
# kernels mask with float("-100000000.0"), which tl2cu refused ("is not a number") when it
# took only 'inf', '-inf' and 'nan'. tests/errors/float_text_hex.py: hex is not Python's.
# tl2cu: -s 'masked_fill:*fp32,*fp32,i32' -D BLOCK=256
import triton
import triton.language as tl


@triton.jit
def masked_fill(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=float("-100000000.0"))
    y = tl.where(x > float(" 1e-6 "), x * float("1_000.5"), float(".5"))
    y = tl.minimum(tl.maximum(y, float("-Infinity")), float("+INF"))
    y = tl.where(x == float("NaN"), 0.0, y)
    tl.store(out_ptr + offs, y + float("-2.5E+1"), mask=offs < n)
