"""Crash fuzzing: mutated kernels (tests/fuzz/mutate.py: mutants, deep nesting, long lines)
through the ASan+UBSan build (`make asan`). Reports every crash (a signal, an internal
error), timeout (a hang) and sanitizer report, and prints a one-line summary; exits 1 if
any was found. A file that gets exit status 0, 1 or 2 with neither is fine.

    python3 tests/fuzz/crash.py --seed S --count N [--jobs J] [--tl2cu build/asan/tl2cu] [--keep DIR]
"""
import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

SANITIZER = ("AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer", "runtime error:")


def run_one(tl2cu, tmp, index, text, timeout):
    path = os.path.join(tmp, f"m{index}.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0", UBSAN_OPTIONS="print_stacktrace=1")
    try:
        p = subprocess.run([tl2cu, "--format=none", path, "-o", os.path.join(tmp, f"m{index}.cu")],
                           capture_output=True, text=True, errors="replace", timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return index, "timeout", ""
    finally:
        for ext in (".py", ".cu"):
            try:
                os.remove(os.path.join(tmp, f"m{index}{ext}"))
            except FileNotFoundError:
                pass
    if p.returncode < 0:
        return index, f"signal {-p.returncode}", p.stderr
    if any(s in p.stderr for s in SANITIZER):
        return index, "sanitizer report", p.stderr
    if "tl2cu: internal error at" in p.stderr:
        return index, "internal error", p.stderr
    if p.returncode not in (0, 1, 2):
        return index, f"exit status {p.returncode}", p.stderr
    return index, None, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--tl2cu", default="build/asan/tl2cu")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--keep", help="write each failing input here as SEED_INDEX.py")
    args = ap.parse_args()
    found = {}
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        texts = dict(mutate.mutants(args.seed, args.count))
        for index, what, err in pool.map(lambda it: run_one(args.tl2cu, tmp, it[0], it[1], args.timeout), texts.items()):
            if not what:
                continue
            found.setdefault(what, []).append(index)
            first_line = next((line for line in err.splitlines() if any(s in line for s in SANITIZER + ("tl2cu: internal error at",))), "")
            print(f"{args.seed}:{index}: {what} {first_line.strip()[:160]}")
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                with open(os.path.join(args.keep, f"{args.seed}_{index}.py"), "w", encoding="utf-8") as f:
                    f.write(texts[index])
    kinds = ", ".join(f"{len(v)} {k}" for k, v in sorted(found.items())) or "none"
    print(f"crash fuzzing: {args.count} inputs (seed {args.seed}): {sum(map(len, found.values()))} failing ({kinds})")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
