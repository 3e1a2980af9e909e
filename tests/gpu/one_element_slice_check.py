"""tests/golden/one_element_slice.py against Triton and a torch model, in two translations:
build/gpu/one_element_slice.cu (the default target: wgmma's layout) and
one_element_slice_mma.cu (--target sm_90: mma.sync). A block of one element (a chunk's row
index) is read in the accumulators' layout, holding a pair of copies (layout.c slice_values).
Small integers and powers of two: every sum exact, so the outputs must be equal bit for bit.
Some chunks' rows lie past n_rows (masked: other=1.0). Prints one line per case and
"N passed, N failed".
"""
import torch

import gpulib

M, K, N = 64, 32, 128


def case(lib, mod, tally, n_chunks, n_rows, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    a = torch.randint(-2, 3, (n_chunks, M, K), device="cuda", generator=g).half()
    b = torch.randint(-2, 3, (n_chunks, K, N), device="cuda", generator=g).half()
    r = 2.0 ** torch.randint(-2, 3, (max(n_rows, 1), N), device="cuda", generator=g).float()
    make = lambda: [a.clone(), b.clone(), r.clone(), torch.full((M, N), float("nan"), device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "anchored_tiles", 1, make, (n_chunks, n_rows), dict(M=M, K=K, N=N))
    rows = torch.ones(n_chunks, N, device="cuda")
    rows[:min(n_chunks, n_rows)] = r[:min(n_chunks, n_rows)]
    model = sum((a[c].float() @ b[c].float()) * rows[c][None, :] for c in range(n_chunks))
    gpulib.check(tally, f"anchored_tiles n_chunks={n_chunks} n_rows={n_rows}", ref, got, err,
                 [a, b, r, model])


def main():
    mod = gpulib.golden_module("one_element_slice")
    tally = gpulib.Tally()
    for build in ("one_element_slice", "one_element_slice_mma"):
        lib = gpulib.library(build)
        tally.prefix = f"{build}: "
        for n_chunks, n_rows, seed in ((1, 1, 1), (3, 3, 2), (4, 2, 3)):
            try:
                case(lib, mod, tally, n_chunks, n_rows, seed)
            except Exception as e:  # (reported, not hidden)
                tally.case(False, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
