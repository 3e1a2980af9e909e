import pytest
import torch
import triton
import triton.language as tl


@pytest.mark.parametrize("dtype", [tl.float16, tl.bfloat16])
def test_cast(dtype, device="cuda"):
    @triton.jit
    def cast(x_ptr, y_ptr):
        offs = tl.arange(0, 16)
        tl.store(y_ptr + offs, tl.load(x_ptr + offs).to(dtype))

    x = torch.randn(16, device=device)
    y = torch.empty(16, device=device, dtype=torch.float16)
    cast[(1,)](x, y)
