"""Mismatches that were replayed and explained (docs/FUZZING.md), so that a round reports
only what is new: tests/fuzz/known.json lists them by kernel name, a digest of the
kernel's source (its helper included) and the outputs that differ. A listed kernel is
tagged "known:CAUSE" only while its source is unchanged, its differing outputs are among
the listed ones, and, for a NaN-payload cause, every difference is between two NaNs.
A changed generator or a new difference makes it unexplained again.

    python3 tests/fuzz/known.py DIR REPORT    which mismatches of REPORT the list explains
    python3 tests/fuzz/known.py --check DIR   every listed kernel is in DIR with its digest
                                              (DIR generated with the list's seed; make test)
"""
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LIST = os.path.join(HERE, "known.json")


_functions = {}  # (directory, batch) -> {function name: its source text}


def batch_functions(directory, batch):
    """Each top-level function's text in a batch file (gen.py's layout: a function runs from its
    `def` line to its last indented line before the next top-level line), the file read once.
    ast.parse took 60 ms a file, most of make test's fuzz check."""
    key = (directory, batch)
    if key not in _functions:
        with open(os.path.join(directory, batch + ".py")) as f:
            lines = f.read().split("\n")
        funcs, name, body = {}, None, []
        for line in lines + ["<end>"]:
            if line and not line[0].isspace():  # a top-level line ends the function before it
                if name:
                    while body and not body[-1].strip():
                        body.pop()
                    funcs[name] = "\n".join(body)
                name, body = None, []
                m = re.match(r"def (\w+)\(", line)
                if m:
                    name = m.group(1)
            if name:
                body.append(line)
        _functions[key] = funcs
    return _functions[key]


def kernel_digest(directory, batch, name):
    """sha256 (first 16 hex digits) of the kernel's and its helper's source text."""
    funcs = batch_functions(directory, batch)
    parts = [funcs[n] for n in funcs if n in (name, name + "_helper")]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def load():
    with open(LIST) as f:
        return json.load(f)


def explain(known, directory, batch_of, result):
    """The cause of a mismatch if the list explains it, else None."""
    entry = known["kernels"].get(result["kernel"])
    if entry is None or entry["digest"] != kernel_digest(directory, batch_of[result["kernel"]], result["kernel"]):
        return None
    diffs = result["diffs"]
    if not {d["output"] for d in diffs} <= set(entry["outputs"]):
        return None
    if entry["cause"].startswith("nan_payload") and not all(d["nan_payload_only"] for d in diffs):
        return None
    return entry["cause"]


def tag_known(directory, manifest, results):
    """Adds known:CAUSE to the tags of every untagged mismatch the list explains; returns their count."""
    known = load()
    if known["seed"] != manifest["seed"]:
        return 0
    batch_of = {k["name"]: b for b, kernels in manifest["batches"].items() for k in kernels}
    count = 0
    for r in results.values():
        if r["status"] == "mismatch" and not r.get("tags"):
            cause = explain(known, directory, batch_of, r)
            if cause:
                r["tags"] = ["known:" + cause]
                count += 1
    return count


def check(directory):
    """Exit status 1 if the generator no longer writes a listed kernel as it was explained."""
    known = load()
    with open(os.path.join(directory, "manifest.json")) as f:
        manifest = json.load(f)
    batch_of = {k["name"]: b for b, kernels in manifest["batches"].items() for k in kernels}
    stale = [k for k, e in known["kernels"].items()
             if manifest["seed"] != known["seed"] or k not in batch_of
             or kernel_digest(directory, batch_of[k], k) != e["digest"]]
    for k in stale:
        print(f"{k}: not generated as explained (seed, generator or kernel changed): replay it again")
    print(f"{len(known['kernels']) - len(stale)} of {len(known['kernels'])} explained kernels generated unchanged")
    return 1 if stale else 0


def main():
    if sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2]))
    directory, report = sys.argv[1], sys.argv[2]
    with open(os.path.join(directory, "manifest.json")) as f:
        manifest = json.load(f)
    with open(report) as f:
        results = json.load(f)["results"]
    untagged = [k for k, r in results.items() if r["status"] == "mismatch" and not r.get("tags")]
    tag_known(directory, manifest, results)
    for k in sorted(untagged, key=lambda k: int(k[1:])):
        print(k, " ".join(results[k]["tags"]) or "UNEXPLAINED")


if __name__ == "__main__":
    main()
