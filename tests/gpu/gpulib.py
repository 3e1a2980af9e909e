"""What the GPU checks share: the repository root, the kernels translated into
build/gpu/NAME.cu (by `make gpu-inputs`) built into a library and loaded, and the
tests/golden/NAME.py kernels imported for Triton."""
import ctypes
import importlib.util
import os
import sys
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def library(name):
    """build/gpu/NAME.cu built and loaded. TL2CU_GPU_BUILD and TL2CU_RUNTIME name another
    translation and its runtime (an earlier translator's, to see a check fail there)."""
    build = os.environ.get("TL2CU_GPU_BUILD", os.path.join(ROOT, "build", "gpu"))
    runtime = os.environ.get("TL2CU_RUNTIME", os.path.join(ROOT, "runtime"))
    lib_path = os.path.join(build, f"lib{name}.so")
    subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-shared", "-Xcompiler", "-fPIC", "-I" + runtime,
                    os.path.join(build, f"{name}.cu"), "-o", lib_path], check=True)
    return ctypes.CDLL(lib_path)


def golden_module(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tests", "golden", f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Tally:
    """The checks' verdicts: one [PASS]/[FAIL] line per case, then "N passed, N failed"
    and the exit status."""

    def __init__(self):
        self.passed = self.failed = 0

    def case(self, ok, label):
        print(f"[{'PASS' if ok else 'FAIL'}] {label}")
        self.passed += bool(ok)
        self.failed += not ok

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
