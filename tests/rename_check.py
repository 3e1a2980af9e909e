"""User names against the names tl2cu writes itself (its namespace policy, translator/support/names.c).

For every sample and golden kernel file this renames the parameters and local variables
of its @triton.jit functions, all at once, to names the emitter uses internally (old and
new spellings), C++ keywords, CUDA built-ins and runtime names, in a few rounds so that
each such name is taken by some variable of each file. The translation of the renamed
file must equal the original one up to a one-to-one renaming of identifiers (comments
dropped), .cu and -H header alike; a collision with a temporary shows up as two names
that became one. Renamed outputs of a few files are compiled with nvcc (a build that passed is
remembered in tests/run.sh's cache, TL2CU_TEST_CACHE, keyed by a hash of the flags, the compilers'
versions, the runtime headers and the .cu and .h: a second run builds only what changed). One
line per failure, then a summary; exits 1 on any failure.

    python3 tests/rename_check.py [build/tl2cu] [--nvcc N]   (N files compiled, default 3)
"""
import ast
import glob
import hashlib
import io
import keyword
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize

# Names the emitter writes (before and after the "_" prefix), C++ words, CUDA and runtime names.
TARGETS = """tid k e i j q r t u w ln seg buf total acc before window lane at next prev mine run
chunk p s offset next_follows program_x variant written tuner key names index stream gx gy gz
r0 i1 w2 j3 stored_L10 x__cvt1 x_next _k _e _tid _buf _lane _r0 _x_cvt1 u_x
new delete this template typename namespace operator virtual friend private public register auto
union struct switch case default goto do const static extern volatile inline typedef sizeof
signed unsigned char short long double bool void int32_t uint8_t size_t half float4 int2 dim3
threadIdx blockIdx blockDim gridDim warpSize fmaf NULL INFINITY assert printf std nullptr
tl2cu_smem tl2cu_exp TL2CU_MSB4""".split()

MEMBER_OR_TOKEN = re.compile(r'(?:\.|->)\s*[A-Za-z_]\w*|"(?:[^"\\]|\\.)*"|[A-Za-z_]\w*|\d[\w.]*|\S')


def translate(tl2cu, py, workdir):
    """(cu, header) text, or None with the error."""
    cu, h = os.path.join(workdir, "out.cu"), os.path.join(workdir, "out.h")
    r = subprocess.run([tl2cu, "--format=none", py, "-o", cu, "-H", h], capture_output=True, text=True)
    if r.returncode:
        return None, r.stderr.strip().splitlines()[0] if r.stderr.strip() else f"exit {r.returncode}"
    with open(cu) as f, open(h) as g:
        return (f.read(), g.read()), None


def tokens(text):
    """C tokens without comments; a member name (after . or ->) is one token with its operator,
    so that it is compared as written, never as an identifier."""
    return MEMBER_OR_TOKEN.findall(re.sub(r"//[^\n]*", "", text))


def renaming_mismatch(ta, tb):
    """None if token list tb is token list ta with identifiers renamed one-to-one, else what
    differs. Each distinct pair of tokens is looked at once."""
    if len(ta) != len(tb):
        return f"token counts differ ({len(ta)} vs {len(tb)})"
    fwd, back = {}, {}
    for x, y in dict.fromkeys(zip(ta, tb)):  # (in order of first appearance)
        if not (x[0].isalpha() or x[0] == "_") or not (y[0].isalpha() or y[0] == "_"):
            if x != y:
                return f"{x!r} became {y!r}"
        elif fwd.setdefault(x, y) != y:
            return f"'{x}' became both '{fwd[x]}' and '{y}'"
        elif back.setdefault(y, x) != x:
            return f"'{back[y]}' and '{x}' both became '{y}'"
    return None


def renamable_names(source):
    """Parameters and assigned locals of jit functions that appear in no string, comment,
    keyword argument or attribute: renaming them changes nothing else in the file."""
    tree = ast.parse(source)
    names, protected = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.decorator_list:
            names |= {a.arg for a in node.args.args}
            for sub in ast.walk(node):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    names.add(sub.id)
        if isinstance(node, ast.keyword) and node.arg:
            protected.add(node.arg)
        if isinstance(node, ast.Attribute):
            protected.add(node.attr)
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            protected.add(node.name)
    for stmt in tree.body:  # module-level names
        for sub in ast.walk(stmt):
            if isinstance(sub, ast.Name) and not isinstance(stmt, ast.FunctionDef):
                protected.add(sub.id)
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.STRING, tokenize.COMMENT):
            protected |= set(re.findall(r"[A-Za-z_]\w*", tok.string))
    return sorted(names - protected)


def name_places(source, names):
    """(row, col, name) of each NAME token of `names` not after a '.': where a renaming edits
    (the same in every round of a file, so found once)."""
    places, prev = [], None
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME and tok.string in names and prev != ".":
            places.append((tok.start[0] - 1, tok.start[1], tok.string))
        prev = tok.string
    return places


