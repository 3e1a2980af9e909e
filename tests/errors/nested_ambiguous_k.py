# tl2cu: -D SIZE=128
# Kernels defined inside test functions, as pytest files and Triton's own tests write them
# (triton-kernels' test_inductor.py): tl2cu collects them with the function around them. Two
# kernels named `kernel` get C names from their functions (test_offset_kernel,
# test_scan_kernel; -k takes test_scan.kernel or test_scan.<locals>.kernel); a kernel reads
# the variables of its function as Triton does (globals | nonlocals): a jit helper defined
# there, a dtype, a tl.constexpr. Its launch gives the types and, followed through the names
# the function assigns, the constexpr values (`ROWS = 4; fill_rows[(1,)](out, 8, ROWS)`);
# SIZE, a pytest parameter, comes from the -D above. fill_rows keeps its own name.
import pytest
import torch
import triton
import triton.language as tl


@triton.jit
def twice(x):
    return x * 2


def test_offset(device="cuda"):
    @triton.jit
    def offset(x, k):
        return x + k

    dtype = tl.float16
    BLOCK = tl.constexpr(128)

    @triton.jit
    def kernel(x_ptr, y_ptr, n):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        tl.store(y_ptr + offs, offset(twice(x), 1.5).to(dtype), mask=mask)

    n = 1000
    x = torch.randn(n, device=device)
    y = torch.empty(n, device=device, dtype=torch.float16)
    kernel[(triton.cdiv(n, 128),)](x, y, n)
    torch.testing.assert_close(y, (x * 2 + 1.5).half())


@pytest.mark.parametrize("SIZE", [128, 256])
def test_scan(SIZE, device="cuda"):
    @triton.jit
    def kernel(x_ptr, y_ptr, n, SIZE: tl.constexpr):
        offs = tl.arange(0, SIZE)
        x = tl.load(x_ptr + offs, mask=offs < n, other=0)
        tl.store(y_ptr + offs, tl.cumsum(x, 0), mask=offs < n)

    N = 100
    x = torch.randint(0, 10, (N,), dtype=torch.int32, device=device)
    y = torch.ones_like(x) * 3
    kernel[(1,)](x, y, N, SIZE)
    torch.testing.assert_close(y, x.cumsum(0).int())


def test_fill_rows(device="cuda"):
    @triton.jit
    def fill_rows(out_ptr, n, ROWS: tl.constexpr):
        rows = tl.arange(0, ROWS)[:, None]
        cols = tl.arange(0, 8)[None, :]
        tl.store(out_ptr + rows * n + cols, (rows * 10 + cols).to(tl.float32), mask=cols < n)

    ROWS = 4  # (a constexpr the launch passes by position, through this name)
    out = torch.zeros(ROWS * 8, device=device)
    fill_rows[(1,)](out, 8, ROWS)
    assert out[9].item() == 11
