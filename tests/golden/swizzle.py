# tl.swizzle2d (standard.py's grouped ordering of a 2-D grid) on program ids, with a
# constexpr group, and on blocks of indices with a run-time group; tests/gpu/swizzle_check.py
# compares both with Triton.
# tl2cu: -s 'swizzle_grid:*i32,i32,i32' -D GROUP=3 -s 'swizzle_block:*i32,i32,i32,i32'
import triton
import triton.language as tl


@triton.jit
def swizzle_grid(out_ptr, size_i, size_j, GROUP: tl.constexpr):
    i = tl.program_id(0)
    j = tl.program_id(1)
    new_i, new_j = tl.swizzle2d(i, j, size_i, size_j, GROUP)
    tl.store(out_ptr + (i * size_j + j) * 2, new_i)
    tl.store(out_ptr + (i * size_j + j) * 2 + 1, new_j)


@triton.jit
def swizzle_block(out_ptr, size_i, size_j, size_g):
    r = tl.arange(0, 64)[:, None]
    c = tl.arange(0, 32)[None, :]
    new_i, new_j = tl.swizzle2d(r, c, size_i, size_j, size_g)
    mask = (r < size_i) & (c < size_j)
    tl.store(out_ptr + (r * 32 + c) * 2, new_i, mask=mask)
    tl.store(out_ptr + (r * 32 + c) * 2 + 1, new_j, mask=mask)
