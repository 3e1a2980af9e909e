"""GPU check of tests/golden/large_scratch.py against Triton: a scan, a sort, a gather, a
histogram, a dot and two scans in turn, each with 64 to 130 KB of shared memory (past the
48 KB of a static array: the kernel's scratch is dynamic and its launch raises the limit).
Inputs are integers (or small integers as floats), so every sum and product is exact
whatever the order: the outputs must equal Triton's, and the model's, bit for bit.
Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib


def ints(shape, lo, hi, dtype):
    return torch.randint(lo, hi, shape, device="cuda").to(dtype)


def poisoned(shape, dtype):
    if dtype.is_floating_point:
        return torch.full(shape, float("nan"), device="cuda", dtype=dtype)
    return torch.full(shape, -7, device="cuda", dtype=dtype)


def cases():
    """name -> (inputs, output shapes and types, the model of the outputs)"""
    x = ints((128, 128), -8, 9, torch.float32)
    s = torch.randn(16384, device="cuda")
    g = torch.randn(128, 128, device="cuda")
    gi = ints((128, 128), 0, 128, torch.int32)
    h = ints((4096,), -100, 16484, torch.int32)  # some outside [0, 16384): binned by their low bits
    a, b = ints((128, 128), -4, 5, torch.float16), ints((128, 128), -4, 5, torch.float16)
    x2, j2 = ints((256, 128), -8, 9, torch.float32), ints((256, 128), -2, 3, torch.int32)
    counts = torch.bincount(h.long() & 16383, minlength=16384).to(torch.int32)  # (gather_ops_check.py's model)
    return {
        "cumsum_rows": ([x], [((128, 128), torch.float32)], [x.cumsum(1)]),
        "sort_long": ([s], [((16384,), torch.float32)], [s.sort(descending=True).values]),
        "gather_rows": ([g, gi], [((128, 128), torch.float32)], [g.gather(1, gi.long())]),
        "histogram_wide": ([h], [((16384,), torch.int32)], [counts]),
        "dot_wide": ([a, b], [((128, 128), torch.float32)], [a.float() @ b.float()]),
        "scan_two": ([x2, j2], [((256, 128), torch.float32), ((256, 128), torch.int32)],
                     [x2.cumsum(0), j2.cumprod(1).to(torch.int32)]),
    }


def main():
    lib = gpulib.library("large_scratch")
    mod = gpulib.golden_module("large_scratch")
    tally = gpulib.Tally()
    for name, (inputs, outputs, model) in cases().items():
        try:
            def make():
                return [t.clone() for t in inputs] + [poisoned(shape, dt) for shape, dt in outputs]
            ref, got, err = gpulib.both(lib, mod, name, 1, make)
            n = len(inputs)
            gpulib.check(tally, name, ref[n:], got[n:], err, model=model)
        except Exception as e:  # (Triton may refuse a construct: reported, not hidden)
            tally.case(False, f"{name}: {type(e).__name__}: {e}")
    tally.finish()


if __name__ == "__main__":
    main()
