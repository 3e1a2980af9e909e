"""Which product does Triton 3.6 fuse into an add of two products? Triton alone, on the GPU
machine (fortieth session):
    python3 tests/gpu/probes/contraction_uses_probe.py
contraction_choice_probe.py (same session, H200) answered I (`acc = a * b; acc + c * d`): the
first product fused, as LLVM's generic DAG combine folds N0 unless it has more uses than N1.
Its L and M shapes fused the second product, but both computed `b * c`, which LLVM's CSE
makes one multiply with two uses: they did not test what they meant to. Here every shape is
a kernel of its own, over its own loads, so uses are only the ones written:

    P1  x = b * c; x += e * d                    (as I)
    P2  x = b * c; x += e * d inside static_range(2)
    P3  x = b * c; s = tl.sum(c * d); x += b * (s * d)           (a reduction between)
    P4  Liger rms_norm backward: x = r * m; x += r * (-(1 / n) * r * r * tl.sum(m * X) * X)
    P5  P4 with the scalar factor positive: x += r * ((1 / n) * r * r * tl.sum(m * X) * X)
    P6  x = b * c; x -= e * d                    (a subtraction)
    P7  x = b * c; y = x * 2.0 (store); x += e * d   (the first product with two uses)

For each, the elements where Triton's result equals "first fused", "second fused", "neither".
Triton's PTX of each kernel goes to $OUT (or /tmp) as uses_probe_P*.ptx.
"""
import os

import torch
import triton
import triton.language as tl


@triton.jit
def p1(b_ptr, c_ptr, d_ptr, e_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    b, c, d, e = tl.load(b_ptr + offs), tl.load(c_ptr + offs), tl.load(d_ptr + offs), tl.load(e_ptr + offs)
    x = b * c
    x += e * d
    tl.store(o_ptr + offs, x)


@triton.jit
def p2(b_ptr, c_ptr, d_ptr, e_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    b, c, d = tl.load(b_ptr + offs), tl.load(c_ptr + offs), tl.load(d_ptr + offs)
    x = b * c
    for i in tl.static_range(0, 2):
        e = tl.load(e_ptr + BLOCK * i + offs)
        x += e * d
    tl.store(o_ptr + offs, x)


@triton.jit
def p3(b_ptr, c_ptr, d_ptr, e_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    b, c, d = tl.load(b_ptr + offs), tl.load(c_ptr + offs), tl.load(d_ptr + offs)
    x = b * c
    s = tl.sum(c * d, axis=0)
    x += b * (s * d)
    tl.store(o_ptr + offs, x)
    tl.store(o_ptr + BLOCK + offs, tl.zeros_like(x) + s)


@triton.jit
def p4(b_ptr, c_ptr, d_ptr, e_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m, X = tl.load(c_ptr + offs), tl.load(d_ptr + offs)
    r = tl.load(b_ptr)
    x = r * m
    x += r * (-(1 / n) * r * r * tl.sum(m * X, axis=0) * X)
    tl.store(o_ptr + offs, x)
    tl.store(o_ptr + BLOCK + offs, tl.zeros_like(x) + (-(1 / n) * r * r * tl.sum(m * X, axis=0)))


@triton.jit
def p5(b_ptr, c_ptr, d_ptr, e_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m, X = tl.load(c_ptr + offs), tl.load(d_ptr + offs)
    r = tl.load(b_ptr)
    x = r * m
    x += r * ((1 / n) * r * r * tl.sum(m * X, axis=0) * X)
    tl.store(o_ptr + offs, x)
    tl.store(o_ptr + BLOCK + offs, tl.zeros_like(x) + ((1 / n) * r * r * tl.sum(m * X, axis=0)))


@triton.jit
def p6(b_ptr, c_ptr, d_ptr, e_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    b, c, d, e = tl.load(b_ptr + offs), tl.load(c_ptr + offs), tl.load(d_ptr + offs), tl.load(e_ptr + offs)
    x = b * c
    x -= e * d
    tl.store(o_ptr + offs, x)


@triton.jit
def p7(b_ptr, c_ptr, d_ptr, e_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    b, c, d, e = tl.load(b_ptr + offs), tl.load(c_ptr + offs), tl.load(d_ptr + offs), tl.load(e_ptr + offs)
    x = b * c
    tl.store(o_ptr + BLOCK + offs, x * 2.0)
    x += e * d
    tl.store(o_ptr + offs, x)


def main():
    B = 4096
    g = torch.Generator(device="cuda").manual_seed(2)
    b, c, d = [torch.randn(B, device="cuda", generator=g) for _ in range(3)]
    e = torch.randn(2 * B, device="cuda", generator=g)
    n = 3
    D = lambda t: t.double()  # noqa: E731
    f32 = lambda t: t.to(torch.float32).double()  # noqa: E731
    rn = lambda x, y: f32(x * y)  # noqa: E731  (the rounded fp32 product)
    Bd, Cd, Dd, E1, E2 = D(b), D(c), D(d), D(e[:B]), D(e[B:])

    def two(x1, x2, y1, y2, sub=False):  # x1*x2 + y1*y2 three ways
        sg = -1.0 if sub else 1.0
        return {"first fused": f32(x1 * x2 + sg * rn(y1, y2)), "second fused": f32(rn(x1, x2) + sg * y1 * y2),
                "neither": f32(rn(x1, x2) + sg * rn(y1, y2))}

    out = os.environ.get("OUT", "/tmp")
    for name, kern in [("P1", p1), ("P2", p2), ("P3", p3), ("P4", p4), ("P5", p5), ("P6", p6), ("P7", p7)]:
        o = torch.zeros(2 * B, device="cuda")
        k = kern[(1,)](b, c, d, e, o, n, BLOCK=B)
        torch.cuda.synchronize()
        got, aux = D(o[:B]), D(o[B:])
        if name in ("P1", "P7"):
            models = two(Bd, Cd, E1, Dd)
        elif name == "P6":
            models = two(Bd, Cd, E1, Dd, sub=True)
        elif name == "P2":  # the first step decides; the second adds E2 * D fused (one candidate)
            models = {k2: f32(v + E2 * Dd) for k2, v in two(Bd, Cd, E1, Dd).items()}
        elif name == "P3":
            models = two(Bd, Cd, Bd, f32(aux * Dd))
        else:  # P4, P5: r * m + r * (K * X), K Triton's own scalar (aux)
            r = float(b[0])
            R = torch.full_like(Cd, r)
            models = two(R, Cd, R, f32(aux * Dd))
        counts = {k2: int((v == got).sum()) for k2, v in models.items()}
        whole = [k2 for k2, c2 in counts.items() if c2 == B]
        verdict = whole[0] if len(whole) == 1 else "UNDECIDED " + str(whole)
        print(f"{name} " + "  ".join(f"{k2} {c2}/{B}" for k2, c2 in counts.items()) + f": {verdict}")
        try:
            open(os.path.join(out, f"uses_probe_{name}.ptx"), "w").write(k.asm["ptx"])
        except Exception as ex:  # noqa: BLE001
            print("no asm:", ex)


if __name__ == "__main__":
    main()
