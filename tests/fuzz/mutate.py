"""Deterministic mutants of the bundled kernels, for tests/fuzz/parse_agree.py and crash.py.

Sources: samples/*/kernel.py and tests/golden/*.py. Each mutant is one source with one
to three edits: a character, a token, a whole line or a line's indentation deleted,
duplicated or swapped with its neighbour; one in twenty is a deep-nesting or a
long-line shape instead. The same (seed, index) always gives the same text.

    python3 tests/fuzz/mutate.py --seed 1 --count 3 [--out DIR]   (prints, or writes DIR/N.py)
"""
import argparse
import glob
import os
import random
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
TOKEN = re.compile(r"""[A-Za-z_][A-Za-z_0-9]*|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|'[^'\n]*'|"[^"\n]*"|\*\*|//|<<|>>|[<>=!]=|\S""")


def sources():
    files = sorted(glob.glob(os.path.join(ROOT, "samples", "*", "kernel.py")))
    files += sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "*.py")))
    texts = [open(f, encoding="utf-8").read() for f in files]
    # (not Inductor's wrapper modules: tl2cu parses their kernel strings, which a mutant breaks while
    # the file stays Python)
    return [t for t in texts if "async_compile.triton(" not in t]


def edit_chars(rng, text):
    if not text:
        return text
    i = rng.randrange(len(text))
    op = rng.choice("dus")
    if op == "d":
        return text[:i] + text[i + 1:]
    if op == "u":
        return text[:i] + text[i] + text[i:]
    j = min(i + 1, len(text) - 1)
    return text[:i] + text[j] + text[i] + text[j + 1:] if j > i else text


def edit_tokens(rng, text):
    spans = [m.span() for m in TOKEN.finditer(text)]
    if len(spans) < 2:
        return text
    k = rng.randrange(len(spans) - 1)
    (a, b), (c, d) = spans[k], spans[k + 1]
    op = rng.choice("dus")
    if op == "d":
        return text[:a] + text[b:]
    if op == "u":
        return text[:b] + " " + text[a:b] + text[b:]
    return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]


def edit_lines(rng, text):
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    i = rng.randrange(len(lines) - 1)
    op = rng.choice("dusi")
    if op == "d":
        del lines[i]
    elif op == "u":
        lines.insert(i, lines[i])
    elif op == "s":
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    else:  # indentation: removed, doubled, halved, or tabs for spaces
        body = lines[i].lstrip(" \t")
        indent = lines[i][: len(lines[i]) - len(body)]
        lines[i] = rng.choice(["", indent * 2, indent[: len(indent) // 2], indent.replace("    ", "\t"), indent + " "]) + body
    return "\n".join(lines)


def deep_shape(rng):
    n = rng.choice([10, 100, 199, 200, 201, 500, 1000, 3000, 8000])
    kind = rng.choice(["paren", "neg_paren", "plus_chain", "neg_chain", "not_chain", "attr_chain", "call_chain",
                       "pow_chain", "index_chain", "long_line", "static_range", "deep_if"])
    head = "import triton\nimport triton.language as tl\n\n@triton.jit\ndef k(x_ptr, n):\n    x = tl.load(x_ptr)\n"
    tail = "    tl.store(x_ptr, x)\n"
    body = {
        "paren": "    x = " + "(" * n + "x" + ")" * n + "\n",
        "neg_paren": "    x = " + "-(" * n + "x" + ")" * n + "\n",
        "plus_chain": "    x = x" + " + 1" * n + "\n",
        "neg_chain": "    x = " + "-" * n + "x\n",
        "not_chain": "    x = " + "not " * n + "x\n",
        "attr_chain": "    x = x" + ".a" * n + "\n",
        "call_chain": "    x = tl.abs" + "(x)" * n + "\n",
        "pow_chain": "    x = x" + " ** 1" * n + "\n",
        "index_chain": "    x = x" + "[0]" * n + "\n",
        "long_line": "    x = x + " + " + ".join(["x * 2"] * n * 10) + "\n",
        "static_range": f"    for i in tl.static_range({n}):\n        x = x + 1\n",
        "deep_if": "".join("    " * (i + 1) + f"if n > {i}:\n" for i in range(min(n, 120))) + "    " * (min(n, 120) + 1) + "x = x + 1\n",
    }[kind]
    return head + body + tail


def mutant(seed, index, corpus=None):
    rng = random.Random(f"{seed}:{index}")
    if rng.random() < 0.05:
        return deep_shape(rng)
    corpus = corpus or sources()
    text = rng.choice(corpus)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = rng.choice([edit_chars, edit_tokens, edit_tokens, edit_lines, edit_lines])(rng, text)
    return text


def mutants(seed, count):
    corpus = sources()
    for i in range(count):
        yield i, mutant(seed, i, corpus)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--out")
    args = ap.parse_args()
    for i, text in mutants(args.seed, args.count):
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            with open(os.path.join(args.out, f"{i}.py"), "w", encoding="utf-8") as f:
                f.write(text)
        else:
            print(f"# ---- mutant {args.seed}:{i}\n{text}")


if __name__ == "__main__":
    main()
