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
# Reductions and scans (and what is computed from them): Triton's order of additions is a
# detail of its layouts (which thread holds which elements, the shuffle tree across
# threads and warps), which the translation need not reproduce: fp32 results must agree
# to 1e-5 in norm. Integer results and argmax indices must be equal.
REDUCE_TOL = 1e-5


@dataclass
class Case:
    size: str                              # what the table shows in its size column
    run_triton: Callable[[], None]
    run_tl2cu: Callable[[], None]
    check: Callable[[], tuple[bool, str]]  # (ok, error figure)
    warmup: int = 25                       # do_bench warm-up and repetition times, in ms
    rep: int = 100
    bytes: int = 0                         # bytes read + written per run: GB/s when set


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


def game_of_life(build, small, sample="game_of_life", kernel="gol_triton_2d_kernel"):
    k = getattr(load_module(sample), kernel)
    tl2cu = Launcher(build, sample, kernel, [PTR, PTR, I64, I64])
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


# ---- reductions, scans and shape ops --------------------------------------------------

FP32 = torch.float32


def untouched(t):
    """True when every byte of t still holds the poison."""
    return bool((t.contiguous().view(torch.uint8) == POISON).all())


def long_sum(build, small):
    k = load_module("long_sum").sum_kernel
    tl2cu = Launcher(build, "long_sum", "sum_kernel", [PTR, PTR, I32, I32, I32])
    n0, t = (37, 6001) if small else (8192, 16384)
    x = uniform((n0, t), -1, 1)
    z_t, z_c = poisoned(n0, FP32), poisoned(n0, FP32)
    return Case(
        f"{n0}x{t}",
        lambda: k[(n0,)](x, z_t, n0, 32, t, B0=1, B1=4096),
        lambda: tl2cu(ptr(x), ptr(z_c), I32(n0), I32(32), I32(t)),
        lambda: check_rel(z_c, z_t, REDUCE_TOL),
        bytes=(n0 * t + n0) * 4)


def long_softmax(build, small):
    k = load_module("long_softmax").softmax_kernel
    tl2cu = Launcher(build, "long_softmax", "softmax_kernel", [PTR, PTR, I32, I32, I32])
    n0, t = (37, 3001) if small else (4099, 20000)
    x = uniform((n0, t), -10, 10)
    z_t, z_c = poisoned((n0, t), FP32), poisoned((n0, t), FP32)
    return Case(
        f"{n0}x{t}",
        lambda: k[(triton.cdiv(n0, 4),)](x, z_t, n0, 32, t, B0=4, B1=512),
        lambda: tl2cu(ptr(x), ptr(z_c), I32(n0), I32(32), I32(t)),
        lambda: check_rel(z_c, z_t, REDUCE_TOL))


def softmax(build, small):
    """Rows `stride` apart (n_cols rounded up to a multiple of 16); the input's padding
    holds 1e30 and the output's must keep its poison."""
    k = load_module("softmax").softmax_kernel
    fn = Launcher(build, "softmax", "softmax_kernel_grid",
                  [U32, U32, U32, PTR, PTR, I32, I32, I32])
    rows, cols = (37, 1003) if small else (16384, 4096)
    stride = (cols + 15) // 16 * 16
    x = uniform((rows, stride), -10, 10)
    x[:, cols:] = 1e30
    z_t, z_c = poisoned((rows, stride), FP32), poisoned((rows, stride), FP32)

    def check():
        ok, text = check_rel(z_c[:, :cols], z_t[:, :cols], REDUCE_TOL)
        padding = untouched(z_c[:, cols:]) and untouched(z_t[:, cols:])
        return ok and padding, text + ("" if padding else " padding written")

    return Case(
        f"{rows}x{cols}",
        lambda: k[(rows,)](z_t, x, stride, stride, cols, BLOCK_SIZE=4096, num_warps=8),
        lambda: fn(U32(rows), U32(1), U32(1), ptr(z_c), ptr(x), I32(stride), I32(stride),
                   I32(cols)),
        check,
        bytes=2 * rows * cols * 4)


