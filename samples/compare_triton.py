#!/usr/bin/env python3
"""Runs each sample's kernel under Triton and through tl2cu's launcher on the same inputs.

For every sample: import samples/NAME/kernel.py, draw inputs with torch on the GPU, run
the Triton kernel, run the tl2cu launcher from BUILD/NAME/libkernel.so (ctypes) into
separate outputs, compare, then time both with triton.testing.do_bench (median).
Prints a markdown table (also written to $OUT/triton_compare.md when OUT is set) and
exits 1 if any check fails.

usage: python3 samples/compare_triton.py [--only NAME] [--small] [--build DIR]
"""

import argparse
import ctypes
import importlib.util
import os
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import torch
import triton
from triton.testing import do_bench

SAMPLES_DIR = Path(__file__).resolve().parent
DEVICE = "cuda"
POISON = 0xFF  # every output byte starts as 0xFF: NaN as float, -1 as an integer

# Tolerances (see README.md): fp32 relative error in norm, and the share of Mandelbrot
# pixels whose iteration count may differ (chaotic near the set's boundary).
REL_TOL = 1e-6
MANDELBROT_MAX_DIFFERING = 1e-3


@dataclass
class Case:
    size: str                              # what the table shows in its size column
    run_triton: Callable[[], None]
    run_tl2cu: Callable[[], None]
    check: Callable[[], tuple[bool, str]]  # (ok, error figure)
    warmup: int = 25                       # do_bench warm-up and repetition times, in ms
    rep: int = 100


