"""Which product does Triton 3.6 fuse when the choice is not forced? Triton alone, on the GPU
machine (thirty-ninth session, written for the next device call; not yet run):
    python3 tests/gpu/probes/contraction_choice_probe.py
Real kernels differ from tl2cu in the last bits of fp32 sums (docs/REALWORLD.md, thirty-ninth
session): Liger's _mhc_post_res_fwd_kernel (`acc = f * h`, then `acc += xs * w`: tl2cu fuses
xs * w and rounds f * h) and _jsd_kernel (`loss = p * (x - y)`, `dx = loss + p`, and `loss`
also multiplied by a scale: tl2cu fuses `loss` into dx's add). LLVM's generic combine folds
the first operand's product when both are products with as many uses, and a product with
other uses when fusion is aggressive (NVPTX's setting); NVPTX's own add combine declines a
product one of whose uses is not an add. For each shape the elements where Triton's result
equals each model, and a verdict; Triton's PTX goes to $OUT (or /tmp).

    I  acc = a * b; acc + c * d         first product fused / second fused / neither
    J  m = x * y; store(m * k); m + x   m fused into the add / not (a non-add use)
    K  m = x * y; m + a and m + b        both adds fused / neither (two add uses)
    L  I inside tl.static_range(2)       as I, the second step adding e * f
    M  x = b * c; s = tl.sum(c * d); x += b * (s * d)   as I with a reduction between (Liger's
                                         rms_norm backward, bit for bit equal with tl2cu's rule)

tl2cu at this commit (contract.c): I second fused, J fused, K both fused, L second fused,
M second fused (branch contract-ir-uses: I, L and M first fused).
Where Triton's verdict differs, contract.c's rule for that shape is wrong.
"""
import os

import torch
import triton
import triton.language as tl


@triton.jit
def shapes(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    c = tl.load(c_ptr + offs)
    d = tl.load(d_ptr + offs)
    acc = a * b  # I
    acc = acc + c * d
    tl.store(o_ptr + 0 * BLOCK + offs, acc)
    m = c * d  # J
    tl.store(o_ptr + 1 * BLOCK + offs, m * 0.375)
    tl.store(o_ptr + 2 * BLOCK + offs, m + c)
    n = a * d  # K
    tl.store(o_ptr + 3 * BLOCK + offs, n + b)
    tl.store(o_ptr + 4 * BLOCK + offs, n + c)
    acc2 = b * c  # L
    for i in tl.static_range(0, 2):
        e = tl.load(a_ptr + BLOCK * (i + 1) + offs)
        acc2 += e * d
    tl.store(o_ptr + 5 * BLOCK + offs, acc2)
    x = b * c  # M
    s = tl.sum(c * d, axis=0)
    x += b * (s * d)
    tl.store(o_ptr + 6 * BLOCK + offs, x)
    tl.store(o_ptr + 7 * BLOCK + offs, tl.zeros_like(x) + s)


def main():
    B = 4096
    g = torch.Generator(device="cuda").manual_seed(1)
    a, b, c, d = [torch.randn(3 * B, device="cuda", generator=g) for _ in range(4)]
    o = torch.empty(8 * B, device="cuda")
    shapes[(1,)](a, b, c, d, o, BLOCK=B)
    torch.cuda.synchronize()
    o = o.view(8, B)
    A, Bv, C, D = (t[:B].double() for t in (a, b, c, d))
    E1, E2 = a[B:2 * B].double(), a[2 * B:].double()

    def f32(t):
        return t.to(torch.float32).double()

    def rn(x, y):  # the rounded fp32 product
        return f32(x * y)

    models = {
        "I a*b + c*d": (o[0], {"first fused": f32(A * Bv + rn(C, D)), "second fused": f32(rn(A, Bv) + C * D),
                               "neither": f32(rn(A, Bv) + rn(C, D))}),
        "J m + c, m*k": (o[2], {"fused": f32(C * D + C), "unfused": f32(rn(C, D) + C)}),
        "K n + b": (o[3], {"fused": f32(A * D + Bv), "unfused": f32(rn(A, D) + Bv)}),
        "K n + c": (o[4], {"fused": f32(A * D + C), "unfused": f32(rn(A, D) + C)}),
    }
    first, second = f32(Bv * C + rn(E1, D)), f32(rn(Bv, C) + E1 * D)
    models["L static_range"] = (o[5], {"first fused": f32(first + E2 * D), "second fused": f32(second + E2 * D),
                                       "neither": f32(f32(rn(Bv, C) + rn(E1, D)) + E2 * D)})
    S = o[7].double()  # Triton's sum itself (its order is not modelled)
    q = f32(S * D)
    models["M across tl.sum"] = (o[6], {"first fused": f32(Bv * C + rn(Bv, q)), "second fused": f32(rn(Bv, C) + Bv * q),
                                        "neither": f32(rn(Bv, C) + rn(Bv, q))})
    for name, (got, ms) in models.items():
        got = got.double()
        counts = {k: int((v == got).sum()) for k, v in ms.items()}
        whole = [k for k, n in counts.items() if n == B]
        verdict = whole[0] if len(whole) == 1 else "UNDECIDED " + str(whole)
        print(f"{name:16s} " + "  ".join(f"{k} {n}/{B}" for k, n in counts.items()) + f": {verdict}")
    try:
        k = shapes.warmup(a, b, c, d, o, BLOCK=B, grid=(1,))
        out = os.environ.get("OUT", "/tmp")
        open(os.path.join(out, "contraction_choice.ptx"), "w").write(k.asm["ptx"])
    except Exception as e:  # noqa: BLE001
        print("no asm:", e)


if __name__ == "__main__":
    main()
