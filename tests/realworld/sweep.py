"""Sweep tl2cu over real Triton kernels: every entry @triton.jit kernel of every .py file under a
directory, each with a signature guessed from its parameters, and the successful translations
built with nvcc.

    python3 tests/realworld/sweep.py DIR [--tl2cu build/tl2cu] [--no-nvcc] [--build-every K] [-j N] [--keep OUT]
                                         [--prelude FILE] [--big REGEX VALUE] [--flags True]
    python3 tests/realworld/sweep.py --extract GIT_DIR COMMIT DIR   # the .py files with @triton.jit

Per kernel it prints one line: translated (built, where nvcc ran), refused (the first error
line), internal (tl2cu's "internal error at translator/..." or a crash), timeout (tl2cu ran
past 120 s), or nvcc (the first nvcc error of a translation that succeeded), then a summary by
cause. An internal error or a crash is always tl2cu's bug; a refusal may be a guess of this
script (a pointer taken for an int, a dtype for 64).

The guesses: a parameter whose value reaches the pointer of a tl.load / tl.store / atomic /
tl.make_block_ptr (through assignments, +=, and calls of the file's jit functions) is a
pointer, *i32 if its name says indices, *fp32 otherwise; a constexpr takes its literal default,
else 64 (False for names that read as flags, tl.float32 for names ending in dtype or _type); other parameters are fp32 if their name says a
scale, i32 otherwise. @triton.heuristics names are fixed with -D (the same guesses), an
autotuned kernel gets --grid 1 and its trailing meta-parameters from its configs (every config
translated); nvcc builds one config of it (the guesses and --num-warps 4). A launch in the file
whose num_warps / num_stages is a host variable gets --num-warps 4 / --num-stages 3 where tl2cu
asks for the value (Triton's defaults, a guess like the others). Otherwise no --grid:
the launcher takes the caller's grid. --prelude appends definitions (the helpers a file imports
from its own package, tl2cu reading one file) to a copy of each file, its line numbers unchanged.
GIT_DIR may be a clone's .git. docs/REALWORLD.md has the repositories, commits and results.
"""
import argparse
import ast
import collections
import concurrent.futures
import os
import re
import signal
import subprocess
import sys
import tempfile

ACCESS = {"load", "store", "atomic_add", "atomic_max", "atomic_min", "atomic_cas", "atomic_xchg", "atomic_and",
          "atomic_or", "atomic_xor", "make_block_ptr", "make_tensor_descriptor", "prefetch"}
INDEX_NAME = re.compile(r"(idx|indices|index|offsets|cu_seqlens|seqlens?|table|ids|lens|counts?|loc|positions?|"
                        r"mapping|splits|chunk_indices)(_ptr)?$", re.I)
FLOAT_NAME = re.compile(r"(eps|scale|alpha|beta|gamma|temperature|softcap|lr|momentum|weight_decay|epsilon|"
                        r"margin|smoothing|logit_cap|dropout_p|negative_slope)$", re.I)
DTYPE_NAME = re.compile(r"(dtype|_type|DTYPE|_TYPE)$")
FLAG_NAME = re.compile(r"^(IS|HAS|USE|EVEN|ENABLE|RETURN|SAVE|STORE|OUTPUT|REVERSE|HEAD_FIRST|CAUSAL|"
                       r"FUSE|APPLY|INPLACE|TRANSPOSE|NORMALIZE|SKIP|CHECK|DO|WITH|ADD|RECOMPUTE)", re.I)


BIG_NAME, BIG = None, 128  # --big REGEX VALUE: constexprs so named take VALUE instead of 64
PRELUDE = ""  # --prelude FILE: text appended to each file (helpers it imports from its package)
BUILD_EVERY = 1  # --build-every K: nvcc builds every K-th kernel's translation (nvcc takes 2-30 s of CPU a kernel)
JOB_INDEX = {}
NVCC_TIMEOUT = 600
TIMEOUT = 120  # seconds a translation may take (a static_range nest of 128 x 128 reductions takes more)
FLAGS = "False"  # --flags: the value of constexprs whose names read as flags (IS_VARLEN, USE_G)


