# A heuristic given as a function of another file, fixed with -D (tl2cu then needs not read it).
# tl2cu: -s 'heuristic:*fp32,*fp32,i32' -D BLOCK=128
import triton
import triton.language as tl

from ..consts import block_heuristic


@triton.heuristics({"BLOCK": block_heuristic})
@triton.jit
def heuristic(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2, mask=m)
