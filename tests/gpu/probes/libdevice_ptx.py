"""What Triton 3.6 compiles a libdevice function into: one kernel per function, y = f(x) on
fp32, its PTX written to OUT/libdevice_ptx/NAME.ptx (the body between the load and the store
is the function, as Triton's LLVM inlined and contracted it with nvvm-reflect-ftz=1).
tl2cu's runtime can then follow the same instruction sequence where nvcc's libdevice build
differs (docs/LIBDEVICE.md's warning class).

    python3 tests/gpu/probes/libdevice_ptx.py [NAME ...]     (default: the fp32 ones that differ)
"""
import os
import sys

import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice

DIFFERING = ["erf", "erfinv", "erfcinv", "normcdfinv", "pow", "tgamma", "atan2", "atan", "asin", "acos",
             "acosh", "asinh", "hypot", "cbrt", "sinpi", "cospi", "norm3d"]
BINARY = {"pow", "atan2", "hypot"}


def kernel_for(name):
    fn = getattr(libdevice, name)
    if name in BINARY:
        @triton.jit
        def k2(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            m = offs < n
            tl.store(o_ptr + offs, FN(tl.load(x_ptr + offs, mask=m), tl.load(y_ptr + offs, mask=m)), mask=m)
        k2.fn.__globals__["FN"] = fn
        return k2, 2
    if name == "norm3d":
        @triton.jit
        def k3(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            m = offs < n
            x = tl.load(x_ptr + offs, mask=m)
            tl.store(o_ptr + offs, FN(x, tl.load(y_ptr + offs, mask=m), x), mask=m)
        k3.fn.__globals__["FN"] = fn
        return k3, 2

    @triton.jit
    def k1(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(o_ptr + offs, FN(tl.load(x_ptr + offs, mask=m)), mask=m)
    k1.fn.__globals__["FN"] = fn
    return k1, 1


def main():
    out = os.path.join(os.environ.get("OUT", "/tmp"), "libdevice_ptx")
    os.makedirs(out, exist_ok=True)
    names = sys.argv[1:] or DIFFERING
    x = torch.rand(4096, device="cuda") * 0.9 + 0.05
    y = torch.rand(4096, device="cuda") + 0.5
    o = torch.empty_like(x)
    for name in names:
        try:
            k, _ = kernel_for(name)
            compiled = k[(4,)](x, y, o, x.numel(), BLOCK=1024, num_warps=4)
            open(os.path.join(out, name + ".ptx"), "w").write(compiled.asm["ptx"])
            print("ptx", name, len(compiled.asm["ptx"]))
        except Exception as e:  # noqa: BLE001 (one function's failure is reported, the rest go on)
            print("FAILED", name, type(e).__name__, str(e).splitlines()[0] if str(e) else "")


if __name__ == "__main__":
    main()
