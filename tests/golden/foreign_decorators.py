# Decorators that are not Triton's above @triton.jit are host code: FlagGems' @libentry(),
# a registration wrapper between @triton.autotune and @triton.jit, @torch.compiler.disable.
# tl2cu translates the kernel as if they were absent, with a note naming each.
# tl2cu: -s 'copy:*fp32,*fp32,i32' --grid 'cdiv(n, BLOCK)'
import torch
import triton
import triton.language as tl

from .utils import libentry, register_kernel


@libentry()
@torch.compiler.disable
@triton.autotune(configs=[triton.Config({'BLOCK': 256}, num_warps=4)], key=['n'])
@register_kernel("copy")
@triton.jit
def copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)
