"""GPU check of the samples whose float sums follow the layout (softmax, rms_norm,
layer_norm) in each of their three launches, against Triton bit for bit: everything
aligned and divisible by 16 (NAME_aligned<true>), rows whose stride is divisible by 16
but whose length is not (Triton keeps the layout its aligned pointers give, with scalar
accesses: NAME_aligned<false>, the pointer-layout instance; tutorial 02's 600 columns in
rows of 640), and neither (softmax: the plain kernel; rms_norm and layer_norm still
NAME_aligned<false>, W's aligned pointer alone giving Triton's layout). A launch of the
wrong variant changes the order of the row sums, and so the last bits of the outputs:
with NAME_aligned<false> launches replaced by the plain kernel, 8 of the 12 cases fail
(H200, 2026-12-02).
Prints one line per case and "N passed, N failed".
"""
import importlib.util
import os

import torch

import gpulib

NAN = float("nan")


def sample_module(name):
    path = os.path.join(gpulib.ROOT, "samples", name, "kernel.py")
    spec = importlib.util.spec_from_file_location(f"{name}_kernel", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows(m, stride):
    """m rows of random floats, stride elements apart (the kernels read the first n of each)."""
    return torch.randn(m, stride, device="cuda")


def softmax(lib, mod, tally, m, n_cols, stride, variant):
    x = rows(m, stride)
    make = lambda: [torch.full((m, stride), NAN, device="cuda"), x.clone()]
    ref, got = make(), make()
    mod.softmax_kernel[(m,)](ref[0], ref[1], stride, stride, n_cols, BLOCK_SIZE=4096, num_warps=8)
    torch.cuda.synchronize()
    err = gpulib.launch(lib, "softmax_kernel", m, got, (stride, stride, n_cols))
    gpulib.check(tally, f"softmax {m}x{n_cols} stride {stride} ({variant})", ref, got, err)


def rms_norm(lib, mod, tally, m, n, stride, variant):
    x, w = rows(m, stride), torch.randn(n, device="cuda")
    make = lambda: [x.clone(), torch.full((m, stride), NAN, device="cuda"), w.clone(), torch.full((m,), NAN, device="cuda")]
    ref, got = make(), make()
    mod.rms_norm_fwd_kernel[(m,)](*ref, stride, n, 1e-5, BLOCK_SIZE=4096, num_warps=8)
    torch.cuda.synchronize()
    err = gpulib.launch(lib, "rms_norm_fwd_kernel", m, got, (stride, n, 1e-5))
    gpulib.check(tally, f"rms_norm {m}x{n} stride {stride} ({variant})", ref, got, err)


def layer_norm(lib, mod, tally, m, n, stride, variant):
    x, w, b = rows(m, stride), torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    make = lambda: [x.clone(), torch.full((m, stride), NAN, device="cuda"), w.clone(), b.clone(),
                    torch.full((m,), NAN, device="cuda"), torch.full((m,), NAN, device="cuda")]
    ref, got = make(), make()
    mod._layer_norm_fwd_fused[(m,)](*ref, stride, n, 1e-5, BLOCK_SIZE=4096, num_warps=8)
    torch.cuda.synchronize()
    err = gpulib.launch(lib, "_layer_norm_fwd_fused", m, got, (stride, n, 1e-5))
    gpulib.check(tally, f"layer_norm {m}x{n} stride {stride} ({variant})", ref, got, err)


def main():
    tally = gpulib.Tally()
    shapes = [(300, 4000, 4000, "all divisible by 16"), (300, 600, 640, "the stride divisible by 16"),
              (300, 1000, 1024, "the stride divisible by 16"), (300, 1000, 1001, "neither")]
    for name, case in (("softmax", softmax), ("rms_norm", rms_norm), ("layer_norm", layer_norm)):
        lib, mod = gpulib.library(f"sample_{name}"), sample_module(name)
        for m, n, stride, variant in shapes:
            try:
                case(lib, mod, tally, m, n, stride, variant)
            except Exception as e:  # (reported, not hidden)
                tally.case(False, f"{name} {m}x{n} stride {stride}: {type(e).__name__}: {e}")
    tally.finish()


if __name__ == "__main__":
    main()
