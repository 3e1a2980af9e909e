"""GPU conformance of tl.inline_asm_elementwise (tests/golden/inline_asm.py) against Triton.

Each kernel runs under Triton and through tl2cu (build/gpu/inline_asm.cu, from `make
gpu-inputs`) on the same random inputs; every output must equal Triton's bit for bit, at
sizes that fill every program and at sizes that end inside a program (and inside a group
of packed elements). Two cases also compare Triton with the model of docs/NOTES.md 38: the
byte reverse of bytes_packed (prmt within each group of four consecutive elements, so the
groups are Triton's) and the stores store_from_asm's asm makes itself. Prints one line per
case, then "N passed, N failed".
"""
import torch

import gpulib

I8, U8, I32, F32, F16 = torch.int8, torch.uint8, torch.int32, torch.float32, torch.float16


def cdiv(a, b):
    return (a + b - 1) // b


def ints(g, n, dtype=I32):
    info = torch.iinfo(dtype)
    return torch.randint(info.min, info.max, (n,), generator=g, dtype=torch.int64).to(dtype).cuda()


def u32(g, n):
    return ints(g, n).view(torch.uint32)


def floats(g, n, scale=4.0, dtype=F32):
    return (torch.randn(n, generator=g) * scale).to(dtype).cuda()


def case(tally, lib, mod, label, name, grid, make, scalars=(), outputs=None):
    try:
        ref, got, err = gpulib.both(lib, mod, name, grid, make, scalars)
    except Exception as e:  # (Triton refusing a kernel fails its cases, not the run)
        tally.case(False, f"{label}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
        return None
    keep = outputs if outputs is not None else range(len(ref))
    gpulib.same_bits(tally, f"{label}: tl2cu == Triton", [ref[i] for i in keep], [got[i] for i in keep], err)
    return ref


def main():
    lib = gpulib.library("inline_asm")
    mod = gpulib.golden_module("inline_asm")
    tally = gpulib.Tally()
    g = torch.Generator().manual_seed(0)
    zeros = lambda n, dtype: torch.zeros(n, dtype=dtype, device="cuda")

    for n, s in ((2048, 5), (1000, 37), (513, -3)):
        x, y = u32(g, 2048), u32(g, 2048)
        case(tally, lib, mod, f"funnel_shift n={n} s={s}", "funnel_shift", cdiv(n, 512),
             lambda: [x, y, zeros(2048, I32).view(torch.uint32)], (n, s), [2])

    for n in (768, 700):
        a, b = u32(g, 768), u32(g, 768)
        case(tally, lib, mod, f"two_results n={n}", "two_results", cdiv(n, 256),
             lambda: [a, b, zeros(768, I32).view(torch.uint32), zeros(768, I32)], (n,), [2, 3])

    for n in (4096, 3001):
        x, y = ints(g, 4096, U8), ints(g, 4096, I8)
        ref = case(tally, lib, mod, f"bytes_packed n={n}", "bytes_packed", cdiv(n, 1024),
                   lambda: [x, y, zeros(4096, U8), zeros(4096, I8)], (n,), [2, 3])
        i = torch.arange(4096, device="cuda")
        xm = torch.where(i < n, x, 0)
        model = torch.where(i < n, xm[(i & ~3) + 3 - (i & 3)], 0)
        tally.case(ref is not None and torch.equal(ref[2], model), f"bytes_packed n={n}: Triton == model (each group of 4 reversed)")

    for n in (2048, 777):
        x, y = floats(g, 2048), floats(g, 2048, 30.0)
        case(tally, lib, mod, f"fp32_regs n={n}", "fp32_regs", cdiv(n, 512), lambda: [x, y, zeros(2048, F32)], (n,), [2])

    for n in (2048, 999):
        a, b = floats(g, 2048, 2.0, F16), floats(g, 2048, 2.0, F16)
        case(tally, lib, mod, f"half_pairs n={n}", "half_pairs", cdiv(n, 512), lambda: [a, b, zeros(2048, F16)], (n,), [2])

    for n in (512, 300):
        x = ints(g, 512, U8)
        ref = case(tally, lib, mod, f"store_from_asm n={n}", "store_from_asm", cdiv(n, 128),
                   lambda: [x, torch.full((512,), 0xAA, dtype=U8, device="cuda")], (n,), [1])
        i = torch.arange(512, device="cuda")
        model = torch.where(i < n, (x.to(I32) << 3).to(U8), torch.full_like(x, 0xAA))
        tally.case(ref is not None and torch.equal(ref[1], model), f"store_from_asm n={n}: Triton == model (x << 3 stored by the asm)")

    x = ints(g, 64, I8)
    case(tally, lib, mod, "small_and_scalar n=7, 3 programs", "small_and_scalar", 3,
         lambda: [x, zeros(3 * 64, I8), zeros(3, I32)], (7,), [1, 2])

    x, w = floats(g, 16 * 64), floats(g, 64)
    case(tally, lib, mod, "rows_cols", "rows_cols", 1, lambda: [x, w, zeros(16 * 64, F32)], (), [2])

    for n in (2048, 1234):
        a, b = ints(g, 2048, U8), floats(g, 2048, 100.0)
        case(tally, lib, mod, f"unpack_bytes n={n}", "unpack_bytes", cdiv(n, 512),
             lambda: [a, b, zeros(2048, I32), zeros(2048, F32)], (n,), [2, 3])
    x = ints(g, 32 * 64, U8)
    ref = case(tally, lib, mod, "bytes_2d [32, 64]", "bytes_2d", 1, lambda: [x, zeros(32 * 64, U8)], (), [1])
    i = torch.arange(32 * 64, device="cuda")
    tally.case(ref is not None and torch.equal(ref[1], x[(i & ~3) + 3 - (i & 3)]),
               "bytes_2d [32, 64]: Triton == model (each group of 4 reversed)")
    tally.finish()


if __name__ == "__main__":
    main()
