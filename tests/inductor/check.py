"""Every kernel Inductor launches for collect.py's models, run again as tl2cu translates it (on a GPU machine).

    python3 tests/inductor/check.py OUTDIR        (from the repository root; torch, Triton, nvcc; build/tl2cu)

Runs the models of collect.py under torch.compile with a fresh Inductor cache in OUTDIR/cache, wrapping
CachingAutotuner.run to record, for the first launch of each kernel: the kernel's name, its source file,
the config Inductor chose (XBLOCK, R0_BLOCK..., num_warps, num_stages), the grid, and clones of its
arguments before and after. Then each kernel file is translated with build/tl2cu (--allow-inexact-libdevice:
Inductor's kernels call fp32 libdevice) into OUTDIR/NAME.cu, built with nvcc into NAME.so, and the
tl2cu variant of the same config (the .cu's "autotune config I: ..." banner) is launched through
NAME_config(I, ...) (NAME(...) where tl2cu made one config) on fresh clones of the same arguments.
Every tensor argument afterwards is compared with Triton's:
  equal              bit for bit (NaNs of any payload count as equal)
  within tolerance   reductions (triton_red_*, triton_per_*: the order of a sum is the layout's) and kernels
                     calling libdevice: |a - b| <= ATOL + RTOL * |b| per dtype (TOLERANCE below)
  mismatched         anything else
  not translated     tl2cu or nvcc failed (the first error line is printed)
  config missing     Inductor ran a config tl2cu's list for the kernel lacks (its R0_BLOCK scaled down
                     for register spills, say)
Each kernel's config list (Inductor's before tuning) is compared with tl2cu's too ("configs differ").
Prints one line per kernel (model, kernel, status, worst difference, Triton's config and grid) and the summary.
"""
import concurrent.futures
import ctypes
import os
import re
import shutil
import subprocess
import sys
import traceback

