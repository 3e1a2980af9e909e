#!/usr/bin/env python3
"""tests/spelling: one kernel spelled several ways must translate alike (issue 43).

  check.py TL2CU DIR    translate every DIR/*.py; DIR/expect says how they must agree:
    # mode: cuda        the CUDA (digest.py cuda: comments dropped, names numbered by first
                        use) and the IR after the last decision pass (--dump-ir=smem,
                        digest.py ir) are the same for every spelling
    # mode: decisions   only the optimizations (digest.py decisions) are the same
  and its other lines, the optimizations every spelling must show (digest.py decisions).
Prints what differs; exits 1 if anything does.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import digest  # noqa: E402


def translate(tl2cu, py, tmp):
    cu = os.path.join(tmp, os.path.basename(py)[:-3] + ".cu")
    subprocess.run([tl2cu, "--format=none", py, "-o", cu], check=True, stderr=subprocess.DEVNULL)
    ir = subprocess.run([tl2cu, py, "--dump-ir=smem"], check=True, capture_output=True, text=True).stdout
    text = open(cu).read()
    return {"cuda": digest.cuda(text), "ir": digest.ir(ir), "decisions": digest.decisions(text)}


def main():
    tl2cu, folder = sys.argv[1], sys.argv[2]
    lines = open(os.path.join(folder, "expect")).read().splitlines()
    mode = next(l.split(":", 1)[1].strip() for l in lines if l.startswith("# mode:"))
    want = "\n".join(l for l in lines if l.strip() and not l.startswith("#"))
    spellings = sorted(f for f in os.listdir(folder) if f.endswith(".py"))
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        got = {f: translate(tl2cu, os.path.join(folder, f), tmp) for f in spellings}
    first = spellings[0]
    for f in spellings:
        if got[f]["decisions"] != want:
            print(f"{f}: optimizations\n{got[f]['decisions']}\nnot the expected\n{want}")
            failed = True
        for part in (["cuda", "ir"] if mode == "cuda" else []):
            if got[f][part] != got[first][part]:
                a, b = got[first][part].splitlines(), got[f][part].splitlines()
                at = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
                print(f"{f}: its {part} differs from {first}'s from line {at + 1}:\n"
                      f"  {first}: {a[at] if at < len(a) else '(end)'}\n  {f}: {b[at] if at < len(b) else '(end)'}")
                failed = True
    print(f"{folder}: {len(spellings)} spellings, {mode} {'differ' if failed else 'agree'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
