"""Pipelined dots (tests/golden/pipeline.py; dot.c, Triton's num_stages) against Triton, and
against the same file translated with --num-stages 1 (build/gpu/pipeline_unpipelined.cu):
the pipeline runs each iteration's mma later but adds the same products in the same order,
so its results must equal the unpipelined ones bit for bit. Against Triton: int8 bit for
bit, fp16 products within K * 2^-22 * (|a| @ |b|) (docs/NOTES.md 49). K runs from 0 (the
loop never runs) through fewer iterations than stages to many, and to sizes that are no
multiple of the block (masks, the unaligned variant). Prints one line per case and
"N passed, N failed".
"""
import torch

import gpulib

ACC = 2.0 ** -22

# kernel: (meta, operand dtype, outputs (shape of each given BM, BN, K), accumulator dtype)
KERNELS = {
    "late_f16": dict(BM=64, BN=64, BK=32),
    "late_i8": dict(BM=32, BN=32, BK=32),
    "read_in_loop": dict(BM=32, BN=32, BK=16),
    "two_acc": dict(BM=32, BN=32, BK=16),
    "stages_2": dict(BM=32, BN=32, BK=16),
    "stored_in_loop": dict(BM=32, BN=32, BK=16),
}


def inputs(name, K, meta):
    g = torch.Generator(device="cuda").manual_seed(K + len(name))
    BM, BN = meta["BM"], meta["BN"]
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


def run(tally, lib, plain, mod, name, K):
    meta = KERNELS[name]
    a, b, outs = inputs(name, K, meta)

    def make():
        return [a.clone(), b.clone()] + [o.clone() for o in outs]

    ref, got, err = gpulib.both(lib, mod, name, 1, make, (K,), meta)
    unpiped = make()
    err_plain = gpulib.launch(plain, name, 1, unpiped, (K,))
    label = f"{name} K={K}"
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
        tally.case(bad == 0, f"{label} output {i}: {bad} elements out of bound against Triton")
    if name == "stored_in_loop":
        gpulib.check(tally, f"{label} (the store in the loop)", [ref[3]], [got[3]], err)


def main():
    lib = gpulib.library("pipeline")
    plain = gpulib.library("pipeline_unpipelined")
    mod = gpulib.golden_module("pipeline")
    tally = gpulib.Tally()
    for name in KERNELS:
        for K in (0, 32, 96, 250, 1024):
            try:
                run(tally, lib, plain, mod, name, K)
            except Exception as e:  # (reported, not hidden)
                tally.case(False, f"{name} K={K}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