OUT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "inductor_check")
os.makedirs(OUT, exist_ok=True)
shutil.rmtree(os.path.join(OUT, "cache"), ignore_errors=True)  # a fresh cache: every kernel compiled and tuned
os.environ["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(OUT, "cache")
os.environ["TORCHINDUCTOR_FX_GRAPH_CACHE"] = "0"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402
from torch._inductor.runtime import triton_heuristics  # noqa: E402

import collect  # noqa: E402

TOLERANCE = {torch.float32: (1e-5, 1e-5), torch.float16: (1e-3, 1e-3), torch.bfloat16: (8e-3, 8e-3),
             torch.float64: (1e-12, 1e-12)}
C_SCALAR = {"i1": ctypes.c_bool, "i8": ctypes.c_int8, "i16": ctypes.c_int16, "i32": ctypes.c_int32,
            "i64": ctypes.c_int64, "u32": ctypes.c_uint32, "u64": ctypes.c_uint64, "fp32": ctypes.c_float,
            "fp64": ctypes.c_double}
records = []
seen = set()
current_model = [""]


def clone_args(args):
    """Copies of the tensor arguments with their whole storage, offset and strides (kernels index the
    storage), arguments that share a storage sharing the copy (in-place kernels: `x.add_(1)` passes x
    as input and output)."""
    copies = {}
    out = []
    for a in args:
        if not isinstance(a, torch.Tensor):
            out.append(a)
            continue
        key = a.untyped_storage().data_ptr()
        if key not in copies:
            copies[key] = a.untyped_storage().clone()
        out.append(torch.empty(0, dtype=a.dtype, device=a.device).set_(copies[key], a.storage_offset(), a.size(),
                                                                       a.stride()))
    return out


def triton_grid(autotuner, cfg, args):
    try:
        scope = dict(cfg.kwargs)
        scope.update({n: v for n, v in zip(autotuner.fn.arg_names, args) if isinstance(v, int)})
        grid = triton_heuristics.GridExpr.from_meta(autotuner.inductor_meta, cfg, mode="python_slow")
        return grid.eval_slow(scope)
    except Exception:  # a grid type this script does not evaluate
        return None


def wrap_run():
    original = triton_heuristics.CachingAutotuner.run

    def run(self, *args, **kwargs):
        key = (current_model[0], self.fn.__name__, self.filename)
        first = key not in seen and self.filename is not None
        if first:
            seen.add(key)
            before = clone_args(args)
            # The configs it tunes among, read before this first run: it drops self.configs once its launchers
            # are compiled, and autotune_to_one_config() keeps only the fastest launcher.
            tuned = self.configs or [lc.config for lc in self.launchers]
            configs = [config_text(c.kwargs, c.num_warps, c.num_stages) for c in tuned]
        result = original(self, *args, **kwargs)
        if first:
            torch.cuda.synchronize()
            cfg = self.launchers[0].config
            records.append(dict(model=current_model[0], name=self.fn.__name__, file=self.filename,
                                kwargs=dict(cfg.kwargs), num_warps=cfg.num_warps, num_stages=cfg.num_stages,
                                grid=triton_grid(self, cfg, args), arg_names=list(self.fn.arg_names),
                                signature=dict(self.triton_meta["signature"]), configs=configs, before=before,
                                after=clone_args(args)))
        return result

    triton_heuristics.CachingAutotuner.run = run


def translate(path):
    """OUT/STEM.cu and OUT/STEM.so for one kernel file: (so path, cu text) or (None, first error line)."""
    stem = os.path.join(OUT, os.path.splitext(os.path.basename(path))[0])
    steps = [[os.path.join(ROOT, "build", "tl2cu"), "--allow-inexact-libdevice", "--format=none", path,
              "-o", stem + ".cu"],
             ["nvcc", "-arch=sm_90", "-O3", "-shared", "-Xcompiler", "-fPIC", "-I", os.path.join(ROOT, "runtime"),
              stem + ".cu", "-o", stem + ".so"]]
    for cmd in steps:
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode:
            text = (p.stderr + p.stdout).splitlines()
            lines = [x for x in text if "error" in x] or text
            return None, "%s: %s" % (os.path.basename(cmd[0]), lines[0] if lines else "exit %d" % p.returncode)
    return stem + ".so", open(stem + ".cu").read()


def config_text(kwargs, num_warps, num_stages):
    """A config as tl2cu's banner writes it: "XBLOCK=1024, num_warps=4, num_stages=1"."""
    parts = ["%s=%s" % kv for kv in kwargs.items()] + ["num_warps=%d" % num_warps]
    if num_stages:
        parts.append("num_stages=%d" % num_stages)
    return ", ".join(parts)


def chosen_text(rec):
    return config_text(rec["kwargs"], rec["num_warps"], rec["num_stages"])


def tl2cu_configs(rec, cu):
    """{config text: index} of the kernel's variants in tl2cu's .cu (index -1: its one config)."""
    found = {}
    for index, text in re.findall(r"// %s: autotune config (-?\d+): (.*)" % re.escape(rec["name"]), cu):
        found.setdefault(re.sub(r" \(.*$", "", text), int(index))  # (a variant note may follow)
    return found


def launch_tl2cu(lib, rec, index, args):
    names = [n for n in rec["arg_names"][:len(args)]]
    c_args, c_types = [], []
    for name, a in zip(names, args):
        kind = rec["signature"].get(name, "constexpr")
        if kind == "constexpr":
            continue  # (a constant of triton_meta: no launcher parameter)
        if kind.startswith("*"):
            c_args.append(ctypes.c_void_p(a.data_ptr()))
            c_types.append(ctypes.c_void_p)
        else:
            c_args.append(C_SCALAR[kind](a))
            c_types.append(C_SCALAR[kind])
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    if index >= 0:
        fn = getattr(lib, rec["name"] + "_config")
        fn.argtypes = [ctypes.c_int, ctypes.c_void_p] + c_types
        err = fn(index, stream, *c_args)
    else:
        fn = getattr(lib, rec["name"])
        fn.argtypes = [ctypes.c_void_p] + c_types
        err = fn(stream, *c_args)
    torch.cuda.synchronize()
    return err


def bits(t):
    size = t.element_size()
    return t.contiguous().view({1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[size])


def compare(rec, got):
    """(status, worst difference) of tl2cu's arguments after its run against Triton's."""
    tolerant = re.match(r"triton_(red|per)_", rec["name"]) or "libdevice." in open(rec["file"]).read()
    status, worst = "equal", 0.0
    for want, have in zip(rec["after"], got):
        if not isinstance(want, torch.Tensor):
            continue
        if torch.equal(bits(want), bits(have)):
            continue
        if want.dtype.is_floating_point:
            want, have = want.contiguous(), have.contiguous()
            both_nan = torch.isnan(want) & torch.isnan(have)
            same = (bits(want) == bits(have)) | both_nan
            if bool(same.all()):
                continue
            diff = (want.double() - have.double()).abs().nan_to_num(float("inf")).masked_fill(same, 0)
            worst = max(worst, float(diff.max()))
            atol, rtol = TOLERANCE.get(want.dtype, (0, 0))
            ok = bool(((diff <= atol + rtol * want.double().abs()) | same).all())
            status = "within tolerance" if ok and tolerant and status != "mismatched" else "mismatched"
        else:
            worst = max(worst, float((want != have).sum()))  # integers: how many elements differ
            status = "mismatched"
    return status, worst


def main():
    wrap_run()
    for name, run in collect.model_runs("cuda"):
        current_model[0] = name
        torch._dynamo.reset()
        try:
            run()
            torch.cuda.synchronize()
        except Exception as e:  # one model failing leaves the others
            print("%s: the model failed: %s" % (name, e))
            traceback.print_exc()
    files = sorted({r["file"] for r in records})
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 8) as pool:
        built = dict(zip(files, pool.map(translate, files)))
    counts = {"equal": 0, "within tolerance": 0, "mismatched": 0, "not translated": 0, "config missing": 0}
    differ = 0  # kernels whose config list (before tuning) tl2cu does not reproduce
    for rec in records:
        so, cu = built[rec["file"]]
        worst, detail = 0.0, ""
        if so is None:
            status, detail = "not translated", cu
        else:
            ours = tl2cu_configs(rec, cu)
            index = ours.get(chosen_text(rec))
            if sorted(ours) != sorted(rec["configs"]):
                differ += 1
                detail = "configs differ: Inductor %s, tl2cu %s" % (rec["configs"], sorted(ours))
            if index is None:
                status = "config missing"
            else:
                args = clone_args(rec["before"])
                err = launch_tl2cu(ctypes.CDLL(so), rec, index, args)
                status, worst = ("mismatched", 0.0) if err else compare(rec, args)
                detail = ("cudaError %d " % err if err else "") + detail
        counts[status] += 1
        print("%-13s %-60s %-16s worst %-10.3g %s grid %s %s" % (rec["model"], rec["name"][:60], status, worst,
                                                               chosen_text(rec), rec["grid"], detail))
    print("%d kernels: %d equal, %d within tolerance, %d mismatched, %d not translated, %d config missing"
          % (len(records), counts["equal"], counts["within tolerance"], counts["mismatched"],
             counts["not translated"], counts["config missing"]))
    print("config lists: %d of %d kernels as Inductor's (the configs it tunes among)" % (len(records) - differ,
                                                                                        len(records)))
    print("torch %s, triton %s, %s" % (torch.__version__, __import__("triton").__version__,
                                       torch.cuda.get_device_name()))


if __name__ == "__main__":
    main()
