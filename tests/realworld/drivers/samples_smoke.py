"""A program that launches some of tl2cu's own samples under Triton, as a user's program would:
the drop-in harness's smoke test (tests/realworld/dropin.py -- tests/realworld/drivers/samples_smoke.py).
Two sizes each, one of them ragged (not a multiple of the block)."""
import importlib.util
import pathlib

import torch
import triton

SAMPLES = pathlib.Path(__file__).resolve().parents[3] / "samples"


def sample(name):
    spec = importlib.util.spec_from_file_location("sample_" + name, SAMPLES / name / "kernel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    torch.manual_seed(0)
    add = sample("vector_add").add_kernel
    for n in (4096, 100_003):
        x, y = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
        out = torch.empty_like(x)
        add[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK_SIZE=1024)
    argmax = sample("argmax").argmax_kernel
    for rows, cols in ((64, 1000), (37, 77)):
        x = torch.floor(torch.rand(rows, cols, device="cuda") * 16 - 8)
        out = torch.empty(rows, dtype=torch.int32, device="cuda")
        argmax[(triton.cdiv(rows, 4),)](x, out, rows, cols, cols, BLOCK_M=4, BLOCK_N=1024)
    cumsum = sample("cumsum")
    for rows, cols in ((64, 1000), (37, 77)):
        x = torch.rand(rows, cols + 3, device="cuda")
        z = torch.zeros_like(x)
        cumsum.cumsum_f32_kernel[(triton.cdiv(rows, 2),)](x, z, rows, cols, cols + 3, BLOCK_M=2, BLOCK_N=1024)
    transpose = sample("transpose").transpose_kernel
    for m, n in ((256, 512), (37, 101)):
        x = torch.rand(m, n, device="cuda")
        z = torch.empty(n, m, device="cuda")
        transpose[(triton.cdiv(m, 128), triton.cdiv(n, 64))](x, z, m, n, BLOCK_M=128, BLOCK_N=64, num_warps=8)
    mm = sample("matmul_autotune")
    for M, N, K in ((512, 512, 512), (300, 200, 130)):
        a = (torch.rand(M, K, device="cuda") * 2 - 1).half()
        b = (torch.rand(K, N, device="cuda") * 2 - 1).half()
        mm.matmul(a, b, "leaky_relu")
    print("samples_smoke: done")


if __name__ == "__main__":
    main()
