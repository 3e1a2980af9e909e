"""The fuzz's matmul kernels (gen.py --matmuls-from) against a float64 model of their formula,
on the GPU machine: for Triton and for the tl2cu build of each directory given, the count of
output elements outside a bound of the model. Where Triton and tl2cu differ, it says which is
wrong (docs/NOTES.md 80: it found tl2cu's staged epilogue store writing columns 4-7 at 8-11).

    python3 tests/fuzz/model_matmul.py FUZZDIR [OTHER_FUZZDIR ...]

Each FUZZDIR holds batches built by build.py (the first one's manifest and .py are read).
The kernels are gen.py's matmul family: a = x0[rm, kk] masked by rm < M, kk < N, kk < M;
b = x1[kk, rn] masked by kk < M, kk < N, rn < N; acc summed over cdiv(N, BK) blocks (or one);
o0[rm * N + rn] = the stored expression of acc, for rm < M, rn < N. The bound per element:
tol * (|a| @ |b|) times the epilogue's largest factor, tol 2^-9 for fp32 operands (tf32),
K * 2^-22 for 16-bit and fp8 ones, 0 for int8. Prints one line per kernel outside the bound
for any tool and a tally. (Run on an H100 on 2026-12-07 with a fixed 2% bound, which was too
tight for tf32: the fp32 kernels were outside it for all three tools alike.)
"""
import ctypes
import importlib.util
import json
import os
import re
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_gpu  # noqa: E402


class TL:  # what the stored expressions call
    @staticmethod
    def where(c, a, b):
        return torch.where(c, a, b if torch.is_tensor(b) else torch.full_like(a, b))

    @staticmethod
    def maximum(a, b):
        return torch.clamp(a, min=b) if not torch.is_tensor(b) else torch.maximum(a, b)


def model(src, desc, inputs):
    """The float64 output, NaN outside M x N, and the bound per element."""
    bm = int(re.search(r"rm = pid_m \* (\d+)", src).group(1))
    bn = int(re.search(r"rn = pid_n \* (\d+)", src).group(1))
    bk = int(re.search(r"rk = tl.arange\(0, (\d+)\)", src).group(1))
    loop = "for k in range" in src
    m_, n_ = desc["sizes"]["M"], desc["sizes"]["N"]
    s = desc["values"].get("s")
    x0, x1 = (t.double().cpu() for t in inputs)
    kmax = ((n_ + bk - 1) // bk) * bk if loop else bk
    rows, cols = desc["grid"][0] * bm, desc["grid"][1] * bn
    a = torch.zeros(rows, kmax, dtype=torch.float64)
    b = torch.zeros(kmax, cols, dtype=torch.float64)
    lim = min(n_, m_, kmax)
    for m in range(min(rows, m_)):
        a[m, :lim] = x0[m * n_: m * n_ + lim]
    for k in range(lim):
        b[k, :min(cols, n_)] = x1[k * n_: k * n_ + min(cols, n_)]
    expr = re.search(r"tl.store\(o0 \+ offs, (.*), mask=mask\)", src).group(1)
    out = eval(expr, {"tl": TL, "acc": a @ b, "s": s})
    scale = a.abs() @ b.abs()
    dtype = desc["inputs"][0]["dtype"]
    tol = 0.0 if dtype.startswith("i") else 2.0 ** -9 if dtype == "fp32" else lim * 2.0 ** -22
    factor = max(1.0, abs(s) if "* s" in expr else 1.0, 3.0 if "* 3" in expr else 1.0)
    o = torch.full((desc["outputs"][0]["numel"],), float("nan"), dtype=torch.float64)
    bound = torch.zeros_like(o)
    for m in range(min(rows, m_)):
        n = min(cols, n_)
        o[m * n_: m * n_ + n] = out[m, :n]
        bound[m * n_: m * n_ + n] = tol * factor * scale[m, :n] + 1e-30
    return o, bound


def outside(got, want, bound):
    ok = ~torch.isnan(want)
    return int(((got.double().cpu() - want).abs() > bound)[ok].sum())


def launch(lib, desc, inputs, out, scalars):
    f = getattr(lib, desc["name"] + "_grid")
    f.restype = ctypes.c_int
    args = [ctypes.c_void_p(t.data_ptr()) for t in inputs + [out]]
    for name, v in zip(desc["scalars"], scalars):
        args.append(ctypes.c_float(v) if name == "s" else ctypes.c_int32(v))
    g = desc["grid"]
    err = f(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), g[0], g[1], g[2], *args)
    torch.cuda.synchronize()
    return err


def main():
    dirs = sys.argv[1:]
    batches = json.load(open(os.path.join(dirs[0], "manifest.json")))["batches"]
    tally = {}
    for batch in sorted(batches):
        spec = importlib.util.spec_from_file_location(batch, os.path.join(dirs[0], batch + ".py"))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        libs = []
        for d in dirs:
            built = set(json.load(open(os.path.join(d, "build.json")))[batch]["built"])
            libs.append((ctypes.CDLL(os.path.abspath(os.path.join(d, batch + ".so"))), built))
        for desc in batches[batch]:
            fn = getattr(mod, desc["name"])
            src = fn.src
            if "rm = pid_m *" not in src or "tl.dot" not in src or not re.search(r"rk = tl.arange\(0, \d+\)", src):
                continue  # (not the matmul family: the dots family has rm and tl.dot, no rk)
            gen = torch.Generator().manual_seed(desc["seed"])
            inputs = [run_gpu.random_input(torch, gen, s).cuda() for s in desc["inputs"]]
            scalars = [desc["sizes"].get(n, desc["values"].get(n)) for n in desc["scalars"]]
            want, bound = model(src, desc, inputs)
            ref = run_gpu.poisoned(torch, desc["outputs"][0])
            fn[tuple(desc["grid"])](*inputs, ref, *scalars)
            torch.cuda.synchronize()
            counts = [outside(ref, want, bound)]
            for lib, built in libs:
                if desc["name"] not in built:
                    counts.append("-")
                    continue
                got = run_gpu.poisoned(torch, desc["outputs"][0])
                err = launch(lib, desc, inputs, got, scalars)
                counts.append(outside(got, want, bound) if err == 0 else f"err{err}")
            key = " ".join("ok" if c == 0 else "BAD" for c in counts)
            tally[key] = tally.get(key, 0) + 1
            if any(c != 0 for c in counts):
                print(desc["name"], batch, desc["inputs"][0]["dtype"], desc["sizes"],
                      "elements outside the bound (Triton, then each directory's tl2cu):", counts, flush=True)
    print("tally (Triton, then each directory's tl2cu):", tally)


if __name__ == "__main__":
    main()
