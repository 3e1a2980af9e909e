"""GPU check of tl.swizzle2d (tests/golden/swizzle.py) against Triton: program ids of 2-D
grids (GROUP=3 fixed by -D) and blocks of indices with run-time groups, bit for bit.
Prints one line per case, then "N passed, N failed"."""
import ctypes

import torch

import gpulib


def main():
    lib = gpulib.library("swizzle")
    mod = gpulib.golden_module("swizzle")
    tally = gpulib.Tally()
    stream = lambda: ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    launcher = lib.swizzle_grid_grid
    launcher.restype = ctypes.c_int
    for size_i, size_j in ((7, 5), (12, 4), (1, 9), (200, 3)):
        ref = torch.full((size_i * size_j * 2,), -1, dtype=torch.int32, device="cuda")
        got = ref.clone()
        mod.swizzle_grid[(size_i, size_j)](ref, size_i, size_j, GROUP=3)
        err = launcher(stream(), size_i, size_j, 1, ctypes.c_void_p(got.data_ptr()), ctypes.c_int32(size_i),
                       ctypes.c_int32(size_j))
        torch.cuda.synchronize()
        tally.case(err == 0 and torch.equal(ref, got), f"swizzle_grid {size_i}x{size_j}, group 3: program ids")
    for size_i, size_j, size_g in ((64, 32, 4), (50, 17, 3), (9, 32, 8), (64, 32, 1)):
        def make():
            return [torch.full((64 * 32 * 2,), -1, dtype=torch.int32, device="cuda")]
        ref, got, err = gpulib.both(lib, mod, "swizzle_block", 1, make, (size_i, size_j, size_g))
        gpulib.same_bits(tally, f"swizzle_block {size_i}x{size_j}, group {size_g}: blocks of indices", ref, got, err)
    tally.finish()


if __name__ == "__main__":
    main()
