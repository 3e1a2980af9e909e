"""The str methods of host code against Python's: split, join, replace and format on random
strings, each the value of a module constant that tl.static_print prints in one kernel that tl2cu translates, and compared
with what Python prints for it. Module-level code builds inline asm text with them (fla's
softplus: template.format(out_reg=i, in_reg=i + n), " ".join(s.split("\\n")), a generator
expression in join), and Triton runs that code with Python itself.

    python3 tests/host_str_check.py TL2CU [--seed S] [--count N]

Prints the first mismatches and "host str methods: N of N expressions as Python evaluates
them"; exits 1 on a mismatch.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

ALPHABET = "ab ,\t-"


def text(rng):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 9)))


def draw(rng):
    """One expression whose value is a str."""
    s, t, u = text(rng), text(rng)[:2], text(rng)[:3]
    r = rng.random()
    if r < 0.25:
        sep = rng.choice(["", repr(t or ","), "None", "sep=" + repr(t or "a")])
        maxsplit = rng.choice(["", ", -1", ", 0", ", 1", ", 2", ", maxsplit=1"])
        if not sep:
            maxsplit = "maxsplit=1" if maxsplit.startswith(", m") else ""
        elif sep.startswith("sep="):
            maxsplit = ", maxsplit=1" if maxsplit else ""
        return f"'#'.join({s!r}.split({sep}{maxsplit}))"
    if r < 0.45:
        count = rng.choice(["", ", 0", ", 1", ", 2", ", -1"])
        return f"{s!r}.replace({t!r}, {u!r}{count})"
    if r < 0.6:
        parts = [repr(text(rng)) for _ in range(rng.randrange(0, 4))]
        form = rng.choice(["[{}]", "({},)", "{} for _ in range(1)"]) if len(parts) == 1 else "[{}]"
        return f"{t!r}.join({form.format(', '.join(parts))})"
    if r < 0.8:
        return f"{t!r}.join(str(i) + {u!r} for i in range({rng.randrange(0, 4)}) if i != {rng.randrange(0, 3)})"
    values = [repr(rng.choice([0, 7, -3, 1.5, 0.1, True, None, "x,y"])) for _ in range(3)]
    form = rng.choice(["{}{}", "{0}-{2}-{0}", "{{{}}}", "{a}:{}", "[{b}{a}]", "{}}}{{"])
    return f"{form!r}.format({', '.join(values)}, a={values[1]}, b={u!r})"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tl2cu")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=400)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    exprs = [draw(rng) for _ in range(args.count)]
    want = [str(eval(e)) for e in exprs]
    exprs = [e for e, w in zip(exprs, want) if "\n" not in w]
    want = [w for w in want if "\n" not in w]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "k.py")
        with open(path, "w") as f:
            f.write("import triton\nimport triton.language as tl\n\n")
            f.writelines(f"V{i} = tl.constexpr({e})\n" for i, e in enumerate(exprs))  # (as module code runs them)
            f.write("\n\n@triton.jit\ndef k(x_ptr):\n")
            f.writelines(f"    tl.static_print(V{i})\n" for i in range(len(exprs)))
            f.write("    tl.store(x_ptr, 0)\n")
        p = subprocess.run([args.tl2cu, "--format=none", path, "-s", "k:*fp32", "--grid", "1", "-o", os.devnull],
                           capture_output=True, text=True)
    got = p.stderr.split("\n")
    if p.returncode != 0:
        print(p.stderr[:2000])
        sys.exit(1)
    wrong = 0
    for i, (e, w) in enumerate(zip(exprs, want)):
        g = got[i] if i < len(got) else "(nothing)"
        if g != w:
            wrong += 1
            if wrong <= 10:
                print(f"{e}: tl2cu {g!r}, Python {w!r}")
    print(f"host str methods: {len(exprs) - wrong} of {len(exprs)} expressions as Python evaluates them")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