def giou_loss(build, small):
    module = load_module("giou_loss")
    k, k_mean = module.giou_kernel, module.giou_mean_kernel
    fn = Launcher(build, "giou_loss", "giou_kernel_grid",
                  [U32, U32, U32, PTR, PTR, PTR, PTR, PTR, PTR])
    fn_mean = Launcher(build, "giou_loss", "giou_mean_kernel", [PTR, PTR, PTR, I32])
    images = 7 if small else 4099
    n = images * 256
    preds, targets = make_boxes(n)
    t = [poisoned(n, FP32), poisoned(n, torch.bool), poisoned(images, FP32),
         poisoned(images, torch.int32), poisoned(1, FP32)]
    c = [poisoned(n, FP32), poisoned(n, torch.bool), poisoned(images, FP32),
         poisoned(images, torch.int32), poisoned(1, FP32)]

    def run_triton():
        k[(images,)](preds, targets, *t[:4], BLOCK_SIZE=256)
        k_mean[(1,)](t[2], t[3], t[4], images, REDUCE_BLOCK=1024)

    def run_tl2cu():
        fn(U32(images), U32(1), U32(1), ptr(preds), ptr(targets), *map(ptr, c[:4]))
        fn_mean(ptr(c[2]), ptr(c[3]), ptr(c[4]), I32(images))

    def check():
        ok_out, text = check_rel(c[0], t[0])
        ok_sum, text_sum = check_rel(c[2], t[2], REDUCE_TOL)
        ok_mean, text_mean = check_rel(c[4], t[4], REDUCE_TOL)
        valid_ok = torch.equal(c[1].view(torch.uint8), t[1].view(torch.uint8))
        count_ok = torch.equal(c[3], t[3])
        text = (f"{text} sums {text_sum.split('=')[1]} mean {text_mean.split('=')[1]}"
                + ("" if valid_ok else " valid differs") + ("" if count_ok else " counts differ"))
        return ok_out and ok_sum and ok_mean and valid_ok and count_ok, text

    return Case(f"{images}x256 boxes", run_triton, run_tl2cu, check)


def norm_case(name, func, has_bias):
    """layer_norm (Y, Mean, Rstd; W and B) and rms_norm (Y, Rstd; W): the row stride is
    larger than N at the small size, and the padding of Y must keep its poison."""
    def make(build, small):
        k = getattr(load_module(name), func)
        pointers = 6 if has_bias else 4
        fn = Launcher(build, name, func + "_grid",
                      [U32, U32, U32] + [PTR] * pointers + [I32, I32, F32])
        rows, n = (37, 1001) if small else (16411, 4000)
        stride = n + 7 if small else n
        eps = 1e-5 if has_bias else 1e-6
        x = uniform((rows, stride), -2, 4) if has_bias else uniform((rows, stride), -3, 3)
        x[:, n:] = 1e30
        w = uniform(n, 0.5, 1.5) if has_bias else uniform(n, -1.5, 1.5)
        b = uniform(n, -1, 1)
        outs = {}
        for who in ("t", "c"):
            y = poisoned((rows, stride), FP32)
            stats = [poisoned(rows, FP32) for _ in range(2 if has_bias else 1)]
            outs[who] = (y, stats)

        def args(who):
            y, stats = outs[who]
            return [x, y, w] + ([b] if has_bias else []) + stats

        def check():
            (y_c, stats_c), (y_t, stats_t) = outs["c"], outs["t"]
            ok, text = check_rel(y_c[:, :n], y_t[:, :n], REDUCE_TOL)
            for s_c, s_t in zip(stats_c, stats_t):
                ok_s, text_s = check_rel(s_c, s_t, REDUCE_TOL)
                ok, text = ok and ok_s, text + "/" + text_s.split("=")[1]
            padding = untouched(y_c[:, n:]) and untouched(y_t[:, n:])
            return ok and padding, text + ("" if padding else " padding written")

        return Case(
            f"{rows}x{n}",
            lambda: k[(rows,)](*args("t"), stride, n, eps, BLOCK_SIZE=4096, num_warps=8),
            lambda: fn(U32(rows), U32(1), U32(1), *map(ptr, args("c")), I32(stride), I32(n),
                       F32(eps)),
            check)
    return make


