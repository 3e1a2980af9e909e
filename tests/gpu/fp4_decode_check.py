"""tests/golden/fp4_decode.py through tl2cu against a float64 model of the decode: the fuzz's
real-code kernels k4583, k4705, k4706 and k4710 differ from Triton there (docs/NOTES.md 80:
Triton 3.6 gets values of the decode 0 though its TTIR is right). Triton's count is printed,
not judged. Prints one line per case and "N passed, N failed"."""
import ctypes

import torch

import gpulib


def main():
    mod, lib = gpulib.golden_module("fp4_decode"), gpulib.library("fp4_decode")
    tally = gpulib.Tally()
    lut = torch.tensor([0, 0.5, 1, 1.5, 2, 3, 4, 6], dtype=torch.float32)
    for n in (1000, 512, 37):
        g = torch.Generator().manual_seed(n)
        x = torch.randint(0, 256, (n,), generator=g, dtype=torch.int64).to(torch.uint8).cuda()
        xc = x.cpu().to(torch.int64)
        q = torch.stack([xc & 15, xc >> 4], 1).flatten()
        ref = lut[q & 7] * torch.where(q & 8 > 0, -1.0, 1.0)
        grid = (n + 511) // 512
        for tool in ("tl2cu", "triton"):
            oq = torch.full((grid * 1024,), 0xAA, dtype=torch.uint8, device="cuda")
            of = torch.full((grid * 1024,), float("nan"), dtype=torch.float16, device="cuda")
            err = 0
            if tool == "triton":
                mod.fp4_decode[(grid,)](x, oq, of, n)
                torch.cuda.synchronize()
            else:
                err = gpulib.launch(lib, "fp4_decode", grid, [x, oq, of], (n,))
            qq, ff = oq[:2 * n].cpu().to(torch.int64), of[:2 * n].cpu().float()
            bad_q, bad_f = int((qq != q).sum()), int((ff != ref).sum())
            untouched = bool(torch.isnan(of[2 * n:]).all()) if grid * 1024 > 2 * n else True
            if tool == "tl2cu":
                tally.case(err == 0 and bad_q == 0 and bad_f == 0 and untouched,
                           f"n={n}: tl2cu's nibbles and decoded values equal the model ({bad_q}, {bad_f} differ), err={err}")
            else:
                print(f"  (Triton at n={n}: {bad_q} nibbles and {bad_f} decoded values differ from the model)")
    tally.finish()


if __name__ == "__main__":
    main()
