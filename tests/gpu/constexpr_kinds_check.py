"""GPU check of tests/golden/constexpr_kinds.py: tl2cu's translation with -D ACTIVATION=leaky_relu
-D OUT_DTYPE=fp16 -D SCALE=None, and -D 'WEIGHTS=(0.5, -2, 3)', beside Triton launched with the
same constexprs, bit for bit.
Prints one line per case, then "N passed, N failed"."""
import ctypes

import torch
import triton.language as tl

import gpulib


def check(tally, lib, mod, name, meta, scale, label):
    """The kernel through its launcher (grid from --grid) and under Triton, n = 1000 and 4103."""
    launcher = getattr(lib, name)
    launcher.restype = ctypes.c_int
    for n in (1000, 4096 + 7):
        x = (torch.randn(n, generator=torch.Generator().manual_seed(n)) * scale).cuda()
        ref, got = torch.full_like(x, 7.0), torch.full_like(x, 7.0)
        getattr(mod, name)[((n + 255) // 256,)](x, ref, n, **meta, BLOCK=256)
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        err = launcher(stream, ctypes.c_void_p(x.data_ptr()), ctypes.c_void_p(got.data_ptr()), ctypes.c_int32(n))
        torch.cuda.synchronize()
        same = torch.equal(ref.view(torch.int32), got.view(torch.int32))
        tally.case(err == 0 and same, f"{name} n={n}: {label}")


def main():
    lib = gpulib.library("constexpr_kinds")
    mod = gpulib.golden_module("constexpr_kinds")
    tally = gpulib.Tally()
    check(tally, lib, mod, "activation", dict(ACTIVATION="leaky_relu", OUT_DTYPE=tl.float16, SCALE=None), 3,
          "string, dtype and None constexprs")
    check(tally, lib, mod, "weighted", dict(WEIGHTS=(0.5, -2, 3)), 1, "a tuple constexpr (0.5, -2, 3)")
    tally.finish()


if __name__ == "__main__":
    main()
