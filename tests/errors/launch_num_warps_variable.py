import torch
import triton
import triton.language as tl


@triton.jit
def scale(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


def run(x, num_warps):
    n = x.numel()
    scale[(triton.cdiv(n, 1024),)](x, n, BLOCK=1024, num_warps=num_warps)
