"""What Triton 3.6 compiles a libdevice function into: one kernel per function, y = f(x) on
fp32, its PTX written to OUT/libdevice_ptx/NAME.ptx (the body between the load and the store
is the function, as Triton's LLVM inlined and contracted it with nvvm-reflect-ftz=1).
tl2cu's runtime can then follow the same instruction sequence where nvcc's libdevice build
differs (docs/LIBDEVICE.md's warning class).

    python3 tests/gpu/probes/libdevice_ptx.py [NAME ...]     (default: the fp32 ones that differ)
"""
import importlib.util
import os
import sys

import torch

DIFFERING = ["erf", "erfinv", "erfcinv", "normcdfinv", "pow", "tgamma", "atan2", "atan", "asin", "acos",
             "acosh", "asinh", "hypot", "cbrt", "sinpi", "cospi", "norm3d"]
BINARY = {"pow", "atan2", "hypot"}


def kernel_for(name, folder):
    """A kernel of its own source for libdevice.NAME, in a file of its own: Triton's jit cache
    keys a kernel by its source, so one source shared by every function (the function passed
    in a global) gave every function the first one's PTX."""
    nargs = 2 if name in BINARY else 3 if name == "norm3d" else 1
    operands = ", ".join(["x", "y", "x"][:nargs])
    path = os.path.join(folder, f"probe_{name}.py")
    with open(path, "w") as f:
        f.write(f"""import triton


@triton.jit
def probe_{name}(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(o_ptr + offs, libdevice.{name}({operands}), mask=m)
""")
    spec = importlib.util.spec_from_file_location(f"probe_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, f"probe_{name}")


def main():
    out = os.path.join(os.environ.get("OUT", "/tmp"), "libdevice_ptx")  # (the probes' sources too)
    os.makedirs(out, exist_ok=True)
    names = sys.argv[1:] or DIFFERING
    x = torch.rand(4096, device="cuda") * 0.9 + 0.05
    y = torch.rand(4096, device="cuda") + 0.5
    o = torch.empty_like(x)
    for name in names:
        try:
            k = kernel_for(name, out)
            compiled = k[(4,)](x, y, o, x.numel(), BLOCK=1024, num_warps=4)
            open(os.path.join(out, name + ".ptx"), "w").write(compiled.asm["ptx"])
            print("ptx", name, len(compiled.asm["ptx"]))
        except Exception as e:  # noqa: BLE001 (one function's failure is reported, the rest go on)
            print("FAILED", name, type(e).__name__, str(e).splitlines()[0] if str(e) else "")


if __name__ == "__main__":
    main()
