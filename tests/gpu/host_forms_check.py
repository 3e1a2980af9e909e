"""GPU check of the host forms (docs/HOST_FORMS.md), through the launchers of goldens built into
build/gpu/libNAME.so (make gpu-inputs):
- heuristic_pow2: BLOCK = max(16, min(next_power_of_2(n), 64)) and EVEN_N picked at launch: the
  first min(n, BLOCK) elements doubled, the rest untouched, for n giving each BLOCK and both EVEN_N;
- heuristics_autotune / heuristics_above_autotune: the tuner times each config with the variant the
  heuristics pick; every element gets the value of one config's variant;
- autotune_forms: 6 configs from the config forms; partial_sum only atomically adds into y, and
  the tuning call's trials are undone (y restored), so one call leaves y = sum(x)."""
import ctypes
import sys

import torch

import gpulib

ok = True


def report(good, label):
    global ok
    print(f"[{'PASS' if good else 'FAIL'}] {label}")
    ok &= bool(good)


def stream():
    return ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)


def ptr(t):
    return ctypes.c_void_p(t.data_ptr())


lib = gpulib.library("heuristic_pow2")
for n in (5, 16, 20, 32, 48, 64, 100):
    x = torch.rand(128, device="cuda")
    ref = x.clone()
    block = max(16, min(1 << (n - 1).bit_length(), 64))
    ref[: min(n, block)] *= 2
    err = lib.scale_rows(stream(), ptr(x), ctypes.c_int32(n))
    torch.cuda.synchronize()
    report(err == 0 and torch.equal(x, ref), f"heuristic_pow2 n={n} BLOCK={block} err={err}")

for name in ("heuristics_autotune", "heuristics_above_autotune"):
    lib = gpulib.library(name)
    for n in (1024 * 64, 1024 * 64 + 37):
        x = torch.zeros(n + 256, device="cuda")
        err = lib.fill(stream(), ptr(x), ctypes.c_int32(n))
        torch.cuda.synchronize()
        if name == "heuristics_autotune":  # EVEN: BLOCK/2, else BLOCK
            allowed = {float(b // 2 if n % b == 0 else b) for b in (128, 256)}
        else:  # WIDE (LANES=4 > 2): 3.0, +1 when n > 4096
            allowed = {4.0}
        vals = set(x[:n].unique().tolist())
        report(err == 0 and len(vals) == 1 and vals <= allowed, f"{name} n={n} values={sorted(vals)} err={err}")

lib = gpulib.library("autotune_forms")
for n in (100000, 4096 * 3 + 5):
    x = torch.rand(n, device="cuda")
    y = torch.zeros(1, device="cuda")
    err = lib.partial_sum(stream(), ptr(x), ptr(y), ctypes.c_int32(n))
    torch.cuda.synchronize()
    want = x.double().sum().item()
    report(err == 0 and abs(y.item() - want) <= 1e-3 * abs(want), f"autotune_forms n={n} y={y.item():.3f} sum={want:.3f}")
sys.exit(0 if ok else 1)
