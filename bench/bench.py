"""The side-by-side benchmark (issue 4): every sample's tl2cu kernel, the same .py
under Triton, and torch where a torch expression exists, in one process on the GPU
machine. Outputs are checked before timing (compare_triton.py's checks); times are
do_bench medians after warm-up, at the samples' full sizes (several times the L2).
Also the translation speed: tl2cu per kernel file, nvcc per generated file, and
Triton's cold JIT compile. Writes a Markdown report (docs/PERFORMANCE.md).

    make -C samples translate        # here: the .cu files travel to the GPU machine
    python3 bench/bench.py --out docs/PERFORMANCE.md   # there
"""
import argparse
import datetime
import importlib.util
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import entries  # noqa: E402  (torch-free: which samples lack an entry)

import torch
import torch.nn.functional as F
import triton
from triton.testing import do_bench

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("compare_triton", ROOT / "samples" / "compare_triton.py")
ct = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ct)

F32 = 4


def rand(*shape):
    return torch.rand(*shape, device="cuda")


# sample -> (bytes moved at least, FLOPs or 0, torch expression builder or None); sizes as in
# compare_triton.py. FLOPs: the multiply-adds of the products (2 each) for the compute-bound
# tensor-core samples, reported as TFLOP/s (int8: TOPS) instead of a share of copy speed.
def torch_cases():
    def vec(n):
        x, y = rand(n), rand(n)
        return lambda: x + y
    def outer(relu):
        x, y = rand(10007), rand(5003)
        return (lambda: torch.relu(x[None, :] * y[:, None])) if relu else (lambda: x[None, :] + y[:, None])
    def softmax(r, c):
        x = rand(r, c)
        return lambda: torch.softmax(x, dim=1)
    def rowsum():
        x = rand(8192, 16384)
        return lambda: x.sum(1)
    def norm(rms):
        x, w, b = rand(16411, 4000), rand(4000), rand(4000)
        return (lambda: F.rms_norm(x, (4000,), w, 1e-5)) if rms else (lambda: F.layer_norm(x, (4000,), w, b, 1e-5))
    def argmax():
        x = rand(100003, 1000)
        return lambda: x.argmax(1)
    def cumsum():
        x, xi = rand(20011, 1000), (rand(20011, 1000) * 100).to(torch.int32)
        return lambda: (x.cumsum(1), xi.cumsum(1))
    def transpose():
        x = rand(8191, 8193)
        return lambda: x.t().contiguous()
    def matmul():
        a, b = (rand(4096, 4096) * 2 - 1).half(), (rand(4096, 4096) * 2 - 1).half()
        return lambda: F.leaky_relu(a @ b, 0.01)
    def add10(n):
        x = rand(n)
        return lambda: x + 10
    def matmul_int8():
        a = torch.randint(-128, 128, (4096, 4096), device="cuda", dtype=torch.int8)
        b = torch.randint(-128, 128, (4096, 4096), device="cuda", dtype=torch.int8)
        return lambda: torch._int_mm(a, b)
    def bmm():
        a, b = ((rand(16, 2048, 2048) * 2 - 1).half() for _ in range(2))
        return lambda: torch.bmm(a, b)
    def attention():
        q, k, v = (torch.randn(4, 32, 4096, 64, device="cuda").half() for _ in range(3))
        return lambda: F.scaled_dot_product_attention(q, k, v, scale=0.125)
    n = 2**28 + 17
    return {
        "vector_add": (3 * n * F32, 0, lambda: vec(n)),
        "constant_add": (2 * 32 * F32, 0, lambda: add10(32)),
        "constant_add_block": (2 * (2**26 + 5) * F32, 0, lambda: add10(2**26 + 5)),
        "outer_vector_add": ((32 * 32 + 64) * F32, 0, None),
        "outer_vector_add_block": ((5003 * 10007 + 15010) * F32, 0, lambda: outer(False)),
        "mul_relu_block": ((5003 * 10007 + 15010) * F32, 0, lambda: outer(True)),
        "mandelbrot_unblocked": (4096 * 4096 * 4, 0, None),
        "mandelbrot": (4096 * 4096 * 4, 0, None),
        "giou": (4099 * 256 * (8 * F32 + F32 + 1), 0, None),
        "game_of_life": (2 * 65536 * 65536, 0, None),
        "game_of_life_loop": (2 * 65536 * 65536, 0, None),
        "long_sum": ((8192 * 16384 + 8192) * F32, 0, rowsum),
        "long_softmax": (2 * 4099 * 20000 * F32, 0, lambda: softmax(4099, 20000)),
        "softmax": (2 * 16384 * 4096 * F32, 0, lambda: softmax(16384, 4096)),
        "giou_loss": (4099 * 256 * (8 * F32 + F32 + 1), 0, None),
        "layer_norm": ((2 * 16411 * 4000 + 2 * 4000 + 2 * 16411) * F32, 0, lambda: norm(False)),
        "rms_norm": ((2 * 16411 * 4000 + 4000 + 16411) * F32, 0, lambda: norm(True)),
        "argmax": ((100003 * 1000 + 100003) * F32, 0, argmax),
        "cumsum": (2 * 2 * 20011 * 1000 * F32, 0, cumsum),
        "transpose": (2 * 8191 * 8193 * F32, 0, transpose),
        "matmul_autotune": (3 * 4096 * 4096 * 2, 2 * 4096**3, matmul),
        "matmul_int8": (2 * 4096 * 4096 + 4096 * 4096 * 4, 2 * 4096**3, matmul_int8),
        "matmul_batched": (3 * 16 * 2048 * 2048 * 2, 2 * 16 * 2048**3, bmm),
        "flash_attention": (4 * 4 * 32 * 4096 * 64 * 2 + 4 * 32 * 4096 * F32, 4 * 4 * 32 * 4096 * 4096 * 64, attention),
    }


