"""GPU conformance of packed 8-bit values (translator/passes/pack.c) against Triton.

Every kernel of tests/golden/packed.py (built from the carried build/gpu/packed.cu)
runs under Triton and through tl2cu on the same random full-range bytes, for
sizes with and without a masked tail and for pointers 16-byte aligned (the
aligned variant: vector loads, windows, packed stores) and offset by one byte (the
plain variant); the whole output buffers, poisoned alike beforehand, must be equal
byte for byte. Prints one line per case and "N passed, N failed".
"""
import ctypes

import torch
import triton

import gpulib

I8, U8 = torch.int8, torch.uint8
KERNELS = {  # name: (input element types, output element type, output planes of n)
    "int8_ops": ((I8, I8), I8, 8),
    "uint8_ops": ((U8, U8), U8, 5),
    "stencil_i8": ((I8,), I8, 2),
    "row_bias_i8": ((I8, I8), I8, 1),
    "packed_readers": ((I8, I8), I8, 4),
    "bool_trees": ((I8, U8), I8, 8),
    "bytes_in_loop": ((I8,), I8, 2),
}


def main():
    lib = gpulib.library("packed")
    mod = gpulib.golden_module("packed")
    tally = gpulib.Tally()
    for name, (in_types, out_type, planes) in KERNELS.items():
        launcher = getattr(lib, name)
        launcher.restype = ctypes.c_int
        for n in (1 << 16, (1 << 16) - 5, 1000):
            for offset in (0, 1):
                g = torch.Generator(device="cuda").manual_seed(n + offset)
                ins = [torch.randint(-128 if t == I8 else 0, 128 if t == I8 else 256,
                                     (n + 16,), dtype=t, device="cuda", generator=g)[offset:offset + n]
                       for t in in_types]
                ref_buf = torch.full((planes * n + 16,), 0x5A, dtype=out_type, device="cuda")
                got_buf = ref_buf.clone()
                ref, got = ref_buf[offset:offset + planes * n], got_buf[offset:offset + planes * n]
                grid = (triton.cdiv(n, 1024),)
                getattr(mod, name)[grid](*ins, ref, n, BLOCK=1024)
                stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
                ptrs = [ctypes.c_void_p(t.data_ptr()) for t in ins + [got]]
                err = launcher(stream, *ptrs, ctypes.c_int32(n))
                torch.cuda.synchronize()
                bad = (ref_buf != got_buf).nonzero().flatten()
                ok = err == 0 and bad.numel() == 0
                detail = "" if ok else f" err={err} mismatches={bad.numel()} first={bad[:6].tolist()}"
                tally.case(ok, f"{name} n={n} offset={offset}{detail}")
    tally.finish()


if __name__ == "__main__":
    main()
