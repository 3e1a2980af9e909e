"""Does Triton 3.6 fuse `x - y * z` when x is no product? Triton alone, on the GPU machine
(forty-fifth session):
    python3 tests/gpu/probes/contraction_sub_probe.py
Fuzz kernel k3714 (o7) differs from tl2cu in the last bits: its helper returns
`(b / a) - (b * c)` with c an int argument, and Triton's LLVM IR has `fsub (fdiv ...), (fmul
(uitofp c), b)` in one block while its PTX keeps mul.f32 and sub.f32 apart (tl2cu fuses).
A subtract of a product by a constant fuses (k4933) and so does `0 - a * b` (k3415); the
uses probe's P6 (`b * c - e * d`) fused the FIRST product, which says nothing of a product on
the right alone. Each shape is a kernel of its own over its own loads; x = a / b is stored
beside the result, so the models use Triton's own quotient:

    Q1  a / b - c * d           Q5  a - c * d             (no division)
    Q2  a / b - c * n (n int)   Q6  a / b - c * s         (s a float argument)
    Q3  a / b - c * 3.0         Q7  k3714's helper: if n > 3: return (b / a) - (b * n)
    Q4  a / b + (-c) * d        Q8  a - c * n             (no division, n int)

For each, the elements equal to the fused and to the unfused model and a verdict; Triton's
PTX of each goes to $OUT (or /tmp). Where the verdict is "unfused", contract.c fuses wrongly.
"""
import os

import torch
import triton
import triton.language as tl


@triton.jit
def q1(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, b, c, d = tl.load(a_ptr + offs), tl.load(b_ptr + offs), tl.load(c_ptr + offs), tl.load(d_ptr + offs)
    x = a / b
    tl.store(o_ptr + BLOCK + offs, x)
    tl.store(o_ptr + offs, x - c * d)


@triton.jit
def q2(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, b, c = tl.load(a_ptr + offs), tl.load(b_ptr + offs), tl.load(c_ptr + offs)
    x = a / b
    tl.store(o_ptr + BLOCK + offs, x)
    tl.store(o_ptr + offs, x - c * n)


@triton.jit
def q3(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, b, c = tl.load(a_ptr + offs), tl.load(b_ptr + offs), tl.load(c_ptr + offs)
    x = a / b
    tl.store(o_ptr + BLOCK + offs, x)
    tl.store(o_ptr + offs, x - c * 3.0)


@triton.jit
def q4(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, b, c, d = tl.load(a_ptr + offs), tl.load(b_ptr + offs), tl.load(c_ptr + offs), tl.load(d_ptr + offs)
    x = a / b
    tl.store(o_ptr + BLOCK + offs, x)
    tl.store(o_ptr + offs, x + (-c) * d)


@triton.jit
def q5(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, c, d = tl.load(a_ptr + offs), tl.load(c_ptr + offs), tl.load(d_ptr + offs)
    tl.store(o_ptr + BLOCK + offs, a)
    tl.store(o_ptr + offs, a - c * d)


@triton.jit
def q6(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, b, c = tl.load(a_ptr + offs), tl.load(b_ptr + offs), tl.load(c_ptr + offs)
    x = a / b
    tl.store(o_ptr + BLOCK + offs, x)
    tl.store(o_ptr + offs, x - c * s)


@triton.jit
def k3714_ret(a, b, c):
    if c > 3:
        return (b / a) - (b * c)
    if c < 1:
        x = (b + a) * b
        if c == 2:
            return x
        x = x
    return a


@triton.jit
def q7(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, b = tl.load(a_ptr + offs), tl.load(b_ptr + offs)
    tl.store(o_ptr + BLOCK + offs, b / a)
    tl.store(o_ptr + offs, k3714_ret(a, b, n))


@triton.jit
def q8(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, c = tl.load(a_ptr + offs), tl.load(c_ptr + offs)
    tl.store(o_ptr + BLOCK + offs, a)
    tl.store(o_ptr + offs, a - c * n)


def main():
    B = 4096
    g = torch.Generator(device="cuda").manual_seed(3)
    a, b, c, d = [torch.randn(B, device="cuda", generator=g) for _ in range(4)]
    n, s = 5, 1.7
    D = lambda t: t.double()  # noqa: E731
    f32 = lambda t: t.to(torch.float32).double()  # noqa: E731
    A, Bd, C, Dd = D(a), D(b), D(c), D(d)
    s32 = float(torch.tensor(s, dtype=torch.float32))
    # the product each shape subtracts (y, z) and its sign, x read back from Triton's aux
    shapes = {"Q1": (q1, C, Dd, -1), "Q2": (q2, C, float(n), -1), "Q3": (q3, C, 3.0, -1),
              "Q4": (q4, -C, Dd, 1), "Q5": (q5, C, Dd, -1), "Q6": (q6, C, s32, -1),
              "Q7": (q7, Bd, float(n), -1), "Q8": (q8, C, float(n), -1)}
    out = os.environ.get("OUT", "/tmp")
    for name, (kern, y, z, sign) in shapes.items():
        o = torch.zeros(2 * B, device="cuda")
        k = kern[(1,)](a, b, c, d, o, n, s, BLOCK=B)
        torch.cuda.synchronize()
        got, x = D(o[:B]), D(o[B:])
        models = {"fused": f32(x + sign * (y * z)), "unfused": f32(x + sign * f32(y * z))}
        counts = {m: int((v == got).sum()) for m, v in models.items()}
        whole = [m for m, c2 in counts.items() if c2 == B]
        verdict = whole[0] if len(whole) == 1 else "UNDECIDED " + str(whole)
        ptx = k.asm["ptx"]
        ops = {op: ptx.count(op) for op in ("fma.rn.f32", "mul.f32", "mul.rn.f32", "sub.f32", "sub.rn.f32", "neg.f32")}
        print(f"{name} " + "  ".join(f"{m} {c2}/{B}" for m, c2 in counts.items()) + f": {verdict}   ptx {ops}")
        open(os.path.join(out, f"sub_probe_{name}.ptx"), "w").write(ptx)
        try:
            open(os.path.join(out, f"sub_probe_{name}.llir"), "w").write(k.asm["llir"])
        except Exception as ex:  # noqa: BLE001
            print("no llir:", ex)


if __name__ == "__main__":
    main()
