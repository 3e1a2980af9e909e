"""tl2cu's Inductor config lists against a GPU log of check.py and against torch's own heuristics (no GPU).

    python3 tests/inductor/configs_check.py LOG KERNELS_DIR MANIFEST [TORCH_RUNTIME_DIR]
    python3 tests/inductor/configs_check.py --variants KERNELS_DIR MANIFEST TORCH_RUNTIME_DIR

LOG: check.py's output ("configs differ: Inductor [...], tl2cu [...]" lines); KERNELS_DIR with MANIFEST
(file -> model): the kernel files Inductor wrote for those models. For every line of LOG the kernel's
file is translated with build/tl2cu and its list read from the .cu's "// NAME: autotune config N: ..."
banners (as check.py's tl2cu_configs reads them), then compared with:
  the log's list     what check.py recorded. Logs before check.py read the list ahead of the first run
                     (2026-12-06's) hold the config Inductor tuned to alone (autotune_to_one_config()
                     keeps only the fastest launcher): where it tuned among several the lists differ, and
                     "the log's config in tl2cu's list" is what such a log can tell.
  torch's list       (with TORCH_RUNTIME_DIR: torch/_inductor/runtime/'s triton_heuristics.py, hints.py,
                     runtime_utils.py) pointwise(), reduction(), persistent_reduction() of those files run
                     on the decorator's arguments with return_configs=True, then cached_autotune()'s
                     unique_configs() and XBLOCK removal: the list Inductor tunes among. Its functions are
                     read from the files and run here with stand-ins for torch (CUDA, not ROCm or XPU).
The log truncates kernel names to 60 characters; a model's lines follow its wrappers' kernel order.
--variants: every kernel file with its decorator changed (VARIANTS: max_autotune, deterministic modes,
each reduction_hint, other size_hints, ...), tl2cu's list against torch's for each.
"""
import __future__
import ast
import enum
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LINE = re.compile(r"^(\S+)\s+(triton_\S+)\s.*?(?:configs differ: Inductor (\[.*?\]), tl2cu|grid \S+ *$)")
CONFIG_TEXT = re.compile(r"'([^']*)'")


def log_entries(path):
    """[(model, truncated kernel name, the log's config list)] in the log's order."""
    entries = []
    for line in open(path):
        m = LINE.match(line.rstrip("\n"))
        if not m:
            continue
        if m.group(3):
            configs = CONFIG_TEXT.findall(m.group(3))
        else:  # lists equal: the chosen config is the whole list
            configs = [re.search(r"worst \S+\s+(.*?) grid ", line).group(1)]
        entries.append((m.group(1), m.group(2), configs))
    return entries


def kernel_names(text):
    return re.findall(r"^def (triton_\w+)\(", text, re.M)


def model_files(kernels_dir, manifest):
    """{model: {kernel name: its file}}, {model: [wrapper kernel lists]}: a kernel's own file, else the wrapper
    (output_code.py) that holds it (a kernel file two models share is listed under one of them)."""
    own, wrappers = {}, {}
    for name, info in sorted(json.load(open(manifest)).items()):
        path = os.path.join(kernels_dir, name)
        names = kernel_names(open(path).read())
        files = own.setdefault(info["model"], {})
        if len(names) == 1:
            files[names[0]] = path
        elif names:
            wrappers.setdefault(info["model"], []).append(names)
            for n in names:
                files.setdefault(n, path)
    return own, wrappers


def full_names(model_lines, wrappers):
    """The full kernel name of each of a model's log lines (None: no such kernel in the files): the wrappers'
    kernels in the order that matches the log best."""
    best = []
    for order in (wrappers, wrappers[::-1]):
        run = [n for w in order for n in w]
        names = [run[i] if i < len(run) and run[i][:60] == t[:60] else None for i, t in enumerate(model_lines)]
        if sum(n is not None for n in names) > sum(n is not None for n in best):
            best = names
    return best or [None] * len(model_lines)


def tl2cu_list(path, name, text=None):
    with tempfile.TemporaryDirectory() as tmp:
        if text is not None:  # a variant of the file
            path = os.path.join(tmp, os.path.basename(path))
            open(path, "w").write(text)
        out = os.path.join(tmp, "k.cu")
        p = subprocess.run([os.path.join(ROOT, "build", "tl2cu"), "--allow-inexact-libdevice", "--format=none",
                            path, "-o", out], capture_output=True, text=True)
        if p.returncode:
            return None, (p.stderr.splitlines() or ["exit %d" % p.returncode])[0]
        cu = open(out).read()
    found = []
    for _, text in re.findall(r"// %s: autotune config (-?\d+): (.*)" % re.escape(name), cu):
        text = re.sub(r" \(.*$", "", text)
        if text not in found:
            found.append(text)
    return found, None


# ---------------------------------------------------------------- torch's heuristics, run here