def argmax(build, small):
    """Rows full of ties, as in argmax/main.cu: small integers, and by row index mod 8:
    constant rows, rows of +0.0/-0.0/-1, the maximum at both ends, the only maximum in
    the last column, rows of -inf only."""
    k = load_module("argmax").argmax_kernel
    tl2cu = Launcher(build, "argmax", "argmax_kernel", [PTR, PTR, I32, I32, I32])
    rows, cols = (37, 77) if small else (100003, 1000)
    x = torch.floor(uniform((rows, cols), -8, 8))
    r = torch.arange(rows, device=DEVICE)
    x[r % 8 == 1] = 3.0
    choice = torch.randint(0, 3, (rows, cols), device=DEVICE)
    zeros = torch.tensor([-0.0, 0.0, -1.0], device=DEVICE)[choice]
    x[r % 8 == 3] = zeros[r % 8 == 3]
    x[r % 8 == 5, 0] = 100.0
    x[r % 8 == 5, cols - 1] = 100.0
    x[r % 8 == 6, cols - 1] = 1e30
    x[r % 16 == 7] = -float("inf")
    out_t, out_c = poisoned(rows, torch.int32), poisoned(rows, torch.int32)

    def check():
        equal = torch.equal(out_c, out_t)
        # For information: torch.argmax also returns the first maximal index.
        torch_differs = int((out_t.long() != torch.argmax(x, dim=1)).sum())
        text = ("equal" if equal else f"differing={int((out_c != out_t).sum())}") + \
            (f" (Triton and torch.argmax differ in {torch_differs} rows)" if torch_differs else "")
        return equal, text

    return Case(
        f"{rows}x{cols}",
        lambda: k[(triton.cdiv(rows, 4),)](x, out_t, rows, cols, cols, BLOCK_M=4, BLOCK_N=1024),
        lambda: tl2cu(ptr(x), ptr(out_c), I32(rows), I32(cols), I32(cols)),
        check)


def cumsum(build, small):
    """Both kernels (fp32 and int32); the row stride is larger than n_cols at the small
    size, and the padding of the outputs must keep its poison."""
    module = load_module("cumsum")
    k_f, k_i = module.cumsum_f32_kernel, module.cumsum_i32_kernel
    argtypes = [U32, U32, U32, PTR, PTR, I32, I32, I32]
    fn_f = Launcher(build, "cumsum", "cumsum_f32_kernel_grid", argtypes)
    fn_i = Launcher(build, "cumsum", "cumsum_i32_kernel_grid", argtypes)
    rows, cols = (37, 77) if small else (20011, 1000)
    stride = cols + 3 if small else cols
    grid = triton.cdiv(rows, 2)
    xf = uniform((rows, stride), -1, 1)
    xi = torch.randint(-1000, 1001, (rows, stride), dtype=torch.int32, device=DEVICE)
    zf_t, zf_c = poisoned((rows, stride), FP32), poisoned((rows, stride), FP32)
    zi_t, zi_c = poisoned((rows, stride), torch.int32), poisoned((rows, stride), torch.int32)

    def run_triton():
        k_f[(grid,)](xf, zf_t, rows, cols, stride, BLOCK_M=2, BLOCK_N=1024)
        k_i[(grid,)](xi, zi_t, rows, cols, stride, BLOCK_M=2, BLOCK_N=1024)

    def run_tl2cu():
        args = (I32(rows), I32(cols), I32(stride))
        fn_f(U32(grid), U32(1), U32(1), ptr(xf), ptr(zf_c), *args)
        fn_i(U32(grid), U32(1), U32(1), ptr(xi), ptr(zi_c), *args)

    def check():
        ok, text = check_rel(zf_c[:, :cols], zf_t[:, :cols], REDUCE_TOL)
        int_equal = torch.equal(zi_c[:, :cols], zi_t[:, :cols])
        padding = all(untouched(z[:, cols:]) for z in (zf_c, zf_t, zi_c, zi_t))
        text += " i32 " + ("equal" if int_equal else "differs") + \
            ("" if padding else " padding written")
        return ok and int_equal and padding, text

    return Case(f"{rows}x{cols} fp32+i32", run_triton, run_tl2cu, check)


