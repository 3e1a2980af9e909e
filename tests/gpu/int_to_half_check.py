"""GPU conformance of integer -> fp16/bf16 casts at the edges of the ranges
(tests/golden/int_to_half.py) against Triton, bit for bit, and Triton's against torch's
casts (a model: torch rounds each integer to nearest even, above 65504 to inf).
Prints one line per case and "N passed, N failed"."""
import torch

import gpulib

EDGES = [0, 1, -1, 2047, 2049, 65504, 65505, 65519, 65520, 65535, 65536, 100000, 2**24 + 1, 2**31 - 1, -2**31,
         2**32 - 1, 2**40 + 3, -(2**40), 2**63 - 1, -2**63, 123456789, -65520, -65519, 32767, -32768]


def inputs(n, g):
    edges = torch.tensor(EDGES * (n // len(EDGES) + 1), dtype=torch.int64)[:n]
    rand = torch.randint(-2**62, 2**62, (n,), generator=g, dtype=torch.int64) >> torch.randint(0, 62, (n,), generator=g)
    i64 = torch.where(torch.arange(n) % 2 == 0, edges, rand).cuda()
    low32 = ((i64 & 0xffffffff) ^ 2**31) - 2**31  # the low 32 bits as a signed value
    low16 = ((i64 & 0xffff) ^ 2**15) - 2**15
    return i64, low32.to(torch.int32), low16.to(torch.int16)


def main():
    lib = gpulib.library("int_to_half")
    mod = gpulib.golden_module("int_to_half")
    tally = gpulib.Tally()
    g = torch.Generator().manual_seed(7)
    for n in (256, 1000):
        i64, i32, i16 = inputs(n, g)
        u32 = i32.view(torch.uint32)  # the same bits, unsigned

        def make():
            outs = [torch.zeros(n, device="cuda", dtype=t) for t in [torch.float16] * 4 + [torch.bfloat16] * 4]
            return [u32, i32, i64, i16] + outs

        ref, got, err = gpulib.both(lib, mod, "int_to_half", (n + 255) // 256, make, (n,), dict(BLOCK=256))
        u32_as_i64 = i32.to(torch.int64) & 0xffffffff
        model = [u32, i32, i64, i16] + [x.to(t) for t in (torch.float16, torch.bfloat16)
                                        for x in (u32_as_i64, i32, i64, i16)]
        gpulib.check(tally, f"int_to_half n={n}", ref, got, err, model=model)
        for k, name in enumerate(("u32->fp16", "i32->fp16", "i64->fp16", "i16->fp16",
                                  "u32->bf16", "i32->bf16", "i64->bf16", "i16->bf16")):
            d = gpulib.differences([ref[4 + k]], [got[4 + k]])
            m = gpulib.differences([model[4 + k]], [ref[4 + k]])
            print(f"  {name}: tl2cu vs Triton{d or ' same'}; Triton vs torch{m or ' same'}")
    tally.finish()


if __name__ == "__main__":
    main()
