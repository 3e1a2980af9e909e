"""Run the fuzz kernels under Triton and through tl2cu on the same inputs, and compare.

run_gpu.py DIR [--out REPORT_DIR] [--jobs J] [--build-there] [--dry]

DIR holds what gen.py wrote and build.py built (batch_XXX.py, .cu, .so, manifest.json,
build.json). Every batch runs in its own worker process (J at a time, one CUDA context
each); a worker that dies (a fault poisons its CUDA context) is restarted after the
kernel it was running, which is recorded as 'crashed'. Prints one line per mismatch and
ends with "N kernels: N equal, N within tolerance, N mismatched, N rejected by tl2cu,
N failed in Triton"; REPORT_DIR/fuzz_report.json holds every result.
--dry (no GPU, no Triton): checks that every batch parses, that its kernels and the
manifest agree, and that every built kernel has its launcher in the .so.
"""
import argparse
import ast
import ctypes
import json
import math
import os
import subprocess
import sys
import time

import known  # tests/fuzz/known.py: the explained mismatches

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "u8": 8}
EPS = {"fp16": 2.0 ** -11, "bf16": 2.0 ** -8, "fp32": 2.0 ** -24, "fp64": 2.0 ** -53}


# ---------------------------------------------------------------- worker (GPU)

def torch_dtype(torch, t):
    return {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32, "fp64": torch.float64,
            "i8": torch.int8, "i16": torch.int16, "i32": torch.int32, "i64": torch.int64, "u8": torch.uint8,
            "i1": torch.bool}[t]


def random_input(torch, gen, spec):
    """Inputs that provoke: full-range and extreme integers, NaN/inf/-0/denormals among floats."""
    n, t = spec["numel"], spec["dtype"]
    dt = torch_dtype(torch, t)
    if spec["kind"] == "tame":
        return (torch.rand(n, generator=gen, dtype=torch.float64) * 2 - 1).to(dt)
    if spec["kind"] == "index":  # indices into another input: [0, bound)
        return torch.randint(0, spec["bound"], (n,), generator=gen).to(dt)
    if spec["kind"] == "near_one":
        return (torch.rand(n, generator=gen, dtype=torch.float64) * 0.1 + 0.95).to(dt)
    if t == "i1":
        return torch.randint(0, 2, (n,), generator=gen).to(dt)
    if t in EPS:
        scale = [1.0, 1.0, 100.0, 1e-3][int(torch.randint(0, 4, (1,), generator=gen))]
        x = torch.randn(n, generator=gen, dtype=torch.float64) * scale
        specials = torch.tensor([float("nan"), float("inf"), -float("inf"), -0.0, 0.0, 1e-40, -1e-310, 1e30, 65520.0,
                                 3.0e38, 2.0, -1.0], dtype=torch.float64)
        pick = torch.rand(n, generator=gen) < 0.06
        x[pick] = specials[torch.randint(0, len(specials), (int(pick.sum()),), generator=gen)]
        return x.to(dt)
    info = torch.iinfo(dt)
    # 64 random bits from two halves (randint cannot span the whole int64 range), wrapped to the width
    high = torch.randint(-2 ** 31, 2 ** 31, (n,), generator=gen, dtype=torch.int64)
    full = high * 2 ** 32 + torch.randint(0, 2 ** 32, (n,), generator=gen, dtype=torch.int64)
    small = torch.randint(-8, 9, (n,), generator=gen, dtype=torch.int64)
    x = torch.where(torch.rand(n, generator=gen) < 0.5, full, small)
    ext = torch.tensor([info.min, info.max, 0, -1 if info.min < 0 else 1], dtype=torch.int64)
    pick = torch.rand(n, generator=gen) < 0.05
    x[pick] = ext[torch.randint(0, 4, (int(pick.sum()),), generator=gen)]
    if t != "i64":  # wrap to the width explicitly, as two's complement
        x = ((x - info.min) & (2 ** BITS[t] - 1)) + info.min
    return x.to(dt)


def poisoned(torch, spec):
    out = torch.empty(spec["numel"], dtype=torch_dtype(torch, spec["dtype"]), device="cuda")
    out.view(torch.uint8).fill_(0x5A)
    return out


