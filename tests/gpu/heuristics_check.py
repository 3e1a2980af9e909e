"""GPU check: tests/golden/heuristics.py (built into build/gpu/libheuristics.so)
through its launcher, for an n that is a multiple of BLOCK and one that is not:
the heuristic picks the unmasked or the masked variant, and both give 3x."""
import ctypes
import sys

import torch

import gpulib

lib = gpulib.library("heuristics")
lib.masked_scale.restype = ctypes.c_int
ok = True
for n in (1024 * 1000, 1024 * 1000 + 37):
    x = torch.rand(n, device="cuda")
    y = torch.full((n + 1024,), float("nan"), device="cuda")
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    err = lib.masked_scale(stream, ctypes.c_void_p(x.data_ptr()), ctypes.c_void_p(y.data_ptr()), ctypes.c_int32(n))
    torch.cuda.synchronize()
    good = err == 0 and torch.equal(y[:n], x * 3) and bool(torch.isnan(y[n:]).all())
    print(f"[{'PASS' if good else 'FAIL'}] heuristics n={n} err={err}")
    ok &= good
sys.exit(0 if ok else 1)
