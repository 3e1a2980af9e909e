# The name another file cannot compute, without the -D: the error names the -D to give.
# tl2cu: -s 'define_shim:*fp32,*fp32,i32' --import-path ../lib -D gelu_tanh=extra.gelu.gelu_tanh
import triton
import triton.language as tl


@triton.jit
def define_shim(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, gelu_tanh(tl.load(x_ptr + offs, mask=m)), mask=m)
