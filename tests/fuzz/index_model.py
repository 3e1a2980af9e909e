"""The model of an argmin or argmax index, for the Triton results known.json calls
triton_wrong. gen.py's `ta, tb = tl.reduce((X, offs), None, K_combineN)` (ties to the
lower offset) stores tb; `m, i = tl.max(X, axis=0, return_indices=True)` of a 1-D block
stores i (ties to the lower index). This rewrites those stores as the lowest offset (or
index) holding the extremum, `tl.min(tl.where(X == ta, offs, INT32_MAX), axis=None)`
(a plain integer min, the same in any order), into DIR/model/, with tl2cu's original .so
beside it, and replays there without the interpreter. An index output replay no longer
lists is tl2cu's = the model's; one it still lists is not (or X held a NaN: the index is
then INT32_MAX).

    python3 tests/fuzz/index_model.py DIR KERNEL [KERNEL...]      (on the GPU machine)
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REDUCE = re.compile(r"^\s*(\w+), (\w+) = tl\.reduce\(\((.*), offs\), None, (\w+)(, keep_dims=True)?\)$")
MAX_INDEX = re.compile(r"^\s*(\w+), (\w+) = tl\.max\((.*), axis=0, return_indices=True(, keep_dims=True)?\)$")


def kernel_lines(lines, name):
    """The index range of `def NAME(` up to the next top-level line."""
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def {name}("))
    end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i][0].isspace()), len(lines))
    return start, end


def is_argmin_combine(lines, combine):
    start, end = kernel_lines(lines, combine)
    return any("take_b" in line for line in lines[start:end])


def model_of(lines, line):
    """(index variable, its model) for a reduction line with an index, or None."""
    m = REDUCE.match(line)
    if m and is_argmin_combine(lines, m.group(4)):
        ta, tb, expr, keep = m.group(1), m.group(2), m.group(3), m.group(5) or ""
        return tb, f"tl.min(tl.where(({expr}) == {ta}, offs, 2147483647), axis=None{keep})"
    m = MAX_INDEX.match(line)
    if m:
        mx, i, expr, keep = m.group(1), m.group(2), m.group(3), m.group(4) or ""
        at = f"tl.arange(0, ({expr}).shape[0])"
        return i, f"tl.min(tl.where(({expr}) == {mx}, {at}, 2147483647), axis=0{keep})"
    return None


def rewrite(lines, name):
    """Patches every index store of kernel NAME that model_of knows; returns how many."""
    start, end = kernel_lines(lines, name)
    patched = 0
    for i in range(start, end):
        found = model_of(lines, lines[i])
        if not found:
            continue
        index, model = found
        for j in range(i + 1, end):  # the store of a 1-D kernel: tl.store(o + pid..., index)
            if lines[j].lstrip().startswith("tl.store(") and lines[j].rstrip().endswith(f", {index})"):
                lines[j] = lines[j].rstrip()[: -len(f", {index})")] + f", {model})\n"
                patched += 1
                break
    return patched


def main():
    directory, names = sys.argv[1], sys.argv[2:]
    with open(os.path.join(directory, "manifest.json")) as f:
        manifest = json.load(f)
    model_dir = os.path.join(directory, "model")
    os.makedirs(model_dir, exist_ok=True)
    with open(os.path.join(model_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    batch_of = {k["name"]: b for b, ks in manifest["batches"].items() for k in ks}
    for batch in sorted({batch_of[n] for n in names}):
        with open(os.path.join(directory, batch + ".py")) as f:
            lines = f.readlines()
        for name in names:
            if batch_of[name] == batch:
                print(f"{name}: {rewrite(lines, name)} index store(s) rewritten as the model")
        with open(os.path.join(model_dir, batch + ".py"), "w") as f:
            f.writelines(lines)
        so = os.path.join(model_dir, batch + ".so")
        if not os.path.exists(so):
            os.symlink(os.path.abspath(os.path.join(directory, batch + ".so")), so)
    sys.stdout.flush()
    subprocess.run([sys.executable, os.path.join(HERE, "replay.py"), os.path.abspath(model_dir), *names, "--no-interp"], cwd=HERE)


if __name__ == "__main__":
    main()
