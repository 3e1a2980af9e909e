import triton
import triton.language as tl


@triton.jit
def k(p):
    x = tl.load(p + tl.arange(0, 512))
    y = tl.inline_asm_elementwise("neg.f32 $0, $3; neg.f32 $1, $4; neg.f32 $2, $5;", "=f,=f,=f,f,f,f", [x], dtype=tl.float32,
                                  is_pure=True, pack=3)
    tl.store(p + tl.arange(0, 512), y)
