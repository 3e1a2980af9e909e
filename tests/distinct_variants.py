"""The variants tl2cu emits for one kernel differ: distinct_variants.py FILE.cu ...

A kernel's variants (NAME, NAME_aligned, NAME_pointer_layout) are launched under
different conditions; two with the same body are one kernel written twice (the
pointer-layout variant once repeated the plain one where the block was too small
for wider runs). Where two variants are one template over kAssumeAligned, some access
(or the runs, kRun) must depend on it, or its two instances are one kernel. Reads unformatted output (--format=none): each kernel opens with
its `__global__` line and ends at the first `}` in column 0. Prints each repeat and
exits 1 if there is one.
"""
import re
import sys

SIGNATURE = re.compile(r"^__global__ void __launch_bounds__\(\d+\) (\w+)\(")


def kernels(text):
    """(name, body, templated) of every kernel in a generated file."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = SIGNATURE.match(lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j] != "}":
            j += 1
        templated = i > 0 and lines[i - 1] == "template <bool kAssumeAligned>"
        yield m.group(1), "\n".join(lines[i + 1:j]), templated
        i = j


def main(paths):
    repeats = 0
    for path in paths:
        seen = {}
        for name, body, templated in kernels(open(path).read()):
            if templated and "if constexpr (kAssumeAligned)" not in body and "kRun" not in body:
                print(f"{path}: {name}<true> repeats {name}<false>")
                repeats += 1
            if body in seen:
                print(f"{path}: {name} repeats {seen[body]}")
                repeats += 1
            seen.setdefault(body, name)
    return 1 if repeats else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
