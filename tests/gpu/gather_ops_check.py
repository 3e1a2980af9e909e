"""GPU conformance of tl.interleave, tl.gather and tl.histogram (tests/golden/gather_ops.py)
against Triton.

Each kernel runs under Triton and through tl2cu (build/gpu/gather_ops.cu, from `make
gpu-inputs`) on the same random inputs; every output must equal Triton's bit for bit.
A second line per case compares Triton with the model tl2cu implements (torch.gather,
interleaving, and histograms that bin a value by its low log2(max(num_bins, 32)) bits,
as Triton 3.6's HistogramOpToLLVM.cpp reads): if a case fails, it tells a wrong model
from a wrong translation. Indices stay inside the gathered axis (outside, Triton's result
is undefined); histogram inputs do not. Prints one line per case, then
"N passed, N failed".
"""
import torch

import gpulib

I32, I64, I16, U8, F32 = torch.int32, torch.int64, torch.int16, torch.uint8, torch.float32


bits = gpulib.bits


def both(lib, mod, name, make, scalars=(), meta=None):  # one program
    return gpulib.both(lib, mod, name, 1, make, scalars, meta)


check = gpulib.check


def histogram_model(x, bins, mask=None):
    """Triton 3.6's counts: a value's bin is its low log2(max(bins, 32)) bits, counted if < bins."""
    b = x.long() & (max(bins, 32) - 1)
    keep = b < bins
    if mask is not None:
        keep &= mask
    return torch.bincount(b[keep], minlength=bins)[:bins].to(I32)


def check_interleave(tally, lib, mod, g, n):
    a = torch.randint(-2 ** 31, 2 ** 31 - 1, (128,), generator=g, dtype=I32).cuda()
    b = torch.randint(-2 ** 31, 2 ** 31 - 1, (128,), generator=g, dtype=I32).cuda()
    x, y = torch.randn(128, generator=g).cuda(), torch.randn(128, generator=g).cuda()
    make = lambda: [a, b, x, y, torch.full((256,), 7, dtype=I32, device="cuda"), torch.zeros(512, device="cuda"),
                    torch.zeros(2, device="cuda")]
    ref, got, err = both(lib, mod, "interleave_ops", make, (n,))
    keep = torch.arange(128, device="cuda") < n
    ab = torch.stack([torch.where(keep, a, -1), torch.where(keep, b, -2)], 1).flatten()
    ab[2 * n:] = 7
    xm, ym = x.view(8, 16), y.view(8, 16)
    f = torch.cat([torch.stack([xm, ym], 2).flatten(), torch.stack([xm * 2.0, ym[0].expand(8, 16)], 2).flatten()])
    pair = torch.stack([x[3], y[5]])
    check(tally, f"interleave_ops n={n}", ref[4:], got[4:], err, [ab, f, pair])


def check_gather_1d(tally, lib, mod, g, n):
    src = torch.randn(128, generator=g).cuda()
    idx = torch.randint(0, 128, (128,), generator=g, dtype=I32).cuda()
    make = lambda: [src, idx, torch.zeros(128, device="cuda"), torch.zeros(512, device="cuda")]
    ref, got, err = both(lib, mod, "gather_1d", make, (n,))
    keep = torch.arange(128, device="cuda") < n
    s, i = torch.where(keep, src, 0.0), torch.where(keep, idx, 0).long()
    out = torch.where(keep, s[i], 0.0)
    wide = s[(torch.arange(512, device="cuda") * 37) % 128]
    check(tally, f"gather_1d n={n}", ref[2:], got[2:], err, [out, wide])


def check_gather_2d(tally, lib, mod, g, m):
    src = torch.randn(16 * 32, generator=g).cuda()
    idx0 = torch.randint(0, 16, (8 * 32,), generator=g, dtype=I64).cuda()
    idx1 = torch.randint(0, 32, (16 * 64,), generator=g, dtype=I32).to(U8).cuda()
    make = lambda: [src, idx0, idx1, torch.zeros(8 * 32, device="cuda"), torch.zeros(16 * 64, device="cuda")]
    ref, got, err = both(lib, mod, "gather_2d", make, (m,))
    rows = (torch.arange(16, device="cuda") < m)[:, None]
    s = torch.where(rows, src.view(16, 32), -1.0)
    out0 = torch.gather(s, 0, idx0.view(8, 32)).flatten()
    i1 = torch.where(rows, idx1.view(16, 64).long(), 0)
    out1 = torch.where(rows, torch.gather(s, 1, i1), 0.0).flatten()
    check(tally, f"gather_2d m={m}", ref[3:], got[3:], err, [out0, out1])


