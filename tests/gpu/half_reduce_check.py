"""GPU conformance of fp16 and bf16 reductions (tests/golden/half_reduce.py) against Triton.

Both kernels reduce one [8, 32] tile along each axis (sum, max, min, argmax, argmin, a
cumsum). Inputs are integers in [-8, 8], so every sum is exact in any order and the
outputs must be equal bit for bit; ties are frequent, and the leftmost index must win.
Prints one line per kernel and trial, then "N passed, N failed".
"""
import ctypes

import torch

import gpulib


def main():
    lib = gpulib.library("half_reduce")
    mod = gpulib.golden_module("half_reduce")
    tally = gpulib.Tally()
    for name, dtype in (("reduce_fp16", torch.float16), ("reduce_bf16", torch.bfloat16)):
        launcher = getattr(lib, name)
        launcher.restype = ctypes.c_int
        for trial in range(4):
            g = torch.Generator(device="cuda").manual_seed(trial)
            x = torch.randint(-8, 9, (256,), device="cuda", generator=g).to(dtype)
            outs = [torch.full((336,), float("nan"), dtype=dtype, device="cuda") for _ in range(2)]
            idxs = [torch.full((40,), -7, dtype=torch.int32, device="cuda") for _ in range(2)]
            getattr(mod, name)[(1,)](x, outs[0], idxs[0])
            stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
            err = launcher(stream, *[ctypes.c_void_p(t.data_ptr()) for t in (x, outs[1], idxs[1])])
            torch.cuda.synchronize()
            bad = (outs[0].view(torch.int16) != outs[1].view(torch.int16)).nonzero().flatten()
            bad_idx = (idxs[0] != idxs[1]).nonzero().flatten()
            ok = err == 0 and bad.numel() == 0 and bad_idx.numel() == 0
            detail = "" if ok else (f" err={err} values {bad[:6].tolist()}: {outs[1][bad[:6]].tolist()} want "
                                    f"{outs[0][bad[:6]].tolist()}; indices {bad_idx[:6].tolist()}")
            tally.case(ok, f"{name} trial={trial}{detail}")
    tally.finish()


if __name__ == "__main__":
    main()