def rename(source, places, mapping):
    lines = source.splitlines(keepends=True)
    for row, col, old in reversed(places):  # (right to left: earlier columns stay put)
        lines[row] = lines[row][:col] + mapping.get(old, old) + lines[row][col + len(old):]
    return "".join(lines)


def fast_device_flags():
    """tests/run.sh's NVCC_FAST (taken from it when it runs this check): nvcc's fast-compile
    level where it has one, else -O0 stages."""
    if os.environ.get("NVCC_FAST"):
        return os.environ["NVCC_FAST"].split()
    try:
        help_text = subprocess.run(["nvcc", "--help"], capture_output=True, text=True).stdout
    except OSError:
        help_text = ""
    return ["-Ofc", "max"] if "--Ofast-compile" in help_text else ["-Xcicc", "-O0", "-Xptxas", "-O0"]


NVCC_FLAGS = ["-arch=sm_90"] + fast_device_flags() + ["-Iruntime"]


def nvcc_cache_dir():
    """tests/run.sh's cache folder, or None where it is turned off."""
    cache = os.environ.get("TL2CU_TEST_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tl2cu-tests")
    return None if cache == "off" else cache


def nvcc_key(work):
    """A hash of everything an nvcc build of work/out.cu depends on."""
    h = hashlib.sha256(("rename_check nvcc " + " ".join(NVCC_FLAGS)).encode())
    for cmd in (["nvcc", "--version"], ["gcc", "--version"]):
        h.update(subprocess.run(cmd, capture_output=True).stdout)
    for path in sorted(glob.glob("runtime/*.cuh")) + [os.path.join(work, "out.cu"), os.path.join(work, "out.h")]:
        with open(path, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def nvcc_builds(work):
    """'' if nvcc builds work/out.cu without a warning (or did so before: the cache), else its first line."""
    cache = nvcc_cache_dir()
    key = cache and os.path.join(cache, nvcc_key(work))
    if key and os.path.exists(key):
        return ""
    # (the device stages at their least work, as tests/run.sh's golden builds: acceptance does not depend on it)
    nv = subprocess.run(["nvcc"] + NVCC_FLAGS + [f"-I{work}", "-c", os.path.join(work, "out.cu"),
                                                 "-o", os.path.join(work, "out.o")], capture_output=True, text=True)
    if nv.returncode or "warning" in nv.stderr:
        return (nv.stderr.strip().splitlines() or ["?"])[0]
    if key:
        try:
            os.makedirs(cache, exist_ok=True)
            with open(key, "w") as f:
                f.write("rename_check: nvcc built it\n")
        except OSError:
            pass  # (a cache that cannot be written only costs time)
    return ""


def inputs():
    for py in sorted(glob.glob("samples/*/kernel.py")):
        yield os.path.basename(os.path.dirname(py)), py
    for py in sorted(glob.glob("tests/golden/*.py")):
        yield os.path.basename(py)[:-3], py


def main():
    args = sys.argv[1:]
    ncompile = 3
    if "--nvcc" in args:
        i = args.index("--nvcc")
        ncompile = int(args[i + 1])
        del args[i:i + 2]
    tl2cu = args[0] if args else "build/tl2cu"
    compile_these = ["cumsum", "game_of_life", "reduction_extras", "tutorial_launch", "windows"][:ncompile]
    work = tempfile.mkdtemp()
    failures, runs, compiled = [], 0, 0
    try:
        for name, py in inputs():
            with open(py) as f:
                source = f.read()
            original, err = translate(tl2cu, py, work)
            if not err:
                original = [tokens(text) for text in original]
            if err:
                failures.append(f"{name}: the original does not translate: {err}")
                continue
            present = set(re.findall(r"[A-Za-z_]\w*", source))
            targets = [t for t in TARGETS if t not in present and not keyword.iskeyword(t)]
            names = renamable_names(source)
            if not names:
                continue
            places = name_places(source, set(names))
            rounds = -(-len(targets) // len(names))
            for r in range(rounds):
                chosen = targets[r * len(names):] + targets[:r * len(names)]
                mapping = dict(zip(names, chosen))
                renamed_py = os.path.join(work, os.path.basename(py))
                with open(renamed_py, "w") as f:
                    f.write(rename(source, places, mapping))
                runs += 1
                renamed, err = translate(tl2cu, renamed_py, work)
                where = f"{name} round {r} ({', '.join(f'{a}->{b}' for a, b in mapping.items())})"
                if err:
                    failures.append(f"{where}: {err}")
                    continue
                for part, a, b in (("cu", original[0], renamed[0]), ("header", original[1], renamed[1])):
                    why = renaming_mismatch(a, tokens(b))
                    if why:
                        failures.append(f"{name} round {r} {part}: {why}")
                if name in compile_these and r == 0 and shutil.which("nvcc"):
                    compiled += 1
                    why = nvcc_builds(work)
                    if why:
                        failures.append(f"{where}: nvcc: {why}")
    finally:
        shutil.rmtree(work)
    for f in failures:
        print(f"FAIL {f}")
    print(f"{runs} renamed translations, {compiled} compiled with nvcc, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
