"""GPU conformance of tl.pointer_type (tests/golden/pointer_type.py) against Triton:
addresses loaded from a table and cast to pointers, pointers reinterpreted as another
element type, pointer arithmetic read back as integers, a pointer-typed annotation.
Prints one line per case, then "N passed, N failed"."""
import torch

import gpulib


def main():
    lib = gpulib.library("pointer_type")
    mod = gpulib.golden_module("pointer_type")
    tally = gpulib.Tally()
    g = torch.Generator().manual_seed(0)
    buffers = [torch.randn(64, generator=g).cuda() for _ in range(5)]
    for n in (64, 50):
        def make():
            table = torch.tensor([b.data_ptr() for b in buffers], dtype=torch.int64, device="cuda")
            return [table, torch.zeros(5 * 64, device="cuda")]
        gpulib.same_bits(tally, f"from_table n={n}: loads through addresses cast to pointers",
                         *gpulib.both(lib, mod, "from_table", 5, make, (n,)))
    x = torch.randn(128, generator=g).cuda()
    gpulib.same_bits(tally, "reinterpret: fp32 read as int32, and back",
                     *gpulib.both(lib, mod, "reinterpret", 1,
                                  lambda: [x.clone(), torch.zeros(128, dtype=torch.int32, device="cuda")]))
    gpulib.same_bits(tally, "addresses: pointer differences, pointers as bool, dtype equality",
                     *gpulib.both(lib, mod, "addresses", 1,
                                  lambda: [torch.zeros(32, dtype=torch.float16, device="cuda"),
                                           torch.zeros(64, dtype=torch.int64, device="cuda"),
                                           torch.zeros(32, dtype=torch.bool, device="cuda")]))
    y = torch.randn(300, generator=g).cuda()
    gpulib.same_bits(tally, "annotated: x_ptr: tl.pointer_type(tl.float32)",
                     *gpulib.both(lib, mod, "annotated", 3, lambda: [y, torch.zeros(300, device="cuda")], (300,)))
    tally.finish()


if __name__ == "__main__":
    main()