def bits(torch, x):
    return x.view({1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[x.element_size()])


def compare(torch, spec, ref, got):
    """'equal', 'tolerance' or a description of the first differences."""
    rb, gb = bits(torch, ref), bits(torch, got)
    if torch.equal(rb, gb):
        return "equal", None
    bad = (rb != gb).nonzero().flatten()
    if spec["cmp"] != "exact" and spec["dtype"] in EPS:
        r, g = ref.double(), got.double()
        n = spec["n_red"]
        scale = r.abs().clamp(min=math.sqrt(n)) if spec["cmp"] in ("sum", "fp8_sum") else r.abs().clamp(min=1e-30)
        # fp8 dots into fp32: Triton's wgmma keeps 13 mantissa bits of the running sum (docs/NOTES.md 69)
        eps = 2.0 ** -13 if spec["cmp"] == "fp8_sum" else EPS[spec["dtype"]]
        tol = 8 * eps * math.sqrt(n) * scale
        special = ~torch.isfinite(r) | ~torch.isfinite(g)
        ok = ((r - g).abs() <= tol) & ~special | (special & (rb == gb))
        if bool(ok.all()):
            return "tolerance", None
        bad = (~ok).nonzero().flatten()
    nan_only = spec["dtype"] in EPS and bool((ref[bad].isnan() & got[bad].isnan()).all())
    first = bad[:4].tolist()
    return "mismatch", {"output": spec["name"], "count": int(bad.numel()), "numel": spec["numel"],
                        "nan_payload_only": nan_only, "first": first,
                        "triton": [repr(v) for v in ref[first].tolist()], "tl2cu": [repr(v) for v in got[first].tolist()],
                        "triton_bits": [hex(v) for v in rb[first].tolist()], "tl2cu_bits": [hex(v) for v in gb[first].tolist()]}


def run_kernel(torch, module, lib, desc):
    gen = torch.Generator().manual_seed(desc["seed"])
    inputs = [random_input(torch, gen, s).cuda() for s in desc["inputs"]]
    refs = [poisoned(torch, s) for s in desc["outputs"]]
    gots = [poisoned(torch, s) for s in desc["outputs"]]
    scalars = [desc["sizes"].get(n, desc["values"].get(n)) for n in desc["scalars"]]
    grid = tuple(desc["grid"])
    try:
        getattr(module, desc["name"])[grid](*inputs, *refs, *scalars)
        torch.cuda.synchronize()
    except Exception as e:  # noqa: BLE001 - any Triton failure is a result to record
        if "CUDA" in str(e) and "error" in str(e).lower():
            raise
        return {"status": "triton_failed", "error": f"{type(e).__name__}: {str(e)[-600:]}"}
    launcher = getattr(lib, desc["name"] + "_grid")
    launcher.restype = ctypes.c_int
    cargs = [ctypes.c_void_p(t.data_ptr()) for t in inputs + gots]
    for name, v in zip(desc["scalars"], scalars):
        cargs.append(ctypes.c_float(v) if name == "s" else ctypes.c_int32(v))
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    err = launcher(stream, grid[0], grid[1], grid[2], *cargs)
    torch.cuda.synchronize()
    if err != 0:
        return {"status": "mismatch", "diffs": [{"launch_error": err}]}
    status, diffs = "equal", []
    for spec, ref, got in zip(desc["outputs"], refs, gots):
        s, d = compare(torch, spec, ref, got)
        if s == "mismatch":
            status = "mismatch"
            diffs.append(d)
        elif s == "tolerance" and status == "equal":
            status = "tolerance"
    return {"status": status, "diffs": diffs}


def worker(args):
    import importlib.util
    import torch
    directory, batch, start, results = args.worker
    start = int(start)
    with open(os.path.join(directory, "manifest.json")) as f:
        kernels = json.load(f)["batches"][batch]
    with open(os.path.join(directory, "build.json")) as f:
        built = set(json.load(f)[batch]["built"])
    spec = importlib.util.spec_from_file_location(batch, os.path.join(directory, batch + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lib = ctypes.CDLL(os.path.join(directory, batch + ".so")) if built else None
    with open(results, "a") as out:
        for desc in kernels[start:]:
            if desc["name"] not in built:
                continue
            out.write(json.dumps({"kernel": desc["name"], "status": "started"}) + "\n")
            out.flush()
            t0 = time.time()
            result = run_kernel(torch, module, lib, desc)
            result.update(kernel=desc["name"], tags=desc["tags"], seconds=round(time.time() - t0, 3))
            out.write(json.dumps(result) + "\n")
            out.flush()


# ---------------------------------------------------------------- driver

def read_results(path):
    done, started = {}, None
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    r = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if r["status"] == "started":
                    started = r["kernel"]
                else:
                    done[r["kernel"]] = r
                    started = None
    return done, started


def drive(args, manifest, build):
    """Run every batch in worker processes, restarting after crashes; returns {kernel: result}."""
    os.makedirs(os.path.join(args.out, "results"), exist_ok=True)
    pending = [(b, 0) for b in sorted(manifest["batches"]) if build[b]["built"]]
    for batch, _ in pending:  # results of an earlier run into the same directory
        for ext in (".jsonl", ".log"):
            if os.path.exists(os.path.join(args.out, "results", batch + ext)):
                os.remove(os.path.join(args.out, "results", batch + ext))
    running, results, printed = {}, {}, set()
    while pending or running:
        while pending and len(running) < args.jobs:
            batch, start = pending.pop(0)
            path = os.path.join(args.out, "results", batch + ".jsonl")
            cmd = [sys.executable, os.path.abspath(__file__), "--worker", os.path.abspath(args.dir), batch, str(start), path]
            log = open(os.path.join(args.out, "results", batch + ".log"), "a")
            running[batch] = (subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT), path, time.time(), log)
        time.sleep(0.2)
        for batch, (proc, path, since, log) in list(running.items()):
            timed_out = time.time() - since > args.batch_timeout
            if proc.poll() is None and not timed_out:
                continue
            if timed_out:
                proc.kill()
                proc.wait()
            log.close()
            del running[batch]
            done, started = read_results(path)
            results.update(done)
            names = [k["name"] for k in manifest["batches"][batch]]
            if started is not None:
                results[started] = {"kernel": started, "status": "crashed",
                                    "error": "timed out" if timed_out else f"worker exit {proc.returncode}"}
                print(f"CRASH {started} ({results[started]['error']}; see {batch}.log)", flush=True)
                pending.append((batch, names.index(started) + 1))
            elif proc.returncode != 0 and not timed_out:
                missing = [n for n in names if n in build[batch]["built"] and n not in results]
                for n in missing:
                    results[n] = {"kernel": n, "status": "crashed", "error": f"worker exit {proc.returncode} before it"}
                print(f"CRASH worker of {batch} exit {proc.returncode} (see {batch}.log)", flush=True)
            for r in done.values():
                if r["status"] == "mismatch" and r["kernel"] not in printed:
                    printed.add(r["kernel"])
                    tags = f" [{' '.join(r['tags'])}]" if r.get("tags") else ""
                    print(f"MISMATCH {r['kernel']} ({batch}){tags}: {json.dumps(r['diffs'])[:700]}", flush=True)
    return results


def dry(args, manifest, build):
    """What can be checked without a GPU: the files parse, kernels match the manifest, launchers exist."""
    problems = 0
    for batch, kernels in sorted(manifest["batches"].items()):
        with open(os.path.join(args.dir, batch + ".py")) as f:
            tree = ast.parse(f.read())
        defined = {n.name: [a.arg for a in n.args.args] for n in tree.body if isinstance(n, ast.FunctionDef)}
        so = os.path.join(args.dir, batch + ".so")
        lib = ctypes.CDLL(so) if build[batch]["built"] and os.path.exists(so) else None
        for k in kernels:
            params = [p["name"] for p in k["inputs"] + k["outputs"]] + k["scalars"]
            if defined.get(k["name"]) != params:
                print(f"{k['name']}: parameters {defined.get(k['name'])} differ from the manifest's {params}")
                problems += 1
            if k["name"] in build[batch]["built"] and (lib is None or not hasattr(lib, k["name"] + "_grid")):
                print(f"{k['name']}: no launcher {k['name']}_grid in {so}")
                problems += 1
    print(f"dry run: {sum(map(len, manifest['batches'].values()))} kernels, {problems} problems")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?")
    ap.add_argument("--out", default=None, help="report directory (default DIR)")
    ap.add_argument("--jobs", type=int, default=min(16, os.cpu_count() or 1))
    ap.add_argument("--batch-timeout", type=float, default=150.0, help="seconds one worker may run")
    ap.add_argument("--build-there", action="store_true", help="rebuild the .so files from the .cu files first")
    ap.add_argument("--dry", action="store_true")
    ap.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args)
        return
    args.out = args.out or args.dir
    if args.build_there:
        subprocess.run([sys.executable, os.path.join(HERE, "build.py"), args.dir, "--nvcc-only", "--jobs",
                        str(os.cpu_count())], check=True)
    with open(os.path.join(args.dir, "manifest.json")) as f:
        manifest = json.load(f)
    with open(os.path.join(args.dir, "build.json")) as f:
        build = json.load(f)
    if args.dry:
        sys.exit(1 if dry(args, manifest, build) else 0)
    t0 = time.time()
    results = drive(args, manifest, build)
    for b in build.values():
        for k, m in {**b["rejected"], **b["nvcc_failed"]}.items():
            results[k] = {"kernel": k, "status": "rejected", "error": m}
    counts = {s: sum(1 for r in results.values() if r["status"] == s)
              for s in ("equal", "tolerance", "mismatch", "rejected", "triton_failed", "crashed")}
    for r in results.values():
        if r["status"] == "triton_failed":
            print(f"TRITON FAILED {r['kernel']}: {r['error'][-300:]}")
    total = sum(map(len, manifest["batches"].values()))
    undefined = sum(1 for r in results.values() if r["status"] == "mismatch" and r.get("tags"))
    explained = known.tag_known(args.dir, manifest, results)
    unexplained = counts["mismatch"] - undefined - explained
    summary = (f"{total} kernels: {counts['equal']} equal, {counts['tolerance']} within tolerance, "
               f"{counts['mismatch']} mismatched ({undefined} of them tagged float_to_int/raw_shift, undefined in LLVM; "
               f"{explained} explained in tests/fuzz/known.json; {unexplained} unexplained), "
               f"{counts['rejected']} rejected by tl2cu, "
               f"{counts['triton_failed']} failed in Triton, {counts['crashed']} crashed or timed out "
               f"({time.time() - t0:.0f} s)")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "fuzz_report.json"), "w") as f:
        json.dump({"seed": manifest["seed"], "summary": summary, "results": results}, f, indent=1)
    print(summary)


if __name__ == "__main__":
    main()
