"""GPU conformance of tl.dot (tests/golden/dot.py) against Triton.

Each kernel runs under Triton and through the tl2cu translations (build/gpu/dot.cu at the
default target, wgmma where a loop's dot allows, and dot_mma.cu with --target sm_90, made by
`make gpu-inputs`) on the same inputs. int8 dots must be equal bit for bit (integer sums
do not depend on their order). Float dots are the same products summed in another order
(Triton uses tensor cores): each element must lie within tol * (|a| @ |b|) of Triton's,
the bound docs/NOTES.md 49 derives for the precision (and also of a float64 reference).
Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib

ACC = 2.0 ** -22  # per k: fp32 sums in another order (exact products: fp16, bf16, fp8, tf32x3, ieee)
FP8 = 2.0 ** -12  # per k step of 32, fp8 into fp32: Triton's wgmma sums in 13 mantissa bits (low_precision)
TF32 = 2.0 ** -8  # tf32 operands: Triton's tensor cores cut the mantissa, tl2cu rounds it (cvt.rna)


def close(tally, label, got, ref, bound):
    """got within bound (a tensor of the result's shape) of ref, elementwise."""
    err = (got.double() - ref.double()).abs()
    bad = int((err > bound).sum()) + int((~torch.isfinite(got)).sum())
    worst = float((err / bound.clamp_min(1e-30)).max())
    tally.case(bad == 0, f"{label}: {bad} elements out of bound (worst {worst:.3g} of it)")


def scale(a, b):
    return a.double().abs() @ b.double().abs()


def f16_loop(lib, mod, tally):
    for K in (32, 96, 250):
        g = torch.Generator(device="cuda").manual_seed(K)
        a = torch.randn(64, K, device="cuda", generator=g).half()
        b = torch.randn(K, 32, device="cuda", generator=g).half()

        def make():
            return [a.clone(), b.clone(), torch.full((64, 32), float("nan"), device="cuda")]

        ref, got, err = gpulib.both(lib, mod, "dot_f16_loop", 1, make, (K,), dict(BM=64, BN=32, BK=32))
        s = scale(a, b)
        close(tally, f"dot_f16_loop K={K} (accumulator through the loop) err={err}", got[2], ref[2], K * ACC * s + 1e-30)
        close(tally, f"dot_f16_loop K={K}: Triton against float64", ref[2], a.double() @ b.double(), K * ACC * s + 1e-30)


def f32(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(2)
    a = torch.randn(32, 32, device="cuda", generator=g)
    b = torch.randn(32, 32, device="cuda", generator=g)

    def make():
        return [a.clone(), b.clone(), torch.full((4, 32, 32), float("nan"), device="cuda")]

    ref, got, err = gpulib.both(lib, mod, "dot_f32", 1, make, (), dict(B=32))
    s = scale(a, b)
    for i, (name, tol) in enumerate((("tf32", TF32), ("tf32x3", 32 * ACC), ("ieee", 32 * ACC), ("allow_tf32=False", 32 * ACC))):
        close(tally, f"dot_f32 {name} err={err}", got[2][i], ref[2][i], tol * s)
    tally.case(torch.equal(gpulib.bits(got[2][2]), gpulib.bits(ref[2][2])),
               "dot_f32 ieee bit for bit (Triton's FMA dot adds in k order too)")


def i8(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(3)
    a = torch.randint(-128, 128, (32, 32), device="cuda", generator=g, dtype=torch.int8)
    b = torch.randint(-128, 128, (32, 32), device="cuda", generator=g, dtype=torch.int8)

    def make():
        return [a.clone(), b.clone(), torch.full((32, 32), -1, device="cuda", dtype=torch.int32)]

    ref, got, err = gpulib.both(lib, mod, "dot_i8", 1, make, (), dict(B=32))
    model = (a.double() @ b.double() + 7).int()  # (exact: |sums| < 2^53; CUDA has no int64 matmul)
    gpulib.check(tally, "dot_i8 into int32 from 7", ref, got, err, model=[a, b, model])


def small(lib, mod, tally):
    M, K, N = 16, 32, 16
    g = torch.Generator(device="cuda").manual_seed(4)
    x = torch.randn(M * K + K * N, device="cuda", generator=g)
    h, bf, f8 = x.half(), x.bfloat16(), (x * 2).to(torch.float8_e4m3fn)

    def make():
        return [h.clone(), bf.clone(), f8.clone(), torch.zeros(M, N, device="cuda", dtype=torch.float16),
                torch.zeros(M, N, device="cuda"), torch.zeros(M, N, device="cuda")]

    ref, got, err = gpulib.both(lib, mod, "dot_small", 1, make, (), dict(M=M, K=K, N=N))
    for i, (name, src) in enumerate((("fp16 into fp16", h), ("bf16", bf), ("fp8e4nv", f8))):
        a, b = src[:M * K].view(M, K).float(), src[M * K:].view(K, N).float()
        tol = TF32 if i == 0 else K * ACC  # fp16 results: their own rounding besides the order
        close(tally, f"dot_small {name} err={err}", got[3 + i], ref[3 + i], tol * scale(a, b) + (2.0 ** -11) * ref[3 + i].double().abs())


def batched(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(5)
    a = torch.randn(2, 16, 32, device="cuda", generator=g)
    b = torch.randn(2, 32, 16, device="cuda", generator=g)

    def make():
        return [a.clone(), b.clone(), torch.zeros(2, 16, 16, device="cuda")]

    ref, got, err = gpulib.both(lib, mod, "dot_batched", 1, make, (), dict(NB=2, M=16, K=32, N=16))
    close(tally, f"dot_batched 2x16x32 @ 2x32x16 ieee err={err}", got[2], ref[2], 32 * ACC * (a.double().abs() @ b.double().abs()))


def trans(lib, mod, tally):
    g = torch.Generator(device="cuda").manual_seed(6)
    a = torch.randn(32, 32, device="cuda", generator=g).half()
    bt = torch.randn(32, 32, device="cuda", generator=g).half()

    def make():
        return [a.clone(), bt.clone(), torch.zeros(32, 32, device="cuda")]

    ref, got, err = gpulib.both(lib, mod, "dot_trans", 1, make, (), dict(B=32))
    close(tally, f"dot_trans a @ tl.trans(bt) err={err}", got[2], ref[2], 32 * ACC * scale(a, bt.t()))


def stationary(lib, mod, tally):
    M, K, N, T = 32, 32, 64, 5
    g = torch.Generator(device="cuda").manual_seed(7)
    w = torch.randn(M, K, device="cuda", generator=g).half()
    x = torch.randn(K, N * T, device="cuda", generator=g).half()

    def make():
        return [w.clone(), x.clone(), torch.full((M, N * T), float("nan"), device="cuda")]

    ref, got, err = gpulib.both(lib, mod, "dot_stationary", 1, make, (T,), dict(M=M, K=K, N=N))
    close(tally, f"dot_stationary w @ x, w stored once for {T} iterations err={err}", got[2], ref[2], K * ACC * scale(w, x))


def prefetch(lib, mod, tally):
    M, K, N = 32, 32, 64
    for T in (0, 1, 5):
        g = torch.Generator(device="cuda").manual_seed(8 + T)
        w = torch.randn(M, K, device="cuda", generator=g).half()
        x = torch.randn(K, max(N * T, 1), device="cuda", generator=g).half()

        def make():
            return [w.clone(), x.clone(), torch.full((M, N), float("nan"), device="cuda")]

        ref, got, err = gpulib.both(lib, mod, "dot_prefetch", 1, make, (T,), dict(M=M, K=K, N=N))
        s = sum((w.double().abs() @ x[:, t * N:(t + 1) * N].double().abs() for t in range(T)), torch.zeros(M, N, device="cuda", dtype=torch.float64))
        close(tally, f"dot_prefetch T={T}, x loaded an iteration ahead err={err}", got[2], ref[2], K * T * ACC * s + 1e-30)


def copy_ahead(lib, mod, tally):
    M, K, N = 64, 32, 64
    for T in (0, 1, 5):
        g = torch.Generator(device="cuda").manual_seed(16 + T)
        w = torch.randn(M, K, device="cuda", generator=g).half()
        x = torch.randn(max(N * T, 1), K, device="cuda", generator=g).half()

        def make():
            return [w.clone(), x.clone(), torch.full((M, N), float("nan"), device="cuda")]

        ref, got, err = gpulib.both(lib, mod, "dot_copy_ahead", 1, make, (T,), dict(M=M, K=K, N=N))
        s = sum((w.double().abs() @ x[t * N:(t + 1) * N].double().abs().T for t in range(T)), torch.zeros(M, N, device="cuda", dtype=torch.float64))
        close(tally, f"dot_copy_ahead T={T}, x copied an iteration ahead err={err}", got[2], ref[2], K * T * ACC * s + 1e-30)


def left_running(lib, mod, tally):
    """p @ v's wgmma left running across the loop's back edge (T = 0: none issued; the wait
    after the loop has nothing to wait for). p = relu(w @ x_t^T) rounded to fp16 on both sides
    from sums that may differ in their last bits: a p may differ by an fp16 ulp (2^-10 of it)."""
    M, K, N = 64, 32, 64
    for T in (0, 1, 5):
        g = torch.Generator(device="cuda").manual_seed(30 + T)
        w = torch.randn(M, K, device="cuda", generator=g).half()
        x, v = (torch.randn(max(N * T, 1), K, device="cuda", generator=g).half() for _ in range(2))

        def make():
            return [w.clone(), x.clone(), v.clone(), torch.full((M, K), float("nan"), device="cuda")]

        ref, got, err = gpulib.both(lib, mod, "dot_left_running", 1, make, (T,), dict(M=M, K=K, N=N))
        exact = torch.zeros(M, K, device="cuda", dtype=torch.float64)
        s = torch.zeros(M, K, device="cuda", dtype=torch.float64)
        for t in range(T):
            xt, vt = x[t * N:(t + 1) * N].double(), v[t * N:(t + 1) * N].double()
            p = (w.double() @ xt.T).clamp_min(0).half().double()
            exact = exact * 0.5 + p @ vt
            s = s * 0.5 + scale(w, xt.T) @ vt.abs() * 2.0 ** -10 + (N * ACC) * p.abs() @ vt.abs()
        close(tally, f"dot_left_running T={T}, p @ v left running err={err}", got[3], ref[3], s + 1e-30)
        close(tally, f"dot_left_running T={T}: Triton against float64", ref[3], exact, s + 1e-30)


def low_precision(lib, mod, tally):
    """fp8 (e4m3 into fp32, e5m2 into fp16) and fp16 into fp16 through a loop over K (masked).
    fp16 accumulators: each side rounds the running sum to fp16 once a tensor-core k step (16
    products; 32 for fp8), an error of up to 2^-11 of it (<= S) each time. fp8 into fp32:
    Triton's wgmma keeps 13 mantissa bits of the running sum (its results' low 10 bits are 0 on
    the H200), cut once or twice a k step of 32: up to 2^-12 of S a step (docs/NOTES.md 69)."""
    BM, BN, BK = 64, 32, 32
    for K in (32, 96, 250):
        g = torch.Generator(device="cuda").manual_seed(20 + K)
        x = torch.randn(BM * K + K * BN, device="cuda", generator=g)
        x4, x5, h = (x * 2).to(torch.float8_e4m3fn), (x * 2).to(torch.float8_e5m2), x.half()

        def make():
            return [x4.clone(), x5.clone(), h.clone(), torch.full((BM, BN), float("nan"), device="cuda"),
                    torch.full((BM, BN), float("nan"), device="cuda", dtype=torch.float16),
                    torch.full((BM, BN), float("nan"), device="cuda", dtype=torch.float16)]

        ref, got, err = gpulib.both(lib, mod, "dot_low_precision", 1, make, (K,), dict(BM=BM, BN=BN, BK=BK))
        for i, (name, src, step) in enumerate((("fp8e4nv into fp32", x4, 0), ("fp8e5 into fp16", x5, 32),
                                               ("fp16 into fp16", h, 16))):
            a, b = src[:BM * K].view(BM, K).float(), src[BM * K:].view(K, BN).float()
            s = scale(a, b)
            tol = K * ACC * s + (2 * -(-K // step) * 2.0 ** -11 * s if step else FP8 * -(-K // 32) * s)
            close(tally, f"dot_low_precision K={K} {name} err={err}", got[3 + i], ref[3 + i], tol + 1e-30)
            close(tally, f"dot_low_precision K={K} {name}: Triton against float64", ref[3 + i], a.double() @ b.double(),
                  tol + 1e-30)


def main():
    mod = gpulib.golden_module("dot")
    tally = gpulib.Tally()
    # build/gpu/dot.cu: the default target (wgmma where a loop's dot allows); dot_mma.cu: --target sm_90 (mma.sync)
    for build in ("dot", "dot_mma"):
        if build != "dot" and not gpulib.translated(build):
            continue
        lib = gpulib.library(build)
        tally.prefix = f"{build}: "
        for case in (f16_loop, f32, i8, small, batched, trans, stationary, prefetch, copy_ahead, left_running,
                     low_precision):
            try:
                case(lib, mod, tally)
            except Exception as e:  # (reported, not hidden)
                tally.case(False, f"{case.__name__}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