def transpose(build, small):
    k = load_module("transpose").transpose_kernel
    tl2cu = Launcher(build, "transpose", "transpose_kernel", [PTR, PTR, I32, I32])
    m, n = (37, 101) if small else (8191, 8193)
    x = uniform((m, n), -100, 100)
    z_t, z_c = poisoned((n, m), FP32), poisoned((n, m), FP32)
    grid = (triton.cdiv(m, 128), triton.cdiv(n, 64))

    def check():
        equal = torch.equal(z_c, z_t) and torch.equal(z_t, x.T)
        return equal, "equal" if equal else f"differing={int((z_c != z_t).sum())}"

    return Case(
        f"{m}x{n}",
        lambda: k[grid](x, z_t, m, n, BLOCK_M=128, BLOCK_N=64, num_warps=8),
        lambda: tl2cu(ptr(x), ptr(z_c), I32(m), I32(n)),
        check,
        bytes=2 * m * n * 4)


def matmul_autotune(build, small):
    """Tutorial 03 with leaky_relu, both sides autotuned at their first call; within one fp16
    rounding plus K * 2^-22 * (|a| @ |b|) of Triton's (docs/NOTES.md 49)."""
    module = load_module("matmul_autotune")
    fn = Launcher(build, "matmul_autotune", "matmul_kernel", [PTR, PTR, PTR] + [I32] * 9)
    M, N, K = (300, 200, 130) if small else (4096, 4096, 4096)
    a = (torch.rand(M, K, device=DEVICE) * 2 - 1).half()
    b = (torch.rand(K, N, device=DEVICE) * 2 - 1).half()
    c_c = poisoned((M, N), torch.float16)
    out = {}

    def run_triton():
        out["t"] = module.matmul(a, b, "leaky_relu")

    def check():
        ref = out["t"].double()
        ulp = torch.ldexp(torch.ones_like(ref), torch.frexp(ref.float())[1].to(torch.int32) - 11).clamp_min(2.0 ** -24)
        bound = ulp + K * 2.0 ** -22 * (a.double().abs() @ b.double().abs())
        err = (c_c.double() - ref).abs()
        bad = int((err > bound).sum()) + int((~torch.isfinite(c_c)).sum())
        return bad == 0, f"{bad} out of bound, {int((c_c == out['t']).sum())} of {M * N} equal"

    return Case(
        f"{M}x{N}x{K}",
        run_triton,
        lambda: fn(ptr(a), ptr(b), ptr(c_c), I32(M), I32(N), I32(K), I32(K), I32(1), I32(N), I32(1), I32(N), I32(1)),
        check)


