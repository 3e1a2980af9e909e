"""GPU check of tests/golden/loop_pointers.py against Triton: blocks of pointers carried
through loops, whose loads the aligned variant turns into vectors only where every
iteration keeps them aligned and contiguous. Each kernel runs on 16-byte aligned inputs
with sizes divisible by 16 (the aligned variant) and on inputs one element off (the plain
one); outputs poisoned with NaN, compared with Triton's bit for bit. A wrong fixed point
reads misaligned vectors (a launch error) or the wrong elements.
Prints one line per case and "N passed, N failed".
"""
import torch
import triton

import gpulib

META = {"rows_sum": dict(BLOCK=512), "tile_sum": dict(ROWS=4, BLOCK_K=64), "odd_step": dict(BLOCK=512),
        "reassigned": dict(BLOCK=512)}  # Triton's constexpr arguments (the file's -D for tl2cu)


def buffer(n, offset):
    """n random floats starting `offset` elements into a fresh allocation."""
    return torch.randn(n + offset, device="cuda")[offset:]


def rows_sum(lib, mod, tally, offset, n_cols):
    m = 37
    x = buffer(m * n_cols, offset)
    make = lambda: [x.clone() if offset == 0 else buffer(m * n_cols, offset).copy_(x), torch.full((m * 512,), float("nan"), device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "rows_sum", m, make, (n_cols,), META["rows_sum"])
    gpulib.check(tally, f"rows_sum offset={offset} n_cols={n_cols}", ref, got, err)


def tile_sum(lib, mod, tally, offset, k, stride):
    m = 40
    a = buffer(m * stride, offset)
    make = lambda: [buffer(m * stride, offset).copy_(a), torch.full((m * 64,), float("nan"), device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "tile_sum", triton.cdiv(m, 4), make, (k, stride), META["tile_sum"])
    gpulib.check(tally, f"tile_sum offset={offset} K={k} stride={stride}", ref, got, err)


def one_program(name, lib, mod, tally, offset, n, size):
    x = buffer(size, offset)
    make = lambda: [buffer(size, offset).copy_(x), torch.full((512,), float("nan"), device="cuda")]
    ref, got, err = gpulib.both(lib, mod, name, 1, make, (n,), META[name])
    gpulib.check(tally, f"{name} offset={offset} n={n}", ref, got, err)


def main():
    lib = gpulib.library("loop_pointers")
    mod = gpulib.golden_module("loop_pointers")
    tally = gpulib.Tally()
    cases = [lambda: rows_sum(lib, mod, tally, 0, 2048), lambda: rows_sum(lib, mod, tally, 1, 2048),
             lambda: rows_sum(lib, mod, tally, 0, 1000), lambda: rows_sum(lib, mod, tally, 4, 1520),
             lambda: tile_sum(lib, mod, tally, 0, 208, 256), lambda: tile_sum(lib, mod, tally, 0, 200, 256),
             lambda: tile_sum(lib, mod, tally, 2, 208, 256), lambda: tile_sum(lib, mod, tally, 0, 256, 272)]
    for name, size in (("odd_step", 1024), ("reassigned", 2048)):
        for offset, n in ((0, 512), (0, 400), (1, 512), (4, 496)):
            cases.append(lambda name=name, size=size, offset=offset, n=n: one_program(name, lib, mod, tally, offset, n, size))
    for case in cases:
        try:
            case()
        except Exception as e:  # (Triton may refuse a construct: reported, not hidden)
            tally.case(False, f"{type(e).__name__}: {e}")
    tally.finish()


if __name__ == "__main__":
    main()
