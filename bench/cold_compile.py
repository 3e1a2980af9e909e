"""Prints Triton's cold JIT time for one sample (run with an empty TRITON_CACHE_DIR):
the first launch (compile, and for autotuned kernels tuning too) minus a warm launch, in ms."""
import importlib.util
import sys
import time
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("compare_triton", ROOT / "samples" / "compare_triton.py")
ct = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ct)

case = ct.SAMPLES[sys.argv[1]](ROOT / "build" / "samples", False)
torch.cuda.synchronize()
t0 = time.perf_counter()
case.run_triton()
torch.cuda.synchronize()
cold = time.perf_counter() - t0
t0 = time.perf_counter()
case.run_triton()
torch.cuda.synchronize()
warm = time.perf_counter() - t0
print(f"{(cold - warm) * 1e3:.0f}")
