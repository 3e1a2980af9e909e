# tl.static_print prints while the kernel is translated (Triton: while it compiles), on
# stderr (f-strings of constexprs as Python formats them); the translation goes on (status 0)
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + i)
    tl.static_print("BLOCK is", BLOCK, "x is", x, "n is", n)
    tl.static_print(f"f-strings of constexprs: BLOCK={BLOCK} half={BLOCK / 2} dtype={x.dtype} {{braces}}\tand a tab")
    # floats as Python's repr writes them (the shortest digits that read back)
    tl.static_print(BLOCK / 3, -7.5 // 2, 10 // 4.0, 1e16, 1e-5, 0.1 + 0.2, (0.5, 2.0))
    tl.store(x_ptr + i, x)
