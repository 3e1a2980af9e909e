"""GPU check of tests/golden/wide_transpose.py against Triton: [128, 128] fp32 and fp64 tiles
whose conversion needs 66,048 and 132,096 bytes of shared memory (dynamic, over the 48 KB of
a static array),
at sizes that launch the plain variant (odd rows, runs of one element, the load converted
because its tile has 128 rows, its masked accesses predicated) and the aligned one. Output poisoned with NaN; must equal
x.T and Triton's bit for bit. A launch without the raised limit fails (err != 0).
Prints one line per case and "N passed, N failed".
"""
import torch
import triton

import gpulib


def transpose(lib, mod, tally, kernel, dtype, m, n):
    x = torch.randn(m, n, device="cuda", dtype=dtype)

    def make():
        return [x.clone(), torch.full((n, m), float("nan"), device="cuda", dtype=dtype)]

    grid = triton.cdiv(m, 128) * triton.cdiv(n, 128)
    ref, got, err = gpulib.both(lib, mod, kernel, grid, make, (m, n),
                                dict(BLOCK_M=128, BLOCK_N=128, num_warps=8))
    gpulib.check(tally, f"{kernel} {m}x{n}", ref, got, err, model=[x, x.T.contiguous()])


def main():
    lib = gpulib.library("wide_transpose")
    mod = gpulib.golden_module("wide_transpose")
    tally = gpulib.Tally()
    for kernel, dtype in [("transpose_wide", torch.float32), ("transpose_wide64", torch.float64)]:
        for m, n in [(1000, 777), (4099, 8193), (1024, 2048), (128, 128), (5, 300)]:
            try:
                transpose(lib, mod, tally, kernel, dtype, m, n)
            except Exception as e:  # (Triton may refuse a construct: reported, not hidden)
                tally.case(False, f"{kernel} {m}x{n}: {type(e).__name__}: {e}")
    tally.finish()


if __name__ == "__main__":
    main()
