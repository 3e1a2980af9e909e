# Issue 3 operations not in ops.py: tl.view, tl.broadcast, tl.reduce_or, tl.range
# with its hints, a pointer parameter advanced in a loop, tl.debug_barrier,
# tl.static_assert, constexpr branches, x.dtype and ptr.dtype.element_ty, a helper
# returning a tuple, early return, the tutorials' layer norm loop shape.
# tl2cu: -s 'reduction_extras:*fp32,*i32,*fp32,i32,i32' -D BLOCK=128 -D HAS_BIAS=False
import triton
import triton.language as tl


@triton.jit
def stats(x):
    return tl.sum(x, axis=0), tl.max(x, axis=0)


@triton.jit
def reduction_extras(x_ptr, flags_ptr, out_ptr, n, chunks, BLOCK: tl.constexpr, HAS_BIAS: tl.constexpr):
    tl.static_assert(BLOCK % 32 == 0, "BLOCK must be a multiple of 32")
    row = tl.program_id(0)
    if row >= tl.num_programs(0):
        return
    x_ptr += row * chunks * BLOCK
    acc = tl.zeros([BLOCK], dtype=x_ptr.dtype.element_ty)
    for i in tl.range(0, chunks, num_stages=3, loop_unroll_factor=2):
        acc += tl.load(x_ptr + tl.arange(0, BLOCK))
        x_ptr += BLOCK
    total, biggest = stats(acc)
    if HAS_BIAS:
        total += 1.0
    tl.debug_barrier()
    grid = tl.view(acc, (4, BLOCK // 4))
    a, b = tl.broadcast(tl.sum(grid, axis=1)[:, None], grid)
    flags = tl.load(flags_ptr + tl.arange(0, BLOCK))
    any_set = tl.reduce_or(tl.reshape(flags, (4, BLOCK // 4)), axis=1)
    tl.store(out_ptr + row * 8 + tl.arange(0, 4), tl.sum(a * b, axis=1) + any_set.to(acc.dtype))
    tl.store(out_ptr + row * 8 + 4, total)
    tl.store(out_ptr + row * 8 + 5, biggest)