def matmul_int8(build, small):
    """int8 GEMM into int32, both sides autotuned at their first call: integer sums are exact,
    so every output must equal Triton's."""
    module = load_module("matmul_int8")
    fn = Launcher(build, "matmul_int8", "matmul_int8_kernel", [PTR, PTR, PTR] + [I32] * 9)
    M, N, K = (300, 200, 130) if small else (4096, 4096, 4096)
    a = torch.randint(-128, 128, (M, K), device=DEVICE, dtype=torch.int8)
    b = torch.randint(-128, 128, (K, N), device=DEVICE, dtype=torch.int8)
    c_c = poisoned((M, N), torch.int32)
    out = {}

    def run_triton():
        out["t"] = module.matmul_int8(a, b)

    def check():
        same = int((c_c == out["t"]).sum())
        return same == M * N, f"{same} of {M * N} equal"

    return Case(
        f"{M}x{N}x{K}",
        run_triton,
        lambda: fn(ptr(a), ptr(b), ptr(c_c), I32(M), I32(N), I32(K), I32(K), I32(1), I32(N), I32(1), I32(N), I32(1)),
        check)


def matmul_batched(build, small):
    """Z products of fp16 matrices (the batch on the grid's second axis); within one fp16
    rounding plus K * 2^-22 * (|a| @ |b|) of Triton's (docs/NOTES.md 49)."""
    module = load_module("matmul_batched")
    fn = Launcher(build, "matmul_batched", "bmm_kernel", [PTR, PTR, PTR] + [I32] * 13)
    Z, M, N, K = (3, 300, 200, 130) if small else (16, 2048, 2048, 2048)
    a = (torch.rand(Z, M, K, device=DEVICE) * 2 - 1).half()
    b = (torch.rand(Z, K, N, device=DEVICE) * 2 - 1).half()
    c_c = poisoned((Z, M, N), torch.float16)
    out = {}

    def run_triton():
        out["t"] = module.bmm(a, b)

    def check():
        ref = out["t"].double()
        ulp = torch.ldexp(torch.ones_like(ref), torch.frexp(ref.float())[1].to(torch.int32) - 11).clamp_min(2.0 ** -24)
        bound = ulp + K * 2.0 ** -22 * (a.double().abs() @ b.double().abs())
        bad = int(((c_c.double() - ref).abs() > bound).sum()) + int((~torch.isfinite(c_c)).sum())
        return bad == 0, f"{bad} out of bound, {int((c_c == out['t']).sum())} of {Z * M * N} equal"

    return Case(
        f"{Z}x{M}x{N}x{K}",
        run_triton,
        lambda: fn(ptr(a), ptr(b), ptr(c_c), I32(Z), I32(M), I32(N), I32(K), I32(M * K), I32(K), I32(1), I32(K * N),
                   I32(N), I32(1), I32(M * N), I32(N), I32(1)),
        check)


def flash_attention(build, small):
    """Attention forward, head dim 64, not causal: outputs within 2^-8 (p @ |v| + |o|) of Triton's
    and M within 2^-13 (1 + |M|) (tests/gpu/attention_check.py says why)."""
    module = load_module("flash_attention")
    fn = Launcher(build, "flash_attention", "attn_fwd", [PTR, PTR, PTR, F32, PTR, PTR] + [I32] * 6)  # (stride_d: 1, the signature's)
    Z, H, N, D = (1, 2, 256, 64) if small else (4, 32, 4096, 64)
    q, k, v = (torch.randn(Z, H, N, D, device=DEVICE).half() for _ in range(3))
    o_c = poisoned((Z, H, N, D), torch.float16)
    m_c = poisoned((Z, H, N), torch.float32)
    out = {}

    def run_triton():
        out["o"], out["m"] = module.attention(q, k, v, False, 0.125)

    def check():
        scale = torch.cat([torch.softmax((q[z].float() @ k[z].float().transpose(-1, -2)) * 0.125, -1) @ v[z].float().abs()
                           for z in range(Z)]).view(Z, H, N, D)
        o_t, m_t = out["o"].float(), out["m"]
        bad = int(((o_c.float() - o_t).abs() > 2.0 ** -8 * (scale + o_t.abs())).sum()) + int((~torch.isfinite(o_c)).sum())
        bad += int(((m_c - m_t).abs() > 2.0 ** -13 * (1 + m_t.abs())).sum()) + int((~torch.isfinite(m_c)).sum())
        return bad == 0, f"{bad} out of bound, {int((o_c == out['o']).sum())} of {o_c.numel()} equal"

    return Case(
        f"{Z}x{H}x{N}x{D}",
        run_triton,
        lambda: fn(ptr(q), ptr(k), ptr(v), F32(0.125), ptr(m_c), ptr(o_c), I32(Z), I32(H), I32(N),
                   I32(H * N * D), I32(N * D), I32(D)),
        check)


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
    "game_of_life_loop": lambda build, small: game_of_life(build, small, "game_of_life_loop", "gol_loop_kernel"),
    "long_sum": long_sum,
    "long_softmax": long_softmax,
    "softmax": softmax,
    "giou_loss": giou_loss,
    "layer_norm": norm_case("layer_norm", "_layer_norm_fwd_fused", True),
    "rms_norm": norm_case("rms_norm", "rms_norm_fwd_kernel", False),
    "argmax": argmax,
    "cumsum": cumsum,
    "transpose": transpose,
    "matmul_autotune": matmul_autotune,
    "matmul_int8": matmul_int8,
    "matmul_batched": matmul_batched,
    "flash_attention": flash_attention,
}


