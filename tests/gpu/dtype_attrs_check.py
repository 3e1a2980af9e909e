"""GPU conformance of types read as compile-time values (tests/golden/dtype_attrs.py) against
Triton.

Each kernel runs under Triton and through tl2cu (build/gpu/dtype_attrs.cu, from `make
gpu-inputs`) on the same inputs; every output must equal Triton's bit for bit. The kernels'
tl.static_assert lines hold what tl2cu folds (p.dtype == p.type of a block pointer, a block
type's is_fp16() False, z_ty.name == "int8", ...): Triton compiling them checks those
values too. Where Triton itself refuses a kernel (a construct tl2cu accepts and Triton 3.6
does not), the case fails with Triton's message. Prints one line per case, then
"N passed, N failed". Run on the GPU machine from the repository root:
    python3 tests/gpu/dtype_attrs_check.py
"""
import ctypes

import torch
import triton
from triton.tools.tensor_descriptor import TensorDescriptor

import gpulib

BM, BN, BLOCK = 16, 32, 64


def cdiv(a, b):
    return (a + b - 1) // b


def poison(shape, dtype):
    return torch.full(shape, -7, dtype=dtype, device="cuda")


def run(tally, lib, mod, name, label, grid, make, scalars, meta, outputs):
    """make() -> tensors (inputs and outputs alike); outputs: their indices to compare."""
    try:
        ref, got, err = gpulib.both(lib, mod, name, grid, make, scalars, meta)
    except Exception as e:  # noqa: BLE001 - Triton refusing the kernel is the finding
        tally.case(False, f"{name} {label}: Triton failed: {type(e).__name__}: {str(e).splitlines()[-1][:300]}")
        return
    gpulib.same_bits(tally, f"{name} {label}", [ref[i] for i in outputs], [got[i] for i in outputs], err)


def main():
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    lib = gpulib.library("dtype_attrs")
    mod = gpulib.golden_module("dtype_attrs")
    tally = gpulib.Tally()
    g = torch.Generator(device="cuda").manual_seed(5)
    rand = lambda *shape: torch.randn(*shape, generator=g, device="cuda")
    tiles = {"BLOCK_M": BM, "BLOCK_N": BN}

    for M, N in ((37, 29), (16, 32)):  # one column block: the kernel's offsets start at column 0
        x = rand(M, N) * 1000
        run(tally, lib, mod, "bp_cast", f"{M}x{N} fp32 -> p_o.dtype.element_ty (fp16)", cdiv(M, BM),
            lambda: [x.clone(), poison((M, N), torch.float16)], (M, N), tiles, [1])

    for M, N in ((37, 24), (16, 32)):  # TMA: rows of 16-byte multiples
        x = rand(M, N) * 3
        run(tally, lib, mod, "td_cast", f"{M}x{N} fp32 -> dst.dtype (bf16)", cdiv(M, BM),
            lambda: [x.clone(), poison((M, N), torch.bfloat16)], (M, N), tiles, [1])

    M, N = 40, 32
    x = rand(M, N).half()
    P = cdiv(M, BM)

    def make_host():
        return [x.clone(), poison((P * BM * BN,), torch.float32)]

    ref, got = make_host(), make_host()
    try:
        mod.td_host[(P,)](TensorDescriptor(ref[0], [M, N], [N, 1], [BM, BN]), ref[1], **tiles)
        torch.cuda.synchronize()
        launcher = lib.td_host_grid
        launcher.restype = ctypes.c_int
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        err = launcher(stream, P, 1, 1, gpulib.tl2cu_tensordesc(got[0].data_ptr(), (M, N), (N, 1)),
                       ctypes.c_void_p(got[1].data_ptr()))
        torch.cuda.synchronize()
        gpulib.same_bits(tally, f"td_host {M}x{N} fp16 -> o_ptr.dtype.element_ty (fp32)", [ref[1]], [got[1]], err)
    except Exception as e:  # noqa: BLE001
        tally.case(False, f"td_host: Triton failed: {type(e).__name__}: {str(e).splitlines()[-1][:300]}")

    for n in (50, 64):
        x = (rand(BLOCK) * 100).half()
        run(tally, lib, mod, "predicates", f"n={n} (dtype predicates and fields folded)", 1,
            lambda: [x.clone(), poison((BLOCK,), torch.float32), poison((BLOCK,), torch.int8)], (n,),
            {"BLOCK": BLOCK}, [1, 2])

    x = rand(BLOCK) * 40000
    x[:8] = torch.tensor([1e-39, -1e-39, 70000.0, -70000.0, 0.0, -0.0, float("inf"), float("nan")], device="cuda")
    run(tally, lib, mod, "limits", "torch.finfo / torch.iinfo", 1,
        lambda: [x.clone(), poison((BLOCK,), torch.int32)], (60,), {"BLOCK": BLOCK}, [0, 1])
    # (Triton 3.6 may refuse some of these on constexprs: that is reported as its failure)
    run(tally, lib, mod, "py_builtins", "len, int, min and max of 3 on constexprs", 1,
        lambda: [x.clone()], (60,), {"BLOCK": BLOCK}, [0])

    x = rand(128) * 70000
    run(tally, lib, mod, "printed_dtype", "DT=triton.language.float16 (tl2cu: from the signature)", 1,
        lambda: [x.clone(), poison((128,), torch.float16)], (100,), {"DT": triton.language.float16}, [1])
    run(tally, lib, mod, "torch_dtype", "OUT_DT=tl.bfloat16 (tl2cu: -D OUT_DT=torch.bfloat16)", 1,
        lambda: [x.clone(), poison((128,), torch.bfloat16)], (100,), {"OUT_DT": triton.language.bfloat16}, [1])
    tally.finish()


if __name__ == "__main__":
    main()
