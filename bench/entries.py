"""Every sample has a benchmark entry: a directory samples/NAME/kernel.py must be in
samples/Makefile's SAMPLES (built), in samples/compare_triton.py's SAMPLES (run and
checked against Triton) and in bench/bench.py's torch_cases() (bytes, FLOPs, torch).
Read from the files' text (ast), so that it runs without torch or a GPU: tests/run.sh
runs it, and bench.py runs it before it times anything.

    python3 bench/entries.py     # prints what is missing; exits 1 if anything is
"""
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def dict_keys(node):
    return {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}


def compare_triton_samples(path):
    """The keys of the module-level SAMPLES = {...}."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "SAMPLES" for t in node.targets):
            return dict_keys(node.value)
    return set()


def bench_entries(path):
    """The keys of the dict that torch_cases() returns."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.FunctionDef) and node.name == "torch_cases":
            for sub in ast.walk(node):
                if isinstance(sub, ast.Return) and isinstance(sub.value, ast.Dict):
                    return dict_keys(sub.value)
    return set()


def makefile_samples(path):
    """The names of the Makefile's SAMPLES = ... (continued lines included)."""
    m = re.search(r"^SAMPLES\s*=\s*((?:.*\\\n)*.*)$", path.read_text(), re.M)
    return set(m.group(1).replace("\\\n", " ").split()) if m else set()


def missing(root=ROOT):
    """(sample, where its entry is missing) for every sample without one, sorted."""
    samples = sorted(p.parent.name for p in (root / "samples").glob("*/kernel.py"))
    places = [("samples/Makefile SAMPLES", makefile_samples(root / "samples" / "Makefile")),
              ("samples/compare_triton.py SAMPLES", compare_triton_samples(root / "samples" / "compare_triton.py")),
              ("bench/bench.py torch_cases()", bench_entries(root / "bench" / "bench.py"))]
    return [(s, where) for s in samples for where, names in places if s not in names]


def main():
    gaps = missing()
    for sample, where in gaps:
        print(f"bench: sample '{sample}' has no benchmark entry in {where}")
    count = len(list((ROOT / "samples").glob("*/kernel.py")))
    print(f"{count} samples, {len(gaps)} missing benchmark entries")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
