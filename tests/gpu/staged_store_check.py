"""GPU check of tests/golden/staged_store_indices.py against Triton: an mma tile stored in
16-byte runs through shared memory, its address and mask recomputed at those runs' elements.
Each kernel at sizes whose launch takes the aligned variant (M, N multiples of 16) and the
plain one; every output within the fp32 bound of another summation order of Triton's
(docs/NOTES.md 49) and of a float64 reference, and the elements outside M x N untouched.
Prints one line per case and "N passed, N failed"."""
import torch

import gpulib

ACC = 2.0 ** -22


def main():
    mod, lib = gpulib.golden_module("staged_store_indices"), gpulib.library("staged_store_indices")
    tally = gpulib.Tally()
    for name, post in (("named", lambda a: torch.where(a > 0, a, a * 0.5)), ("inline_address", lambda a: a),
                       ("before", lambda a: a * 2.0)):
        for M, N in ((64, 64), (128, 96), (64, 80), (40, 64), (33, 57)):
            g = torch.Generator(device="cuda").manual_seed(M * 1000 + N)
            x0 = torch.randn(M, N, device="cuda", generator=g).half()
            x1 = torch.randn(N, N, device="cuda", generator=g).half()
            grid = ((M + 31) // 32, (N + 31) // 32)
            outs = []
            for run in ("triton", "tl2cu"):
                o = torch.full((M + 1, N), float("nan"), device="cuda")  # (a row past the end: untouched)
                if run == "triton":
                    getattr(mod, name)[grid](x0, x1, o, M, N)
                    torch.cuda.synchronize()
                    err = 0
                else:
                    err = gpulib.launch(lib, name, grid, [x0, x1, o], (M, N))
                outs.append((o, err))
            (ref, _), (got, err) = outs
            model = post(x0.double() @ x1.double())
            bound = N * ACC * (x0.double().abs() @ x1.double().abs()) * 2 + 1e-30
            for label, o in (("tl2cu vs Triton", got), ("Triton vs float64", ref)):
                want = model if label.startswith("Triton vs") else ref[:M].double()
                bad = int(((o[:M].double() - want).abs() > bound).sum()) + int((~torch.isfinite(o[:M])).sum())
                tally.case(bad == 0 and err == 0, f"{name} M={M} N={N} {label}: {bad} elements out of bound, err={err}")
            tally.case(bool(torch.isnan(got[M]).all()), f"{name} M={M} N={N}: the row past M untouched")
    tally.finish()


if __name__ == "__main__":
    main()
