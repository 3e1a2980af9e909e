"""pytest plugin of the drop-in corpus: FlagGems (532ff43) under Triton 3.6.

FlagGems' LibEntry launches a kernel's compiled form directly after its first launch. It hands
the compiled kernel every argument, constexprs included, only where Triton is 3.3 to 3.5
(flag_gems/utils/libentry.py: `3 <= minor_version <= 5`); otherwise only the run-time ones,
the calling convention of older Triton. Triton 3.6 takes them all, as 3.5 does: every launch
after a kernel's first failed under Triton itself ("function takes exactly 24 arguments (20
given)", 20 of the unary tests). The plugin gives LibEntry Triton 3.5's convention from 3.6 on;
FlagGems' kernels and the program's code are unchanged, and Triton and tl2cu run the same launches.
"""


def pytest_configure(config):
    import importlib

    import triton

    libentry = importlib.import_module('flag_gems.utils.libentry')  # (flag_gems.utils.libentry is also a function)

    major, minor = (int(x) for x in triton.__version__.split('.')[:2])
    if (major, minor) >= (3, 6) and libentry.major_version == 3 and libentry.minor_version > 5:
        libentry.minor_version = 5
