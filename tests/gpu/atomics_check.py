"""GPU conformance of the atomics in tests/golden/atomics.py against Triton.

Kernels whose atomics touch distinct addresses are deterministic: their old values
and the memory after them must equal Triton's bit for bit. Where atomics race (a
histogram, a counter taken by every program, a spin lock), the order is the
hardware's: the checks are what every order gives, on both tools: exact counts, old
values that are a permutation of 0..count-1, sums of exactly representable values.
Prints one line per case, then "N passed, N failed".
"""
import torch

import gpulib

I32, I64, U32, F32, F64 = torch.int32, torch.int64, torch.uint32, torch.float32, torch.float64


bits, launch, both, same_bits = gpulib.bits, gpulib.launch, gpulib.both, gpulib.same_bits


def check_histogram(tally, lib, mod, g):
    n = 5000
    x = torch.randint(-1000, 1000, (n,), generator=g, dtype=I32).cuda()
    make = lambda: [x, torch.zeros(16, dtype=I32, device="cuda"), torch.full((n,), -1, dtype=I32, device="cuda")]
    ref, got, err = both(lib, mod, "histogram", (n + 255) // 256, make, (n,))
    want = torch.bincount((x & 15).long(), minlength=16).to(I32)
    for tool, (_, bins, olds) in (("triton", ref), ("tl2cu", got)):
        perm = all(torch.equal(olds[(x & 15) == b].sort().values, torch.arange(int(want[b]), dtype=I32, device="cuda"))
                   for b in range(16))
        tally.case((tool == "triton" or err == 0) and torch.equal(bins, want) and perm,
                   f"histogram {tool}: counts exact, old values a permutation per bin")


def check_block_ops(tally, lib, mod, g, n):
    def make():
        torch.manual_seed(1)
        return [torch.randint(-300, 300, (640,), dtype=I32, device="cuda"),
                torch.randint(0, 2 ** 31, (384,), dtype=torch.int64).to(I32).cuda().view(U32),
                torch.randint(-2 ** 40, 2 ** 40, (384,), dtype=I64, device="cuda"),
                torch.randn(128, device="cuda"), torch.randn(128, dtype=F64, device="cuda"),
                torch.zeros(640, dtype=I32, device="cuda"), torch.zeros(384, dtype=I32, device="cuda").view(U32),
                torch.zeros(384, dtype=I64, device="cuda"), torch.zeros(128, device="cuda"),
                torch.zeros(128, dtype=F64, device="cuda")]
    ref, got, err = both(lib, mod, "block_ops", 1, make, (n,))
    same_bits(tally, f"block_ops n={n}: old values and memory", ref, got, err)


def specials(g, n, dtype):
    x = torch.randn(n, generator=g, dtype=F64).to(dtype) * 10
    sp = torch.tensor([0.0, -0.0, float("inf"), -float("inf"), float("nan"), -float("nan"), 1.0, -1.0], dtype=dtype)
    x[: len(sp)] = sp
    return x[torch.randperm(n, generator=g)].cuda()


def check_float_order(tally, lib, mod, g, n):
    mem_f, mem_d, vf, vd = specials(g, 64, F32), specials(g, 64, F64), specials(g, 64, F32), specials(g, 64, F64)
    make = lambda: [mem_f.clone(), mem_d.clone(), vf, torch.zeros(64, device="cuda"), vd,
                    torch.zeros(64, dtype=F64, device="cuda"), mem_f.flip(0).clone(), torch.zeros(64, device="cuda")]
    ref, got, err = both(lib, mod, "float_order", 1, make, (n,))
    same_bits(tally, f"float_order n={n}: max/min of signed zeros, infinities, NaNs", ref, got, err)


def check_half_add(tally, lib, mod, g, n):
    # racing fp16 adds into 8 slots: small integers, so every order gives the same sums
    vh = torch.randint(-3, 4, (256,), generator=g).to(torch.float16).cuda()
    vb = torch.randn(256, generator=g).to(torch.bfloat16).cuda()
    hmem = torch.randint(-3, 4, (8,), generator=g).to(torch.float16).cuda()
    bmem = torch.randn(256, generator=g).to(torch.bfloat16).cuda()
    make = lambda: [hmem.clone(), bmem.clone(), vh, vb, torch.zeros(256, dtype=torch.float16, device="cuda"),
                    torch.zeros(256, dtype=torch.bfloat16, device="cuda")]
    ref, got, err = both(lib, mod, "half_add", 1, make, (n,))
    same_bits(tally, f"half_add n={n}: fp16 sums, bf16 old values and sums",
              [ref[0], ref[1], ref[5]], [got[0], got[1], got[5]], err)


def check_scalar_ops(tally, lib, mod):
    programs = 300
    make = lambda: [torch.zeros(2, dtype=I32, device="cuda"), torch.zeros(programs * 128, dtype=I32, device="cuda"),
                    torch.zeros(1, device="cuda"), torch.full((programs,), -1, dtype=I32, device="cuda")]
    ref, got, err = both(lib, mod, "scalar_ops", programs, make)
    for tool, (counter, out, total, tickets) in (("triton", ref), ("tl2cu", got)):
        rows = tickets[:, None] + torch.arange(128, dtype=I32, device="cuda")[None, :]
        ok = (counter.tolist() == [programs, programs - 1] and total.item() == programs * 0.5 and
              torch.equal(tickets.sort().values, torch.arange(programs, dtype=I32, device="cuda")) and
              torch.equal(out.view(programs, 128), rows))
        tally.case(ok and (tool == "triton" or err == 0),
                   f"scalar_ops {tool}: one atomic per program, its old value in every thread")


def check_small_block(tally, lib, mod):
    make = lambda: [torch.arange(16, dtype=I32, device="cuda") * 7, torch.zeros(16, dtype=I32, device="cuda"),
                    torch.zeros(512, dtype=I32, device="cuda")]
    ref, got, err = both(lib, mod, "small_block", 1, make)
    same_bits(tally, "small_block: 16 elements over 128 threads, each added once", ref, got, err)


def check_exchange(tally, lib, mod, g, n):
    make = lambda: [torch.arange(128, dtype=I32, device="cuda") - 50,
                    torch.randint(0, 3, (128,), generator=torch.Generator().manual_seed(3), dtype=I64).cuda(),
                    torch.randn(128, generator=torch.Generator().manual_seed(4)).cuda(),
                    torch.zeros(128, dtype=I32, device="cuda"), torch.zeros(128, dtype=I64, device="cuda"),
                    torch.zeros(128, device="cuda")]
    ref, got, err = both(lib, mod, "exchange", 1, make, (n,))
    same_bits(tally, f"exchange n={n}: xchg and cas", ref, got, err)


def check_locked_sum(tally, lib, mod, g):
    programs = 64
    x = torch.randint(-50, 50, (programs * 128,), generator=g).float().cuda()  # exact sums in any order
    make = lambda: [x, torch.full((128,), 7.0, device="cuda"), torch.zeros(1, dtype=I32, device="cuda"),
                    torch.zeros(1, dtype=I32, device="cuda")]
    ref, got, err = both(lib, mod, "locked_sum", programs, make, (0,))
    want = x.view(programs, 128).sum(0)
    for tool, (_, sums, lock, count) in (("triton", ref), ("tl2cu", got)):
        ok = torch.equal(sums, want) and lock.item() == 0 and count.item() == 1
        tally.case(ok and (tool == "triton" or err == 0), f"locked_sum {tool}: spin lock around a shared row")


def main():
    lib = gpulib.library("atomics")
    mod = gpulib.golden_module("atomics")
    tally = gpulib.Tally()
    g = torch.Generator().manual_seed(0)
    check_histogram(tally, lib, mod, g)
    for n in (128, 77):
        check_block_ops(tally, lib, mod, g, n)
        check_exchange(tally, lib, mod, g, n)
    for n in (64, 40):
        check_float_order(tally, lib, mod, g, n)
    for n in (256, 200):
        check_half_add(tally, lib, mod, g, n)
    check_scalar_ops(tally, lib, mod)
    check_small_block(tally, lib, mod)
    check_locked_sum(tally, lib, mod, g)
    tally.finish()


if __name__ == "__main__":
    main()
