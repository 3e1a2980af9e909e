"""Which fp32 multiply-adds does Triton 3.6 contract? Triton alone, on the GPU machine:
    python3 tests/gpu/probes/contraction_probe.py
For each shape, the elements where Triton's result equals an fma model and an unfused
(rounded product) model, and a verdict; Triton's PTX and LLVM IR go to $OUT (or /tmp).

Seen on the H200 (2026-12-02, docs/NOTES.md 51): A-D (loop-invariant products of two
loaded values, hoisted before the loop by LICM) UNFUSED; E (the product before a tl.log,
whose libdevice code branches, the add after it) UNFUSED; F (the product after the log),
G (before a tl.sin: LLVM placed the product after the sin's blocks) and H (tl.exp) FUSED.
tl2cu models A-D (contract.c); E and G are not understood yet, so not modelled."""
import torch
import triton
import triton.language as tl


@triton.jit
def shapes(x_ptr, y_ptr, a_ptr, z_ptr, o_ptr, l_ptr, reps, BLOCK: tl.constexpr):
    # each shape multiplies its own loaded operands (x_v, y_v): one product shared by all
    # shapes is one multiply with many uses, which nothing contracts
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    z = tl.load(z_ptr + offs)
    x0 = tl.load(x_ptr + 0 * BLOCK + offs)
    y0 = tl.load(y_ptr + 0 * BLOCK + offs)
    acc = a
    for i in range(0, reps):
        acc = acc + x0 * y0  # A: accumulator, hoisted product
    tl.store(o_ptr + 0 * BLOCK + offs, acc)
    x1 = tl.load(x_ptr + 1 * BLOCK + offs)
    y1 = tl.load(y_ptr + 1 * BLOCK + offs)
    t = (a, z)
    for i in range(0, reps):
        t = (t[1] + x1 * y1, t[0])  # B: swapped tuple, hoisted product
    tl.store(o_ptr + 1 * BLOCK + offs, t[0])
    x2 = tl.load(x_ptr + 2 * BLOCK + offs)
    y2 = tl.load(y_ptr + 2 * BLOCK + offs)
    u = (a, z)
    for i in range(0, reps):
        u = (u[1] + (x2 + a) * y2, u[0])  # C: swapped tuple, product of a sum
    tl.store(o_ptr + 2 * BLOCK + offs, u[0])
    x3 = tl.load(x_ptr + 3 * BLOCK + offs)
    y3 = tl.load(y_ptr + 3 * BLOCK + offs)
    acc2 = a
    for i in range(0, reps):
        acc2 = acc2 + (x3 + a) * y3  # D: accumulator, product of a sum
    tl.store(o_ptr + 3 * BLOCK + offs, acc2)
    x4 = tl.load(x_ptr + 4 * BLOCK + offs)
    y4 = tl.load(y_ptr + 4 * BLOCK + offs)
    x5 = tl.load(x_ptr + 5 * BLOCK + offs)
    y5 = tl.load(y_ptr + 5 * BLOCK + offs)
    x6 = tl.load(x_ptr + 6 * BLOCK + offs)
    y6 = tl.load(y_ptr + 6 * BLOCK + offs)
    x7 = tl.load(x_ptr + 7 * BLOCK + offs)
    y7 = tl.load(y_ptr + 7 * BLOCK + offs)
    p4 = x4 * y4  # E: the product before the log (whose libdevice code branches), the add after
    lz = tl.log(tl.abs(z) + 0.5)
    tl.store(l_ptr + 0 * BLOCK + offs, lz)
    tl.store(o_ptr + 4 * BLOCK + offs, p4 + lz)
    tl.store(o_ptr + 5 * BLOCK + offs, lz + x5 * y5)  # F: the product after the log
    p6 = x6 * y6  # G: the product before the sin
    sz = tl.sin(z * 40.0)
    tl.store(l_ptr + 1 * BLOCK + offs, sz)
    tl.store(o_ptr + 6 * BLOCK + offs, p6 + sz)
    p7 = x7 * y7  # H: the product before the exp
    ez = tl.exp(z)
    tl.store(l_ptr + 2 * BLOCK + offs, ez)
    tl.store(o_ptr + 7 * BLOCK + offs, p7 + ez)


def f32(t):
    return t.to(torch.float32)


def main():
    B, reps = 4096, 3
    g = torch.Generator(device="cuda").manual_seed(1)
    x, y = [torch.randn(8, B, device="cuda", generator=g) for _ in range(2)]
    a, z = [torch.randn(B, device="cuda", generator=g) for _ in range(2)]
    o = torch.empty(8 * B, device="cuda")
    l = torch.empty(3 * B, device="cuda")
    shapes[(1,)](x, y, a, z, o, l, reps, BLOCK=B)
    torch.cuda.synchronize()
    o = o.view(8, B)
    l = l.view(3, B)
    X, Y = x.double(), y.double()
    A = a.double()
    p_fused, p_rn = X * Y, (x * y).double()  # [8, B]: shape v's product in row v
    s_fused, s_rn = f32(X + A).double() * Y, (f32(X + A) * y).double()

    def acc_loop(p):
        acc = a.clone()
        for _ in range(reps):
            acc = f32(acc.double() + p)
        return acc

    def swap_loop(p):
        t0, t1 = a.clone(), z.clone()
        for _ in range(reps):
            t0, t1 = f32(t1.double() + p), t0
        return t0

    models = {
        "A acc x*y": (acc_loop(p_fused[0]), acc_loop(p_rn[0]), o[0]),
        "B swap x*y": (swap_loop(p_fused[1]), swap_loop(p_rn[1]), o[1]),
        "C swap (x+a)*y": (swap_loop(s_fused[2]), swap_loop(s_rn[2]), o[2]),
        "D acc (x+a)*y": (acc_loop(s_fused[3]), acc_loop(s_rn[3]), o[3]),
        "E x*y + log": (f32(p_fused[4] + l[0].double()), f32(p_rn[4] + l[0].double()), o[4]),
        "F log + x*y": (f32(p_fused[5] + l[0].double()), f32(p_rn[5] + l[0].double()), o[5]),
        "G x*y + sin": (f32(p_fused[6] + l[1].double()), f32(p_rn[6] + l[1].double()), o[6]),
        "H x*y + exp": (f32(p_fused[7] + l[2].double()), f32(p_rn[7] + l[2].double()), o[7]),
    }
    for name, (fused, rn, got) in models.items():
        nf = int((fused == got).sum())
        nr = int((rn == got).sum())
        differ = int((fused != rn).sum())
        verdict = "FUSED" if nf == B and nr < B else "UNFUSED" if nr == B and nf < B else "MIXED/UNDECIDED"
        print(f"{name:16s} fma-model {nf:5d}/{B}  unfused-model {nr:5d}/{B}  (models differ in {differ}): {verdict}")
    try:
        k = shapes.warmup(x, y, a, z, o, l, reps, BLOCK=B, grid=(1,))
        import os
        out = os.environ.get("OUT", "/tmp")
        open(os.path.join(out, "contract_probe.ptx"), "w").write(k.asm["ptx"])
        open(os.path.join(out, "contract_probe.llir"), "w").write(k.asm["llir"])
        open(os.path.join(out, "contract_probe.ttgir"), "w").write(k.asm["ttgir"])  # where G's products moved
    except Exception as e:  # noqa: BLE001
        print("no asm:", e)


if __name__ == "__main__":
    main()
