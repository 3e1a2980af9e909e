"""What the GPU checks share: the repository root, the kernels translated into
build/gpu/NAME.cu (by `make gpu-inputs`) built into a library and loaded, and the
tests/golden/NAME.py kernels imported for Triton."""
import ctypes
import importlib.util
import os
import sys
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _paths():
    build = os.environ.get("TL2CU_GPU_BUILD", os.path.join(ROOT, "build", "gpu"))
    runtime = os.environ.get("TL2CU_RUNTIME", os.path.join(ROOT, "runtime"))
    return build, runtime


def _build(name, build, runtime):
    """nvcc for build/gpu/NAME.cu unless its library is newer than it and the runtime
    (the Popen, or None); run_all.sh builds them all at once through build_all."""
    lib_path = os.path.join(build, f"lib{name}.so")
    source = os.path.join(build, f"{name}.cu")
    if up_to_date(lib_path, [source, os.path.join(runtime, "tl2cu.cuh")]):
        return None
    return subprocess.Popen(["nvcc", "-O3", *arch_flags(source), "-shared", "-Xcompiler", "-fPIC", "-I" + runtime,
                             source, "-o", lib_path])


def arch_flags(source):
    """nvcc's target for a generated file: sm_90, or sm_90a where tl2cu (--target sm_90a, the
    default) used warpgroup MMA (the file says so in its #error line)."""
    with open(source) as f:
        wgmma = "tl2cu --target sm_90a" in f.read(4096)
    return ["-gencode", "arch=compute_90a,code=sm_90a"] if wgmma else ["-arch=sm_90"]


def library(name):
    """build/gpu/NAME.cu built and loaded. TL2CU_GPU_BUILD and TL2CU_RUNTIME name another
    translation and its runtime (an earlier translator's, to see a check fail there)."""
    build, runtime = _paths()
    proc = _build(name, build, runtime)
    if proc and proc.wait():
        raise subprocess.CalledProcessError(proc.returncode, proc.args)
    return ctypes.CDLL(os.path.join(build, f"lib{name}.so"))


def translated(name):
    """Is build/gpu/NAME.cu there (a translation some checks add when make gpu-inputs made it)?"""
    return os.path.exists(os.path.join(_paths()[0], f"{name}.cu"))


def build_all(jobs):
    """Every build/gpu/*.cu at once, JOBS nvcc at a time; the checks then find them built."""
    build, runtime = _paths()
    names = sorted(f[:-3] for f in os.listdir(build) if f.endswith(".cu"))
    running, failed = [], 0
    for name in names:
        while len(running) >= jobs:
            failed += running.pop(0).wait() != 0
        proc = _build(name, build, runtime)
        if proc:
            running.append(proc)
    failed += sum(p.wait() != 0 for p in running)
    return failed


def up_to_date(target, sources):
    """Whether TARGET is newer than every source."""
    if not os.path.exists(target):
        return False
    return all(os.path.getmtime(target) >= os.path.getmtime(s) for s in sources if os.path.exists(s))


