"""A probe, not a check: what Triton builds for tutorial 03 at its best H200 config
(128 x 256 x 64, 8 warps, 3 stages) next to tl2cu's build/gpu/matmul_wgmma_256, to see where
the time goes.

  python3 tests/gpu/probes/matmul_profile.py dump DIR   Triton's TTGIR, PTX and SASS (cuobjdump)
                                                        and tl2cu's SASS, written into DIR
  python3 tests/gpu/probes/matmul_profile.py run        each kernel launched 3 times at 4096^3
                                                        (to be run under ncu)
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import gpulib  # noqa: E402
import matmul_check  # noqa: E402

NAME, META = matmul_check.BUILDS[2]


def runners(size=4096):
    mod = gpulib.golden_module("matmul")
    lib = gpulib.library(NAME)
    return matmul_check.launchers(lib, mod, size, size, size, META)[4:]


def dump(out):
    os.makedirs(out, exist_ok=True)
    cache = os.path.join(out, "triton_cache")
    os.environ["TRITON_CACHE_DIR"] = cache
    triton_run, _ = runners(512)
    triton_run()
    for root, _, files in os.walk(cache):
        for f in files:
            if f.endswith((".ttgir", ".ptx", ".cubin")):
                shutil.copy(os.path.join(root, f), os.path.join(out, "triton_" + f))
    shutil.rmtree(cache)
    for f in os.listdir(out):
        if f.endswith(".cubin"):
            sass = subprocess.run(["cuobjdump", "-sass", os.path.join(out, f)], capture_output=True, text=True)
            open(os.path.join(out, f + ".sass"), "w").write(sass.stdout + sass.stderr)
            os.remove(os.path.join(out, f))
    lib = os.path.join(gpulib.ROOT, "build", "gpu", f"lib{NAME}.so")
    sass = subprocess.run(["cuobjdump", "-sass", lib], capture_output=True, text=True)
    open(os.path.join(out, "tl2cu.sass"), "w").write(sass.stdout + sass.stderr)


def run():
    import torch
    triton_run, tl2cu_run = runners()
    for _ in range(3):
        triton_run()
        tl2cu_run()
    torch.cuda.synchronize()


if __name__ == "__main__":
    dump(sys.argv[2]) if sys.argv[1] == "dump" else run()
