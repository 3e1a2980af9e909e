"""Flash attention forward (samples/flash_attention/kernel.py) against Triton on the same inputs,
at head dim 64 and 128, causal and not: tl2cu's translations build/gpu/attention_d{64,128}[_causal].cu
(`make gpu-inputs`: the sample's file with -D HEAD_DIM and -D STAGE) and Triton running that
file's own `attention`. Z=1, H=2, N=256 (every row) and Z=4, H=32, N=4096 (timed, TFLOP/s as
Triton's tutorial 06 counts them: 4 Z H N^2 D, half of it when causal).

Each output must lie within 2^-8 (p @ |v| + |o|) of Triton's (p rounded to fp16 before the
second dot, on both sides, and the output to fp16: 2^-9 each), M (the rows' log-sum-exp in
base 2) within 2^-13 (1 + |M|). Prints one line per case and "N passed, N failed"; times
nothing it asserts. --small: only N=256 (for compute-sanitizer).
"""
import ctypes
import importlib.util
import sys

import torch
import triton

import gpulib

BUILDS = {"attention_d64": (64, False), "attention_d128": (128, False),
          "attention_d64_causal": (64, True), "attention_d128_causal": (128, True)}


def sample_module():
    spec = importlib.util.spec_from_file_location("flash_attention", f"{gpulib.ROOT}/samples/flash_attention/kernel.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bound_scale(q, k, v, causal, sm_scale):
    """p @ |v| per output element, in fp32, one batch at a time."""
    out = torch.empty(q.shape, device="cuda", dtype=torch.float32)
    n = q.shape[2]
    for z in range(q.shape[0]):
        s = (q[z].float() @ k[z].float().transpose(-1, -2)) * sm_scale
        if causal:
            s.masked_fill_(torch.ones(n, n, device="cuda", dtype=torch.bool).triu(1), float("-inf"))
        out[z] = torch.softmax(s, dim=-1) @ v[z].float().abs()
        del s
    return out


def check(tally, lib, mod, name, D, causal, Z, H, N, timed):
    g = torch.Generator(device="cuda").manual_seed(Z + H + N + D)
    q, k, v = (torch.randn(Z, H, N, D, device="cuda", generator=g).half() for _ in range(3))
    sm_scale = D ** -0.5
    o_c = torch.full_like(q, float("nan"))
    m_c = torch.full((Z, H, N), float("nan"), device="cuda")
    fn = lib.attn_fwd
    fn.restype = ctypes.c_int
    args = [ctypes.c_void_p(t.data_ptr()) for t in (q, k, v)] + [ctypes.c_float(sm_scale)]
    args += [ctypes.c_void_p(m_c.data_ptr()), ctypes.c_void_p(o_c.data_ptr())]
    args += [ctypes.c_int32(x) for x in (Z, H, N, *q.stride()[:3])]  # (stride_d: 1, the sample's signature)

    def tl2cu_run():
        err = fn(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), *args)
        assert err == 0, f"launch error {err}"

    o_t, m_t = mod.attention(q, k, v, causal, sm_scale)
    tl2cu_run()
    torch.cuda.synchronize()
    scale = bound_scale(q, k, v, causal, sm_scale)
    bad_o = int(((o_c.float() - o_t.float()).abs() > 2.0 ** -8 * (scale + o_t.float().abs())).sum())
    bad_o += int((~torch.isfinite(o_c)).sum())
    bad_m = int(((m_c - m_t).abs() > 2.0 ** -13 * (1 + m_t.abs())).sum()) + int((~torch.isfinite(m_c)).sum())
    label = f"{name} Z={Z} H={H} N={N} D={D}{' causal' if causal else ''}"
    tally.case(bad_o == 0 and bad_m == 0, f"{label}: {bad_o} outputs and {bad_m} of M out of bound "
                                          f"({int((o_c == o_t).sum())} of {o_c.numel()} outputs equal to Triton's)")
    if timed:
        flops = 4.0 * Z * H * N * N * D * (0.5 if causal else 1)
        t_tri = triton.testing.do_bench(lambda: mod.attention(q, k, v, causal, sm_scale), warmup=50, rep=400)
        t_cu = triton.testing.do_bench(tl2cu_run, warmup=50, rep=400)
        print(f"  time {label}: tl2cu {t_cu:.3f} ms ({flops / t_cu / 1e9:.1f} TFLOP/s), Triton {t_tri:.3f} ms "
              f"({flops / t_tri / 1e9:.1f} TFLOP/s), tl2cu/Triton speed {t_tri / t_cu:.3f}x")


def main():
    mod = sample_module()
    tally = gpulib.Tally()
    small = "--small" in sys.argv
    for name, (D, causal) in BUILDS.items():
        if not gpulib.translated(name):
            continue
        lib = gpulib.library(name)
        for Z, H, N, timed in ((1, 2, 256, False),) + (() if small else ((4, 32, 4096, True),)):
            try:
                check(tally, lib, mod, name, D, causal, Z, H, N, timed)
            except Exception as e:  # (reported, not hidden)
                tally.case(False, f"{name} N={N}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
