"""tl.dot on tensor cores in a tutorial-03 matmul (tests/golden/matmul.py): tl2cu's translation
(build/gpu/matmul.cu, made by `make gpu-inputs`) against Triton on the same inputs, and the
speed of both at 4096^3 (fp16 in, fp32 accumulators, fp16 out; Triton at the file's one config
and with num_stages 3, as its launch defaults).

Each output element must lie within one fp16 rounding of Triton's plus K * 2^-22 * (|a| @ |b|)
(docs/NOTES.md 49: the same products, fp32 sums in another order, then rounded to fp16). Prints
one line per case, the TFLOP/s of both, and "N passed, N failed"; times nothing it asserts.
--small: only the two smaller cases, untimed (for compute-sanitizer).
build/gpu/matmul.cu is on warpgroup MMA (the default target); with matmul_mma.cu (--target
sm_90: mma.sync), matmul_256.cu (at 128 x 256 x 64, Triton's best H200 config) and
matmul_tf32.cu (fp32 A and B: tf32 on tensor cores, within 2^-8 |a| @ |b| more) and
matmul_fp8.cu (fp8e4nv A and B into fp32; it also prints how far each side lies from the exact
sum), each is checked and timed the same way against Triton at its own config, the wgmma
builds also at 8192^3.
"""
import ctypes
import sys

import torch
import triton

import gpulib

META = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=32, GROUP_SIZE_M=8, num_warps=8)
# each translation of tests/golden/matmul.py: its library, the config it was translated at
BUILDS = (("matmul", META), ("matmul_mma", META),
          ("matmul_256", dict(META, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, num_stages=3)),
          ("matmul_tf32", META),  # (fp32 in: tl.dot's default input_precision, tf32)
          ("matmul_fp8", META))  # (fp8e4nv in: mma.sync m16n8k32 in tl2cu)
FP8 = 2.0 ** -12  # per k step of 32 (fp8 into fp32): Triton's wgmma keeps 13 mantissa bits of its sums
TF32 = 2.0 ** -8  # tf32 operands: Triton's tensor cores cut the mantissa, tl2cu rounds it (cvt.rna)
DTYPES = {"matmul_tf32": torch.float32, "matmul_fp8": torch.float8_e4m3fn}  # (A and B; the others fp16)


def launchers(lib, mod, M, N, K, meta=META, dtype=torch.float16):
    g = torch.Generator(device="cuda").manual_seed(M + N + K)
    a = torch.randn(M, K, device="cuda", generator=g).to(dtype)
    b = torch.randn(K, N, device="cuda", generator=g).to(dtype)
    c_t = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
    c_c = c_t.clone()
    grid = (triton.cdiv(M, meta["BLOCK_SIZE_M"]) * triton.cdiv(N, meta["BLOCK_SIZE_N"]),)
    strides = (a.stride(0), a.stride(1), b.stride(0), b.stride(1), c_t.stride(0), c_t.stride(1))

    def triton_run():
        mod.matmul_kernel[grid](a, b, c_t, M, N, K, *strides, **meta)

    fn = lib.matmul_kernel
    fn.restype = ctypes.c_int
    args = [ctypes.c_void_p(x.data_ptr()) for x in (a, b, c_c)] + [ctypes.c_int32(v) for v in (M, N, K, *strides)]

    def tl2cu_run():
        err = fn(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), *args)
        assert err == 0, f"launch error {err}"

    return a, b, c_t, c_c, triton_run, tl2cu_run


