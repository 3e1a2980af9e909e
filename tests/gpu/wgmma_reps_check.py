"""GPU conformance of dots whose warps hold several 16-row tiles (tests/golden/wgmma_reps.py
on 4 warps, wgmma_reps8.py on 8: M = 16 x num_warps x 2) on warpgroup MMA, against Triton.

Each element within K * 2^-22 * (|a| @ |b|) of Triton's (fp8: per 32-step 2^-12, as
dot_check's FP8; fp16 accumulators: 2^-10 of the scale), and a line saying whether the
result is Triton's bit for bit (the same wgmma steps in the same k order: expected, not
required). Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib

ACC = 2.0 ** -22
FP8 = 2.0 ** -12


def close(tally, label, got, ref, bound):
    err = (got.double() - ref.double()).abs()
    bad = int((err > bound).sum()) + int((~torch.isfinite(got)).sum())
    same = torch.equal(gpulib.bits(got), gpulib.bits(ref))
    tally.case(bad == 0, f"{label}: {bad} elements out of bound; bit for bit: {same}")


def case(tally, lib, mod, name, dtype, BM, BN, BK, K=None, out=torch.float32, warps=4, tol=ACC):
    g = torch.Generator(device="cuda").manual_seed(BM + BN + (K or BK))
    k = K or BK
    a32 = torch.randn(BM, k, device="cuda", generator=g)
    b32 = torch.randn(k, BN, device="cuda", generator=g)
    a, b = a32.to(dtype), b32.to(dtype)

    def make():
        return [a.clone(), b.clone(), torch.full((BM, BN), float("nan"), device="cuda", dtype=out)]

    scalars = (K,) if K else ()
    ref, got, err = gpulib.both(lib, mod, name, 1, make, scalars, dict(BM=BM, BN=BN, BK=BK, num_warps=warps))
    s = a.double().abs() @ b.double().abs()
    if name == "mm_single":
        s = 2 * s
    bound = (tol * (k // 32) if tol == FP8 else tol * k) * s + 1e-30
    close(tally, f"{name} {BM}x{BN}x{BK} K={k} warps={warps} err={err}", got[2], ref[2], bound)


def main():
    tally = gpulib.Tally()
    lib, mod = gpulib.library("wgmma_reps"), gpulib.golden_module("wgmma_reps")
    for K in (32, 96, 250):
        case(tally, lib, mod, "mm_loop", torch.float16, 128, 128, 32, K=K)
    case(tally, lib, mod, "mm_single", torch.bfloat16, 128, 64, 64)
    for K in (64, 192):
        case(tally, lib, mod, "mm_fp8", torch.float8_e4m3fn, 128, 64, 64, K=K, tol=FP8)
    case(tally, lib, mod, "mm_f16acc", torch.float16, 128, 64, 32, out=torch.float16, tol=2.0 ** -10)
    lib8, mod8 = gpulib.library("wgmma_reps8"), gpulib.golden_module("wgmma_reps8")
    for K in (32, 160):
        case(tally, lib8, mod8, "mm8", torch.float16, 256, 64, 32, K=K, warps=8)
    tally.finish()


if __name__ == "__main__":
    main()