def copy_ceiling():
    """Device-to-device copy, bytes read + written per second."""
    x = torch.empty(2**29, device="cuda", dtype=torch.float32)
    y = torch.empty_like(x)
    ms = do_bench(lambda: y.copy_(x), warmup=25, rep=200, return_mode="median")
    return 2 * x.numel() * 4 / (ms * 1e-3)


def translation_speed(names, build):
    """tl2cu (wall, best of 5), nvcc -c (wall), Triton's first launch in a fresh cache minus a warm one."""
    rows = []
    tl2cu = ROOT / "build" / "tl2cu"
    for name in names:
        py = ROOT / "samples" / name / "kernel.py"
        tl_ms = ""
        if tl2cu.exists():
            best = math.inf
            for _ in range(5):
                t0 = time.perf_counter()
                subprocess.run([str(tl2cu), "--format=none", str(py), "-o", "/tmp/bench_kernel.cu"], check=True,
                               stderr=subprocess.DEVNULL)
                best = min(best, time.perf_counter() - t0)
            tl_ms = f"{best * 1e3:.1f}"
        t0 = time.perf_counter()
        subprocess.run(["nvcc", "-O3", "-gencode", "arch=compute_90a,code=sm_90a", "-I" + str(ROOT / "runtime"), "-c", str(build / name / "kernel.cu"),
                        "-o", "/tmp/bench_kernel.o"], check=True)
        nvcc_ms = (time.perf_counter() - t0) * 1e3
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, TRITON_CACHE_DIR=cache, PYTHONPATH=str(ROOT / "bench"))
            out = subprocess.run(["python3", str(ROOT / "bench" / "cold_compile.py"), name], env=env, check=True,
                                 capture_output=True, text=True).stdout.strip().splitlines()[-1]
        rows.append([name, tl_ms, f"{nvcc_ms:.0f}", out])
    return rows


# Cases this short are launch latency: one do_bench of the same kernel gives 3.9 or 4.5 us,
# either tool, from one call to the next. Their figure is the median of ROUNDS do_bench
# calls per tool, interleaved.
LAUNCH_BOUND_MS = 0.05
ROUNDS = 8


def launch_bound_medians(case, bench, ms_c, ms_t):
    times_c, times_t = [ms_c], [ms_t]
    for _ in range(ROUNDS - 1):
        times_c.append(do_bench(case.run_tl2cu, **bench))
        times_t.append(do_bench(case.run_triton, **bench))
    return statistics.median(times_c), statistics.median(times_t)


