"""Issue 43's spellings on the GPU: each spelling of tests/spelling that the issue measured, run under
Triton and through tl2cu's translation on the same inputs, checked, and timed (both with
triton.testing.do_bench, median ms).

  Game of Life (tests/spelling/game_of_life): sample.py (samples/game_of_life), static_range.py
  (the static_range / `s +=` / base-pointer form), index_sum.py (x_ptr + (dc + center + dr *
  row_stride)); int8 N x N, N = 65536 (the samples' size): tl2cu's output equal to Triton's.
  Matmul (tests/spelling/matmul_acc, matmul_indexed): dot_acc.py (tl.dot(a, b, acc), pointers
  stepped), plus_assign.py (acc += tl.dot(a, b)), indexed.py (loads indexed by the loop
  variable, acc +=); fp16 4096^3 into fp32, fp16 out: within one fp16 rounding of Triton's plus
  K * 2^-22 * (|a| @ |b|), as matmul_check.py.

The translations are build/gpu/spelling_DIR_NAME.cu (`make gpu-inputs`); where one is missing
and build/tl2cu is there, it is translated here. Prints one [PASS]/[FAIL] line per case, one
time line per case (tl2cu/Triton speed: above 1 is tl2cu faster), and "N passed, N failed".
--small: small sizes, untimed (for compute-sanitizer).
"""
import ctypes
import os
import subprocess
import sys

import torch
import triton

import gpulib

GOL = (("game_of_life", "sample", "gol_triton_2d_kernel"), ("game_of_life", "static_range", "gol_kernel"),
       ("game_of_life", "index_sum", "gol_loop_kernel"))
MATMUL = (("matmul_acc", "dot_acc"), ("matmul_acc", "plus_assign"), ("matmul_indexed", "indexed"))
META = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=32, GROUP_SIZE_M=8, num_warps=8)


def spelling(folder, name):
    """The spelling's Triton module and tl2cu library (translated here if make gpu-inputs did not)."""
    import importlib.util
    path = os.path.join(gpulib.ROOT, "tests", "spelling", folder, name + ".py")
    lib_name = f"spelling_{folder}_{name}"
    build = os.environ.get("TL2CU_GPU_BUILD", os.path.join(gpulib.ROOT, "build", "gpu"))
    tl2cu = os.path.join(gpulib.ROOT, "build", "tl2cu")
    if not gpulib.translated(lib_name) and os.path.exists(tl2cu):
        os.makedirs(build, exist_ok=True)
        subprocess.run([tl2cu, path, "-o", os.path.join(build, lib_name + ".cu")], check=True)
    spec = importlib.util.spec_from_file_location(lib_name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod, gpulib.library(lib_name)


def stream():
    return ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)


def time_both(label, triton_run, tl2cu_run, rep, rate):
    """Both timed; rate(ms): the throughput of a run that long, as text."""
    t_tri = triton.testing.do_bench(triton_run, warmup=25, rep=rep)
    t_cu = triton.testing.do_bench(tl2cu_run, warmup=25, rep=rep)
    print(f"  time {label}: tl2cu {t_cu:.3f} ms ({rate(t_cu)}), Triton {t_tri:.3f} ms ({rate(t_tri)}), "
          f"tl2cu/Triton speed {t_tri / t_cu:.3f}x")


def game_of_life(tally, folder, name, kernel, small):
    mod, lib = spelling(folder, name)
    n = 1000 if small else 65536
    x = torch.randint(0, 2, (n, n), dtype=torch.int8, device="cuda")
    out_t = torch.full((n, n), -1, dtype=torch.int8, device="cuda")
    out_c = out_t.clone()
    grid = (triton.cdiv(n - 2, 1), triton.cdiv(n - 2, 1024))
    fn = getattr(lib, kernel)
    fn.restype = ctypes.c_int
    args = [ctypes.c_void_p(x.data_ptr()), ctypes.c_void_p(out_c.data_ptr()), ctypes.c_int64(n), ctypes.c_int64(n)]

    def triton_run():
        getattr(mod, kernel)[grid](x, out_t, n, n, BLOCK_SIZE_ROW=1, BLOCK_SIZE_COL=1024)

    def tl2cu_run():
        err = fn(stream(), *args)
        assert err == 0, f"launch error {err}"

    triton_run()
    tl2cu_run()
    torch.cuda.synchronize()
    differing = int((out_c != out_t).sum())
    tally.case(differing == 0, f"{folder}/{name}.py {n}x{n}: {differing} cells differ from Triton's")
    if not small:
        time_both(f"{folder}/{name}.py {n}x{n}", triton_run, tl2cu_run, 200,
                  lambda ms: f"{2 * n * n / ms / 1e6:.0f} GB/s")


def matmul(tally, folder, name, small):
    mod, lib = spelling(folder, name)
    M = N = K = 256 if small else 4096
    g = torch.Generator(device="cuda").manual_seed(M + N + K)
    a = torch.randn(M, K, device="cuda", generator=g).half()
    b = torch.randn(K, N, device="cuda", generator=g).half()
    c_t = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
    c_c = c_t.clone()
    grid = (triton.cdiv(M, META["BLOCK_SIZE_M"]) * triton.cdiv(N, META["BLOCK_SIZE_N"]),)
    strides = (a.stride(0), a.stride(1), b.stride(0), b.stride(1), c_t.stride(0), c_t.stride(1))
    fn = lib.matmul_kernel
    fn.restype = ctypes.c_int
    args = [ctypes.c_void_p(t.data_ptr()) for t in (a, b, c_c)] + [ctypes.c_int32(v) for v in (M, N, K, *strides)]

    def triton_run():
        mod.matmul_kernel[grid](a, b, c_t, M, N, K, *strides, **META)

    def tl2cu_run():
        err = fn(stream(), *args)
        assert err == 0, f"launch error {err}"

    triton_run()
    tl2cu_run()
    torch.cuda.synchronize()
    ref = c_t.double()
    ulp = torch.ldexp(torch.ones_like(ref), torch.frexp(ref.float())[1].to(torch.int32) - 11)  # one fp16 rounding
    bound = ulp + K * 2.0 ** -22 * (a.double().abs() @ b.double().abs())
    bad = int(((c_c.double() - ref).abs() > bound).sum()) + int((~torch.isfinite(c_c)).sum())
    equal = int((c_c == c_t).sum())
    tally.case(bad == 0, f"{folder}/{name}.py {M}x{N}x{K}: {bad} elements out of bound, {equal} of {M * N} "
                         "equal to Triton's")
    if not small:
        time_both(f"{folder}/{name}.py {M}x{N}x{K}", triton_run, tl2cu_run, 400,
                  lambda ms: f"{2.0 * M * N * K / ms / 1e9:.0f} TFLOP/s")


def main():
    tally = gpulib.Tally()
    small = "--small" in sys.argv
    for folder, name, kernel in GOL:
        try:
            game_of_life(tally, folder, name, kernel, small)
        except Exception as e:  # (reported, not hidden)
            tally.case(False, f"{folder}/{name}.py: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    for folder, name in MATMUL:
        try:
            matmul(tally, folder, name, small)
        except Exception as e:
            tally.case(False, f"{folder}/{name}.py: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
