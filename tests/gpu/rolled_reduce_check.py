"""GPU conformance of reductions emitted as loops over many output positions per thread
(tests/golden/rolled_reduce.py) against Triton: every output bit for bit, and Triton's
exact results (max, argmax) against torch. Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib


def main():
    lib = gpulib.library("rolled_reduce")
    mod = gpulib.golden_module("rolled_reduce")
    tally = gpulib.Tally()
    g = torch.Generator(device="cuda").manual_seed(11)

    q, k = torch.randn(256, device="cuda", generator=g), torch.randn(256, device="cuda", generator=g)
    ref, got, err = gpulib.both(lib, mod, "row_softmax_sums", 1, lambda: [q.clone(), k.clone(), torch.zeros(256, device="cuda")])
    gpulib.check(tally, "row_softmax_sums [256, 256]", ref, got, err)

    x = torch.randn(256, 128, device="cuda", generator=g)
    ref, got, err = gpulib.both(lib, mod, "column_max", 1, lambda: [x.clone(), torch.zeros(128, device="cuda")])
    gpulib.check(tally, "column_max [256, 128]", ref, got, err, model=[x, x.max(0).values])

    x = torch.randint(0, 9, (128, 128), device="cuda", generator=g).float()  # ties: the first index wins
    ref, got, err = gpulib.both(lib, mod, "row_argmax", 1,
                                lambda: [x.clone(), torch.zeros(128, device="cuda", dtype=torch.int32)])
    at = torch.arange(128, device="cuda").expand(128, 128)
    first = torch.where(x == x.max(1).values[:, None], at, 128).min(1).values.int()
    gpulib.check(tally, "row_argmax [128, 128]", ref, got, err, model=[x, first])

    x = torch.randn(128, 256, device="cuda", generator=g) * 2 + 3
    ref, got, err = gpulib.both(lib, mod, "row_welford", 1,
                                lambda: [x.clone(), torch.zeros(128, device="cuda"), torch.zeros(128, device="cuda")])
    gpulib.check(tally, "row_welford [128, 256]", ref, got, err)
    tally.finish()


if __name__ == "__main__":
    main()
