"""GPU conformance of integer wrap-around and shifts (tests/golden/int_wrap.py) against Triton.

Each kernel wrap_<type> (built from the carried build/gpu/int_wrap.cu) runs under
Triton and through tl2cu on the same random full-range inputs of its type: + - *,
unary minus, tl.abs, << and >> on blocks and scalars, (x + y) < x, a loop, a cumsum and
sums, int32 index math at the top of its range, for sizes with and without a
masked tail and pointers aligned or offset by one element. The output buffers,
poisoned alike beforehand, must be equal bit for bit. Shift amounts: [0, 64) for 32-bit types, whose amounts of 32 or more
TRITON_SEMANTICS.md records on the H200 (0, or the sign for >> of a signed value);
below the bit width for the other types, where Triton leaves them undefined and
nothing was observed. Prints one line per case and "N passed, N failed".
"""
import ctypes

import torch
import triton

import gpulib

TYPES = {  # kernel suffix: (torch dtype, bits, signed)
    "i8": (torch.int8, 8, True), "u8": (torch.uint8, 8, False),
    "i16": (torch.int16, 16, True), "u16": (torch.uint16, 16, False),
    "i32": (torch.int32, 32, True), "u32": (torch.uint32, 32, False),
    "i64": (torch.int64, 64, True), "u64": (torch.uint64, 64, False),
}
SIGNED_OF = {8: torch.int8, 16: torch.int16, 32: torch.int32, 64: torch.int64}
PLANES = 12


def random_bits(bits, count, g):
    """Full-range random values of `bits` bits, as the signed type of that width."""
    words = torch.randint(-2**31, 2**31, (count * max(bits // 32, 1),), dtype=torch.int32, device="cuda", generator=g)
    return words.view(SIGNED_OF[bits])[:count]


def inputs(dtype, bits, n, offset, g):
    x = random_bits(bits, n + 1, g)
    y = random_bits(bits, n + 1, g)
    # a few operands at the extremes, so that every plane sees overflow
    for t, v in ((x, -2**(bits - 1)), (y, -1), (x, 2**(bits - 1) - 1)):
        t[offset:offset + n:97] = v
    top = 64 if bits == 32 else bits
    s = torch.randint(0, top, (n + 1,), device="cuda", generator=g).to(SIGNED_OF[bits])
    return [t.view(dtype)[offset:offset + n] for t in (x, y, s)]


def main():
    lib = gpulib.library("int_wrap")
    mod = gpulib.golden_module("int_wrap")
    tally = gpulib.Tally()
    for suffix, (dtype, bits, _) in TYPES.items():
        name = "wrap_" + suffix
        launcher = getattr(lib, name)
        launcher.restype = ctypes.c_int
        for n in (4096, 4091):
            for offset in (0, 1):
                g = torch.Generator(device="cuda").manual_seed(n * 2 + offset + bits)
                ins = inputs(dtype, bits, n, offset, g)
                poison = torch.full(((PLANES * n + 2) * (bits // 8),), 0x5A, dtype=torch.uint8, device="cuda")
                ref_buf, got_buf = poison.view(dtype), poison.clone().view(dtype)
                ref, got = ref_buf[offset:offset + PLANES * n], got_buf[offset:offset + PLANES * n]
                getattr(mod, name)[(triton.cdiv(n, 1024),)](*ins, ref, n, BLOCK=1024)
                stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
                err = launcher(stream, *[ctypes.c_void_p(t.data_ptr()) for t in ins + [got]], ctypes.c_int32(n))
                torch.cuda.synchronize()
                bad = (ref_buf.view(torch.uint8) != got_buf.view(torch.uint8)).nonzero().flatten() // (bits // 8)
                ok = err == 0 and bad.numel() == 0
                detail = ""
                if not ok:
                    first = bad[:6].tolist()
                    planes = sorted({(i - offset) // n for i in bad.tolist()})
                    detail = (f" err={err} mismatches={bad.numel()} planes={planes} first={first}"
                              f" got={got_buf.view(SIGNED_OF[bits])[first].tolist()}"
                              f" want={ref_buf.view(SIGNED_OF[bits])[first].tolist()}")
                tally.case(ok, f"{name} n={n} offset={offset}{detail}")
    tally.finish()


if __name__ == "__main__":
    main()
