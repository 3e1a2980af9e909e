# tl.cat(a, b, can_reorder=True): Triton's lowering puts each thread's elements of a, then
# of b; where every thread holds whole runs of both blocks that is a followed by b, which
# tl2cu builds (builtins.c b_cat). fp32 and int8 blocks, loaded (vectors where aligned) and
# computed, 8 warps. tests/gpu/cat_check.py compares every kernel with Triton bit
# for bit: it checks the order claim too.
# tl2cu: -s 'cat_f32:*fp32,*fp32,*fp32,1024' -s 'cat_i8:*i8,*i8,*i8,4096'
# tl2cu: -s 'cat_8warps:*fp32,*fp32,1024' --num-warps 8
import triton
import triton.language as tl


@triton.jit
def cat_f32(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    z = tl.cat(tl.load(x_ptr + tl.arange(0, N)), tl.load(y_ptr + tl.arange(0, N)) * 2.0, can_reorder=True)
    tl.store(out_ptr + tl.arange(0, 2 * N), z)
    tl.store(out_ptr + 2 * N, tl.sum(z * tl.arange(0, 2 * N).to(tl.float32)))


@triton.jit
def cat_i8(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    z = tl.cat(tl.load(x_ptr + tl.arange(0, N)), tl.load(y_ptr + tl.arange(0, N)), can_reorder=True)
    tl.store(out_ptr + tl.arange(0, 2 * N), z + 1)


@triton.jit
def cat_8warps(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.program_id(0) * N + tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    z = tl.cat(x, -x, can_reorder=True)
    tl.store(out_ptr + tl.program_id(0) * 2 * N + tl.arange(0, 2 * N), z)
