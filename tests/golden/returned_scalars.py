# What a jit helper returns is a tensor in Triton (code_generator.py visit_Return decays
# numbers and constexprs with to_tensor): `h_f16 * half()` with a helper returning 0.5 is
# fp32, `x_i8 + hundred()` int32; here they were weak literals, computed in fp16 and int8.
# tl2cu: -s 'returned:*i8:16, *fp16:16, *i32:16, *fp32:16, i32, 128'
import triton
import triton.language as tl


@triton.jit
def tenth():
    return 0.1


@triton.jit
def hundred_and_two():
    return 100, 2.0


@triton.jit
def returned(x_ptr, h_ptr, out_i_ptr, out_f_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    x = tl.load(x_ptr + o, mask=m, other=0)
    h = tl.load(h_ptr + o, mask=m, other=0.0)
    tl.store(out_i_ptr + o, x + hundred_and_two()[0], mask=m)
    tl.store(out_f_ptr + o, h * tenth() * hundred_and_two()[1], mask=m)
