import torch
import triton
import triton.language as tl


def test_fill(device="cuda"):
    FILL = 7  # a plain int: Triton refuses it in the kernel too (only tl.constexpr, dtypes, ...)

    @triton.jit
    def fill(y_ptr):
        tl.store(y_ptr + tl.arange(0, 16), FILL)

    y = torch.empty(16, device=device, dtype=torch.int32)
    fill[(1,)](y)
