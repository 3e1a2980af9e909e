"""GPU conformance of Triton's Philox generator (tl.rand & co.) against Triton, bit for bit.

Every kernel of tests/golden/random.py runs under Triton and through tl2cu on the same
inputs, with seeds 0, 12345 and -1 (and 2**40 + 7 where the seed is int64), n = 1013 (a
partial last block of 256), int64 offsets beyond 2**32 and below 0. Outputs start
poisoned and are compared as integer bits (two NaNs count as equal: their payloads come
from libdevice's paths). Then tl2cu's outputs are checked against the test vectors of
TRITON_SEMANTICS.md section 8 and against a Python Philox written from its recipe.
Prints one line per case, then "N passed, N failed".
"""
import ctypes
import struct

import torch
import triton

import gpulib

BLOCK = 256
N = 1000 + 13
SEEDS32 = [0, 12345, -1]
SEEDS64 = [0, 12345, -1, 2**40 + 7]
BASES64 = [2**33 + 5, -(2**35) + 3, 2**40]  # outside int32, so Triton types them int64 too
M32, M64 = 2**32 - 1, 2**64 - 1


def bits(x):
    return x.view({1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[x.element_size()])


def poisoned(n, dtype):
    signed = {4: torch.int32, 8: torch.int64}[torch.empty(0, dtype=dtype).element_size()]
    return torch.full((n,), 0x5A5A5A5A, dtype=signed, device="cuda").view(dtype)


def words(g, n, dtype):
    """Full-range integers of a 32- or 64-bit dtype, with the extremes and small values mixed in."""
    w = torch.randint(-2**31, 2**31, (2 * n,), generator=g, dtype=torch.int64).to(torch.int32)
    x = w.view(torch.int64)[:n] if torch.empty(0, dtype=dtype).element_size() == 8 else w[:n]
    x = x.clone()
    wide = x.element_size() == 8
    special = [0, 1, -1, 2, -2**63 if wide else -2**31, 2**63 - 1 if wide else 2**31 - 1]
    x[:len(special)] = torch.tensor(special, dtype=x.dtype)
    return x.cuda().view(dtype)


def unit_floats(g, n):
    """Mostly [0, 1), as uniform floats are, and values outside it: 0, subnormals, 1, 2,
    negatives, huge, inf, NaN."""
    x = torch.rand(n, generator=g)
    special = [0.0, 1e-45, 1e-40, 1e-30, 1e-8, 1e-7, 0.5, 1.0 - 2**-24, 1.0, 2.0, -0.5, 100.0, 1e30,
               float("inf"), float("-inf"), float("nan")]
    x[:len(special)] = torch.tensor(special)
    return x.cuda()


def equal_bits(r, o):
    same = bits(r) == bits(o)
    if r.dtype.is_floating_point:
        same |= torch.isnan(r) & torch.isnan(o)
    return bool(same.all()), (~same).nonzero().flatten()


def rounding_apart(r, o):
    """How many fp32 elements of x + u (u in [0, 1)) differ, and the largest difference in
    units of what rounding u * scale first can change: half an ulp of u (at most 2^-25)
    plus one ulp of the sum; at most 1 means the difference is that rounding."""
    d = (r.double() - o.double()).abs()
    ulp = (torch.nextafter(r.abs(), torch.full_like(r, float("inf"))) - r.abs()).double()
    return int((d != 0).sum()), float((d / (2.0 ** -25 + ulp)).max())


def run(tally, lib, mod, name, inputs, outputs, scalars, label, known=None):
    """inputs, outputs: tensors in the kernel's order; scalars: (value, ctypes type) after them.
    known: (output, slice, why) of a plane that Triton rounds differently for a reason tl2cu
    does not model yet (one rounding of the product apart), measured and printed as [INFO].
    Returns tl2cu's outputs (after checking them against Triton's)."""
    refs = [o.clone() for o in outputs]
    grid = (triton.cdiv(N, BLOCK),)  # as the launcher's --grid 'cdiv(n, BLOCK)'
    getattr(mod, name)[grid](*inputs, *refs, *[v for v, _ in scalars], BLOCK=BLOCK)
    torch.cuda.synchronize()
    launcher = getattr(lib, name)
    launcher.restype = ctypes.c_int
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    err = launcher(stream, *[ctypes.c_void_p(t.data_ptr()) for t in inputs + outputs], *[t(v) for v, t in scalars])
    torch.cuda.synchronize()
    bad = []
    if known:
        i, part, why = known
        count, worst = rounding_apart(refs[i][part], outputs[i][part])
        print(f"[INFO] {name} {label}: {why}: {count} elements differ, by {worst:.2f} of one rounding at most")
        if worst > 1:
            bad.append(f"output {i}: {count} differ, by {worst:.2f} roundings where 1 is explained")
        refs[i][part] = outputs[i][part]
    for i, (r, o) in enumerate(zip(refs, outputs)):
        ok, where = equal_bits(r, o)
        if not ok:
            k = int(where[0])
            show = (lambda t: t[k].item()) if r.dtype.is_floating_point else (lambda t: bits(t)[k].item())
            bad.append(f"output {i}: {len(where)} differ, first at {k}: Triton {show(r)!r} tl2cu {show(o)!r}")
    tally.case(err == 0 and not bad, f"{name} {label}" + (f" err={err} " + "; ".join(bad) if bad or err else ""))
    return outputs


# ---------------------------------------------------------------- a Philox from the recipe

PHILOX = {32: (0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85),
          64: (0xD2E7470EE14C6C93, 0xCA5A826395121157, 0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B)}


def philox_ref(seed, counters, rounds=10, width=32):
    """TRITON_SEMANTICS.md section 8: the seed as uint64 keys (low, high) for 32-bit counters,
    (seed, 0) for 64-bit ones."""
    a, b, key_a, key_b = PHILOX[width]
    m = (1 << width) - 1
    s = seed & M64
    k0, k1 = (s & M32, s >> 32) if width == 32 else (s, 0)
    c0, c1, c2, c3 = [c & m for c in counters]
    for _ in range(rounds):
        c0, c1, c2, c3 = ((b * c2) >> width) ^ c1 ^ k0, (b * c2) & m, ((a * c0) >> width) ^ c3 ^ k1, (a * c0) & m
        k0, k1 = (k0 + key_a) & m, (k1 + key_b) & m
    return c0, c1, c2, c3


def randint4x_ref(seed, offset, wide):
    """The counter (low 32 bits of the offset, high 32 bits for an int64 offset, 0, 0)."""
    return philox_ref(seed, (offset & M32, (offset >> 32) & M32 if wide else 0, 0, 0))


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def uniform_ref(u):
    """uint_to_uniform_float of a uint32: (float)x * 4.6566127342e-10f with x folded onto [0, 2^31)."""
    x = u - 2**32 if u >= 2**31 else u
    x = -x - 1 if x < 0 else x
    return f32(f32(float(x)) * f32(4.6566127342e-10))


def planes(t, k):
    """A flat output of k planes as k lists of its unsigned integer bits."""
    mask = M32 if t.element_size() == 4 else M64
    return [[v & mask for v in row] for row in bits(t).view(k, -1).tolist()]


# ---------------------------------------------------------------- the kernels


def check_streams(tally, lib, mod):
    kept = {}
    some = range(0, N, 7)
    for seed in SEEDS32:
        u, f = run(tally, lib, mod, "streams_i32", [], [poisoned(5 * N, torch.uint32), poisoned(10 * N, torch.float32)],
                   [(N, ctypes.c_int32), (seed, ctypes.c_int32)], f"seed={seed}")
        kept[seed] = (u, f)
        ints, rand = planes(u, 5), f.view(10, N)[0].tolist()
        want = {k: randint4x_ref(seed, k, False) for k in some}
        ok = all(tuple(ints[1 + p][k] for p in range(4)) == want[k] for k in some)
        ok &= all(ints[0][k] == want[k][0] and rand[k] == uniform_ref(want[k][0]) for k in some)
        tally.case(ok, f"streams_i32 seed={seed}: randint4x, randint and rand against the Python Philox")
    for seed in SEEDS64:
        for base in BASES64:
            u, _ = run(tally, lib, mod, "streams_i64", [], [poisoned(4 * N, torch.uint32), poisoned(2 * N, torch.float32)],
                       [(N, ctypes.c_int32), (seed, ctypes.c_int64), (base, ctypes.c_int64)], f"seed={seed} base={base}")
            ints = planes(u, 4)
            ok = all(tuple(ints[p][k] for p in range(4)) == randint4x_ref(seed, base + k, True) for k in some)
            tally.case(ok, f"streams_i64 seed={seed} base={base}: randint4x of int64 offsets against the Python Philox")
    return kept


def check_vectors(tally, kept):
    """TRITON_SEMANTICS.md section 8's vectors: randint4x(seed, 0), rand(0, [0, 1, 2])."""
    vectors = {0: (1713891541, 3781805453, 3159862348, 2600524760), 12345: (3522838145, 796912209, 3536492049, 3811097568)}
    for seed, want in vectors.items():
        ints = planes(kept[seed][0], 5)
        got = tuple(ints[p][0] for p in range(1, 5))
        tally.case(got == want, f"test vector randint4x({seed}, 0) = {got}")
    got = kept[0][1].view(10, N)[0][:3].tolist()
    tally.case(got == [0.7980929017066956, 0.055517591536045074, 0.03889884054660797], f"test vector rand(0, [0, 1, 2]) = {got}")


def check_scalar_and_constant(tally, lib, mod):
    for seed in SEEDS32:
        for base in [0, -700, 2**31 - 600]:
            run(tally, lib, mod, "scalar_offset", [], [poisoned(4 * N, torch.uint32), poisoned(2 * N, torch.float32)],
                [(N, ctypes.c_int32), (seed, ctypes.c_int32), (base, ctypes.c_int32)], f"seed={seed} base={base}")
    u, _ = run(tally, lib, mod, "const_seeds", [], [poisoned(3 * N, torch.uint32), poisoned(2 * N, torch.float32)],
               [(N, ctypes.c_int32)], "seeds 0, -1, 2**40+7, 12345")
    ints = planes(u, 3)
    ok = all(ints[p][k] == randint4x_ref(s, k, False)[0] for p, s in enumerate([0, -1, 2**40 + 7]) for k in range(0, N, 5))
    tally.case(ok, "const_seeds: randint of literal seeds against the Python Philox")


def philox_impl_ref(counters, k0, k1, rounds=10):
    """tl.philox_impl: the rounds alone, on uint32 counters and key."""
    a, b, key_a, key_b = PHILOX[32]
    c0, c1, c2, c3 = counters
    for _ in range(rounds):
        c0, c1, c2, c3 = ((b * c2) >> 32) ^ c1 ^ k0, (b * c2) & M32, ((a * c0) >> 32) ^ c3 ^ k1, (a * c0) & M32
        k0, k1 = (k0 + key_a) & M32, (k1 + key_b) & M32
    return c0, c1, c2, c3


def check_philox(tally, lib, mod, g):
    some = range(0, N, 3)
    for seed in SEEDS64:
        ins = [words(g, N, t) for t in (torch.uint32, torch.int32, torch.uint32, torch.int32)] + [words(g, 2 * N, torch.uint32)]
        out = run(tally, lib, mod, "philox_direct", ins, [poisoned(8 * N, torch.uint32)],
                  [(N, ctypes.c_int32), (seed, ctypes.c_int64)], f"seed={seed}")[0]
        got = planes(out, 8)
        ctr = [planes(t, 1)[0] for t in ins[:4]]
        keys = planes(ins[4], 2)
        ok = all(tuple(got[p][k] for p in range(4)) == philox_ref(seed, [c[k] for c in ctr], rounds=7) for k in some)
        tally.case(ok, f"philox_direct seed={seed}: tl.philox(n_rounds=7) against the Python Philox")
        ok = all(tuple(got[4 + p][k] for p in range(4)) == philox_impl_ref([c[k] for c in ctr], keys[0][k], keys[1][k])
                 for k in some)
        tally.case(ok, f"philox_direct seed={seed}: tl.philox_impl against the Python Philox")
        ins = [words(g, N, t) for t in (torch.int64, torch.uint64, torch.int64, torch.uint64)]
        out, _ = run(tally, lib, mod, "philox_wide", ins, [poisoned(4 * N, torch.uint64), poisoned(N, torch.float32)],
                     [(N, ctypes.c_int32), (seed, ctypes.c_int64)], f"seed={seed}")
        got = planes(out, 4)
        ctr = [planes(t, 1)[0] for t in ins]
        ok = all(tuple(got[p][k] for p in range(4)) == philox_ref(seed, [c[k] for c in ctr], width=64) for k in some)
        tally.case(ok, f"philox_wide seed={seed}: 64-bit Philox against the Python Philox")


def check_floats(tally, lib, mod, g):
    for trial in range(3):
        ins = [words(g, N, torch.int32), words(g, N, torch.uint32), words(g, N, torch.int64), unit_floats(g, N),
               unit_floats(g, N).flip(0)]
        run(tally, lib, mod, "uniform_normal", ins, [poisoned(5 * N, torch.float32)], [(N, ctypes.c_int32)],
            f"trial={trial}")
    for seed in SEEDS32:
        x = (torch.randn(N, generator=g) * 3).cuda()
        for p in (0.5, 0.2):
            run(tally, lib, mod, "_seeded_dropout", [x], [poisoned(N, torch.float32)],
                [(N, ctypes.c_int32), (p, ctypes.c_float), (seed, ctypes.c_int32)], f"seed={seed} p={p}")
        why = "noisy = x + tl.rand: Triton's rand reaches the add through a layout conversion, unfused"
        run(tally, lib, mod, "rand_fma", [x], [poisoned(3 * N, torch.float32)], [(N, ctypes.c_int32), (seed, ctypes.c_int32)],
            f"seed={seed}", known=(0, slice(0, N), why))


def main():
    lib = gpulib.library("random")
    mod = gpulib.golden_module("random")
    tally = gpulib.Tally()
    g = torch.Generator().manual_seed(7)
    kept = check_streams(tally, lib, mod)
    check_vectors(tally, kept)
    check_scalar_and_constant(tally, lib, mod)
    check_philox(tally, lib, mod, g)
    check_floats(tally, lib, mod, g)
    tally.finish()


if __name__ == "__main__":
    main()
