"""Dots whose operands have the accumulator's shape (64 x 64 x 64), against Triton:
tests/golden/scaled_dot.py (a block-scaled GEMM, each K step's dot scaled by a loaded row and
column vector: the scales held as the accumulator's slices, the operands in layouts of their
own) and tests/golden/loaded_scalar_mask.py (a pipelined dot whose row mask compares with a
loaded scalar, recomputed rather than converted). Small integers and powers of two: every sum
is exact, so the outputs must be equal bit for bit. Prints one line per case and
"N passed, N failed".
"""
import torch

import gpulib


def scaled_dot(tally, K, seed):
    lib, mod = gpulib.library("scaled_dot"), gpulib.golden_module("scaled_dot")
    g = torch.Generator(device="cuda").manual_seed(seed)
    M, N, steps = 16 * 64, 64, (K + 63) // 64
    a = torch.randint(-3, 4, (M, K), device="cuda", generator=g).half()
    b = torch.randint(-3, 4, (steps * 64, N), device="cuda", generator=g).half()  # (rows past K masked)
    a_s = 2.0 ** torch.randint(-3, 3, (M, steps), device="cuda", generator=g).float()
    b_s = 2.0 ** torch.randint(-3, 3, (steps, N), device="cuda", generator=g).float()
    make = lambda: [a.clone(), b.clone(), torch.full((M, N), float("nan"), device="cuda"), a_s.clone(), b_s.clone()]
    ref, got, err = gpulib.both(lib, mod, "scaled_dot", 16, make, (K,), dict(BM=64, BN=64, BK=64))
    model = torch.zeros(M, N, device="cuda")
    for k in range(steps):
        lo, hi = 64 * k, min(64 * k + 64, K)
        model += (a[:, lo:hi].float() @ b[lo:hi].float()) * a_s[:, k:k + 1] * b_s[k][None, :]
    gpulib.check(tally, f"scaled_dot K={K}", ref[2:3], got[2:3], err, [model])


def loaded_scalar_mask(tally, sizes, seed):
    lib, mod = gpulib.library("loaded_scalar_mask"), gpulib.golden_module("loaded_scalar_mask")
    g = torch.Generator(device="cuda").manual_seed(seed)
    x = torch.randint(-3, 4, (64, 256), device="cuda", generator=g).half()
    w = torch.randint(-3, 4, (256, 64), device="cuda", generator=g).half()
    s = torch.tensor(sizes, device="cuda", dtype=torch.int32)
    make = lambda: [x.clone(), w.clone(), torch.full((64, 64), float("nan"), device="cuda"), s.clone()]
    ref, got, err = gpulib.both(lib, mod, "loaded_scalar_mask", 4, make, (), dict(K=256, BM=64, BN=64, BK=64))
    gpulib.check(tally, f"loaded_scalar_mask sizes={sizes}", ref[2:3], got[2:3], err)


def main():
    tally = gpulib.Tally()
    for run in (lambda: scaled_dot(tally, 256, 1), lambda: scaled_dot(tally, 208, 2), lambda: scaled_dot(tally, 64, 3),
                lambda: loaded_scalar_mask(tally, [64, 17, 0, 40], 4), lambda: loaded_scalar_mask(tally, [1, 2, 3, 5], 5)):
        try:
            run()
        except Exception as e:  # (reported, not hidden)
            tally.case(False, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
