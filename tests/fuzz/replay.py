"""Replays fuzz kernels on the GPU machine to explain a mismatch: for each output that
differs, the differing elements with both results (value and bits), the result of
Triton's interpreter (TRITON_INTERPRET=1: NumPy on the CPU, a third opinion) and every
input at those indices. Each kernel runs in its own process, so one that faults (and
which side faulted) is reported without losing the others.

    python3 tests/fuzz/replay.py DIR KERNEL [KERNEL...] [--asm OUTDIR] [--no-interp]

DIR holds batch_*.py, manifest.json and the built batch_*.so (as run_gpu.py needs).
--asm writes Triton's TTGIR, LLVM IR and PTX of each kernel to OUTDIR/KERNEL.{ttgir,llir,ptx};
--no-interp skips the interpreter.
"""
import argparse
import ctypes
import importlib.util
import json
import os
import subprocess
import sys

SHOWN = 8  # differing elements listed per output


def find(manifest, name):
    for batch, kernels in manifest["batches"].items():
        for desc in kernels:
            if desc["name"] == name:
                return batch, desc
    raise SystemExit(f"no kernel {name}")


def load_module(directory, batch):
    spec = importlib.util.spec_from_file_location(batch, os.path.join(directory, batch + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_inputs(torch, run_gpu, desc, device):
    gen = torch.Generator().manual_seed(desc["seed"])
    inputs = [run_gpu.random_input(torch, gen, s).to(device) for s in desc["inputs"]]
    scalars = [desc["sizes"].get(n, desc["values"].get(n)) for n in desc["scalars"]]
    return inputs, scalars


def interpreted(directory, name):
    """The outputs under Triton's interpreter (a child process: the mode is chosen at import)."""
    env = dict(os.environ, TRITON_INTERPRET="1")
    path = f"/tmp/replay_interp_{name}.pt"
    r = subprocess.run([sys.executable, __file__, directory, name, "--interp-to", path], env=env,
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return None, (r.stderr or r.stdout).strip().splitlines()[-1:] or ["failed"]
    import torch
    return torch.load(path), None


def interp_worker(directory, manifest, name, path):
    import torch
    import run_gpu
    batch, desc = find(manifest, name)
    module = load_module(directory, batch)
    inputs, scalars = make_inputs(torch, run_gpu, desc, "cpu")
    outs = [run_gpu.poisoned(torch, s).cpu() for s in desc["outputs"]]
    getattr(module, name)[tuple(desc["grid"])](*inputs, *outs, *scalars)
    torch.save(outs, path)


def show(torch, run_gpu, x, i):
    v = x[i].item()
    return f"{v!r} ({hex(run_gpu.bits(torch, x)[i].item())})"


def replay(directory, manifest, name, asm_dir, interpret=True):
    import torch
    import run_gpu
    batch, desc = find(manifest, name)
    module = load_module(directory, batch)
    lib = ctypes.CDLL(os.path.join(directory, batch + ".so"))
    inputs, scalars = make_inputs(torch, run_gpu, desc, "cuda")
    refs = [run_gpu.poisoned(torch, s) for s in desc["outputs"]]
    gots = [run_gpu.poisoned(torch, s) for s in desc["outputs"]]
    grid = tuple(desc["grid"])
    print(f"== {name} ({batch}) grid={grid} scalars={dict(zip(desc['scalars'], scalars))} tags={desc['tags']}",
          flush=True)
    kernel = getattr(module, name)
    try:
        compiled = kernel[grid](*inputs, *refs, *scalars)
        torch.cuda.synchronize()
    except Exception as e:  # noqa: BLE001 - report which side failed
        print(f"  Triton FAILED: {type(e).__name__}: {str(e)[:300]}")
        return
    if asm_dir:
        for key in ("ttgir", "llir", "ptx"):
            with open(os.path.join(asm_dir, f"{name}.{key}"), "w") as f:
                f.write(compiled.asm[key])
    launcher = getattr(lib, name + "_grid")
    launcher.restype = ctypes.c_int
    cargs = [ctypes.c_void_p(t.data_ptr()) for t in inputs + gots]
    cargs += [ctypes.c_float(v) if n == "s" else ctypes.c_int32(v) for n, v in zip(desc["scalars"], scalars)]
    try:
        err = launcher(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), *grid, *cargs)
        torch.cuda.synchronize()
    except Exception as e:  # noqa: BLE001
        print(f"  tl2cu FAILED: {type(e).__name__}: {str(e)[:300]}")
        return
    if err:
        print(f"  tl2cu launcher returned {err}")
    interp, why = interpreted(directory, name) if interpret else (None, None)
    if interp is None and interpret:
        print(f"  interpreter failed: {why}")
    for k, (s, ref, got) in enumerate(zip(desc["outputs"], refs, gots)):
        status, _ = run_gpu.compare(torch, s, ref, got)
        if status == "equal":
            continue
        bad = (run_gpu.bits(torch, ref) != run_gpu.bits(torch, got)).nonzero().flatten().tolist()
        print(f"  out {s['name']} {s['dtype']} ({s['cmp']}): {status}, {len(bad)} of {s['numel']} differ")
        ref, got = ref.cpu(), got.cpu()
        for i in bad[:SHOWN]:
            line = f"    [{i}] triton {show(torch, run_gpu, ref, i)}  tl2cu {show(torch, run_gpu, got, i)}"
            if interp is not None:
                line += f"  interp {show(torch, run_gpu, interp[k], i)}"
            ins = [f"{spec['name']}={show(torch, run_gpu, x.cpu(), i)}" for spec, x in zip(desc["inputs"], inputs)
                   if i < x.numel()]
            print(line + "\n      inputs: " + " ".join(ins))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("directory")
    ap.add_argument("kernels", nargs="+")
    ap.add_argument("--asm", help="write Triton's TTGIR, LLVM IR and PTX here")
    ap.add_argument("--no-interp", action="store_true", help="skip Triton's interpreter (the third opinion)")
    ap.add_argument("--interp-to", help=argparse.SUPPRESS)  # the interpreter child
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # one kernel, this process
    args = ap.parse_args()
    with open(os.path.join(args.directory, "manifest.json")) as f:
        manifest = json.load(f)
    if args.interp_to:
        return interp_worker(args.directory, manifest, args.kernels[0], args.interp_to)
    if args.asm:
        os.makedirs(args.asm, exist_ok=True)
    if args.one:
        return replay(args.directory, manifest, args.kernels[0], args.asm, not args.no_interp)
    for name in args.kernels:  # one process each: a fault ends only that kernel's context
        cmd = [sys.executable, __file__, args.directory, name, "--one"] + (["--asm", args.asm] if args.asm else [])
        cmd += ["--no-interp"] if args.no_interp else []
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        sys.stdout.write(r.stdout)
        if r.returncode != 0:
            print(f"  (exit {r.returncode}) " + " | ".join(r.stderr.strip().splitlines()[-3:]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
