"""GPU conformance of tl2cu against Triton, op by op (run on the GPU machine).

Every kernel in tests/golden/ops.py reads one 16x32 fp32 tile and writes its
results into a zero-filled 4096-float output. This script runs each kernel
under Triton and through the tl2cu translation (build/gpu/libops.so, built
from the carried build/gpu/ops.cu) on the same random input, several times,
and compares: relative error at most 1e-5 (elementwise, against max(|ref|, 1)),
exact where the kernel computes integers. Prints one line per kernel and a
final "N passed, N failed".
"""
import ctypes

import torch

import gpulib

EXACT = {"arg_reductions", "int_reductions"}


def main():
    lib = gpulib.library("ops")
    ops = gpulib.golden_module("ops")
    names = ["reduce_rows_cols", "arg_reductions", "int_reductions", "scans", "shapes", "softmax_rows", "while_rows",
             "stencil_windows", "masked_loop_inplace"]
    tally = gpulib.Tally()
    for name in names:
        launcher = getattr(lib, name + "_grid")
        launcher.restype = ctypes.c_int
        worst = 0.0
        ok = True
        for trial in range(5):
            torch.manual_seed(trial)
            x = torch.rand(4096, device="cuda") * 2 - 1
            ref = torch.zeros(4096, device="cuda")
            got = torch.zeros(4096, device="cuda")
            getattr(ops, name)[(1,)](x, ref)
            stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
            err = launcher(stream, 1, 1, 1, ctypes.c_void_p(x.data_ptr()), ctypes.c_void_p(got.data_ptr()))
            torch.cuda.synchronize()
            if err != 0:
                ok = False
                print(f"  {name}: launcher returned {err}")
                break
            diff = ((got - ref).abs() / ref.abs().clamp(min=1.0))
            diff[torch.isnan(got) != torch.isnan(ref)] = float("inf")
            diff = torch.nan_to_num(diff, nan=0.0)
            worst = max(worst, diff.max().item())
            limit = 0.0 if name in EXACT else 1e-5
            if worst > limit:
                ok = False
                bad = (diff > limit).nonzero().flatten()[:8].tolist()
                print(f"  {name}: first bad outputs {bad}: got {got[bad].tolist()} want {ref[bad].tolist()}")
                break
        tally.case(ok, f"{name} max_rel_err={worst:.2e}")
    tally.finish()


if __name__ == "__main__":
    main()
