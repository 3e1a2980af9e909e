"""GPU conformance of tl.cat (tests/golden/cat.py) against Triton.

Each kernel runs under Triton and through the tl2cu translation (build/gpu/cat.cu, made by
`make gpu-inputs`) on the same inputs; every output must be equal bit for bit, and
Triton's must be the two blocks one after the other, the order tl2cu builds (builtins.c
b_cat). Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib


def main():
    lib = gpulib.library("cat")
    mod = gpulib.golden_module("cat")
    tally = gpulib.Tally()
    g = torch.Generator(device="cuda").manual_seed(1)

    x, y = torch.randn(1024, device="cuda", generator=g), torch.randn(1024, device="cuda", generator=g)
    ref, got, err = gpulib.both(lib, mod, "cat_f32", 1, lambda: [x.clone(), y.clone(), torch.zeros(4097, device="cuda")],
                                (), dict(N=1024, num_warps=8))
    z = torch.cat([x, y * 2])
    gpulib.check(tally, "cat_f32 (and a sum weighted by position)", ref, got, err)
    tally.case(torch.equal(ref[2][:2048], z), "cat_f32: Triton's order is x, then 2y")

    a = torch.randint(-128, 128, (4096,), device="cuda", generator=g, dtype=torch.int8)
    b = torch.randint(-128, 128, (4096,), device="cuda", generator=g, dtype=torch.int8)
    ref, got, err = gpulib.both(lib, mod, "cat_i8", 1,
                                lambda: [a.clone(), b.clone(), torch.zeros(8192, device="cuda", dtype=torch.int8)], (),
                                dict(N=4096, num_warps=8))
    gpulib.check(tally, "cat_i8", ref, got, err, model=[a, b, (torch.cat([a, b]).int() + 1).to(torch.int8)])

    w = torch.randn(3 * 1024, device="cuda", generator=g)
    ref, got, err = gpulib.both(lib, mod, "cat_8warps", 3, lambda: [w.clone(), torch.zeros(6 * 1024, device="cuda")], (),
                                dict(N=1024, num_warps=8))
    model = torch.cat([torch.cat([r, -r]) for r in w.view(3, 1024)])
    gpulib.check(tally, "cat_8warps (3 programs)", ref, got, err, model=[w, model])
    tally.finish()


if __name__ == "__main__":
    main()