TORCH_FUNCTIONS = {
    "triton_heuristics.py": [
        "get_total_reduction_numel", "autotune_hints_to_configs", "unique_configs", "check_config",
        "check_max_block", "_num_warps", "_check_max_grid_x", "triton_config", "_get_nd_reduction_numels",
        "triton_config_reduction", "_get_config", "_handle_combo_kernel_per_subkernel_blocks",
        "triton_config_tiled_reduction", "_maybe_filter_configs_for_tma_restrictions", "pointwise",
        "_reduction_configs", "match_target_block_product", "adapt_config_for_tiling",
        "filter_reduction_configs_for_determinism", "reduction", "_persistent_reduction_configs",
        "persistent_reduction", "make_matmul_triton_config"],
    "runtime_utils.py": ["conditional_product", "next_power_of_2", "last_power_of_2", "triton_config_to_hashable"],
}


class Config:  # triton.Config's fields that the heuristics use
    def __init__(self, kwargs, num_warps=4, num_stages=1, maxnreg=None, pre_hook=None, **_):
        self.kwargs, self.num_warps, self.num_stages = dict(kwargs), num_warps, num_stages
        self.num_ctas, self.maxnreg, self.pre_hook = 1, maxnreg, pre_hook


class OrderedSet(dict):  # torch's OrderedSet: insertion order, add()
    def __init__(self, items=()):
        super().__init__(dict.fromkeys(items))

    def add(self, item):
        self[item] = None


class Stub:  # torch.version.hip is None, torch.xpu/cuda availability, a logger that logs nothing
    def __init__(self, **attrs):
        self.__dict__.update(attrs)

    def __getattr__(self, name):
        return Stub()

    def __call__(self, *args, **kwargs):
        return False


def torch_heuristics(runtime_dir):
    ns = {}
    hints = open(os.path.join(runtime_dir, "hints.py")).read()
    block = re.search(r"TRITON_MAX_BLOCK = \{.*?\n\}", hints, re.S).group(0)
    torch = Stub(version=Stub(hip=None, xpu=None), xpu=Stub(is_available=lambda: False),
                 cuda=Stub(is_available=lambda: True))
    ns.update(torch=torch, sympy=Stub(Integer=type("Integer", (), {})), Config=Config,
              InductorConfig=lambda *a, dynamic_scale_rblock=True, **k: Config(*a, **k),
              triton=Stub(Config=Config), log=Stub(isEnabledFor=lambda level: False), logging=Stub(DEBUG=10),
              OrderedSet=OrderedSet, Any=object,
              prefix_is_reduction=lambda p: p[0] == "r", _NUM_THREADS_PER_WARP=32, TRITON_MAX_RSPLIT=64,
              triton_native_mm_configs=[], triton_native_bmm_configs=[],
              triton_native_persistent_mm_configs=[], triton_native_persistent_bmm_configs=[])
    exec(block, ns)
    for name, members in (("ReductionHint", "INNER OUTER OUTER_TINY DEFAULT"), ("TileHint", "SQUARE DEFAULT"),
                          ("AutotuneHint", "ONE_ELEMENT_PER_THREAD")):
        ns[name] = enum.Enum(name, members)
    import copy, functools, math, operator  # noqa: E401 (the heuristics' own imports)
    ns.update(copy=copy, functools=functools, math=math, operator=operator)
    for file, names in TORCH_FUNCTIONS.items():
        tree = ast.parse(open(os.path.join(runtime_dir, file)).read())
        defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in names]
        code = compile(ast.Module(body=defs, type_ignores=[]), file, "exec", flags=__future__.annotations.compiler_flag)
        exec(code, ns)
    return ns


def kernel_module(path, name):
    """The module text that defines kernel `name`: the file, or its string in a wrapper's async_compile.triton()."""
    text = open(path).read()
    for m in re.finditer(r"^\w+ = async_compile\.triton\('(\w+)', '\'\'(.*?)'\'\'", text, re.M | re.S):
        if m.group(1) == name:
            return m.group(2)
    return text


def decorator_call(path, name, text=None):
    tree = ast.parse(text if text is not None else kernel_module(path, name))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            for dec in node.decorator_list:
                if isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and \
                        getattr(dec.func.value, "id", "") == "triton_heuristics":
                    return dec, [a.arg for a in node.args.args]
    raise ValueError("%s: no @triton_heuristics decorator on %s" % (path, name))


def torch_list(ns, path, name, text=None):
    dec, params = decorator_call(path, name, text)
    scope = dict(ns, DeviceProperties=lambda **k: Stub(**k), __file__=path)
    kwargs = {k.arg: eval(compile(ast.Expression(k.value), path, "eval"), scope) for k in dec.keywords}
    configs = ns[dec.func.attr](return_configs=True, **kwargs)
    configs = ns["unique_configs"](configs)
    if "XBLOCK" not in params:  # cached_autotune(): no_x_dim kernels
        for c in configs:
            c.kwargs.pop("XBLOCK", None)
    return ["%s, num_warps=%d, num_stages=%d" % (", ".join("%s=%s" % kv for kv in c.kwargs.items()), c.num_warps,
                                                   c.num_stages) if c.kwargs else
            "num_warps=%d, num_stages=%d" % (c.num_warps, c.num_stages) for c in configs]


