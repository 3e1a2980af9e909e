# Found by tests/fuzz: tl.maximum/tl.minimum of bf16 blocks stay bf16 in tl2cu, where Triton 3.6
# promotes bf16 to fp32 first (core.py maximum: _promote_bfloat16_to_float32; TRITON_SEMANTICS 2.3),
# so later arithmetic rounds in bf16 where Triton's is fp32 (silently different results), and
# tl.erf(tl.maximum(b, b)) is refused ("expected dtype fp32 or fp64 but got bf16") though Triton accepts it.
# Reproduce: build/tl2cu tests/fuzz/findings/maximum_bf16.py -o -
import triton
import triton.language as tl
# tl2cu: -s 'mx:*bf16,*fp32,i32'
@triton.jit
def mx(x, o, n):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    b = tl.load(x + offs, mask=offs < n, other=0.0)
    tl.store(o + offs, tl.erf(tl.maximum(b, b)), mask=offs < n)
