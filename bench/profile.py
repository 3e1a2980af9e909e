"""Runs chosen samples once each under Triton and tl2cu, between
cudaProfilerStart/Stop, so that `ncu --profile-from-start off` sees one
launch of each: for comparing the two kernels' counters on the GPU machine.
    ncu --profile-from-start off --clock-control none --metrics ... python3 bench/profile.py NAME...
"""
import importlib.util
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("compare_triton", ROOT / "samples" / "compare_triton.py")
ct = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ct)

for name in sys.argv[1:]:
    case = ct.SAMPLES[name](ROOT / "build" / "samples", False)
    for _ in range(3):  # warm-up: Triton compiles, modules load
        case.run_triton()
        case.run_tl2cu()
    torch.cuda.synchronize()
    torch.cuda.profiler.start()
    case.run_triton()
    case.run_tl2cu()
    torch.cuda.synchronize()
    torch.cuda.profiler.stop()
