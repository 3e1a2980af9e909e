"""GPU conformance of tl.map_elementwise (tests/golden/map_elementwise.py) against Triton.

Each kernel runs under Triton and through the tl2cu translation (build/gpu/map_elementwise.cu,
made by `make gpu-inputs`) on the same inputs; every output must be equal bit for bit, and
Triton's must equal a torch model of what the kernel means (exactly where the arithmetic is
exact, else within fp32 rounding). Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib


def selu(lib, mod, tally):
    for n, alpha in ((100003, 1.6733), (5, 0.5)):
        g = torch.Generator(device="cuda").manual_seed(n)
        x = torch.randn(n, device="cuda", generator=g) * 3
        x[0] = 0.0

        def make():
            return [x.clone(), torch.full((n,), float("nan"), device="cuda")]

        ref, got, err = gpulib.both(lib, mod, "selu", (n + 1023) // 1024, make, (alpha, n), dict(BLOCK=1024))
        gpulib.check(tally, f"selu n={n}", ref, got, err)
        model = torch.where(x > 0, x, alpha * (torch.exp(x) - 1))
        tally.case(torch.allclose(ref[1], model, rtol=1e-5, atol=1e-6), f"selu n={n}: Triton near torch")


def collatz_model(x, limit):
    steps, done = [], []
    for v in x.tolist():
        s = 0
        while v != 1 and s < limit:
            v = v // 2 if v % 2 == 0 else 3 * v + 1
            s += 1
        steps.append(s)
        done.append(v == 1)
    return torch.tensor(steps, dtype=torch.int32, device="cuda"), torch.tensor(done, device="cuda")


def collatz(lib, mod, tally):
    n, limit = 4 * 512, 100
    x = torch.arange(1, n + 1, device="cuda", dtype=torch.int32)

    def make():
        return [x.clone(), torch.full((n,), -1, device="cuda", dtype=torch.int32),
                torch.zeros(n, device="cuda", dtype=torch.bool)]

    ref, got, err = gpulib.both(lib, mod, "collatz", n // 512, make, (limit,), dict(BLOCK=512))
    steps, done = collatz_model(x, limit)
    gpulib.check(tally, "collatz (a while loop per element, int32 and bool results)", ref, got, err,
                 model=[x, steps, done])


def outer_pick(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(3)
    a = torch.randn(32, device="cuda", generator=g)
    b = torch.randn(64, device="cuda", generator=g)

    def make():
        return [a.clone(), b.clone(), torch.full((32, 64), float("nan"), device="cuda")]

    ref, got, err = gpulib.both(lib, mod, "outer_pick", 1, make, (), dict(M=32, N=64))
    A, B = a[:, None].expand(32, 64), b[None, :].expand(32, 64)
    model = torch.where(A.abs() < B.abs(), A, B - A)
    gpulib.check(tally, "outer_pick (operands broadcast together)", ref, got, err, model=[a, b, model])


def main():
    lib = gpulib.library("map_elementwise")
    mod = gpulib.golden_module("map_elementwise")
    tally = gpulib.Tally()
    for case in (selu, collatz, outer_pick):
        try:
            case(lib, mod, tally)
        except Exception as e:  # (Triton may refuse a construct: reported, not hidden)
            tally.case(False, f"{case.__name__}: {type(e).__name__}: {' / '.join(str(e).splitlines()[-3:]) if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
