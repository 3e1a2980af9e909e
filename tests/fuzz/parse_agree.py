"""tl2cu's syntax errors against Python's own compiler (compile) on mutated kernels.

Every input Python rejects must get `error: syntax error:` from tl2cu (exit status 1),
no input Python accepts may get one, and the line tl2cu reports must be Python's on
at least --min-line percent of the rejected inputs. An input too deep for Python's
parser (RecursionError, MemoryError) must get an error, any error. Prints one summary
line (and up to --show disagreements); exits 1 when a requirement fails.

    python3 tests/fuzz/parse_agree.py --seed S --count N [--tl2cu build/tl2cu] [--jobs J]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import warnings
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402



def python_verdict(text):
    """('ok', None), ('syntax', (line, msg)) or ('deep', None)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # compile, not ast.parse: the symbol table's and compiler's SyntaxErrors (`f(a=1, a=2)`,
            # duplicate parameters, `break` outside a loop) are Python's too
            compile(text, "<mutant>", "exec", dont_inherit=True)
        return "ok", None
    except SyntaxError as e:
        return "syntax", (e.lineno, e.msg)
    except (RecursionError, MemoryError):
        return "deep", None


def tl2cu_verdict(tl2cu, path):
    try:
        p = subprocess.run([tl2cu, "--format=none", path, "-o", "/dev/null"], capture_output=True, text=True,
                           timeout=20, errors="replace")
    except subprocess.TimeoutExpired:
        return None, "timeout", None
    # the file's own syntax errors, not those of a --grid expression in a '# tl2cu:' line
    m = re.search(rf"^{re.escape(path)}:(\d+):\d+: error: syntax error: (.*)$", p.stderr, re.M)
    return p.returncode, (int(m.group(1)), m.group(2)) if m else None, p.stderr


def check(tl2cu, tmp, index, text):
    path = os.path.join(tmp, f"m{index}.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    kind, py = python_verdict(text)
    status, syn, err = tl2cu_verdict(tl2cu, path)
    os.remove(path)
    return index, kind, py, status, syn, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--tl2cu", default="build/tl2cu")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    # The share moves with the corpus (mutate.py mutates every sample and golden file): 95.4%
    # with the corpus of the twenty-fifth session, 94.99% once four samples were added (the
    # same classes of lines: a dangling token whose error Python places at the line's end,
    # tree-sitter at the next token). A fall below 94.5% is a parser regression.
    ap.add_argument("--min-line", type=float, default=94.5)
    ap.add_argument("--show", type=int, default=10)
    args = ap.parse_args()
    rejected = same_line = accepted = deep = 0
    problems, line_diffs = [], []
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(check, args.tl2cu, tmp, i, t) for i, t in mutate.mutants(args.seed, args.count)]
        for job in jobs:
            i, kind, py, status, syn, err = job.result()
            tag = f"{args.seed}:{i}"
            if syn == "timeout":
                problems.append(f"{tag}: tl2cu timed out")
            elif kind == "ok":
                accepted += 1
                # (status 2 with a usage error is no crash: a mutant that drops @triton.jit leaves
                # its file's '# tl2cu: -k NAME' naming no kernel)
                usage = status == 2 and err.startswith("tl2cu: error: ")
                if syn or (status not in (0, 1) and not usage):
                    problems.append(f"{tag}: Python accepts, tl2cu (status {status}) says line {syn}")
            elif kind == "deep":
                deep += 1
                if status != 1:
                    problems.append(f"{tag}: too deep for Python, tl2cu status {status}")
            else:
                rejected += 1
                if status != 1 or not syn:
                    problems.append(f"{tag}: Python: line {py[0]}: {py[1]}; tl2cu (status {status}): {err.strip()[:200]}")
                elif syn[0] == py[0]:
                    same_line += 1
                else:
                    line_diffs.append(f"{tag}: line {py[0]} {py[1]!r} vs tl2cu line {syn[0]} {syn[1]!r}")
    pct = 100.0 * same_line / rejected if rejected else 100.0
    for line in (problems + line_diffs)[: args.show]:
        print(line)
    print(f"parse agreement: {args.count} inputs (seed {args.seed}): Python accepts {accepted}, rejects {rejected}, "
          f"too deep {deep}; disagreements {len(problems)}; same line {same_line}/{rejected} ({pct:.1f}%)")
    sys.exit(1 if problems or pct < args.min_line else 0)


if __name__ == "__main__":
    main()
