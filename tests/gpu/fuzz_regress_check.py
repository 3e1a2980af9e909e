"""GPU conformance of tests/golden/fuzz_regress.py (kernels reduced from fuzz findings)
against Triton, bit for bit, on full-range integer inputs with n = 128 and n = 61 (a
partial block). Prints one line per kernel and trial, then "N passed, N failed".
"""
import ctypes

import torch

import gpulib


def full_range(g, n, dtype):
    info = torch.iinfo(dtype)
    lo, hi = max(info.min, -2 ** 62), min(info.max, 2 ** 62)
    x = torch.randint(lo, hi, (n,), generator=g, dtype=torch.int64)
    small = torch.randint(-8, 9, (n,), generator=g, dtype=torch.int64).clamp(min=info.min)
    x = torch.where(torch.rand(n, generator=g) < 0.3, small, x)
    if dtype == torch.uint32:  # two's complement bits of the int64 values, through int32
        return (((x + 2 ** 31) % 2 ** 32) - 2 ** 31).to(torch.int32).cuda().view(torch.uint32)
    return x.to(dtype).cuda()


def with_nans(g, n, dtype):
    """Normal values and NaNs of several payloads and both signs, as the fuzzer's inputs."""
    x = (torch.randn(n, generator=g, dtype=torch.float64) * 4).to(dtype)
    b = bits(x)
    nan = {torch.float16: [0x7E00, 0x7D00, 0x7FFF, -0x0200, 0x7C01],
           torch.bfloat16: [0x7FC0, 0x7FA0, 0x7FFF, -0x0040, 0x7F81],
           torch.float32: [0x7FC00000, 0x7FA00000, 0x7FFFFFFF, -0x00400000, 0x7F800001],
           torch.float64: [0x7FF8000000000000, 0x7FF4000000000000, -0x0008000000000000, 0x7FF0000000000001]}[dtype]
    pick = torch.rand(n, generator=g) < 0.3
    b[pick] = torch.tensor(nan, dtype=b.dtype)[torch.randint(0, len(nan), (int(pick.sum()),), generator=g)]
    return x.cuda()


