"""Reductions over a dot's result held as mma accumulators (tests/golden/mma_reduce.py)
against Triton and a float64 reference, in two translations: build/gpu/mma_reduce.cu (the
default target: a warpgroup's layout, 4 x 1 warps) and mma_reduce_mma.cu (--target sm_90:
2 x 2 warps, the reductions crossing warps through shared memory).

The dot's fp32 sums may differ from Triton's in order: each element within K 2^-22 (|a| @ |b|)
(docs/NOTES.md 49). A row max must lie that close to the float64 row max; a sum within N times
that plus N 2^-23 sum |c| (its own additions); argmax must pick a column whose value is within
the bound of the column's max; softmax's outputs within 2^-20 + 2^-18 |p| of Triton's.
Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib

M = N = 64
K = 32
ACC = 2.0 ** -22


def inputs(seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    a = torch.randn(M, K, device="cuda", generator=g).half()
    b = torch.randn(K, N, device="cuda", generator=g).half()
    return a, b, a.double() @ b.double(), K * ACC * (a.double().abs() @ b.double().abs())


def within(tally, label, got, want, bound):
    bad = int(((got.double() - want).abs() > bound).sum()) + int((~torch.isfinite(got)).sum())
    tally.case(bad == 0, f"{label}: {bad} of {got.numel()} out of bound")


def rows(lib, mod, tally):
    a, b, c, tol = inputs(1)
    make = lambda: [a.clone(), b.clone(), torch.full((M,), float("nan"), device="cuda"),
                    torch.full((M,), float("nan"), device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "rows", 1, make, (), dict(M=M, N=N, K=K))
    tally.case(err == 0, f"rows: launch {err}")
    within(tally, "rows max against float64", got[2], c.max(1).values, tol.max(1).values)
    within(tally, "rows sum against float64", got[3], c.sum(1), tol.sum(1) + N * 2.0 ** -23 * c.abs().sum(1))
    print(f"  rows max: {int((got[2] == ref[2]).sum())} of {M} equal to Triton's, sum: {int((got[3] == ref[3]).sum())}")


def cols(lib, mod, tally):
    a, b, c, tol = inputs(2)
    make = lambda: [a.clone(), b.clone(), torch.full((N,), float("nan"), device="cuda"),
                    torch.full((N,), -1, device="cuda", dtype=torch.int32)]
    ref, got, err = gpulib.both(lib, mod, "cols", 1, make, (), dict(M=M, N=N, K=K))
    tally.case(err == 0, f"cols: launch {err}")
    within(tally, "cols sum against float64", got[2], c.sum(0), tol.sum(0) + M * 2.0 ** -23 * c.abs().sum(0))
    idx = got[3].long()
    ok = bool(((idx >= 0) & (idx < M)).all())
    picked = c[idx.clamp(0, M - 1), torch.arange(N, device="cuda")]
    ok = ok and bool((picked >= c.max(0).values - 2 * tol.max(0).values).all())
    tally.case(ok, f"cols argmax picks a column's max within the bound ({int((got[3] == ref[3]).sum())} of {N} as Triton's)")


def softmax(lib, mod, tally):
    a, b, c, tol = inputs(3)
    make = lambda: [a.clone(), b.clone(), torch.full((M, N), float("nan"), device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "softmax", 1, make, (), dict(M=M, N=N, K=K))
    tally.case(err == 0, f"softmax: launch {err}")
    p = torch.exp2(c - c.max(1, keepdim=True).values)
    p = p / p.sum(1, keepdim=True)
    # |d p| <= p (ln 2 (|d c_i| + |d max|) + sum's relative error): the dot's bound, twice, and fp32 roundings
    bound = p * (2 * 0.7 * 2 * tol.max(1, keepdim=True).values + 2.0 ** -18) + 2.0 ** -24
    within(tally, "softmax against float64", got[2], p, bound)
    within(tally, "softmax against Triton", got[2], ref[2].double(), 2 * bound)


def main():
    mod = gpulib.golden_module("mma_reduce")
    tally = gpulib.Tally()
    for build in ("mma_reduce", "mma_reduce_mma"):
        if build != "mma_reduce" and not gpulib.translated(build):
            continue
        lib = gpulib.library(build)
        tally.prefix = f"{build}: "
        for case in (rows, cols, softmax):
            try:
                case(lib, mod, tally)
            except Exception as e:  # (reported, not hidden)
                tally.case(False, f"{case.__name__}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
