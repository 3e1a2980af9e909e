"""GPU conformance of tl.reduce / tl.associative_scan over tuples (tests/golden/tuple_reduce.py)
against Triton.

Each kernel runs under Triton and through the tl2cu translation (build/gpu/tuple_reduce.cu,
made by `make gpu-inputs`) on the same inputs; every output must be equal bit for bit, and
where the result is exact (integers, max, argmin/argmax, counts) Triton's must also equal a
torch/numpy model of what the kernel means. Prints one line per case and "N passed, N failed".
"""
import numpy as np
import torch

import gpulib


def welford(lib, mod, tally):
    for n_rows, n_cols in ((4099, 1024), (37, 1000), (5, 3), (1, 1)):
        g = torch.Generator(device="cuda").manual_seed(n_rows * 7 + n_cols)
        x = torch.randn(n_rows, n_cols, device="cuda", generator=g) * 3 + 1

        def make():
            return [x.clone(), torch.full((n_rows,), float("nan"), device="cuda"),
                    torch.full((n_rows,), float("nan"), device="cuda")]

        ref, got, err = gpulib.both(lib, mod, "welford_rows", (n_rows + 3) // 4, make, (n_rows, n_cols),
                                    dict(ROWS=4, COLS=1024))
        gpulib.check(tally, f"welford_rows {n_rows}x{n_cols}", ref, got, err)
        close = torch.allclose(ref[1], x.mean(1), rtol=1e-4, atol=1e-4) and torch.allclose(
            ref[2], x.var(1, unbiased=False), rtol=1e-3, atol=1e-4)
        tally.case(close, f"welford_rows {n_rows}x{n_cols}: Triton's mean and variance near torch's")


def argmin_ties(lib, mod, tally):
    rows = 64
    for n in (2048, 2000, 1):
        g = torch.Generator(device="cuda").manual_seed(n)
        x = torch.randint(-3, 3, (rows, n), device="cuda", generator=g, dtype=torch.int32)

        def make():
            return [x.clone(), torch.full((rows,), -7, device="cuda", dtype=torch.int32),
                    torch.full((rows,), -7, device="cuda", dtype=torch.int32)]

        ref, got, err = gpulib.both(lib, mod, "argmin_ties", rows, make, (n,), dict(BLOCK=2048))
        smallest = x.min(1).values
        at = torch.arange(n, device="cuda", dtype=torch.int32).expand(rows, n)
        first = torch.where(x == smallest[:, None], at, n).min(1).values
        gpulib.check(tally, f"argmin_ties n={n}", ref, got, err, model=[x, smallest, first])


def max_and_count(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(3)
    x = (torch.randn(64, 32, device="cuda", generator=g) * 4).half()
    x[5, 3] = float("nan")  # tl.maximum drops a NaN (propagate_nan=NONE: maxnum), as torch.fmax

    def make():
        return [x.clone(), torch.zeros(32, device="cuda", dtype=torch.float16),
                torch.full((32,), -1, device="cuda", dtype=torch.int64)]

    ref, got, err = gpulib.both(lib, mod, "max_and_count", 1, make, (), dict(ROWS=64, COLS=32))
    gpulib.check(tally, "max_and_count fp16/int64 keep_dims", ref, got, err,
                 model=[x, torch.where(x.isnan(), float("-inf"), x).max(0).values, (x > 0).sum(0)])


def sum_and_xor_all(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(4)
    x = torch.randint(-2**31, 2**31 - 1, (16, 64), device="cuda", generator=g, dtype=torch.int32)

    def make():
        return [x.clone(), torch.zeros(2, device="cuda", dtype=torch.int32)]

    ref, got, err = gpulib.both(lib, mod, "sum_and_xor_all", 1, make, (), dict(ROWS=16, COLS=64))
    v = x.cpu().numpy().astype(np.int64)
    total = np.int64(v.sum()).astype(np.int64)
    wrapped = ((int(total) + 2**31) % 2**32) - 2**31
    tripled = (v * 3 + 2**31) % 2**32 - 2**31
    mixed = int(np.bitwise_xor.reduce(tripled.flatten()))
    model = [x, torch.tensor([wrapped, mixed], dtype=torch.int32, device="cuda")]
    gpulib.check(tally, "sum_and_xor_all axis=None int32 (wrapping)", ref, got, err, model=model)


def relaid_inputs(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(5)
    x = torch.randn(64, device="cuda", generator=g)

    def make():
        return [x.clone(), torch.zeros(2, device="cuda"), torch.zeros(64, 64, device="cuda")]

    ref, got, err = gpulib.both(lib, mod, "relaid_inputs", 1, make, (), dict(BLOCK=64))
    gpulib.check(tally, "relaid_inputs (a block also used in a larger one)", ref, got, err)
    y = x * 2 + 1
    tally.case(ref[1][1].item() == x.max().item(), f"relaid_inputs: Triton's max of x {ref[1][1].item()} is torch's {x.max().item()}")
    grid = y[:, None] - x[None, :]
    tally.case(torch.equal(ref[2], grid), "relaid_inputs: Triton's grid is torch's" + gpulib.differences([grid], [ref[2]]))


def segmented(x, start, reverse):
    out = np.zeros_like(x)
    for r in range(x.shape[0]):
        cols = range(x.shape[1] - 1, -1, -1) if reverse else range(x.shape[1])
        acc = 0
        for i, c in enumerate(cols):
            acc = int(x[r, c]) if i == 0 or start[r, c] else acc + int(x[r, c])
            out[r, c] = acc
    return out


def segmented_sums(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(6)
    x = torch.randint(-1000, 1000, (8, 128), device="cuda", generator=g, dtype=torch.int32)
    start = (torch.rand(8, 128, device="cuda", generator=g) < 0.1).to(torch.int8)

    def make():
        return [x.clone(), start.clone(), torch.zeros(2, 8, 128, device="cuda", dtype=torch.int32),
                torch.full((8, 128), 7, device="cuda", dtype=torch.int8)]

    ref, got, err = gpulib.both(lib, mod, "segmented_sums", 1, make, (), dict(ROWS=8, COLS=128))
    xs, ss = x.cpu().numpy(), start.cpu().numpy()
    sums = np.stack([segmented(xs, ss, False), segmented(xs, ss, True)])
    started = (np.maximum.accumulate(ss, axis=1) != 0).astype(np.int8)
    model = [x, start, torch.from_numpy(sums).cuda(), torch.from_numpy(started).cuda()]
    gpulib.check(tally, "segmented_sums int32/int8 scans (forward and reversed)", ref, got, err, model=model)


def running_argmax(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(7)
    x = torch.randperm(512, device="cuda", generator=g).float() - 256

    def make():
        return [x.clone(), torch.zeros(512, device="cuda"), torch.full((512,), -1, device="cuda", dtype=torch.int32)]

    ref, got, err = gpulib.both(lib, mod, "running_argmax", 1, make, (), dict(BLOCK=512))
    values, indices = torch.cummax(x, 0)
    gpulib.check(tally, "running_argmax scan fp32/int32", ref, got, err, model=[x, values, indices.int()])


def main():
    lib = gpulib.library("tuple_reduce")
    mod = gpulib.golden_module("tuple_reduce")
    tally = gpulib.Tally()
    for case in (welford, argmin_ties, max_and_count, sum_and_xor_all, relaid_inputs, segmented_sums, running_argmax):
        case(lib, mod, tally)
    tally.finish()


if __name__ == "__main__":
    main()