def bits(x):  # compared as signed ints: torch has few operators for uint32
    return x.view({1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[x.element_size()])


def poisoned(n, dtype):
    signed = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[torch.empty(0, dtype=dtype).element_size()]
    return torch.full((n,), 0x5A, dtype=signed, device="cuda").view(dtype)


def run(tally, lib, mod, name, inputs, outputs, scalars, label):
    """scalars: (value, ctypes type) after the pointers, in the kernel's order."""
    refs = [poisoned(o.numel(), o.dtype) for o in outputs]
    getattr(mod, name)[(1,)](*inputs, *refs, *[v for v, _ in scalars])
    launcher = getattr(lib, name)
    launcher.restype = ctypes.c_int
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    err = launcher(stream, *[ctypes.c_void_p(t.data_ptr()) for t in inputs + outputs], *[t(v) for v, t in scalars])
    torch.cuda.synchronize()
    bad = [(i, (bits(r) != bits(o)).nonzero().flatten()[:4].tolist()) for i, (r, o) in enumerate(zip(refs, outputs))
           if not torch.equal(bits(r), bits(o))]
    detail = "" if not bad and err == 0 else f" err={err} differing (output, indices): {bad}"
    tally.case(err == 0 and not bad, f"{name} {label}{detail}")


def main():
    lib = gpulib.library("fuzz_regress")
    mod = gpulib.golden_module("fuzz_regress")
    tally = gpulib.Tally()
    for trial, n in enumerate((128, 61, 128)):
        g = torch.Generator().manual_seed(trial)
        n32 = [(n, ctypes.c_int32)]
        ins = [full_range(g, 128, t) for t in (torch.int8, torch.uint8, torch.int16, torch.uint32)]
        outs = [poisoned(128, t) for t in (torch.uint8, torch.uint8, torch.uint32, torch.int32)]
        run(tally, lib, mod, "shift_kinds", ins, outs, n32, f"trial={trial} n={n}")
        ins = [with_nans(g, 128, t) for t in (torch.float16, torch.float16, torch.bfloat16, torch.float64)]
        outs = [poisoned(128, t) for t in (torch.float64, torch.float64, torch.float16, torch.float16, torch.bfloat16)]
        run(tally, lib, mod, "nan_bits", ins, outs, n32, f"trial={trial} n={n}")
        ins = [(torch.randn(128, generator=g) * 3).cuda(), (torch.randn(128, generator=g, dtype=torch.float64) * 3).cuda()]
        outs = [poisoned(128, torch.float32), poisoned(128, torch.float64)]
        s = float(torch.randn(1, generator=g, dtype=torch.float32))
        run(tally, lib, mod, "hoisted_product", ins, outs, [(s, ctypes.c_float), (n, ctypes.c_int32), (7, ctypes.c_int32)],
            f"trial={trial} n={n} s={s:.4f}")
        ins = [(torch.randn(128, generator=g) * 1.5).to(t).cuda() for t in (torch.float16, torch.bfloat16)]
        outs = [poisoned(128, torch.float16), poisoned(128, torch.bfloat16)]
        run(tally, lib, mod, "hoisted_half_product", ins, outs, n32 + [(3, ctypes.c_int32)], f"trial={trial} n={n}")
        x = ins[0][:n]  # how many elements an fma would have changed: the case can fail
        fused = x.clone()
        for _ in range(3):
            fused = (fused.double() - x.double() * x.double().abs()).half()
        print(f"[INFO] hoisted_half_product trial={trial}: an fma differs from Triton's rounding in "
              f"{int((bits(fused) != bits(outs[0][:n])).sum())} of {n} fp16 elements")
        ins = [(torch.randn(128, generator=g) * 3).cuda() for _ in range(3)]
        outs = [poisoned(512, torch.float32)]
        run(tally, lib, mod, "hoisted_fp32_product", ins, outs, [(1.7, ctypes.c_float), (n, ctypes.c_int32), (3, ctypes.c_int32)],
            f"trial={trial} n={n}")
        x, y, a = (t[:n].double() for t in ins)  # how many elements fusing x * y would change: the case can fail
        fused, rounded = a.clone(), a.float()
        for _ in range(3):
            fused = (fused.double() + x * y).float()
            rounded = rounded + (x.float() * y.float())
        print(f"[INFO] hoisted_fp32_product trial={trial}: an fma differs from Triton's rounding in "
              f"{int((fused != outs[0][:n]).sum())} of {n} elements (unfused model: {int((rounded != outs[0][:n]).sum())})")
        ins = [full_range(g, 128, torch.int64), full_range(g, 128, torch.int32), with_nans(g, 128, torch.float64),
               with_nans(g, 128, torch.float32)]
        outs = [poisoned(128, t) for t in (torch.float64, torch.float32, torch.float64, torch.float32)]
        run(tally, lib, mod, "abs_of_bits", ins, outs, n32, f"trial={trial} n={n}")
        ins = [(torch.randn(128, generator=g) * 3).to(t).cuda() for t in (torch.float16, torch.float16, torch.bfloat16, torch.bfloat16)]
        run(tally, lib, mod, "half_fma", ins, [poisoned(128, torch.float16), poisoned(128, torch.bfloat16)], n32,
            f"trial={trial} n={n}")
        ins = [(torch.randn(128, generator=g) * 3).to(t).cuda() for t in (torch.float16, torch.float16, torch.float32, torch.float32)]
        outs = [poisoned(128, t) for t in (torch.float16, torch.float32, torch.float32, torch.float16, torch.float16)]
        run(tally, lib, mod, "select_product", ins, outs, n32, f"trial={trial} n={n}")
        x, y = ins[0][:n], ins[1][:n]  # how many elements an fma would have changed: the case can fail
        sel = torch.where(x >= y, y, torch.tensor(0.25, dtype=torch.float16, device="cuda"))
        fused = (x.double() + sel.double() * 1.5).half()
        print(f"[INFO] select_product trial={trial}: an fma differs from Triton's rounding in "
              f"{int((bits(fused) != bits(outs[0][:n])).sum())} of {n} fp16 elements")
        ins = []
        for t, tiny in ((torch.float64, 1e-200), (torch.float32, 1e-30), (torch.float16, 1e-4)):
            a, b = with_nans(g, 128, t).cpu(), (torch.randn(128, generator=g) * 3).to(t)
            a[::4], b[::4] = tiny, tiny  # products that underflow: -0 fused, +0 apart
            ins += [a.cuda(), b.cuda()]
        outs = [poisoned(128, t) for t in (torch.float64, torch.float32, torch.float16)]
        run(tally, lib, mod, "negated_product", ins, outs, n32, f"trial={trial} n={n}")
        apart = [0.0 - (ins[i][:n] * ins[i + 1][:n]) for i in (0, 2, 4)]  # the case can fail
        print(f"[INFO] negated_product trial={trial}: 0 - a * b differs from Triton's in "
              f"{sum(int((bits(p) != bits(o[:n])).sum()) for p, o in zip(apart, outs))} of {3 * n} elements")
        ins = [full_range(g, 64, torch.uint8), full_range(g, 64, torch.int16)]
        run(tally, lib, mod, "narrow_argmax", ins, [torch.full((5,), -7, dtype=torch.int32, device="cuda")],
            [(min(n, 64), ctypes.c_int32)], f"trial={trial} n={min(n, 64)}")
    # (lo, hi) near the ends of int32 where Triton's loops end (a counter that wraps does
    # not: the values after it stay below hi), and two plain ones
    for lo, hi in ((2147482392, 2147483392), (2147483048, 2147483560), (-2147483416, -2147482648), (-5, 1000),
                   (100, 50)):
        run(tally, lib, mod, "loop_near_top", [], [poisoned(260, torch.int32)],
            [(lo, ctypes.c_int32), (hi, ctypes.c_int32)], f"lo={lo} hi={hi}")
    tally.finish()


if __name__ == "__main__":
    main()
