"""GPU conformance of fp8 storage (tests/golden/fp8_ops.py) against Triton.

Each kernel runs under Triton and through tl2cu (build/gpu/fp8_ops.cu, from `make
gpu-inputs`) on the same inputs; every output must equal Triton's bit for bit. Inputs:
all 256 bytes of each fp8 format; fp32 values at and around every fp8 value and every
midpoint between neighbours (ties), subnormals, overflow, +-inf, NaNs, and random bit
patterns; every fp16 and every bf16 bit pattern; random bytes for the bitcasts and the
masked 2-D kernel. Prints one line per case, then "N passed, N failed" (and, as notes,
how Triton's fp8 -> fp32 compares with torch's).
"""
import torch

import gpulib

F32, F16, BF16, U8, I8 = torch.float32, torch.float16, torch.bfloat16, torch.uint8, torch.int8
E4, E5 = torch.float8_e4m3fn, torch.float8_e5m2


def every_byte(dtype):
    return torch.arange(256, dtype=torch.int32).to(U8).view(dtype).cuda()


def interesting_fp32(g):
    """fp32 values that test rounding into both fp8 formats."""
    vals = []
    for fmt in (E4, E5):
        v = torch.arange(256, dtype=torch.int32).to(U8).view(fmt).float()
        v = v[torch.isfinite(v)].unique()  # sorted
        mids = (v[1:].double() + v[:-1].double()) / 2  # ties (exact in fp32)
        mids = mids.float()
        vals += [v, mids, torch.nextafter(mids, torch.full_like(mids, float("inf"))),
                 torch.nextafter(mids, torch.full_like(mids, -float("inf")))]
        top = float(v.max())
        vals.append(torch.tensor([top * 1.0625, top * 1.125, top * 1.25, top * 2, -top * 1.0625, -top * 1.125], dtype=F32))
    specials = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), 1e30, -1e30, 3.4e38, 65504.0, 65520.0, 65536.0,
                1e-45, -1e-45, 1e-40, 2.0 ** -126, 2.0 ** -9, 2.0 ** -10, 2.0 ** -10 * 1.5, 2.0 ** -16, 2.0 ** -17,
                2.0 ** -17 * 1.5, 2.0 ** -24, 2.0 ** -25, 2.0 ** -25 * 1.5]
    vals.append(torch.tensor(specials, dtype=F32))
    # NaNs with other payloads and signs, then random bit patterns
    vals.append(torch.tensor([0x7fc00001, 0x7f800001, -0x00400000, -1], dtype=torch.int32).view(F32))
    vals.append(torch.randint(-2 ** 31, 2 ** 31 - 1, (1 << 16,), generator=g, dtype=torch.int32).view(F32))
    vals.append(torch.randn(1 << 14, generator=g) * 100)
    return torch.cat(vals).cuda()


def check_upcast(tally, lib, mod):
    make = lambda: [every_byte(E4), every_byte(E5)] + [torch.zeros(256, dtype=t, device="cuda")
                                                       for t in (F32, F16, BF16, F32, F16, BF16)]
    ref, got, err = gpulib.both(lib, mod, "fp8_upcast", 1, make)
    for k, label in enumerate(["e4nv->fp32", "e4nv->fp16", "e4nv->bf16", "e5->fp32", "e5->fp16", "e5->bf16"]):
        gpulib.same_bits(tally, f"fp8_upcast {label} (256 bytes)", [ref[2 + k]], [got[2 + k]], err)
    for k, fmt in ((2, E4), (5, E5)):  # notes: Triton against torch's own conversion
        mine = every_byte(fmt).float()
        same = (gpulib.bits(mine) == gpulib.bits(ref[k])) | (mine.isnan() & ref[k].isnan())
        print(f"note: Triton {fmt} -> fp32 equals torch's on {int(same.sum())}/256 bytes (NaN as NaN)")


