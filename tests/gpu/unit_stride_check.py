"""GEMMs whose B is a weight stored [N, K] and read transposed (tests/golden/unit_stride_operand.py,
three spellings), against Triton: the aligned variant lays B out along K where stride_wk is 1
(passes/unitstride.c), the plain variant where it is not (a strided view), and M ragged (no
M % 16 asked of the aligned variant). Small integers: every sum is exact, so the outputs must
be equal bit for bit, and equal to the model. Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib

BM, BN, BK = 64, 64, 32


def case(tally, lib, mod, name, M, N, K, k_step, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    a = torch.randint(-3, 4, (M, K), device="cuda", generator=g).half()
    base = torch.randint(-3, 4, (N, K * k_step), device="cuda", generator=g).half()

    def make():
        w = base.clone()[:, ::k_step]  # ([N, K], stride_wk = k_step: a view, as the kernel reads it)
        return [a.clone(), w, torch.full((M, N), float("nan"), device="cuda")]

    w = base[:, ::k_step]
    scalars = (M, N, K, a.stride(0), a.stride(1), w.stride(1), w.stride(0))
    grid = ((M + BM - 1) // BM) * ((N + BN - 1) // BN)
    ref, got, err = gpulib.both(lib, mod, name, grid, make, scalars, dict(BM=BM, BN=BN, BK=BK))
    model = a.float() @ w.float().t()
    gpulib.check(tally, f"{name} M={M} N={N} K={K} stride_wk={k_step}", ref[2:3], got[2:3], err, [model])


def timed(lib, mod, name, M, N, K):
    """Both sides' median time at one large size, w contiguous along K (the aligned variant)."""
    import ctypes
    import triton
    a = torch.randn(M, K, device="cuda").half()
    w = torch.randn(N, K, device="cuda").half()
    c_t, c_c = (torch.empty(M, N, device="cuda") for _ in range(2))
    scalars = (M, N, K, K, 1, 1, K)
    grid = ((M + BM - 1) // BM) * ((N + BN - 1) // BN)
    launcher = getattr(lib, name + "_grid")
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    args = [ctypes.c_void_p(x.data_ptr()) for x in (a, w, c_c)] + [ctypes.c_int32(v) for v in scalars]
    t_tri = triton.testing.do_bench(lambda: getattr(mod, name)[(grid,)](a, w, c_t, *scalars, BM=BM, BN=BN, BK=BK),
                                    warmup=25, rep=200)
    t_cu = triton.testing.do_bench(lambda: launcher(stream, grid, 1, 1, *args), warmup=25, rep=200)
    print(f"  time {name} {M}x{N}x{K} fp16, w [N, K]: tl2cu {t_cu * 1e3:.1f} us, Triton {t_tri * 1e3:.1f} us, "
          f"tl2cu/Triton speed {t_tri / t_cu:.3f}x")


def main():
    tally = gpulib.Tally()
    lib, mod = gpulib.library("unit_stride_operand"), gpulib.golden_module("unit_stride_operand")
    for name in ("wt_stepped", "wt_indexed", "wt_trans"):
        for M, N, K, k_step, seed in ((1024, 256, 512, 1, 1), (1000, 256, 496, 1, 2), (1000, 192, 496, 2, 3)):
            try:
                case(tally, lib, mod, name, M, N, K, k_step, seed)
            except Exception as e:  # (reported, not hidden)
                tally.case(False, f"{name} M={M}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    for name in ("wt_stepped", "wt_indexed", "wt_trans"):
        try:
            timed(lib, mod, name, 4096, 4096, 4096)
        except Exception as e:  # (a timing, not a verdict)
            print(f"  time {name}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