def call_name(node):
    f = node.func
    if isinstance(f, ast.Attribute):
        return f.attr
    if isinstance(f, ast.Name):
        return f.id
    return None


def is_jit(fn):
    for d in fn.decorator_list:
        d = d.func if isinstance(d, ast.Call) else d
        name = d.attr if isinstance(d, ast.Attribute) else d.id if isinstance(d, ast.Name) else ""
        if name == "jit":
            return True
    return False


def is_constexpr(arg):
    a = arg.annotation
    return a is not None and "constexpr" in ast.unparse(a)


def base_names(expr):
    """The names an address expression is based on: the left-most term of + and -, the
    branches of a conditional, a subscript's value, what .to(), tl.multiple_of() and
    tl.advance() take."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub)):
        return base_names(expr.left)
    if isinstance(expr, ast.Subscript):
        return base_names(expr.value)
    if isinstance(expr, ast.IfExp):
        return base_names(expr.body) | base_names(expr.orelse)
    if isinstance(expr, ast.Call) and call_name(expr) == "to" and isinstance(expr.func, ast.Attribute):
        return base_names(expr.func.value)
    if isinstance(expr, ast.Call) and call_name(expr) in ("multiple_of", "max_contiguous", "advance") and expr.args:
        return base_names(expr.args[0])
    return {expr.id} if isinstance(expr, ast.Name) else set()


def pointer_params(funcs):
    """Per jit function, the names (parameters and locals) that hold pointers: a fixed point
    over assignments within each function and calls between them."""
    ptrs = {name: set() for name in funcs}
    changed = True
    while changed:
        changed = False
        for name, fn in funcs.items():
            found = set(ptrs[name])
            params = [a.arg for a in fn.args.args]
            for node in ast.walk(fn):
                if isinstance(node, ast.Call):
                    cn = call_name(node)
                    if cn in ACCESS and (node.args or node.keywords):
                        first = node.args[0] if node.args else next(
                            (k.value for k in node.keywords if k.arg in ("pointer", "base", "ptr")), None)
                        if first is not None:
                            found |= base_names(first)
                    if cn in funcs:
                        callee = [a.arg for a in funcs[cn].args.args]
                        for i, a in enumerate(node.args):
                            if i < len(callee) and callee[i] in ptrs[cn]:
                                found |= base_names(a)
                        for k in node.keywords:
                            if k.arg in ptrs[cn]:
                                found |= base_names(k.value)
                elif isinstance(node, ast.Assign):
                    for t in node.targets:
                        if isinstance(t, ast.Name) and t.id in found:
                            found |= base_names(node.value)
                elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name):
                    if node.target.id in found and node.value is not None and not isinstance(node, ast.AugAssign):
                        found |= base_names(node.value)
            found &= set(params) | {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)}
            if found != ptrs[name]:
                ptrs[name] = found
                changed = True
    return {name: {p for p in ptrs[name] if p in [a.arg for a in funcs[name].args.args]} for name in funcs}


def names_in(expr):
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


def index_pointers(fn, ptrs):
    """The pointer parameters whose loaded values serve as integers: in range() bounds, shifts,
    bitwise ops, // and %, or as an offset added to a pointer (lightllm's B_Start_Loc,
    req_to_token_indexs)."""
    params = {a.arg for a in fn.args.args}
    loaded = collections.defaultdict(set)  # local name -> pointer parameters its value was loaded from
    for _ in range(3):
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                srcs = set()
                for sub in ast.walk(node.value):
                    if isinstance(sub, ast.Call) and call_name(sub) == "load" and sub.args:
                        srcs |= base_names(sub.args[0]) & params
                    if isinstance(sub, ast.Name):
                        srcs |= loaded.get(sub.id, set())
                loaded[node.targets[0].id] |= srcs
    used = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and call_name(node) in ("range", "static_range"):
            for a in node.args:
                used |= names_in(a)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.RShift, ast.LShift, ast.BitAnd, ast.BitOr,
                                                                    ast.BitXor, ast.FloorDiv, ast.Mod)):
            used |= names_in(node)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and base_names(node.left) & ptrs:
            used |= names_in(node.right)
    out = set()
    for name in used:
        out |= loaded.get(name, set())
    return out & ptrs


def literal_default(fn, i):
    args = fn.args.args
    defaults = fn.args.defaults
    j = i - (len(args) - len(defaults))
    if j < 0:
        return None
    try:
        value = ast.literal_eval(defaults[j])
    except ValueError:
        return None
    return repr(value) if not isinstance(value, str) else "'%s'" % value


def heuristic_names(fn):
    """The names its @triton.heuristics set: fixed with -D (values of run-time arguments
    that tl2cu cannot know, or conditions it would turn into launcher variants)."""
    out = []
    for d in fn.decorator_list:
        if isinstance(d, ast.Call) and call_name(d) == "heuristics" and d.args and isinstance(d.args[0], ast.Dict):
            out += [k.value for k in d.args[0].keys if isinstance(k, ast.Constant)]
    return out


def is_autotuned(fn):
    return any(isinstance(d, ast.Call) and call_name(d) == "autotune" for d in fn.decorator_list)


def tl2cu_options(fn):
    """-D for its heuristics, --grid 1 if autotuned (tl2cu needs a grid to tune configs)."""
    out = []
    for name in heuristic_names(fn):
        out += ["-D", "%s=%s" % (name, constexpr_guess(name))]
    return out + (["--grid", "1"] if is_autotuned(fn) else [])


def tuned_names(fn):
    """The meta-parameters its @triton.autotune configs and @triton.heuristics set: left out
    of the signature where they are trailing, so that tl2cu takes them from there."""
    out = set()
    for d in fn.decorator_list:
        for node in ast.walk(d):
            if isinstance(node, ast.Call) and call_name(node) == "Config" and node.args \
                    and isinstance(node.args[0], ast.Dict):
                out |= {k.value for k in node.args[0].keys if isinstance(k, ast.Constant)}
            if isinstance(node, ast.Call) and call_name(node) == "heuristics" and node.args \
                    and isinstance(node.args[0], ast.Dict):
                out |= {k.value for k in node.args[0].keys if isinstance(k, ast.Constant)}
    return out


def constexpr_guess(name):
    if FLAG_NAME.match(name):
        return FLAGS
    if DTYPE_NAME.search(name):
        return "tl.float32"
    return str(BIG) if BIG_NAME and re.search(BIG_NAME, name) else "64"


def guess_signature(fn, ptrs, every=False):
    """The signature: without the trailing meta-parameters the autotune configs and
    heuristics set, unless every (then one config: the guesses and --num-warps 4)."""
    ints = index_pointers(fn, ptrs)
    tuned = set() if every else tuned_names(fn)
    args = list(fn.args.args)
    while args and args[-1].arg in tuned:
        args.pop()
    out = []
    for i, a in enumerate(args):
        if is_constexpr(a):
            default = literal_default(fn, i)
            out.append(default if default is not None else constexpr_guess(a.arg))
        elif a.arg in ptrs:
            out.append("*i32" if INDEX_NAME.search(a.arg) or a.arg in ints else "*fp32")
        else:
            out.append("fp32" if FLOAT_NAME.search(a.arg) else "i32")
    return ", ".join(out)


def jit_functions(tree):
    """Each jit function by the name -k takes: its own, or OUTER.NAME for one defined inside a
    function (a kernel inside a pytest test; tl2cu names it so where others share its name)."""
    out = {}

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef) and is_jit(child):
                out[prefix + child.name] = child
            elif isinstance(child, ast.FunctionDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)
    visit(tree, "")
    return out


def entry_kernels(tree):
    funcs = jit_functions(tree)
    named = dict(funcs)  # (calls name a function by its own name)
    for fn in funcs.values():
        named.setdefault(fn.name, fn)
    called = set()
    for fn in funcs.values():
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and call_name(node) in named and call_name(node) != fn.name:
                called.add(call_name(node))
    ptrs = pointer_params(named)
    return [(name, guess_signature(fn, ptrs[name]), tl2cu_options(fn),
             guess_signature(fn, ptrs[name], True) if is_autotuned(fn) else None) for name, fn in funcs.items()
            if fn.name not in called and writes_memory(fn, named, set()) and not returns_value(fn)]


def returns_value(fn):
    return any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(fn))


def writes_memory(fn, funcs, seen):
    """Whether fn or a jit function it calls stores: one that does not is a helper that other
    files call (its kernel is elsewhere), not a kernel."""
    seen.add(fn.name)
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            cn = call_name(node) or ""
            if cn == "store" or cn.startswith("atomic_") or cn.endswith("descriptor_store"):
                return True
            if cn in funcs and cn not in seen and writes_memory(funcs[cn], funcs, seen):
                return True
    return False


def first_line(text, pattern):
    for ln in text.splitlines():
        if re.search(pattern, ln):
            return ln.strip()
    return text.strip().splitlines()[-1] if text.strip() else ""


def cause_of(msg):
    """A refusal's message without its location and names, to count refusals by kind."""
    msg = re.sub(r"^.*?: error: ", "", msg)
    msg = re.sub(r"'[^']*'", "'X'", msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    return msg[:110]


def run_group(cmd, timeout):
    """cmd in a process group of its own, all of it killed past timeout (nvcc's ptxas and cicc
    outlive nvcc otherwise); None then."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None
    return subprocess.CompletedProcess(cmd, p.returncode, out, err)


def translate(tl2cu, kernel, sig, options, path, cu):
    cmd = [tl2cu, "--format=none", "-k", kernel, "-s", "%s:%s" % (kernel, sig)] + options + [path, "-o", cu]
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT), cmd
    except subprocess.TimeoutExpired:
        return None, cmd


def job_index(job):
    return JOB_INDEX[(job[0], job[1])]


def run_one(job):
    if job[-1]:
        return run_in(job, job[-1])
    with tempfile.TemporaryDirectory(prefix="sweep") as out_dir:
        return run_in(job, out_dir)


def run_in(job, out_dir):
    path, kernel, sig, options, one_sig, tl2cu, runtime, nvcc, keep = job
    nvcc = nvcc and BUILD_EVERY and job_index(job) % BUILD_EVERY == 0
    stem = re.sub(r"[^A-Za-z0-9_]", "_", os.path.relpath(path))[-80:] + "__" + kernel
    cu = os.path.join(out_dir, stem + ".cu")
    if PRELUDE:  # a copy with the prelude after its text (its line numbers unchanged)
        copy = os.path.join(out_dir, stem + ".py")
        with open(copy, "w", encoding="utf-8") as f:
            f.write(open(path, encoding="utf-8").read().rstrip("\n") + "\n\n" + PRELUDE)
        path = copy
    p, cmd = translate(tl2cu, kernel, sig, options, path, cu)
    for option, guess in (("--num-warps", "4"), ("--num-stages", "3")):
        # a launch whose num_warps/num_stages is a variable of the host code: tl2cu asks for the
        # value (it does not assume one); the sweep guesses Triton's default, as it guesses sizes
        if p is not None and p.returncode == 1 and "give it with %s N" % option in p.stderr:
            options = options + [option, guess]
            p, cmd = translate(tl2cu, kernel, sig, options, path, cu)
    if p is None:
        return ("timeout", "tl2cu ran past %d s" % TIMEOUT, cmd)
    err = p.stderr
    if "internal error" in err or p.returncode < 0 or p.returncode > 2:
        return ("internal", first_line(err, r"internal error|Sanitizer|Assertion") or "exit %d" % p.returncode, cmd)
    if p.returncode != 0:
        return ("refused", first_line(err, r"error:"), cmd)
    if not nvcc:
        return ("translated", "", cmd)
    if one_sig:  # nvcc builds one autotune config (every config of a large kernel takes minutes)
        one = [o for o in options if o not in ("--grid", "1")] + ["--grid", "1", "--num-warps", "4"]
        p, one_cmd = translate(tl2cu, kernel, one_sig, one, path, cu)
        if p is None or p.returncode != 0:
            return ("translated", "(one config not translated: nvcc skipped)", cmd)
    b = run_group(["nvcc", "-arch=sm_90", "-I" + runtime, "-c", cu, "-o", cu + ".o"], NVCC_TIMEOUT)
    if b is None:
        return ("nvcc", "nvcc ran past %d s" % NVCC_TIMEOUT, cmd)
    if os.path.exists(cu + ".o"):
        os.remove(cu + ".o")
    if b.returncode != 0:
        return ("nvcc", first_line(b.stderr + b.stdout, r"error"), cmd)
    return ("translated", "(built)", cmd)


def jobs_of(root, args):
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".py"))
    jobs, nfiles, unparsed = [], 0, 0
    for path in files:
        text = open(path, encoding="utf-8", errors="replace").read()
        if "jit" not in text:
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError:
            unparsed += 1
            continue
        kernels = entry_kernels(tree)
        nfiles += bool(kernels)
        for name, sig, options, one_sig in kernels:
            jobs.append((path, name, sig, options, one_sig, args.tl2cu, args.runtime, not args.no_nvcc, args.keep))
    return jobs, nfiles, unparsed


def extract(git_dir, commit, out):
    names = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", commit],
                           capture_output=True, text=True, check=True).stdout.split("\n")
    count = 0
    for name in names:
        if not name.endswith(".py"):
            continue
        text = subprocess.run(["git", "--git-dir", git_dir, "show", "%s:%s" % (commit, name)],
                              capture_output=True).stdout
        if b"triton.jit" not in text and b"@jit" not in text:
            continue
        dest = os.path.join(out, name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(text)
        count += 1
    print("%d files with @triton.jit from %s at %s into %s" % (count, git_dir, commit, out))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?")
    ap.add_argument("--extract", nargs=3, metavar=("GIT_DIR", "COMMIT", "DIR"))
    ap.add_argument("--tl2cu", default="build/tl2cu")
    ap.add_argument("--runtime", default="runtime")
    ap.add_argument("--no-nvcc", action="store_true")
    ap.add_argument("--keep", help="write the .cu files here")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--big", nargs=2, metavar=("REGEX", "VALUE"),
                    help="constexprs whose name matches REGEX take VALUE (e.g. '^(BV|BD|V|D|HEAD_DIM)$' 128)")
    ap.add_argument("--flags", default="False", choices=("False", "True"),
                    help="the value of constexprs and heuristics whose names read as flags")
    ap.add_argument("--build-every", type=int, default=1, metavar="K",
                    help="build only every K-th kernel's translation with nvcc (a sample; default all)")
    ap.add_argument("--prelude", help="append this file to each kernel file (tests/realworld/prelude_fla.py)")
    args = ap.parse_args()
    global BIG_NAME, BIG, FLAGS, PRELUDE, BUILD_EVERY
    FLAGS = args.flags
    BUILD_EVERY = args.build_every
    if args.prelude:
        PRELUDE = open(args.prelude, encoding="utf-8").read()
    if args.big:
        BIG_NAME, BIG = args.big[0], int(args.big[1])
    if args.extract:
        extract(*args.extract)
        return 0
    if not args.dir:
        ap.error("DIR is required")
    args.tl2cu = os.path.abspath(args.tl2cu)
    args.runtime = os.path.abspath(args.runtime)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    jobs, nfiles, unparsed = jobs_of(args.dir, args)
    JOB_INDEX.update({(j[0], j[1]): i for i, j in enumerate(jobs)})
    results, built = collections.Counter(), 0
    causes = {k: collections.Counter() for k in ("refused", "internal", "timeout", "nvcc")}
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for job, (kind, msg, cmd) in zip(jobs, pool.map(run_one, jobs)):
            results[kind] += 1
            built += msg == "(built)"
            rel = os.path.relpath(job[0], args.dir)
            print("%-10s %s:%s  %s" % (kind, rel, job[1], msg), flush=True)
            if kind in causes:
                causes[kind][cause_of(msg) if kind == "refused" else msg[:160]] += 1
    print("\n== %s: %d files with kernels (%d not parsed by Python 3), %d kernels: %d translated (%d built), "
          "%d refused, %d internal errors, %d timeouts, %d nvcc failures"
          % (args.dir, nfiles, unparsed, len(jobs), results["translated"] + results["nvcc"], built, results["refused"],
             results["internal"], results["timeout"], results["nvcc"]))
    for kind, counter in causes.items():
        for msg, n in counter.most_common(25 if kind == "refused" else 100):
            print("%-10s %4d  %s" % (kind, n, msg))
    return 0


if __name__ == "__main__":
    sys.exit(main())
