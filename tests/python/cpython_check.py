"""tl2cu's front end against CPython's parser, with CPython's own files as the oracle.

Acceptance: every .py file under LIB (CPython's Lib/: the standard library and its test
suite) that this Python compiles is translated by tl2cu with a small kernel appended;
the file's host code must neither be refused nor judged. Rejection: every invalid-syntax
example of LIB/test/test_syntax.py (its doctests that raise SyntaxError) must make tl2cu
exit 1 with an error. Run with the CPython whose grammar is the oracle (3.13):

    python3.13 tests/python/cpython_check.py [--lib DIR] [--tl2cu build/tl2cu] [-v]

Prints one line per failure with -v, and a summary; exits 1 if any file disagrees.
"""
import argparse
import ast
import concurrent.futures
import doctest
import hashlib
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
import warnings

KERNEL = '''

import triton as _tl2cu_triton
import triton.language as _tl2cu_tl


@_tl2cu_triton.jit
def _tl2cu_probe_kernel(x_ptr, y_ptr, n, BLOCK: _tl2cu_tl.constexpr):
    offs = _tl2cu_tl.program_id(0) * BLOCK + _tl2cu_tl.arange(0, BLOCK)
    m = offs < n
    _tl2cu_tl.store(y_ptr + offs, _tl2cu_tl.load(x_ptr + offs, mask=m) + 1, mask=m)
'''
ARGS = ["-k", "_tl2cu_probe_kernel", "-s", "_tl2cu_probe_kernel:*fp32,*fp32,i32,128", "--format=none"]


def python_accepts(source):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            compile(source, "<f>", "exec", dont_inherit=True)
            return True
        except (SyntaxError, ValueError):
            return False


class AcceptedCache:
    """What this Python's compile() said of each source, by the source's hash, kept in tests/run.sh's
    cache folder (TL2CU_TEST_CACHE; "off" keeps nothing): compiling the whole Lib/ is most of
    this check's time, and its answer for the same bytes and the same Python does not change."""

    def __init__(self):
        folder = os.environ.get("TL2CU_TEST_CACHE") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tl2cu-tests")
        self.path = None if folder == "off" else os.path.join(
            folder, "cpython-accepts-%s.json" % hashlib.sha256(sys.version.encode()).hexdigest()[:16])
        self.known, self.changed = {}, False
        if self.path and os.path.exists(self.path):
            try:
                with open(self.path) as f:
                    self.known = json.load(f)
            except (OSError, ValueError):
                self.known = {}

    def accepts(self, source):
        key = hashlib.sha256(source).hexdigest()
        if key not in self.known:
            self.known[key], self.changed = python_accepts(source), True
        return self.known[key]

    def save(self):
        if self.path and self.changed:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(self.path + ".tmp", "w") as f:
                json.dump(self.known, f)
            os.replace(self.path + ".tmp", self.path)


def run_tl2cu(tl2cu, source, tmpdir, name):
    path = os.path.join(tmpdir, name + ".py")
    with open(path, "wb") as f:
        f.write(source)
    try:
        r = subprocess.run([tl2cu, *ARGS, "-o", os.devnull, path], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return 124, b"timeout"
    return r.returncode, r.stderr


def accepted_files(lib):
    for root, dirs, files in os.walk(lib):
        dirs.sort()
        if "site-packages" in root.split(os.sep):
            continue
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.join(root, f)


def check_acceptance(lib, tl2cu, tmpdir, verbose):
    tried = agreed = 0
    failures = []
    jobs = []
    cache = AcceptedCache()
    for path in accepted_files(lib):
        with open(path, "rb") as fh:
            source = fh.read()
        if not cache.accepts(source + KERNEL.encode()):
            continue
        jobs.append((path, source))
    cache.save()
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        results = pool.map(lambda j: run_tl2cu(tl2cu, j[1] + KERNEL.encode(), tmpdir, "acc%d" % hash(j[0])), jobs)
        for (path, _), (rc, err) in zip(jobs, results):
            tried += 1
            if rc == 0:
                agreed += 1
            else:
                failures.append((path, err.decode("utf-8", "replace").splitlines()[:1]))
    for path, err in failures:
        if verbose:
            print("accept: %s: %s" % (os.path.relpath(path, lib), err[0] if err else ""))
    return tried, agreed, failures


def invalid_examples(lib):
    """The doctest examples of test_syntax.py whose expected output is a SyntaxError."""
    path = os.path.join(lib, "test", "test_syntax.py")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    parser = doctest.DocTestParser()
    out = []
    for node in ast.walk(ast.parse(text)):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str) and ">>>" in node.value):
            continue
        try:
            examples = parser.get_examples(node.value)
        except ValueError:
            continue
        for ex in examples:
            if "SyntaxError" in (ex.exc_msg or "") or "SyntaxError" in ex.want:
                out.append(ex.source)
    return out


def check_rejection(lib, tl2cu, tmpdir, verbose):
    tried = agreed = 0
    failures = []
    for i, src in enumerate(invalid_examples(lib)):
        if python_accepts(src):
            continue  # an example that raises only when run (or under other flags)
        tried += 1
        rc, err = run_tl2cu(tl2cu, (src + KERNEL).encode(), tmpdir, "rej%d" % i)
        if rc == 1 and b"error" in err:
            agreed += 1
        else:
            failures.append(src)
            if verbose:
                print("reject: rc %d: %r" % (rc, src))
    return tried, agreed, failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", default=sysconfig.get_paths()["stdlib"])
    ap.add_argument("--tl2cu", default="build/tl2cu")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmpdir:
        at, aa, _ = check_acceptance(a.lib, a.tl2cu, tmpdir, a.verbose)
        rt, ra, _ = check_rejection(a.lib, a.tl2cu, tmpdir, a.verbose)
    v = sys.version_info
    print("CPython %d.%d.%d: %d of %d files it accepts translated; %d of %d invalid-syntax examples rejected"
          % (v.major, v.minor, v.micro, aa, at, ra, rt))
    sys.exit(0 if aa == at and ra == rt else 1)


if __name__ == "__main__":
    main()
