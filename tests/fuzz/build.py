"""Translate and build the fuzz batches: build.py DIR [--jobs J] [--nvcc-only] [--tl2cu PATH].

For each DIR/batch_XXX.py: tl2cu translates the whole file; where it refuses, each
kernel is translated alone (-k) to find which ones, and the file is translated again
with only the accepted kernels. nvcc then builds DIR/batch_XXX.so; where nvcc fails,
each kernel is compiled alone to find the culprits, which are left out. The result,
DIR/build.json, lists per batch the kernels built, rejected by tl2cu and refused by
nvcc, with the messages. --nvcc-only rebuilds the .so files from the existing .cu files
(on the GPU machine, where a .so built elsewhere does not load).
"""
import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NVCC = ["nvcc", "-O3", "-shared", "-Xcompiler", "-fPIC", "-I" + os.path.join(ROOT, "runtime")]


def arch_flags(cu):
    """sm_90, or sm_90a where the file uses warpgroup MMA (tl2cu --target sm_90a, its #error line)."""
    with open(cu) as f:
        wgmma = "tl2cu --target sm_90a" in f.read(4096)
    return ["-gencode", "arch=compute_90a,code=sm_90a"] if wgmma else ["-arch=sm_90"]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stderr


def first_error(text):
    lines = [line for line in text.splitlines() if "error" in line]
    return (lines[0] if lines else text.strip().splitlines()[-1] if text.strip() else "")[:300]


def translate(tl2cu, py, cu, names):
    """Translate the accepted kernels of one batch; returns (accepted, {kernel: error})."""
    rc, err = run([tl2cu, py, "-o", cu, "--format=none"])
    if rc == 0:
        return names, {}
    rejected = {}
    for name in names:
        rc, err = run([tl2cu, py, "-k", name, "-o", os.devnull, "--format=none"])
        if rc != 0:
            rejected[name] = first_error(err)
    accepted = [n for n in names if n not in rejected]
    if accepted:
        rc, err = run([tl2cu, py, "-o", cu, "--format=none"] + sum((["-k", n] for n in accepted), []))
        if rc != 0:  # accepted alone, refused together: report all as rejected
            return [], dict(rejected, **{n: "together: " + first_error(err) for n in accepted})
    return accepted, rejected


def compile_so(cu, so):
    return run(NVCC + arch_flags(cu) + [cu, "-o", so])


def kernel_at_lines(cu, err):
    """The kernels whose code holds the lines nvcc's errors name (its own or instantiation lines)."""
    base = os.path.basename(cu)
    lines = {int(n) for n in re.findall(re.escape(base) + r"\((\d+)\): error", err)}
    lines |= {int(n) for n in re.findall(r"at line (\d+) of \S*" + re.escape(base), err)}
    owner, current = {}, None
    with open(cu) as f:
        for number, text in enumerate(f, 1):
            m = re.match(r'(?:__global__|extern "C").*?\b(k\d+)\w*\(', text)
            current = m.group(1) if m else current
            owner[number] = current
    bad = {}
    for line in sorted(lines):
        name = owner.get(line)
        if name and name not in bad:
            message = [t for t in err.splitlines() if f"({line}): error" in t or f"line {line} of" in t]
            bad[name] = first_error(err if not message else "\n".join(message))
    return bad


def build_batch(args, batch, names):
    py = os.path.join(args.dir, batch + ".py")
    cu = os.path.join(args.dir, batch + ".cu")
    so = os.path.join(args.dir, batch + ".so")
    result = {"built": names, "rejected": {}, "nvcc_failed": {}}
    if not args.nvcc_only:
        accepted, result["rejected"] = translate(args.tl2cu, py, cu, names)
        result["built"] = accepted
    else:
        with open(os.path.join(args.dir, "build.json")) as f:
            result = json.load(f)[batch]
    if not result["built"]:
        return batch, result
    rc, err = compile_so(cu, so)
    if rc != 0 and not args.nvcc_only:
        bad = kernel_at_lines(cu, err)
        result["nvcc_failed"] = bad or {"(whole file)": first_error(err)}
        result["built"] = [n for n in result["built"] if n not in bad] if bad else []
        while result["built"] and bad:
            run([args.tl2cu, py, "-o", cu, "--format=none"] + sum((["-k", n] for n in result["built"]), []))
            rc, err = compile_so(cu, so)
            bad = kernel_at_lines(cu, err) if rc != 0 else {}
            result["nvcc_failed"].update(bad)
            result["built"] = [n for n in result["built"] if n not in bad]
        if rc != 0:
            result["nvcc_failed"]["(whole file)"] = first_error(err)
            result["built"] = []
    elif rc != 0:
        result["nvcc_failed"]["(whole file)"] = first_error(err)
        result["built"] = []
    return batch, result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--nvcc-only", action="store_true")
    ap.add_argument("--tl2cu", default=os.path.join(ROOT, "build", "tl2cu"))
    args = ap.parse_args()
    with open(os.path.join(args.dir, "manifest.json")) as f:
        manifest = json.load(f)
    work = [(b, [k["name"] for k in ks]) for b, ks in sorted(manifest["batches"].items())]
    with ThreadPoolExecutor(args.jobs) as pool:
        results = dict(pool.map(lambda w: build_batch(args, *w), work))
    with open(os.path.join(args.dir, "build.json"), "w") as f:
        json.dump(results, f, indent=1)
    total = sum(len(k) for _, k in work)
    built = sum(len(r["built"]) for r in results.values())
    rejected = {k: m for r in results.values() for k, m in r["rejected"].items()}
    nvcc_failed = {k: m for r in results.values() for k, m in r["nvcc_failed"].items()}
    for k, m in sorted(rejected.items()):
        print(f"rejected by tl2cu: {k}: {m}")
    for k, m in sorted(nvcc_failed.items()):
        print(f"refused by nvcc: {k}: {m}")
    print(f"{total} kernels: {built} built, {len(rejected)} rejected by tl2cu, {len(nvcc_failed)} refused by nvcc")
    sys.exit(0)


if __name__ == "__main__":
    main()
