"""Replays fuzz kernels on the GPU machine and prints what a mismatch report leaves out:
every input and both outputs, element by element.

    python3 tests/fuzz/replay.py DIR KERNEL [KERNEL...]     (DIR/batch_*.so built, as run_gpu.py needs)
"""
import ctypes
import importlib.util
import json
import os
import sys

import torch

import run_gpu


def find(manifest, name):
    for batch, kernels in manifest["batches"].items():
        for desc in kernels:
            if desc["name"] == name:
                return batch, desc
    raise SystemExit(f"no kernel {name}")


def replay(directory, manifest, name):
    batch, desc = find(manifest, name)
    spec = importlib.util.spec_from_file_location(batch, os.path.join(directory, batch + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lib = ctypes.CDLL(os.path.join(directory, batch + ".so"))
    gen = torch.Generator().manual_seed(desc["seed"])
    inputs = [run_gpu.random_input(torch, gen, s).cuda() for s in desc["inputs"]]
    refs = [run_gpu.poisoned(torch, s) for s in desc["outputs"]]
    gots = [run_gpu.poisoned(torch, s) for s in desc["outputs"]]
    scalars = [desc["sizes"].get(n, desc["values"].get(n)) for n in desc["scalars"]]
    grid = tuple(desc["grid"])
    getattr(module, name)[grid](*inputs, *refs, *scalars)
    launcher = getattr(lib, name + "_grid")
    cargs = [ctypes.c_void_p(t.data_ptr()) for t in inputs + gots]
    cargs += [ctypes.c_float(v) if n == "s" else ctypes.c_int32(v) for n, v in zip(desc["scalars"], scalars)]
    launcher(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), *grid, *cargs)
    torch.cuda.synchronize()
    print(f"== {name} ({batch}) grid={grid} scalars={dict(zip(desc['scalars'], scalars))}")
    for s, x in zip(desc["inputs"], inputs):
        print(f"  in {s['name']} {s['dtype']} {s['kind']}: {x.tolist()[:64]}")
    for s, ref, got in zip(desc["outputs"], refs, gots):
        status, _ = run_gpu.compare(torch, s, ref, got)
        if status != "equal":
            print(f"  out {s['name']} {s['dtype']} {status}:\n    triton {ref.tolist()[:64]}\n    tl2cu  {got.tolist()[:64]}")


def main():
    directory = sys.argv[1]
    with open(os.path.join(directory, "manifest.json")) as f:
        manifest = json.load(f)
    for name in sys.argv[2:]:
        replay(directory, manifest, name)


if __name__ == "__main__":
    main()
