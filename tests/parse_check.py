"""The translator's parse of expressions against Python's own (its ast module).

tree-sitter-python's precedences are not all Python's (it ranks ^ above &), and a
wrong parse is silently wrong CUDA. This writes random expressions over every binary
operator, unary -, + and ~, single comparisons, not, and, or, conditional expressions
and parentheses (fixed seed), has `build/unit_tests --parenthesize` parse them, and
compares each with the form Python's ast gives. Prints one line; exits 1 on any
difference.

    python3 tests/parse_check.py [build/unit_tests]
"""
import ast
import random
import subprocess
import sys

BINARY = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
          ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^"}
UNARY = {ast.USub: "-", ast.UAdd: "+", ast.Invert: "~"}
COMPARE = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}
COUNT = 3000


def expression(rng, depth):
    if depth == 0 or rng.random() < 0.25:
        return rng.choice("abcdefg")
    r = rng.random()
    sub = lambda: expression(rng, depth - 1)  # noqa: E731
    if r < 0.55:
        return f"{sub()} {rng.choice(list(BINARY.values()))} {sub()}"
    if r < 0.65:
        return f"{rng.choice(list(UNARY.values()))}{sub()}"
    if r < 0.72:
        return f"{sub()} {rng.choice(list(COMPARE.values()))} {sub()}"
    if r < 0.80:
        return f"not {sub()}"
    if r < 0.88:
        return f"{sub()} {rng.choice(['and', 'or'])} {sub()}"
    if r < 0.93:
        return f"{sub()} if {sub()} else {sub()}"
    return f"({sub()})"


def parenthesized(n):
    """Python's parse, written as tests/unit.c writes the translator's; None where the
    translator refuses the construct (chained comparisons)."""
    if isinstance(n, ast.BinOp):
        a, b = parenthesized(n.left), parenthesized(n.right)
        return a and b and f"({a} {BINARY[type(n.op)]} {b})"
    if isinstance(n, ast.UnaryOp):
        a = parenthesized(n.operand)
        return a and (f"(not {a})" if isinstance(n.op, ast.Not) else f"({UNARY[type(n.op)]}{a})")
    if isinstance(n, ast.Compare):
        a, b = parenthesized(n.left), parenthesized(n.comparators[0])
        return len(n.ops) == 1 and a and b and f"({a} {COMPARE[type(n.ops[0])]} {b})" or None
    if isinstance(n, ast.BoolOp):
        parts = [parenthesized(v) for v in n.values]
        if not all(parts):
            return None
        s = parts[0]
        for p in parts[1:]:  # a and b and c: left to right
            s = f"({s} {'and' if isinstance(n.op, ast.And) else 'or'} {p})"
        return s
    if isinstance(n, ast.IfExp):
        a, b, c = parenthesized(n.body), parenthesized(n.test), parenthesized(n.orelse)
        return a and b and c and f"({a} if {b} else {c})"
    return n.id


def main():
    unit_tests = sys.argv[1] if len(sys.argv) > 1 else "build/unit_tests"
    rng = random.Random(20261130)
    cases = []
    while len(cases) < COUNT:
        text = expression(rng, 4)
        try:
            want = parenthesized(ast.parse(text, mode="eval").body)
        except SyntaxError:  # -not a: not Python
            continue
        if want:
            cases.append((text, want))
    got = subprocess.run([unit_tests, "--parenthesize"], input="".join(t + "\n" for t, _ in cases),
                         capture_output=True, text=True, check=True).stdout.splitlines()
    wrong = [(t, w, g) for (t, w), g in zip(cases, got) if w != g] + [("(missing output)", "", "")] * (COUNT - len(got))
    print(f"{COUNT} random expressions parsed as Python parses them: {COUNT - len(wrong)}, differently: {len(wrong)}")
    for text, want, g in wrong[:10]:
        print(f"  {text}\n    Python:     {want}\n    translator: {g}")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
