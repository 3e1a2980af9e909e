# tl2cu: -s 'ifexp_effects:*fp32,*fp32,*i32,i32,64'
# A run-time `x if c else y` whose arms touch memory runs only the arm taken, as Triton's scf.if
# does (tl2cu had refused it; FLA's parallel simple-GLA kernels): named, inside an expression,
# through a jit helper, an atomic reassigning a name.
import triton
import triton.language as tl


@triton.jit
def load_row(p, i, BLOCK: tl.constexpr):
    return tl.load(p + i * BLOCK + tl.arange(0, BLOCK))


@triton.jit
def ifexp_effects(x_ptr, y_ptr, idx_ptr, flag, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    row = tl.load(idx_ptr) if flag > 0 else 0
    v = load_row(x_ptr, row, BLOCK) if flag > 1 else tl.zeros([BLOCK], dtype=tl.float32)
    v = v + (tl.load(x_ptr + offs) if flag > 2 else tl.full([BLOCK], 1.0, tl.float32))
    row = tl.atomic_add(idx_ptr + 1, 1) if flag > 3 else row
    tl.store(y_ptr + offs, v + row)
