import triton
import triton.language as tl


@triton.jit
def k(p):
    x = tl.load(p + tl.arange(0, 128))
    y = tl.inline_asm_elementwise("neg.f32 $0, $1;", "=f,f", [x], dtype=tl.float32, is_pure=True, pack=1)
    tl.store(p + tl.arange(0, 128), y)
