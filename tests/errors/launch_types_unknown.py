# A launch whose argument the host code does not make plainly (a host function's parameter):
# no type is taken from it; tl2cu asks for the signature
import torch
import triton
import triton.language as tl


@triton.jit
def copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


def run(x):
    y = torch.empty_like(x)
    copy[(1,)](x, y, x.numel(), BLOCK=1024)
