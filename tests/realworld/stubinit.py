#!/usr/bin/env python3
"""Run a program with some packages registered without running their __init__.py.

    python3 tests/realworld/stubinit.py PKG=DIR [PKG=DIR...] -- program.py [args...]
    python3 tests/realworld/stubinit.py PKG=DIR [PKG=DIR...] -- -m pytest tests/test_x.py -q

flash_attn/__init__.py and mamba_ssm/__init__.py import compiled CUDA extensions, lightllm's and
unsloth's pull in servers and trainers; their Triton kernels need none of it. Each PKG (a dotted
name: its parents are stubbed too unless already imported) becomes an empty module whose
__path__ is [DIR], so `import PKG.sub.mod` finds DIR/sub/mod.py and runs only the __init__.py
files below DIR; the names its own __init__.py binds to literals (__version__) are set. The user's files are never edited. Then the program runs in this process as
`python3 program.py` or `python3 -m module` would run it (runpy, sys.argv set), so a harness
that patched Triton before running this script (tests/realworld/dropin.py) sees its launches.

CORPUS_AUTOTUNE_CONFIGS=N (environment) keeps N of each @triton.autotune's configurations,
spread over its list (the first included). flash-linear-attention autotunes most kernels over
48 configurations, each compiled before the first launch: minutes per kernel. The kernels and
their arguments are unchanged; the autotuner chooses among fewer candidates.
"""
import ast
import importlib.machinery
import os
import runpy
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))


def stub_package(name, directory):
    """Registers name as a package over directory, without executing its __init__.py."""
    directory = os.path.abspath(directory)
    if not os.path.isdir(directory):
        sys.exit('stubinit: %s: no such directory for %s' % (directory, name))
    parent, _, leaf = name.rpartition('.')
    if parent and parent not in sys.modules:
        stub_package(parent, os.path.dirname(directory))
    module = types.ModuleType(name)
    module.__path__ = [directory]
    module.__file__ = os.path.join(directory, '__init__.py')
    module.__package__ = name
    module.__spec__ = importlib.machinery.ModuleSpec(name, None, is_package=True)
    module.__spec__.submodule_search_locations = [directory]
    module.__dict__.update(literal_constants(module.__file__))
    sys.modules[name] = module
    if parent:
        setattr(sys.modules[parent], leaf, module)


def literal_constants(init_py):
    """The names an __init__.py binds to literals at its top level (`__version__ = "0.5.2"`):
    submodules import them (flash-linear-attention's `from .. import __version__`), and
    reading them runs nothing."""
    try:
        with open(init_py) as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return {}
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                continue
            for target in node.targets:
                found[target.id] = value
    return found


def spread(items, keep):
    """keep items spread evenly over the list, the first and the last included."""
    if keep <= 0 or len(items) <= keep:
        return list(items)
    if keep == 1:
        return [items[0]]
    return [items[round(i * (len(items) - 1) / (keep - 1))] for i in range(keep)]


def limit_autotune(keep):
    """Every Autotuner made from now on keeps `keep` of its configurations."""
    from triton.runtime import autotuner
    original = autotuner.Autotuner.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.configs = spread(self.configs, keep)
    autotuner.Autotuner.__init__ = init


def run_program(program):
    """Runs program (argv after --) as the python3 command line would."""
    if sys.path and os.path.abspath(sys.path[0] or '.') == HERE:
        sys.path.pop(0)  # this script's folder is no part of the program's path
    if program[0] == '-m':
        sys.argv = [program[1]] + program[2:]
        sys.path.insert(0, os.getcwd())
        runpy.run_module(program[1], run_name='__main__', alter_sys=True)
    else:
        sys.argv = list(program)
        sys.path.insert(0, os.path.dirname(os.path.abspath(program[0])))
        runpy.run_path(program[0], run_name='__main__')


def main(argv):
    if '--' not in argv:
        sys.exit(__doc__)  # (no PKG=DIR before -- is allowed: the program runs as it is)
    split = argv.index('--')
    stubs, program = argv[:split], argv[split + 1:]
    if not program or (program[0] == '-m' and len(program) < 2):
        sys.exit('stubinit: no program after --')
    for item in stubs:
        name, eq, directory = item.partition('=')
        if not eq or not name or not directory:
            sys.exit('stubinit: %r is not PKG=DIR' % item)
        stub_package(name, directory)
    keep = int(os.environ.get('CORPUS_AUTOTUNE_CONFIGS', '0') or 0)
    if keep > 0:
        limit_autotune(keep)
    run_program(program)


if __name__ == '__main__':
    main(sys.argv[1:])
