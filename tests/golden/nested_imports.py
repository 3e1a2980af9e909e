# A kernel inside a test reads the names the test imports before the module's (Python's scope,
# Triton's globals | nonlocals): here libdevice is the test's import, not the module's None.
import torch
import triton
import triton.language as tl

libdevice = None  # (the module's own binding: the test's import must win, as in Python)


def test_exp(device="cuda"):
    from triton.language.extra import libdevice
    import triton.language as tlx

    @triton.jit
    def k(x_ptr, y_ptr):
        offs = tlx.arange(0, 64)
        tl.store(y_ptr + offs, libdevice.exp(tl.load(x_ptr + offs)))

    x = torch.randn(64, device=device)
    y = torch.empty(64, device=device)
    k[(1,)](x, y)
