"""GPU check of tests/golden/wide_transpose.py against Triton: [128, 128] fp32 tiles whose
conversion needs 66,048 bytes of shared memory (dynamic, over the 48 KB of a static array),
at sizes that launch the plain variant (odd rows, runs of one element, the load converted
because its tile has 128 rows) and the aligned one. Output poisoned with NaN; must equal
x.T and Triton's bit for bit. A launch without the raised limit fails (err != 0).
Prints one line per case and "N passed, N failed".
"""
import torch
import triton

import gpulib


def transpose(lib, mod, tally, m, n):
    x = torch.randn(m, n, device="cuda")

    def make():
        return [x.clone(), torch.full((n, m), float("nan"), device="cuda")]

    grid = triton.cdiv(m, 128) * triton.cdiv(n, 128)
    ref, got, err = gpulib.both(lib, mod, "transpose_wide", grid, make, (m, n),
                                dict(BLOCK_M=128, BLOCK_N=128, num_warps=8))
    gpulib.check(tally, f"transpose_wide {m}x{n}", ref, got, err, model=[x, x.T.contiguous()])


def main():
    lib = gpulib.library("wide_transpose")
    mod = gpulib.golden_module("wide_transpose")
    tally = gpulib.Tally()
    for m, n in [(1000, 777), (4099, 8193), (1024, 2048), (128, 128), (5, 300)]:
        try:
            transpose(lib, mod, tally, m, n)
        except Exception as e:  # (Triton may refuse a construct: reported, not hidden)
            tally.case(False, f"transpose_wide {m}x{n}: {type(e).__name__}: {e}")
    tally.finish()


if __name__ == "__main__":
    main()
