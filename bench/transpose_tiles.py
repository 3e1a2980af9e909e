"""The transpose sample at other tile sizes and warp counts (docs/NOTES.md 54): tl2cu and
Triton side by side on the same kernel.py, 8191 x 8193 fp32, outputs checked equal to x.T,
do_bench medians; the limit is the torch device copy, as bench/bench.py measures it.

    bench/transpose_tiles.sh translate       # here: build/ttiles/BMxBNwW/kernel.cu
    bench/transpose_tiles.sh build           # there
    python3 bench/transpose_tiles.py         # there, after nvcc built libkernel.so in each
"""
import importlib.util
from pathlib import Path

import torch
import triton
from triton.testing import do_bench

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("compare_triton", ROOT / "samples" / "compare_triton.py")
ct = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ct)


def configs(build):
    """(BLOCK_M, BLOCK_N, warps) of each translation in build, named BMxBNwW."""
    for d in sorted(build.iterdir()):
        if d.name[0].isdigit() and not d.name.endswith("c"):
            bm, rest = d.name.split("x")
            bn, w = rest.split("w")
            yield int(bm), int(bn), int(w)


def main():
    kernel = ct.load_module("transpose").transpose_kernel
    x = torch.empty(2**29, device="cuda")
    y = torch.empty_like(x)
    copy_ms = do_bench(lambda: y.copy_(x), warmup=25, rep=200, return_mode="median")
    bandwidth = 2 * x.numel() * 4 / (copy_ms * 1e-3)
    del x, y
    m, n = 8191, 8193
    limit_ms = 2 * m * n * 4 / bandwidth * 1e3
    print(f"copy {bandwidth / 1e9:.0f} GB/s; limit at {m}x{n}: {limit_ms:.4f} ms")
    print(f"{'tile/warps':<14} {'check':<6} {'tl2cu ms':>9} {'Triton ms':>9} {'tl2cu %':>8} {'Triton %':>8} {'converted ms':>12}")
    build = ROOT / "build" / "ttiles"
    torch.manual_seed(0)
    x = torch.rand(m, n, device="cuda")
    for bm, bn, w in configs(build):
        name = f"{bm}x{bn}w{w}"
        tl2cu = ct.Launcher(build, name, "transpose_kernel", [ct.PTR, ct.PTR, ct.I32, ct.I32])
        z_t, z_c = torch.full((n, m), float("nan"), device="cuda"), torch.full((n, m), float("nan"), device="cuda")
        grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))

        def run_triton():
            kernel[grid](x, z_t, m, n, BLOCK_M=bm, BLOCK_N=bn, num_warps=w)

        def run_tl2cu():
            tl2cu(ct.ptr(x), ct.ptr(z_c), ct.I32(m), ct.I32(n))

        run_triton()
        run_tl2cu()
        torch.cuda.synchronize()
        ok = torch.equal(z_c, x.T) and torch.equal(z_t, x.T)
        ms_c = do_bench(run_tl2cu, warmup=25, rep=200, return_mode="median")
        ms_t = do_bench(run_triton, warmup=25, rep=200, return_mode="median")
        other = ""
        if (build / (name + "c") / "libkernel.so").exists():  # an experiment's other translation
            alt = ct.Launcher(build, name + "c", "transpose_kernel", [ct.PTR, ct.PTR, ct.I32, ct.I32])
            z_c.fill_(float("nan"))
            alt(ct.ptr(x), ct.ptr(z_c), ct.I32(m), ct.I32(n))
            torch.cuda.synchronize()
            ok = ok and torch.equal(z_c, x.T)
            other = f"{do_bench(lambda: alt(ct.ptr(x), ct.ptr(z_c), ct.I32(m), ct.I32(n)), warmup=25, rep=200, return_mode='median'):12.4f}"
        print(f"{name:<14} {'PASS' if ok else 'FAIL':<6} {ms_c:9.4f} {ms_t:9.4f} {100 * limit_ms / ms_c:7.0f}% {100 * limit_ms / ms_t:7.0f}% {other}")


if __name__ == "__main__":
    main()