# --variants: each kernel's own file with its decorator changed so that other branches of the heuristics run
VARIANTS = [("'max_autotune': False", "'max_autotune': True"),
            ("'max_autotune_pointwise': False", "'max_autotune_pointwise': True"),
            ("'autotune_pointwise': True", "'autotune_pointwise': False"),
            ("'deterministic': False", "'deterministic': True"),
            ("'are_deterministic_algorithms_enabled': False", "'are_deterministic_algorithms_enabled': True"),
            ("'grid_type':", "'add_persistent_rblock': True, 'has_loadstore_with_contiguous_rdim': False, "
                             "'grid_type':")]
VARIANTS += [(r"ReductionHint\.\w+", "ReductionHint." + h) for h in ("INNER", "OUTER", "OUTER_TINY", "DEFAULT")]
VARIANTS += [(r"'%s': \d+" % k, "'%s': %d" % (k, v)) for k in ("x", "r0_")
             for v in (1, 2, 64, 256, 512, 1024, 2048, 8192, 65536, 1 << 20)]
VARIANTS += [("'num_load': \\d+", "'num_load': 12"), ("'num_store': \\d+", "'num_store': 6")]


def check_variants(ns, own):
    files = sorted({(path, name) for names in own.values() for name, path in names.items()
                    if kernel_names(open(path).read()) == [name]})
    total = equal = 0
    for path, name in files:
        text = open(path).read()
        for old, new in VARIANTS:
            changed = re.sub(old, new, text)
            if changed == text:
                continue
            for extra in ("", "'max_autotune': True"):  # each variant with and without max_autotune
                variant = changed.replace("'max_autotune': False", extra) if extra else changed
                try:
                    theirs = torch_list(ns, path, name, variant)
                except Exception as e:  # torch's own assertions (a block past a size)
                    theirs = "torch raised %s" % type(e).__name__
                ours, error = tl2cu_list(path, name, variant)
                total += 1
                if theirs == ours or (error and isinstance(theirs, str)):
                    equal += 1
                else:
                    print("variant %s %s -> %s%s: torch %s, tl2cu %s" % (os.path.basename(path), old, new,
                                                                        " +" + extra if extra else "", theirs,
                                                                        ours if ours is not None else error))
    print("%d variants: tl2cu's list equal to torch's heuristics for %d" % (total, equal))


def main():
    if sys.argv[1] == "--variants":
        kernels_dir, manifest, runtime_dir = sys.argv[2:5]
        return check_variants(torch_heuristics(runtime_dir), model_files(kernels_dir, manifest)[0])
    log, kernels_dir, manifest = sys.argv[1:4]
    ns = torch_heuristics(sys.argv[4]) if len(sys.argv) > 4 else None
    entries = log_entries(log)
    own, wrappers = model_files(kernels_dir, manifest)
    names = {}
    for model in dict.fromkeys(m for m, _, _ in entries):
        lines = [i for i, e in enumerate(entries) if e[0] == model]
        for i, full in zip(lines, full_names([entries[i][1] for i in lines], wrappers.get(model, []))):
            names[i] = full
    equal_log = in_list = equal_torch = no_file = 0
    for i, (model, short, expected) in enumerate(entries):
        full = names.get(i)
        path = own.get(model, {}).get(full) if full else None
        if not path:
            no_file += 1
            print("%-13s %-60s no file: the log's kernel is not among %s's files" % (model, short[:60], model))
            continue
        ours, error = tl2cu_list(path, full)
        if error:
            print("%-13s %-60s tl2cu failed: %s" % (model, short[:60], error))
            continue
        notes = []
        if sorted(ours) == sorted(expected):
            equal_log += 1
        else:
            notes.append("log %s" % expected)
        if all(c in ours for c in expected):
            in_list += 1
        else:
            notes.append("LOG'S CONFIG MISSING")
        if ns is not None:
            theirs = torch_list(ns, path, full)
            if theirs == ours:
                equal_torch += 1
            else:
                notes.append("TORCH %s" % theirs)
        print("%-13s %-60s tl2cu %s %s" % (model, short[:60], ours, " ".join(notes)))
    print("%d log lines (%d without a kernel file): tl2cu's list equal to the log's for %d, the log's config in "
          "tl2cu's list for %d%s" % (len(entries), no_file, equal_log, in_list,
                                     ", equal to torch's heuristics for %d" % equal_torch if ns else ""))


if __name__ == "__main__":
    main()
