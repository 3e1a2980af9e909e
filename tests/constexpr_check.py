"""Compile-time arithmetic against Python: random expressions of ints, floats and bools
(+ - * / // % ** << >> & | ^, comparisons, not, and, or, conditional expressions, unary
- and ~), each printed by tl.static_print in a kernel that tl2cu translates, and compared
with what Python prints for it. Triton evaluates constexprs with Python itself, so every
value (and every float's repr) must be Python's. Expressions whose Python value is not a
finite float or an int64 are not drawn; an intermediate integer outside int64, which
Python keeps and tl2cu refuses with an error, counts as refused, not as wrong.

    python3 tests/constexpr_check.py TL2CU [--seed S] [--count N]

Prints the first mismatches and "constexpr arithmetic: N expressions as Python evaluates
them (R refused)"; exits 1 on a mismatch.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

INTS = [0, 1, 2, 3, 7, -1, -2, -7, 13, 100, -128, 255, 1024, 65536]
FLOATS = [0.0, 0.5, -0.5, 1.5, 2.0, -3.25, 1e-3, 1e10, 0.1, 3.0, -0.0, 0.7]
BINOPS = ["+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "<", "<=", "==", "!=", ">", ">="]


def draw(rng, depth):
    if depth == 0 or rng.random() < 0.3:
        r = rng.random()
        return repr(rng.choice(INTS)) if r < 0.5 else repr(rng.choice(FLOATS)) if r < 0.85 else rng.choice(["True", "False"])
    r = rng.random()
    d = depth - 1
    if r < 0.08:
        return f"(-{draw(rng, d)})"
    if r < 0.12:
        return f"(not {draw(rng, d)})"
    if r < 0.16:
        return f"(~{draw(rng, d)})"
    if r < 0.2:
        return f"({draw(rng, d)} and {draw(rng, d)})"
    if r < 0.24:
        return f"({draw(rng, d)} or {draw(rng, d)})"
    if r < 0.28:
        return f"({draw(rng, d)} if {draw(rng, d)} else {draw(rng, d)})"
    return f"({draw(rng, d)} {rng.choice(BINOPS)} {draw(rng, d)})"


def expressions(seed, count):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        e = draw(rng, 3)
        try:
            v = eval(e)  # noqa: S307 - our own generated arithmetic
        except Exception:  # noqa: BLE001 - ZeroDivisionError, OverflowError...: not drawn
            continue
        if isinstance(v, complex) or (isinstance(v, float) and (v != v or abs(v) == float("inf"))):
            continue
        if isinstance(v, int) and not -2**63 <= v < 2**63:
            continue
        out.append((e, str(v)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tl2cu")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    args = ap.parse_args()
    wrong = refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "k.py")
        for e, want in expressions(args.seed, args.count):
            with open(path, "w") as f:
                f.write("import triton\nimport triton.language as tl\n\n\n@triton.jit\ndef k(x_ptr):\n"
                        f"    tl.static_print({e})\n    tl.store(x_ptr, 0)\n")
            p = subprocess.run([args.tl2cu, "--format=none", path, "-s", "k:*fp32", "--grid", "1", "-o", os.devnull],
                               capture_output=True, text=True)
            lines = p.stderr.splitlines()
            got = lines[0] if lines else ""
            if p.returncode != 0 and "out of the int64 range" in p.stderr:
                refused += 1
            elif p.returncode != 0 or got != want:
                wrong += 1
                if wrong <= 10:
                    print(f"{e}: tl2cu {got!r}, Python {want!r}")
    print(f"constexpr arithmetic: {args.count - wrong} of {args.count} expressions as Python evaluates them "
          f"({refused} refused: an int beyond int64 on the way)")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
