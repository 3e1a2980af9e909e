# torch.finfo takes a floating-point dtype (torch raises TypeError on torch.int32)
import torch
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, tl.minimum(x, torch.finfo(torch.int32).max))
