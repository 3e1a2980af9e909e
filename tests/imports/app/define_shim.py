# A name another file binds where tl2cu cannot compute it (a math library chosen at import by the
# device, as FlagGems' tl_extra_shim): the error asks for -D math_shim=VALUE, and the -D gives it,
# though no kernel of this file reads the name itself.
# tl2cu: -s 'define_shim:*fp32,*fp32,i32' --import-path ../lib -D gelu_tanh=extra.gelu.gelu_tanh
# tl2cu: -D math_shim=triton.language.extra.cuda.libdevice
import triton
import triton.language as tl


@triton.jit
def define_shim(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, gelu_tanh(tl.load(x_ptr + offs, mask=m)), mask=m)