def check_gather_small_types(tally, lib, mod, g):
    h = torch.randint(-30000, 30000, (128,), generator=g, dtype=I16).cuda()
    make = lambda: [h, torch.zeros(128, dtype=I16, device="cuda"), torch.zeros(256, dtype=I16, device="cuda")]
    ref, got, err = both(lib, mod, "gather_small_types", make)
    rev = h.view(4, 32).flip(1)
    wide = (rev[:, :, None] + torch.arange(2, dtype=I16, device="cuda")).flatten()
    check(tally, "gather_small_types: int16 rows reversed through int8 indices", ref[1:], got[1:], err,
          [rev.flatten(), wide])


def histogram_input(g, size, lo, hi):
    """Random values in [lo, hi), and at the front the edges where low bits wrap."""
    x = torch.randint(lo, hi, (size,), generator=g, dtype=I32)
    edges = torch.tensor([-2 ** 31, 2 ** 31 - 1, 1 << 20, -(1 << 20) + 3, 0, 1, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65,
                          255, 256, 257, -1, -8, -31, -32, -33, -64, -65, -256, 3, 3, 3], dtype=I32)
    x[: len(edges)] = edges
    return x[torch.randperm(size, generator=g)].cuda()


def check_histogram_ops(tally, lib, mod, g, n):
    x = histogram_input(g, 512, -200, 200)
    make = lambda: [x, torch.full((400,), -1, dtype=I32, device="cuda")]
    ref, got, err = both(lib, mod, "histogram_ops", make, (n,))
    keep = torch.arange(512, device="cuda") < n
    xl = torch.where(keep, x, 0)
    want = torch.full((400,), -1, dtype=I32, device="cuda")
    want[:64] = histogram_model(xl, 64)
    want[64:72] = histogram_model(xl, 8, keep)
    want[72:328] = histogram_model(xl, 256, keep)
    want[328:360] = histogram_model(xl, 32, xl > -50)
    want[360:361] = histogram_model(xl, 1, keep)
    want[361:377] = histogram_model(xl, 16, torch.full_like(keep, n > 300))
    check(tally, f"histogram_ops n={n}", ref[1:], got[1:], err, [want])


def check_histogram_small(tally, lib, mod, g):
    x = torch.randint(-20, 40, (16,), generator=g, dtype=I32)
    x[:3] = 3
    x = x.cuda()
    make = lambda: [x, torch.full((1104,), -1, dtype=I32, device="cuda")]
    ref, got, err = both(lib, mod, "histogram_small", make)
    want = torch.cat([histogram_model(x, 16), (x[:, None] + torch.arange(64, dtype=I32, device="cuda")).flatten(),
                      histogram_model(x, 64, x != 3)])
    check(tally, "histogram_small: 16 values over 128 threads, also held broadcast", ref[1:], got[1:], err, [want])


def check_histogram_loop(tally, lib, mod, g, n):
    x = histogram_input(g, 4096, -300, 300)
    make = lambda: [x, torch.full((128,), -1, dtype=I32, device="cuda")]
    ref, got, err = both(lib, mod, "histogram_loop", make, (n,), {"NUM_BINS": 128})
    check(tally, f"histogram_loop n={n}", ref[1:], got[1:], err, [histogram_model(x[:n], 128)])


def main():
    lib = gpulib.library("gather_ops")
    mod = gpulib.golden_module("gather_ops")
    tally = gpulib.Tally()
    g = torch.Generator().manual_seed(0)
    for n in (128, 77):
        check_interleave(tally, lib, mod, g, n)
    for n in (128, 100):
        check_gather_1d(tally, lib, mod, g, n)
    for m in (16, 11):
        check_gather_2d(tally, lib, mod, g, m)
    check_gather_small_types(tally, lib, mod, g)
    for n in (512, 301, 300, 0):
        check_histogram_ops(tally, lib, mod, g, n)
    check_histogram_small(tally, lib, mod, g)
    for n in (4096, 1000, 77, 0):
        check_histogram_loop(tally, lib, mod, g, n)
    tally.finish()


if __name__ == "__main__":
    main()
