"""Pipelined dots (tests/golden/pipeline.py; dot.c, Triton's num_stages) against Triton, and
against the same file translated with --num-stages 1 (build/gpu/pipeline_unpipelined.cu):
the pipeline runs each iteration's mma later but adds the same products in the same order,
so its results must equal the unpipelined ones bit for bit. Against Triton: int8 bit for
bit, fp16 products within K * 2^-22 * (|a| @ |b|) (docs/NOTES.md 49). K runs from 0 (the
loop never runs) through fewer iterations than stages to many, and to sizes that are no
multiple of the block (masks, the unaligned variant). build/gpu/pipeline_wgmma.cu (the file
with --target sm_90a: late_f16's dot on warpgroup MMA, the others as before) is checked
against Triton the same way (its sums in the hardware's order: within the bound, not
against the unpipelined bits), and so are the kernels of tests/golden/wgmma.py
(build/gpu/wgmma.cu: fp16 and bf16, swizzle atoms of 32, 64 and 128 bytes, N up to 256).
Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib

ACC = 2.0 ** -22

# kernel: (meta, operand dtype, outputs (shape of each given BM, BN, K), accumulator dtype)
WGMMA_KERNELS = {  # tests/golden/wgmma.py: meta, operand dtype, the K it runs (bf16_256 has no masks)
    "f16_64": (dict(BM=64, BN=64, BK=32), "fp16", (0, 32, 96, 250, 1024)),
    "bf16_256": (dict(BM=64, BN=256, BK=64), "bf16", (0, 64, 192, 1024)),
    "narrow": (dict(BM=64, BN=32, BK=16), "fp16", (0, 16, 48, 250, 1024)),
    "small_32": (dict(BM=32, BN=32, BK=16), "fp16", (0, 16, 250)),
}

KERNELS = {
    "late_f16": dict(BM=64, BN=64, BK=32),
    "late_i8": dict(BM=32, BN=32, BK=32),
    "read_in_loop": dict(BM=32, BN=32, BK=16),
    "two_acc": dict(BM=32, BN=32, BK=16),
    "stages_2": dict(BM=32, BN=32, BK=16),
    "stored_in_loop": dict(BM=32, BN=32, BK=16),
}


def inputs(name, K, meta, dtype="fp16"):
    g = torch.Generator(device="cuda").manual_seed(K + len(name))
    BM, BN = meta["BM"], meta["BN"]
    if dtype == "bf16":
        a = torch.randn(BM, K, device="cuda", generator=g).bfloat16()
        b = torch.randn(K, BN, device="cuda", generator=g).bfloat16()
        return a, b, [torch.full((BM, BN), float("nan"), device="cuda")]
    if name == "late_i8":
        a = torch.randint(-128, 128, (BM, K), device="cuda", generator=g, dtype=torch.int8)
        b = torch.randint(-128, 128, (K, BN), device="cuda", generator=g, dtype=torch.int8)
        outs = [torch.full((BM, BN), -1, device="cuda", dtype=torch.int32)]
    else:
        a = torch.randn(BM, K, device="cuda", generator=g).half()
        b = torch.randn(K, BN, device="cuda", generator=g).half()
        outs = [torch.full((BM, BN), float("nan"), device="cuda")]
        if name == "two_acc":
            outs.append(torch.full((BM, BN), float("nan"), device="cuda"))
        if name == "stored_in_loop":
            outs.append(torch.full((BM, max(K, 1)), float("nan"), device="cuda", dtype=torch.float16))
    return a, b, outs


def run(tally, lib, plain, mod, name, K, tag="", meta=None, dtype="fp16"):
    meta = meta or KERNELS[name]
    a, b, outs = inputs(name, K, meta, dtype)

    def make():
        return [a.clone(), b.clone()] + [o.clone() for o in outs]

    ref, got, err = gpulib.both(lib, mod, name, 1, make, (K,), meta)
    label = f"{name}{tag} K={K}"
    if plain is not None:
        unpiped = make()
        err_plain = gpulib.launch(plain, name, 1, unpiped, (K,))
        same = all(torch.equal(gpulib.bits(x), gpulib.bits(y)) for x, y in zip(got, unpiped))
        tally.case(same and err == 0 and err_plain == 0,
                   f"{label}: pipelined == unpipelined bit for bit{gpulib.differences(unpiped, got)} err={err},{err_plain}")
    if name == "late_i8":
        gpulib.check(tally, label, ref, got, err)
        return
    scale = a.double().abs() @ b.double().abs()
    results = [2] + ([3] if name == "two_acc" else [])
    for i in results:
        s = scale * (2 if i == 3 else 1)
        bound = K * ACC * s + 1e-30
        e = (got[i].double() - ref[i].double()).abs()
        bad = int((e > bound).sum()) + int((~torch.isfinite(got[i]) & torch.isfinite(ref[i])).sum())
        same = int((gpulib.bits(got[i]) == gpulib.bits(ref[i])).sum())
        tally.case(bad == 0 and err == 0,
                   f"{label} output {i}: {bad} elements out of bound against Triton ({same} of {got[i].numel()} equal)")
    if name == "stored_in_loop":
        gpulib.check(tally, f"{label} (the store in the loop)", [ref[3]], [got[3]], err)


def main():
    mod = gpulib.golden_module("pipeline")
    tally = gpulib.Tally()
    builds = [("pipeline", gpulib.library("pipeline_unpipelined"), "")]
    if gpulib.translated("pipeline_wgmma"):
        builds.append(("pipeline_wgmma", None, " (sm_90a)"))
    for lib_name, plain, tag in builds:
        lib = gpulib.library(lib_name)
        for name in KERNELS:
            for K in (0, 32, 96, 250, 1024):
                try:
                    run(tally, lib, plain, mod, name, K, tag)
                except Exception as e:  # (reported, not hidden)
                    tally.case(False, f"{name}{tag} K={K}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    if gpulib.translated("wgmma"):
        lib, wmod = gpulib.library("wgmma"), gpulib.golden_module("wgmma")
        for name, (meta, dtype, ks) in WGMMA_KERNELS.items():
            for K in ks:
                try:
                    run(tally, lib, None, wmod, name, K, " (wgmma.py)", meta, dtype)
                except Exception as e:  # (reported, not hidden)
                    tally.case(False, f"{name} (wgmma.py) K={K}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
