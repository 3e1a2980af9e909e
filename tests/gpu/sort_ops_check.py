"""GPU conformance of tl.sort, tl.topk and tl.bitonic_merge (tests/golden/sort_ops.py)
against Triton.

Each kernel runs under Triton and through tl2cu (build/gpu/sort_ops.cu, from `make
gpu-inputs`) on the same inputs; every output must equal Triton's bit for bit. Float
inputs hold NaNs of several payloads and signs, -0.0, +0.0, infinities, denormals and
repeated values, where Triton's network (a pair that compares false both ways is copied,
not swapped) differs from a true sort. A second line per case compares Triton with a
model written from standard.py's sort_impl (the block as a hypercube: compare-and-swap
along each bit of the flat index, tl.max along bit log2(k) for topk): if a case fails, it
tells a wrong model from a wrong translation. Prints one line per case, then
"N passed, N failed".
"""
import torch

import gpulib

F32, F16, BF16 = torch.float32, torch.float16, torch.bfloat16
I8, U8, I32, I64, BOOL = torch.int8, torch.uint8, torch.int32, torch.int64, torch.bool

bits = gpulib.bits


check = gpulib.check


def log2(n):
    return n.bit_length() - 1


def model(x, n, k=None, descending=False, merge=False):
    """standard.py sort_impl (Triton 3.6) on the rows of n of x, flattened: returns them flat."""
    v = x.flatten().clone()
    log_n = log2(n)
    log_k = log_n if k is None else log2(k)

    def merge_h(v, stage, order):
        idx = torch.arange(v.numel(), device=v.device)
        flip = (idx >> stage) & 1 if order == 2 else torch.full_like(idx, int(order))
        for i in range(stage - 1, -1, -1):
            y = v[idx ^ (1 << i)]
            right = (idx >> i) & 1
            v = torch.where((v > y) != (flip ^ right).bool(), y, v)
        return v

    if merge:
        return merge_h(v, log_n, descending)
    if log_k < log_n:  # tl.max widens
        if v.dtype in (F16, BF16):
            v = v.float()
        elif v.element_size() < 4 or v.dtype == BOOL:
            v = v.to(I32)
    for i in range(1, log_k + 1):
        v = merge_h(v, i, 2 if i < log_n else descending)
    for i in range(log_k + 1, log_n + 1):
        pairs = v.view(-1, 2, 1 << log_k)
        v = (torch.fmax if v.is_floating_point() else torch.maximum)(pairs[:, 0], pairs[:, 1]).flatten()
        v = merge_h(v, log_k, 2 if i < log_n else descending)
    return v


def floats(g, size, dtype=F32):
    """Random values with NaNs (three payloads), zeros of both signs, infinities, denormals, repeats."""
    x = torch.randn(size, generator=g) * 4
    x = torch.where(torch.rand(size, generator=g) < 0.2, x.round(), x)  # repeats
    special = torch.tensor([0.0, -0.0, float("inf"), -float("inf"), 1e-40, -1e-40, 1.0, -1.0])
    pick = torch.randint(0, len(special), (size,), generator=g)
    x = torch.where(torch.rand(size, generator=g) < 0.25, special[pick], x).to(dtype)
    nan_bits = {F32: [0x7FC00000, 0x7FC00001, -0x400000], F16: [0x7E00, 0x7E01, -0x200],
                BF16: [0x7FC0, 0x7FC1, -0x40]}[dtype]
    b = bits(x)
    for nb in nan_bits:
        b[torch.rand(size, generator=g) < 0.03] = nb
    return x.cuda()


def ints(g, size, dtype):
    lo, hi = {I8: (-128, 128), U8: (0, 256), I64: (-2 ** 63, 2 ** 63 - 1), I32: (-2 ** 31, 2 ** 31 - 1)}[dtype]
    x = torch.randint(lo, hi, (size,), generator=g, dtype=I64 if dtype != U8 else torch.int16)
    x[torch.rand(size, generator=g) < 0.2] = 0  # repeats
    return x.to(dtype).cuda()


