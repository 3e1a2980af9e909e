import triton
import triton.language as tl


@triton.jit
def k(p):
    x = tl.load(p + tl.arange(0, 128))
    y = tl.inline_asm_elementwise("not.b16 $0, $1;", "=h,=h,h,h", [x], dtype=tl.int16, is_pure=True, pack=4)
    tl.store(p + tl.arange(0, 128), y)
