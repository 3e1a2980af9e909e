"""GPU conformance of tuple assignment (tests/golden/tuple_assign.py) against Triton.

Every kernel reads n random floats and writes 2n; it runs under Triton and through the
tl2cu translation (build/gpu/libtuple_assign.so, built from the carried
build/gpu/tuple_assign.cu) for several sizes (with and without a masked tail) and
loop counts (0 iterations, odd and even ones); the whole output buffers, poisoned alike
beforehand, must be equal bit for bit. Prints one line per kernel and "N passed, N failed".
"""
import ctypes

import torch

import gpulib

# nested_and_helper is left out: Triton 3.6 itself cannot compile a nested target such as
# `(a, b), c = ...` (its dependency finder, jit.py visitAssnTarget, raises "TypeError:
# unhashable type: 'list'", seen on the H200 2026-11-30); tl2cu's translation of it is
# covered by the golden file only.
KERNELS = ["fib_range", "fib_static", "swap_while", "swap_in_branch", "straight_and_scalars", "tuple_carried",
           "tuple_swapped", "tuple_reload", "tuple_argument"]
BLOCK = 256


def main():
    lib = gpulib.library("tuple_assign")
    mod = gpulib.golden_module("tuple_assign")
    tally = gpulib.Tally()
    for name in KERNELS:
        launcher = getattr(lib, name)
        launcher.restype = ctypes.c_int
        ok, detail = True, ""
        for n in (4096, 1000, 1):
            for steps in (0, 1, 2, 5, 12):
                g = torch.Generator(device="cuda").manual_seed(n * 100 + steps)
                x = torch.rand(n, device="cuda", generator=g) * 2 - 1
                ref = torch.full((2 * n,), float("nan"), device="cuda")
                got = ref.clone()
                getattr(mod, name)[((n + BLOCK - 1) // BLOCK,)](x, ref, n, steps, BLOCK=BLOCK)
                stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
                err = launcher(stream, ctypes.c_void_p(x.data_ptr()), ctypes.c_void_p(got.data_ptr()),
                               ctypes.c_int32(n), ctypes.c_int32(steps))
                torch.cuda.synchronize()
                bad = (ref.view(torch.int32) != got.view(torch.int32)).nonzero().flatten()
                if err != 0 or bad.numel():
                    ok = False
                    detail = (f" n={n} steps={steps} err={err} mismatches={bad.numel()} first={bad[:4].tolist()}"
                              f" got={got[bad[:4]].tolist()} want={ref[bad[:4]].tolist()}")
                    break
            if not ok:
                break
        tally.case(ok, f"{name}{detail}")
    tally.finish()


if __name__ == "__main__":
    main()
