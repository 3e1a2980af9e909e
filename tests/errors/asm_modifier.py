import triton
import triton.language as tl


@triton.jit
def k(p):
    x = tl.load(p + tl.arange(0, 128))
    y = tl.inline_asm_elementwise("mov.b32 ${0:x}, $1;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(p + tl.arange(0, 128), y)
