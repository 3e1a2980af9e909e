"""GPU check: the autotuned in-place kernel (tests/golden/inplace_autotune.py, built
into build/gpu/libinplace.so) applied once through its tuning launcher gives
2x+1 exactly, for two sizes (two tuning keys), and the chosen config is printed."""
import ctypes
import os
import sys

import torch

import gpulib

os.environ["TL2CU_PRINT_AUTOTUNING"] = "1"
lib = gpulib.library("inplace")
lib.scale_inplace.restype = ctypes.c_int
ok = True
for n in (1000003, 4097):
    x = torch.rand(n, device="cuda")
    want = 2 * x + 1
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    err = lib.scale_inplace(stream, ctypes.c_void_p(x.data_ptr()), ctypes.c_int32(n))
    torch.cuda.synchronize()
    good = err == 0 and torch.equal(x, want)
    print(f"[{'PASS' if good else 'FAIL'}] in-place autotuned n={n} err={err} configs={lib.scale_inplace_configs()}")
    ok &= good
sys.exit(0 if ok else 1)