def check(tally, lib, mod, M, N, K, timed, name="matmul", meta=META):
    tf32 = name.endswith("tf32")
    a, b, c_t, c_c, triton_run, tl2cu_run = launchers(lib, mod, M, N, K, meta, DTYPES.get(name, torch.float16))
    triton_run()
    tl2cu_run()
    torch.cuda.synchronize()
    ref = c_t.double()
    ulp = torch.ldexp(torch.ones_like(ref), torch.frexp(ref.float())[1].to(torch.int32) - 11)  # one fp16 rounding
    fp8 = FP8 * -(-K // 32) if name == "matmul_fp8" else 0  # (Triton's fp8 wgmma: 13-bit sums, dot_check.py)
    bound = ulp + ((TF32 if tf32 else 0) + fp8 + K * 2.0 ** -22) * (a.double().abs() @ b.double().abs())
    err = (c_c.double() - ref).abs()
    bad = int((err > bound).sum()) + int((~torch.isfinite(c_c)).sum())
    equal = int((c_c == c_t).sum())
    tally.case(bad == 0, f"{name} {M}x{N}x{K}: {bad} elements out of bound, {equal} of {M * N} equal to Triton's")
    if name == "matmul_fp8":  # (how far each side lies from the exact products' sum, in units of S = |a| @ |b|)
        exact, s = a.double() @ b.double(), a.double().abs() @ b.double().abs() + 1e-30
        print(f"  fp8 {M}x{N}x{K}: max |c - exact| / S: tl2cu {float(((c_c.double() - exact).abs() / s).max()):.3g}, "
              f"Triton {float(((ref - exact).abs() / s).max()):.3g}")
    if timed:
        flops = 2.0 * M * N * K
        t_tri = triton.testing.do_bench(triton_run, warmup=50, rep=400)
        t_cu = triton.testing.do_bench(tl2cu_run, warmup=50, rep=400)
        print(f"  time {name} {M}x{N}x{K}: tl2cu {t_cu:.3f} ms ({flops / t_cu / 1e9:.1f} TFLOP/s), "
              f"Triton {t_tri:.3f} ms ({flops / t_tri / 1e9:.1f} TFLOP/s), tl2cu/Triton speed {t_tri / t_cu:.3f}x")


def autotuned_tf32(tally):
    """samples/matmul_autotune/kernel.py (tutorial 03, autotuned over its four configs, leaky_relu)
    with fp32 A and B, as Triton runs that file and as tl2cu translated it
    (build/gpu/matmul_autotune_tf32.cu): both tune at their first call, then are timed."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("matmul_autotune", f"{gpulib.ROOT}/samples/matmul_autotune/kernel.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    M = N = K = 4096
    g = torch.Generator(device="cuda").manual_seed(7)
    a = torch.randn(M, K, device="cuda", generator=g)
    b = torch.randn(K, N, device="cuda", generator=g)
    c_c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
    fn = gpulib.library("matmul_autotune_tf32").matmul_kernel
    fn.restype = ctypes.c_int
    args = [ctypes.c_void_p(x.data_ptr()) for x in (a, b, c_c)] + [ctypes.c_int32(v) for v in (M, N, K, K, 1, N, 1, N, 1)]

    def tl2cu_run():
        err = fn(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), *args)
        assert err == 0, f"launch error {err}"

    c_t = mod.matmul(a, b, "leaky_relu")
    tl2cu_run()
    torch.cuda.synchronize()
    ref = c_t.double()
    ulp = torch.ldexp(torch.ones_like(ref), torch.frexp(ref.float())[1].to(torch.int32) - 11)
    bad = int(((c_c.double() - ref).abs() > ulp + (TF32 + K * 2.0 ** -22) * (a.double().abs() @ b.double().abs())).sum())
    bad += int((~torch.isfinite(c_c)).sum())
    tally.case(bad == 0, f"matmul_autotune tf32 {M}x{N}x{K}: {bad} elements out of bound, "
                         f"{int((c_c == c_t).sum())} of {M * N} equal to Triton's")
    flops = 2.0 * M * N * K
    t_tri = triton.testing.do_bench(lambda: mod.matmul(a, b, "leaky_relu"), warmup=50, rep=400)
    t_cu = triton.testing.do_bench(tl2cu_run, warmup=50, rep=400)
    print(f"  time matmul_autotune tf32 {M}x{N}x{K} (both autotuned): tl2cu {t_cu:.3f} ms ({flops / t_cu / 1e9:.1f} "
          f"TFLOP/s), Triton {t_tri:.3f} ms ({flops / t_tri / 1e9:.1f} TFLOP/s), tl2cu/Triton speed {t_tri / t_cu:.3f}x")


def main():
    mod = gpulib.golden_module("matmul")
    tally = gpulib.Tally()
    small = "--small" in sys.argv  # (under compute-sanitizer: no timing, small sizes)
    for name, meta in BUILDS:
        if name != "matmul" and not gpulib.translated(name):
            continue
        lib = gpulib.library(name)
        cases = [(4096, 4096, 4096, True), (1000, 1100, 1050, False), (1000, 1024, 1024, False), (256, 128, 32, False)]
        if name in ("matmul", "matmul_256"):  # (wgmma; the others at 4096^3 only)
            cases.insert(1, (8192, 8192, 8192, True))
        if small:
            cases = [c for c in cases if not c[3]]
        for M, N, K, timed in cases:
            try:
                check(tally, lib, mod, M, N, K, timed, name, meta)
            except Exception as e:  # (reported, not hidden)
                tally.case(False, f"{name} {M}x{N}x{K}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    if not small and gpulib.translated("matmul_autotune_tf32"):
        try:
            autotuned_tf32(tally)
        except Exception as e:  # (reported, not hidden)
            tally.case(False, f"matmul_autotune tf32: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
