# tl2cu: -D sub_func=sub_func
# A kernel inside a test reads a helper the test defines twice (FlagGems' test_libentry.py):
# which one Triton calls is the cell's value when it compiles, after both defs here; tl2cu does
# not run the test, so -D names it, and a jit function's name names the last def of it there.
import torch
import triton
import triton.language as tl


def test_redefined(device="cuda"):
    @triton.jit
    def sub_func(x, y):
        return x + y

    @triton.jit
    def sub_func(x, y):  # noqa: F811
        return x + y + 1

    @triton.jit
    def main_kernel(x_ptr, y_ptr, o_ptr):
        offs = tl.arange(0, 64)
        tl.store(o_ptr + offs, sub_func(tl.load(x_ptr + offs), tl.load(y_ptr + offs)) * 2)

    x, y = torch.randn(64, device=device), torch.randn(64, device=device)
    o = torch.empty(64, device=device)
    main_kernel[(1,)](x, y, o)
    torch.testing.assert_close(o, (x + y + 1) * 2)