def golden_module(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tests", "golden", f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bits(x):
    """A tensor's elements as signed integers of their width, to compare bit for bit."""
    import torch
    return x.view({1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[x.element_size()])


def launch(lib, name, grid, tensors, scalars=()):
    """Calls NAME_grid(stream, gx, gy, gz, pointers..., scalars...) and synchronizes (grid: an int,
    or a tuple of up to three): a Python float is passed as a C float (an fp32 parameter), an int
    as int32, a ctypes value as itself."""
    import torch
    launcher = getattr(lib, name + "_grid")
    launcher.restype = ctypes.c_int
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    g = (tuple(grid) if isinstance(grid, (tuple, list)) else (grid,)) + (1, 1)
    err = launcher(stream, g[0], g[1], g[2], *[ctypes.c_void_p(t.data_ptr()) for t in tensors],
                   *[c_scalar(v) for v in scalars])
    torch.cuda.synchronize()
    return err


def c_scalar(v):
    if isinstance(v, ctypes._SimpleCData):
        return v
    return ctypes.c_float(v) if isinstance(v, float) else ctypes.c_int32(v)


def both(lib, mod, name, grid, make, scalars=(), meta=None):
    """Runs the kernel under Triton and tl2cu on fresh copies of make()'s tensors; meta:
    Triton's constexpr arguments (tl2cu's are fixed by the file's options)."""
    import torch
    ref, got = make(), make()
    getattr(mod, name)[(grid,)](*ref, *scalars, **(meta or {}))
    torch.cuda.synchronize()
    err = launch(lib, name, grid, got, scalars)
    return ref, got, err


def same_bits(tally, label, ref, got, err):
    """One case: every tensor of got equal to ref's bit for bit, and no launch error."""
    import torch
    bad = [i for i, (r, g) in enumerate(zip(ref, got)) if not torch.equal(bits(r), bits(g))]
    detail = "" if not bad and err == 0 else f" err={err} differing tensors {bad}"
    if bad:
        i = bad[0]
        where = (bits(ref[i]) != bits(got[i])).nonzero().flatten()[:4].tolist()
        detail += f" first at {where}: {got[i].flatten()[where].tolist()} want {ref[i].flatten()[where].tolist()}"
    tally.case(err == 0 and not bad, label + detail)


def close(tally, label, ref, got, err, outputs, rtol=1e-2):
    """One case: the tensors at indices outputs within rtol of ref's (relative to |ref| + 1:
    tensor-core sums in another order), and no launch error."""
    worst = max(float(((ref[i] - got[i]).abs() / (ref[i].abs() + 1)).max()) for i in outputs)
    tally.case(err == 0 and worst < rtol, f"{label}: worst {worst:.2g}")


def differences(ref, got):
    """The first differing elements of the first differing output, as text ('' if none)."""
    import torch
    for i, (r, g) in enumerate(zip(ref, got)):
        if not torch.equal(bits(r), bits(g)):
            where = (bits(r) != bits(g)).nonzero().flatten()[:4].tolist()
            return f" output {i} first at {where}: {g.flatten()[where].tolist()} want {r.flatten()[where].tolist()}"
    return ""


def check(tally, label, ref, got, err, model=None):
    """The outputs: tl2cu's against Triton's, and Triton's against the model's (if any)."""
    detail = differences(ref, got) + (f" err={err}" if err else "")
    tally.case(not detail, f"{label}: tl2cu == Triton{detail}")
    if model is not None:
        mdetail = differences(model, ref)
        tally.case(not mdetail, f"{label}: Triton == model{mdetail}")


class Tally:
    """The checks' verdicts: one [PASS]/[FAIL] line per case, then "N passed, N failed"
    and the exit status."""

    def __init__(self):
        self.passed = self.failed = 0
        self.prefix = ""  # (a check over several builds names the build here)

    def case(self, ok, label):
        print(f"[{'PASS' if ok else 'FAIL'}] {self.prefix}{label}")
        self.passed += bool(ok)
        self.failed += not ok

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)


class Tl2cuTensorDesc(ctypes.Structure):  # runtime/tl2cu.cuh tl2cu_tensordesc: a launcher's descriptor argument
    _fields_ = [("base", ctypes.c_void_p), ("shape", ctypes.c_int64 * 5), ("strides", ctypes.c_int64 * 5),
                ("padding", ctypes.c_int32)]


def tl2cu_tensordesc(base_ptr, shape, strides, nan_padding=False):
    """The descriptor tl2cu's launchers take for a host TensorDescriptor of these shape and strides."""
    return Tl2cuTensorDesc(base_ptr, (ctypes.c_int64 * 5)(*shape), (ctypes.c_int64 * 5)(*strides), 1 if nan_padding else 0)


if __name__ == "__main__":  # python3 tests/gpu/gpulib.py build-all [JOBS]
    if sys.argv[1:2] != ["build-all"]:
        sys.exit("usage: gpulib.py build-all [JOBS]")
    sys.exit(1 if build_all(int(sys.argv[2]) if len(sys.argv) > 2 else os.cpu_count() or 1) else 0)
