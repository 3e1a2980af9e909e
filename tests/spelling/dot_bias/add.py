# Spelling: tl.dot(a, b) + bias, the sum named by nothing: Triton's CombineDotAddFRevPattern.
# tl2cu: -s 'dot_bias:*fp16,*fp16,*fp32,*fp32' -D B=64
import triton
import triton.language as tl


@triton.jit
def dot_bias(a_ptr, b_ptr, bias_ptr, c_ptr, B: tl.constexpr):
    r = tl.arange(0, B)
    c = r[:, None] * B + r[None, :]
    a = tl.load(a_ptr + c)
    b = tl.load(b_ptr + c)
    bias = tl.load(bias_ptr + c)
    tl.store(c_ptr + c, tl.dot(a, b) + bias)