def check_and_time(name, build, small):
    """Runs sample `name` under Triton and tl2cu, checks the outputs, then times each with
    do_bench. Returns the case, ok, the check's figure, tl2cu ms, Triton ms and the do_bench
    settings (bench/bench.py times torch with them too)."""
    torch.manual_seed(0)
    case = SAMPLES[name](build, small)
    case.run_triton()
    case.run_tl2cu()
    torch.cuda.synchronize()
    ok, figure = case.check()
    bench = dict(warmup=case.warmup, rep=case.rep, return_mode="median")
    ms_c = do_bench(case.run_tl2cu, **bench)
    ms_t = do_bench(case.run_triton, **bench)
    return case, ok, figure, ms_c, ms_t, bench


def run_sample(name, build, small):
    """Returns a table row: [name, size, check, tl2cu ms, Triton ms, speed ratio, tl2cu GB/s,
    Triton GB/s], ok."""
    case, ok, figure, ms_c, ms_t, _ = check_and_time(name, build, small)
    check = f"{'PASS' if ok else 'FAIL'} {figure}"
    gbps = [f"{case.bytes / (ms * 1e6):.0f}" if case.bytes else "" for ms in (ms_c, ms_t)]
    return [name, case.size, check, f"{ms_c:.4f}", f"{ms_t:.4f}", f"{ms_t / ms_c:.2f}x",
            *gbps], ok


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
    header = ["sample", "size", "check", "tl2cu ms", "Triton ms", "speed tl2cu/Triton",
              "tl2cu GB/s", "Triton GB/s"]
    rows, all_ok = [], True
    for name in args.only or SAMPLES:
        print(f"{name} ...", flush=True)
        try:
            row, ok = run_sample(name, args.build, args.small)
        except Exception as e:  # a broken sample is a FAIL row, and the others still run
            traceback.print_exc()
            error = f"FAIL {type(e).__name__}: {e}".replace("|", "/").replace("\n", " ")
            row, ok = [name, "", error, "", "", "", "", ""], False
        print("  " + " | ".join(row), flush=True)
        rows.append(row)
        all_ok &= ok
        torch.cuda.empty_cache()

    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    lines += ["", "Times are do_bench medians; speed tl2cu/Triton = Triton ms / tl2cu ms "
              "(above 1: tl2cu is faster); GB/s = bytes read + written / time, for the "
              "memory-bound benchmarks."]
    table = "\n".join(lines)
    print("\n" + table, flush=True)
    if os.environ.get("OUT"):
        Path(os.environ["OUT"], "triton_compare.md").write_text(table + "\n")
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