def load_module(name):
    """Imports samples/NAME/kernel.py (Triton needs the file for the kernels' source)."""
    path = SAMPLES_DIR / name / "kernel.py"
    spec = importlib.util.spec_from_file_location(f"sample_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Launcher:
    """A tl2cu launcher from BUILD/NAME/libkernel.so: cudaError_t NAME(stream, args...)."""

    def __init__(self, build, name, func, argtypes):
        self.func = func
        self.fn = getattr(ctypes.CDLL(str(build / name / "libkernel.so")), func)
        self.fn.restype = ctypes.c_int
        self.fn.argtypes = [ctypes.c_void_p] + argtypes

    def __call__(self, *args):
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        err = self.fn(stream, *args)
        if err != 0:
            raise RuntimeError(f"{self.func} returned cudaError_t {err}")


PTR, U32 = ctypes.c_void_p, ctypes.c_uint
I32, I64, F32 = ctypes.c_int32, ctypes.c_int64, ctypes.c_float


def ptr(t):
    return ctypes.c_void_p(t.data_ptr())


def poisoned(shape, dtype):
    """A tensor of the given dtype whose bytes are all 0xFF."""
    t = torch.empty(shape, dtype=dtype, device=DEVICE)
    t.view(torch.uint8).fill_(POISON)
    return t


def uniform(shape, lo, hi):
    return torch.rand(shape, device=DEVICE) * (hi - lo) + lo


def rel_error(got, want):
    """||got - want|| / ||want||; NaN (an unwritten element) gives NaN, which never passes."""
    got, want = got.double(), want.double()
    return ((got - want).norm() / want.norm().clamp_min(1e-30)).item()


def check_rel(got, want, tol=REL_TOL):
    err = rel_error(got, want)
    return err <= tol, f"rel_err={err:.2e}"


# ---- the samples: each returns a Case -----------------------------------------------

def vector_add(build, small):
    k = load_module("vector_add").add_kernel
    tl2cu = Launcher(build, "vector_add", "add_kernel", [PTR, PTR, PTR, I32])
    n = 100_003 if small else 2**28 + 17
    x, y = uniform(n, -100, 100), uniform(n, -100, 100)
    out_t, out_c = poisoned(n, torch.float32), poisoned(n, torch.float32)
    return Case(
        f"n={n}",
        lambda: k[(triton.cdiv(n, 1024),)](x, y, out_t, n, BLOCK_SIZE=1024),
        lambda: tl2cu(ptr(x), ptr(y), ptr(out_c), I32(n)),
        lambda: check_rel(out_c, out_t))


def constant_add(build, small):
    k = load_module("constant_add").add_kernel
    tl2cu = Launcher(build, "constant_add", "add_kernel", [PTR, PTR, I32])
    n = 32
    x = uniform(n, -100, 100)
    z_t, z_c = poisoned(n, torch.float32), poisoned(n, torch.float32)
    return Case(
        f"n={n}",
        lambda: k[(1,)](x, z_t, n, B0=32),
        lambda: tl2cu(ptr(x), ptr(z_c), I32(n)),
        lambda: check_rel(z_c, z_t))


def constant_add_block(build, small):
    k = load_module("constant_add_block").add_mask2_kernel
    tl2cu = Launcher(build, "constant_add_block", "add_mask2_kernel", [PTR, PTR, I32])
    n = 1000 if small else 2**26 + 5
    x = uniform(n, -100, 100)
    z_t, z_c = poisoned(n, torch.float32), poisoned(n, torch.float32)
    return Case(
        f"n={n}",
        lambda: k[(triton.cdiv(n, 32),)](x, z_t, n, B0=32),
        lambda: tl2cu(ptr(x), ptr(z_c), I32(n)),
        lambda: check_rel(z_c, z_t))


def outer_vector_add(build, small):
    k = load_module("outer_vector_add").add_vec_kernel
    tl2cu = Launcher(build, "outer_vector_add", "add_vec_kernel", [PTR, PTR, PTR, I32, I32])
    x, y = uniform(32, -100, 100), uniform(32, -100, 100)
    z_t, z_c = poisoned((32, 32), torch.float32), poisoned((32, 32), torch.float32)
    return Case(
        "32x32",
        lambda: k[(1,)](x, y, z_t, 32, 32, B0=32, B1=32),
        lambda: tl2cu(ptr(x), ptr(y), ptr(z_c), I32(32), I32(32)),
        lambda: check_rel(z_c, z_t))


def outer_block(name, func, lo, hi):
    """outer_vector_add_block and mul_relu_block: z is N1 rows x N0 columns."""
    def make(build, small):
        k = getattr(load_module(name), func)
        tl2cu = Launcher(build, name, func, [PTR, PTR, PTR, I32, I32])
        n0, n1 = (100, 37) if small else (10007, 5003)
        x, y = uniform(n0, lo, hi), uniform(n1, lo, hi)
        z_t, z_c = poisoned((n1, n0), torch.float32), poisoned((n1, n0), torch.float32)
        grid = (triton.cdiv(n0, 32), triton.cdiv(n1, 32))
        return Case(
            f"{n1}x{n0}",
            lambda: k[grid](x, y, z_t, n0, n1, B0=32, B1=32),
            lambda: tl2cu(ptr(x), ptr(y), ptr(z_c), I32(n0), I32(n1)),
            lambda: check_rel(z_c, z_t))
    return make


WINDOW = (-1.75, 0.75, -1.25, 1.25)  # xmin, xmax, ymin, ymax


def mandelbrot_case(name, func, blocked):
    def make(build, small):
        k = getattr(load_module(name), func)
        tl2cu = Launcher(build, name, func, [PTR, I32, I32, I32, F32, F32, F32, F32])
        width, height, max_iter = (1000, 300, 200) if small else (4096, 4096, 500)
        out_t = poisoned((height, width), torch.int32)
        out_c = poisoned((height, width), torch.int32)
        if blocked:  # autotuned: the grid depends on the BLOCK_SIZE Triton picks
            grid = lambda meta: (triton.cdiv(width, meta["BLOCK_SIZE"]), height)
        else:
            grid = (width, height)

        def check():
            differing = (out_c != out_t).double().mean().item()
            unwritten = int((out_c < 0).sum().item() + (out_t < 0).sum().item())
            ok = differing <= MANDELBROT_MAX_DIFFERING and unwritten == 0
            text = f"differing={differing:.1e}"
            return ok, text + (f" unwritten={unwritten}" if unwritten else "")

        return Case(
            f"{width}x{height} iter={max_iter}",
            lambda: k[grid](out_t, width, height, max_iter, *WINDOW),
            lambda: tl2cu(ptr(out_c), I32(width), I32(height), I32(max_iter), *map(F32, WINDOW)),
            check)
    return make


def make_boxes(n):
    """Boxes (left, top, right, bottom) as in giou/main.cu: predictions overlap their
    targets, 1 in 10 is a neighbour moved past it, 1 target in 8 is padding (0 or -1)."""
    w, h = uniform(n, 4, 300), uniform(n, 4, 300)
    l, t = uniform(n, 0, 1000), uniform(n, 0, 1000)
    targets = torch.stack([l, t, l + w, t + h], dim=1)
    shift = torch.where(torch.rand(n, device=DEVICE) < 0.1, uniform(n, 1.1, 2.0) * w, 0.0)
    jitter = uniform((n, 4), -0.4, 0.4) * torch.stack([w, h, w, h], dim=1)
    preds = targets + jitter + torch.stack([shift, 0 * shift, shift, 0 * shift], dim=1)
    pad = torch.rand(n, device=DEVICE) < 0.125
    pad_value = torch.where(torch.rand(n, device=DEVICE) < 0.5, 0.0, -1.0)
    targets = torch.where(pad[:, None], pad_value[:, None].expand(n, 4), targets)
    return preds.contiguous(), targets.contiguous()


def giou(build, small):
    k = load_module("giou").giou_kernel
    fn = Launcher(build, "giou", "giou_kernel_grid", [U32, U32, U32, PTR, PTR, PTR, PTR])
    images = 7 if small else 4099
    n = images * 256
    preds, targets = make_boxes(n)
    out_t, out_c = poisoned(n, torch.float32), poisoned(n, torch.float32)
    valid_t, valid_c = poisoned(n, torch.bool), poisoned(n, torch.bool)

    def check():
        ok, text = check_rel(out_c, out_t)
        # Compare the bytes: poison (0xFF) is no valid bool.
        valid_ok = torch.equal(valid_c.view(torch.uint8), valid_t.view(torch.uint8))
        return ok and valid_ok, text + ("" if valid_ok else " valid differs")

    return Case(
        f"{images}x256 boxes",
        lambda: k[(images,)](preds, targets, out_t, valid_t, BLOCK_SIZE=256),
        lambda: fn(U32(images), U32(1), U32(1),
                   ptr(preds), ptr(targets), ptr(out_c), ptr(valid_c)),
        check)


def game_of_life(build, small):
    k = load_module("game_of_life").gol_triton_2d_kernel
    tl2cu = Launcher(build, "game_of_life", "gol_triton_2d_kernel", [PTR, PTR, I64, I64])
    n = 1000 if small else 65536
    x = torch.randint(0, 2, (n, n), dtype=torch.int8, device=DEVICE)
    out_t, out_c = poisoned((n, n), torch.int8), poisoned((n, n), torch.int8)
    grid = (triton.cdiv(n - 2, 1), triton.cdiv(n - 2, 1024))

    def border_intact(out):
        return all(bool((edge == -1).all()) for edge in (out[0], out[-1], out[:, 0], out[:, -1]))

    def check():
        equal = torch.equal(out_c, out_t)
        borders = border_intact(out_c) and border_intact(out_t)
        text = ("equal" if equal else f"differing={int((out_c != out_t).sum())}") + \
            ("" if borders else " border written")
        return equal and borders, text

    return Case(
        f"{n}x{n}",
        lambda: k[grid](x, out_t, n, n, BLOCK_SIZE_ROW=1, BLOCK_SIZE_COL=1024),
        lambda: tl2cu(ptr(x), ptr(out_c), I64(n), I64(n)),
        check,
        warmup=10 if small else 5, rep=100 if small else 40)


SAMPLES = {
    "vector_add": vector_add,
    "constant_add": constant_add,
    "constant_add_block": constant_add_block,
    "outer_vector_add": outer_vector_add,
    "outer_vector_add_block":
        outer_block("outer_vector_add_block", "add_vec_block_kernel", -100, 100),
    "mul_relu_block": outer_block("mul_relu_block", "mul_relu_block_kernel", -10, 10),
    "mandelbrot_unblocked":
        mandelbrot_case("mandelbrot_unblocked", "mandelbrot_kernel_triton_unblocked", False),
    "mandelbrot": mandelbrot_case("mandelbrot", "mandelbrot_kernel_triton", True),
    "giou": giou,
    "game_of_life": game_of_life,
}


def run_sample(name, build, small):
    """Returns a table row: [name, size, check, tl2cu ms, Triton ms, speed ratio], ok."""
    torch.manual_seed(0)
    case = SAMPLES[name](build, small)
    case.run_triton()
    case.run_tl2cu()
    torch.cuda.synchronize()
    ok, figure = case.check()
    bench = dict(warmup=case.warmup, rep=case.rep, return_mode="median")
    ms_c = do_bench(case.run_tl2cu, **bench)
    ms_t = do_bench(case.run_triton, **bench)
    check = f"{'PASS' if ok else 'FAIL'} {figure}"
    return [name, case.size, check, f"{ms_c:.4f}", f"{ms_t:.4f}", f"{ms_t / ms_c:.2f}x"], ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=SAMPLES, action="append",
                        help="run only this sample (repeatable)")
    parser.add_argument("--small", action="store_true", help="small sizes, for a quick run")
    parser.add_argument("--build", type=Path, default=SAMPLES_DIR.parent / "build" / "samples",
                        help="where libkernel.so files are (default: build/samples)")
    args = parser.parse_args()

    print(f"torch {torch.__version__}, triton {triton.__version__}, "
          f"{torch.cuda.get_device_name()}", flush=True)
    header = ["sample", "size", "check", "tl2cu ms", "Triton ms", "speed tl2cu/Triton"]
    rows, all_ok = [], True
    for name in args.only or SAMPLES:
        print(f"{name} ...", flush=True)
        try:
            row, ok = run_sample(name, args.build, args.small)
        except Exception as e:  # a broken sample is a FAIL row, and the others still run
            traceback.print_exc()
            error = f"FAIL {type(e).__name__}: {e}".replace("|", "/").replace("\n", " ")
            row, ok = [name, "", error, "", "", ""], False
        print("  " + " | ".join(row), flush=True)
        rows.append(row)
        all_ok &= ok
        torch.cuda.empty_cache()

    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    lines += ["", "Times are do_bench medians; speed tl2cu/Triton = Triton ms / tl2cu ms "
              "(above 1: tl2cu is faster)."]
    table = "\n".join(lines)
    print("\n" + table, flush=True)
    if os.environ.get("OUT"):
        Path(os.environ["OUT"], "triton_compare.md").write_text(table + "\n")
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