def both(lib, mod, name, make, scalars=()):  # one program
    return gpulib.both(lib, mod, name, 1, make, scalars)


def main():
    lib = gpulib.library("sort_ops")
    mod = gpulib.golden_module("sort_ops")
    tally = gpulib.Tally()
    g = torch.Generator().manual_seed(0)
    cuda = dict(device="cuda")

    for trial in range(3):
        x = floats(g, 256)
        ref, got, err = both(lib, mod, "sort_1d", lambda: [x, torch.zeros(256, **cuda), torch.zeros(256, **cuda)])
        check(tally, f"sort_1d #{trial}", ref[1:], got[1:], err, [model(x, 256), model(x, 256, descending=True)])

    for m in (16, 11):
        x = floats(g, 1024)
        ref, got, err = both(lib, mod, "sort_2d", lambda: [x, torch.zeros(2048, **cuda)], (m,))
        xm = torch.where((torch.arange(16, **cuda) < m)[:, None], x.view(16, 64), float("nan"))
        check(tally, f"sort_2d m={m}", ref[1:], got[1:], err, [torch.cat([model(xm, 64), model(xm, 64, descending=True)])])

    x = floats(g, 4096)
    ref, got, err = both(lib, mod, "sort_big", lambda: [x, torch.zeros(4096, **cuda)])
    check(tally, "sort_big [4, 1024] descending", ref[1:], got[1:], err, [model(x, 1024, descending=True)])

    a, b, c = ints(g, 256, I8), ints(g, 128, U8), ints(g, 64, I64)
    d = (torch.rand(64, generator=g) < 0.5).cuda()
    ref, got, err = both(lib, mod, "sort_ints", lambda: [a, b, c, torch.zeros_like(a), torch.zeros_like(b),
                                                          torch.zeros_like(c), d, torch.zeros_like(d)])
    check(tally, "sort_ints int8 uint8 int64 bool", ref[3:6] + ref[7:], got[3:6] + got[7:], err,
          [model(a, 32), model(b, 128, descending=True), model(c, 16), model(d, 64)])

    h, bf = floats(g, 256, F16), floats(g, 256, BF16)
    ref, got, err = both(lib, mod, "sort_halves", lambda: [h, bf, torch.zeros_like(h), torch.zeros_like(bf)])
    check(tally, "sort_halves fp16 bf16", ref[2:], got[2:], err, [model(h, 64), model(bf, 64, descending=True)])

    for trial in range(2):
        x, hh, i8 = floats(g, 512), floats(g, 512, F16), ints(g, 512, I8)
        make = lambda: [x, hh, i8, torch.zeros(64, **cuda), torch.zeros(64, **cuda), torch.zeros(32, dtype=I32, **cuda),
                        torch.zeros(1560, **cuda)]
        ref, got, err = both(lib, mod, "topk_ops", make)
        misc = torch.cat([model(x, 64, 64, True), model(x, 64, 1, True), model(x[:32], 32, 16, True),
                          model(x, 64, merge=True), model(x, 64, descending=True, merge=True)])
        check(tally, f"topk_ops #{trial}", ref[3:], got[3:], err,
              [model(x, 64, 8, True), model(hh, 64, 8, True), model(i8, 64, 4, True), misc])

    for n in (128, 100):
        x = (torch.randn(512, generator=g) * 3).round(decimals=1).cuda()
        ref, got, err = both(lib, mod, "sort_compute", lambda: [x, torch.zeros(256, **cuda), torch.zeros(16, **cuda)], (n,))
        check(tally, f"sort_compute n={n}", ref[1:], got[1:], err)

    x = ints(g, 16, I32)
    ref, got, err = both(lib, mod, "sort_small", lambda: [x, torch.zeros(529, dtype=I32, **cuda)])
    s = model(x, 16)
    want = torch.cat([s, (s[:, None] * 32 + torch.arange(32, dtype=I32, **cuda)).flatten(), x[:1]])
    check(tally, "sort_small 16 over 128 threads", ref[1:], got[1:], err, [want])
    tally.finish()


if __name__ == "__main__":
    main()
