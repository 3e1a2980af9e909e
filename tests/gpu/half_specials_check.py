"""GPU conformance of fp16/bf16 inf and NaN constants (tests/golden/half_specials.py)
against Triton: every output bit for bit (NaN bits included), and Triton's against a torch
model. Prints one line per case and "N passed, N failed"."""
import torch

import gpulib


def main():
    lib = gpulib.library("half_specials")
    mod = gpulib.golden_module("half_specials")
    tally = gpulib.Tally()
    g = torch.Generator(device="cuda").manual_seed(5)
    for rows, n in ((3, 1000), (2, 1024), (1, 1)):
        x = torch.randn(rows * n, device="cuda", generator=g).to(torch.bfloat16)
        ref, got, err = gpulib.both(lib, mod, "row_max", rows,
                                    lambda: [x.clone(), torch.zeros(rows, device="cuda", dtype=torch.bfloat16)], (n,),
                                    dict(BLOCK=1024))
        gpulib.check(tally, f"row_max bf16 {rows}x{n} (other=-inf)", ref, got, err, model=[x, x.view(rows, n).amax(1)])
    for n in (4096, 3000):
        x = torch.randn(n, device="cuda", generator=g).half()
        ref, got, err = gpulib.both(lib, mod, "where_special", (n + 1023) // 1024,
                                    lambda: [x.clone(), torch.zeros_like(x), torch.zeros_like(x)], (n,), dict(BLOCK=1024))
        model_inf = torch.where(x > 0, x, torch.tensor(float("-inf"), device="cuda").half())
        model_nan = torch.where(x > 0, x, torch.tensor(0x7e00, device="cuda", dtype=torch.int16).view(torch.float16))
        gpulib.check(tally, f"where_special fp16 n={n} (-inf and NaN 0x7e00)", ref, got, err,
                     model=[x, model_inf, model_nan])
    tally.finish()


if __name__ == "__main__":
    main()