def check_fp32_downcast(tally, lib, mod, g):
    x = interesting_fp32(g)
    n = x.numel()
    grid = (n + 1023) // 1024
    size = grid * 1024
    make = lambda: [x, torch.zeros(size, dtype=E4, device="cuda"), torch.zeros(size, dtype=E5, device="cuda"),
                    torch.zeros(size, dtype=E5, device="cuda")] + \
        [torch.zeros(size, dtype=t, device="cuda") for t in (F32, F32, F32, F16, BF16)]
    ref, got, err = gpulib.both(lib, mod, "fp32_downcast", grid, make, (n,))
    labels = ["fp32->e4nv", "fp32->e5", "fp32->e5 rtz", "e4nv round trip", "e5 round trip", "e5 rtz round trip",
              "fp32->fp16 rtz", "fp32->bf16 rtz"]
    for k, label in enumerate(labels):
        gpulib.same_bits(tally, f"fp32_downcast {label} ({n} values)", [ref[1 + k]], [got[1 + k]], err)


def check_half_downcast(tally, lib, mod, n):
    h = torch.arange(65536, dtype=torch.int32).to(torch.int16).view(F16).cuda()
    b = torch.arange(65536, dtype=torch.int32).to(torch.int16).view(BF16).cuda()
    make = lambda: [h, b] + [torch.full((65536,), 0x55, dtype=U8, device="cuda").view(t) for t in (E4, E5, E4, E5)]
    ref, got, err = gpulib.both(lib, mod, "half_downcast", 64, make, (n,))
    for k, label in enumerate(["fp16->e4nv", "fp16->e5", "bf16->e4nv", "bf16->e5 (by the store)"]):
        gpulib.same_bits(tally, f"half_downcast {label} (n={n})", [ref[2 + k]], [got[2 + k]], err)


def check_bits(tally, lib, mod, g, n):
    u = torch.cat([torch.arange(256, dtype=torch.int32), torch.randint(0, 256, (256,), generator=g)]).to(U8).cuda()
    i = torch.randint(-128, 128, (512,), generator=g, dtype=I8).cuda()
    make = lambda: [u, i, torch.zeros(512, dtype=E4, device="cuda"), torch.zeros(512, dtype=I8, device="cuda"),
                    torch.zeros(512, dtype=U8, device="cuda"), torch.zeros(512, dtype=E5, device="cuda"),
                    torch.zeros(512, dtype=F16, device="cuda"), torch.zeros(512, dtype=F32, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "fp8_bits", 1, make, (n,))
    gpulib.same_bits(tally, f"fp8_bits bitcasts, where, e4nv+e5 (fp16), e4nv*fp32 (n={n})", ref[2:], got[2:], err)


def check_2d(tally, lib, mod, g, m, n, stride):
    grid = (m + 15) // 16
    x = torch.randint(0, 256, (m * stride,), generator=g, dtype=torch.int32).to(U8).view(E5).cuda()
    make = lambda: [x, torch.full((m * stride,), 0x11, dtype=U8, device="cuda").view(E4),
                    torch.zeros(grid * 16 * 64, dtype=F32, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "fp8_2d", grid, make, (m, n, stride))
    gpulib.same_bits(tally, f"fp8_2d masked load (other=1.0) and store, {m}x{n} stride {stride}", ref[1:], got[1:], err)


def main():
    tally = gpulib.Tally()
    lib = gpulib.library("fp8_ops")
    mod = gpulib.golden_module("fp8_ops")
    g = torch.Generator().manual_seed(8)
    check_upcast(tally, lib, mod)
    check_fp32_downcast(tally, lib, mod, g)
    check_half_downcast(tally, lib, mod, 65536)
    check_half_downcast(tally, lib, mod, 65531)
    check_bits(tally, lib, mod, g, 512)
    check_bits(tally, lib, mod, g, 300)
    check_2d(tally, lib, mod, g, 37, 50, 64)
    check_2d(tally, lib, mod, g, 48, 64, 64)
    tally.finish()


if __name__ == "__main__":
    main()
