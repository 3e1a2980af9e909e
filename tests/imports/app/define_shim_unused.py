# A -D no kernel reads, in a file whose kernels read another file: the error comes once the
# kernels are lowered (another file might have bound the name), with the other -D applied.
# tl2cu: -s 'define_shim:*fp32,*fp32,i32' --import-path ../lib -D gelu_tanh=extra.gelu.gelu_tanh
# tl2cu: -D math_shim=triton.language.extra.cuda.libdevice -D math_shin=triton.language.math
import triton
import triton.language as tl


@triton.jit
def define_shim(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, gelu_tanh(tl.load(x_ptr + offs, mask=m)), mask=m)