def against_baseline(name, case, baseline, bench, rounds):
    """The same sample through an earlier translator's build (BASELINE/NAME/libkernel.so, with
    the runtime header it was built with): (now ms, before ms, before output check), each the
    median of interleaved do_bench calls, so that a change of the translator is measured
    against the code it replaces in one process on one GPU."""
    torch.manual_seed(0)
    before = ct.SAMPLES[name](baseline, False)
    before.run_triton()
    before.run_tl2cu()
    torch.cuda.synchronize()
    ok, _ = before.check()
    now_ms, before_ms = [], []
    for _ in range(rounds):
        now_ms.append(do_bench(case.run_tl2cu, **bench))
        before_ms.append(do_bench(before.run_tl2cu, **bench))
    del before
    return statistics.median(now_ms), statistics.median(before_ms), ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "PERFORMANCE.md")
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "samples")
    parser.add_argument("--baseline", type=Path,
                        help="also time an earlier translator's sample build (libkernel.so files) against this one")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved do_bench calls per build with --baseline")
    args = parser.parse_args()
    cases = torch_cases()
    unbenched = entries.missing() + [(n, "bench/bench.py torch_cases()") for n in ct.SAMPLES if n not in cases]
    if unbenched:
        sys.exit("bench: no benchmark entry for " + ", ".join(f"sample '{n}' in {where}" for n, where in unbenched))
    ceiling = copy_ceiling()
    rows, ratios, before_rows = [], [], []
    for name in ct.SAMPLES:
        case, ok, figure, ms_c, ms_t, bench = ct.check_and_time(name, args.build, False)
        if min(ms_c, ms_t) < LAUNCH_BOUND_MS:
            ms_c, ms_t = launch_bound_medians(case, bench, ms_c, ms_t)
        nbytes, flops, make_torch = cases[name]
        ms_torch = ""
        if make_torch:
            try:
                fn = make_torch()
                ms_torch = f"{do_bench(fn, **bench):.4f}"
                del fn
            except RuntimeError as e:  # (an op this torch lacks on this GPU: the row says so)
                ms_torch = "n/a"
                print(f"bench: {name}: torch: {str(e).splitlines()[0]}", flush=True)
        torch.cuda.empty_cache()
        ratios.append(ms_t / ms_c)
        pct = f"{100 * nbytes / (ms_c * 1e-3) / ceiling:.0f}%" if nbytes > 1e8 and not flops else ""
        tflops = f"{flops / (ms_c * 1e9):.0f} / {flops / (ms_t * 1e9):.0f}" if flops else ""
        rows.append([name, case.size, f"{'PASS' if ok else 'FAIL'} {figure}", f"{nbytes / 1e6:.1f} MB",
                     f"{nbytes / ceiling * 1e3:.4f}", f"{ms_c:.4f}", f"{ms_t:.4f}", ms_torch, f"{ms_t / ms_c:.2f}x",
                     pct, tflops])
        if args.baseline:
            now_ms, before_ms, before_ok = against_baseline(name, case, args.baseline, bench, args.rounds)
            before_rows.append([name, f"{now_ms:.4f}", f"{before_ms:.4f}", f"{before_ms / now_ms:.3f}x",
                                "PASS" if before_ok else "FAIL"])
            print(" | ".join(before_rows[-1]), flush=True)
        print(" | ".join(rows[-1]), flush=True)
    geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    speed = translation_speed(["vector_add", "softmax", "layer_norm", "game_of_life", "mandelbrot_unblocked"], args.build)
    gpu = torch.cuda.get_device_name()
    lines = [
        "# Performance",
        "",
        f"Measured by `bench/bench.py` on one {gpu} ({datetime.date.today()}), torch {torch.__version__}, "
        f"Triton {triton.__version__}, nvcc 13.0. Times are `triton.testing.do_bench` medians after warm-up; "
        "outputs were checked against Triton before timing. Limit = the fewest bytes the case must move over "
        f"the device copy bandwidth measured in the same run ({ceiling / 1e9:.0f} GB/s, read + write); % of limit "
        "is that limit's share of the tl2cu time (memory-bound cases of over 100 MB only; Mandelbrot is "
        "compute-bound). TFLOP/s: the products' 2 * M * N * K (attention: 4 * Z * H * N^2 * D, not causal) "
        "over the time, tl2cu / Triton, for the tensor-core samples (int8: TOPS). Speed = Triton ms / tl2cu ms. "
        "Cases under "
        f"{LAUNCH_BOUND_MS * 1e3:.0f} us are launch latency, and one do_bench of them varies by 15% from call to "
        f"call: their times are the medians of {ROUNDS} interleaved do_bench calls per tool.",
        "",
        "| case | size | check | bytes | limit ms | tl2cu ms | Triton ms | torch ms | tl2cu/Triton | % of limit "
        "| TFLOP/s tl2cu / Triton |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        *["| " + " | ".join(r) + " |" for r in rows],
        "",
        f"Geometric mean of tl2cu/Triton speed over the {len(ratios)} samples: {geo:.3f}.",
        "",
        *(["## Against the previous translator", "",
            f"`--baseline`: each sample's tl2cu kernel now and as the translator before this change wrote it "
            f"(built with its own runtime header), medians of {args.rounds} interleaved do_bench calls each. "
            "Speed = before ms / now ms.", "",
            "| case | now ms | before ms | now/before speed | before's check |", "|---|---|---|---|---|",
            *["| " + " | ".join(r) + " |" for r in before_rows], ""] if before_rows else []),
        "## Translation speed",
        "",
        "tl2cu: wall time of one translation (best of 5, clang-format off); nvcc: `nvcc -O3 -gencode arch=compute_90a,code=sm_90a -c` of the "
        "generated file; Triton: its first launch with an empty cache minus a warm launch (JIT compile).",
        "",
        "| kernel file | tl2cu ms | nvcc ms | Triton cold compile ms |",
        "|---|---|---|---|",
        *["| " + " | ".join(r) + " |" for r in speed],
        "",
    ]
    text = "\n".join(lines)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    if os.environ.get("OUT"):
        Path(os.environ["OUT"], "PERFORMANCE.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
