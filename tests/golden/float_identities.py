# tl2cu: -s 'float_identities:*fp32:16, *fp32:16, *fp16:16, *fp32:16, fp32, 1.0, 1024' --grid 1
# The float identities Triton's compiler removes (MLIR's arith folders, LLVM's InstCombine):
# x * 1.0, 1.0 * x, x / 1.0, x + -0.0, x - 0.0 are x, whether the 1.0 is a literal, a float
# variable holding one or a constexpr, and x + 0.0 is not (-0.0 + 0.0 is +0.0). Which product
# an add fuses follows: bitsandbytes' 32-bit optimizers write `g = gnorm_scale * g` (a
# constexpr 1.0) and then `g + p * wd`, which Triton's PTX has as fma(p, wd, g) (H100,
# forty-fourth session); tl2cu had fused the product by 1.0 and rounded p * wd.
import triton
import triton.language as tl


@triton.jit
def float_identities(g_ptr, p_ptr, h_ptr, o_ptr, lr, scale: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    g = tl.load(g_ptr + offs)
    p = tl.load(p_ptr + offs)
    h = tl.load(h_ptr + offs)
    g = scale * g
    g = g + p * 0.01                      # fma(p, 0.01, g)
    update_scale = 1.0
    p = p + update_scale * (-lr * g)      # fma(-lr, g, p)
    h2 = (h * 1.0) / 1.0 + -0.0           # h itself, in fp16
    z = g - 0.0 + 0.0                     # g + 0.0 stays
    tl.store(o_ptr + offs, p + z + h2.to(tl.float32))
