# -D may fix a module-level constant that the kernel or a helper it calls reads
# (SCALE, read by the helper; OFFSET, a plain global read by the kernel), not one
# that no kernel translated reads (UNUSED): that -D would change nothing.
import triton
import triton.language as tl

SCALE = tl.constexpr(2.0)
OFFSET = 1.0
UNUSED = tl.constexpr(3)


@triton.jit
def scaled(v):
    return v * SCALE


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, scaled(tl.load(x_ptr + offs)) + OFFSET)


@triton.jit
def other(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, UNUSED)
