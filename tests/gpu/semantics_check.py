"""The typing rules of Triton's code generator that tl2cu had wrong, against Triton itself
(thirty-second session; none yet run on a GPU when written):

- tests/golden/assigned_scalars.py: a number assigned without `: tl.constexpr` is a scalar
  tensor (int8 + an assigned 100 is int32; an fp16 block + an assigned 1e-3 is fp32);
- tests/golden/returned_scalars.py: a number a jit helper returns is a tensor too;
- tests/golden/reduce_unit_dim.py: a reduction over a dim of size 1 (it stopped on an
  internal error);
- tests/golden/constexpr_value.py: `dtype.value` of a compile-time argument;
- tests/golden/std_softmax.py: tl.softmax (standard.py's composition) in three spellings;
- tests/golden/std_module.py: triton.language.standard as a module (_log2, _is_power_of_two);
- tests/golden/constexpr_decorated.py: plain functions under @tl.constexpr, run while compiling;
- tests/golden/blockptr_member_advance.py: `p.advance(offsets)` of a block pointer;
- tests/golden/py_math_constants.py: Python's math module in module-level constants;
- tests/golden/core_module.py: tl.core.* spelled out, x.numel, tl.core.get_int_dtype.
- tests/golden/cast_same_type.py (thirty-seventh session): a cast to the type a value has,
  with a rounding mode, is the value; the narrowing cast beside it rounds toward zero.
- tests/golden/minmax_zero.py (thirty-ninth session): tl.maximum/tl.minimum/max()/min() of an
  int value and a literal 0 (they had turned the value itself into the maximum: liger's
  neighborhood mask, found by the drop-in harness).
- tests/golden/fma_choice.py (fortieth session): which product of `a * b + c * d` is fused,
  uses counted as Triton's IR has them (Liger's mhc kernel differed in the last bits).
- tests/golden/fma_rank.py (forty-first session): of two products with as many uses, the one of
  lower LLVM rank is fused; a product written twice pools its uses; later adds decide first.
- tests/golden/dot_carried_transposed.py (forty-first session): a square dot's accumulator
  carried from a load laid out transposed (FLA's fused_chunk_bwd_kernel had it wrong from its
  second chunk); tensor-core sums in another order, so within 1e-2, not bit for bit.
- tests/golden/dot_store_transposed.py (forty-first session): tl.store of tl.trans(tl.dot(a, b))
  on a square tile had stored acc itself; within 1e-2 of Triton.
- tests/golden/ifexp_effects.py (fortieth session): `x if c else y` with loads, a helper call
  and an atomic in its arms runs only the arm taken (flag 0-4 take each combination).

Inputs that tell the rules apart: int8 values near 127 (int8 sums wrap), fp16 values whose
products round differently in fp16 and fp32 (and subnormals). Every output bit for bit.
Prints one line per case and "N passed, N failed".
"""
import importlib.util
import os

import torch

import gpulib


def ints8(n, g):
    return torch.randint(-128, 128, (n,), device="cuda", dtype=torch.int8, generator=g)


def halves(n, g):
    h = (torch.randn(n, device="cuda", generator=g) * 3).half()
    h[::7] = torch.tensor(3e-7, dtype=torch.float16)  # fp16 subnormals
    return h


def assigned(tally, g, n):
    mod, lib = gpulib.golden_module("assigned_scalars"), gpulib.library("assigned_scalars")
    x, h = ints8(n, g), halves(n, g)
    make = lambda: [x.clone(), h.clone(), torch.zeros(n, dtype=torch.int32, device="cuda"),
                    torch.zeros(n, device="cuda"), torch.zeros(n, dtype=torch.int64, device="cuda"),
                    torch.zeros(n, dtype=torch.int8, device="cuda")]
    grid = (n + 127) // 128
    ref, got, err = gpulib.both(lib, mod, "assigned", grid, make, (n,), dict(BLOCK=128))
    gpulib.same_bits(tally, f"assigned_scalars n={n}", ref, got, err)


def returned(tally, g, n):
    mod, lib = gpulib.golden_module("returned_scalars"), gpulib.library("returned_scalars")
    x, h = ints8(n, g), halves(n, g)
    make = lambda: [x.clone(), h.clone(), torch.zeros(n, dtype=torch.int32, device="cuda"),
                    torch.zeros(n, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "returned", (n + 127) // 128, make, (n,), dict(BLOCK=128))
    gpulib.same_bits(tally, f"returned_scalars n={n}", ref, got, err)


def unit_dim(tally, g, b, c):
    mod, lib = gpulib.golden_module("reduce_unit_dim"), gpulib.library("reduce_unit_dim")
    x = torch.randn(b, c, device="cuda", generator=g)
    make = lambda: [x.clone(), torch.zeros(c, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "col_sums", (c + 1023) // 1024, make, (b, c), dict(ROWS=1, COLS=1024))
    gpulib.same_bits(tally, f"reduce_unit_dim B={b} C={c}", ref, got, err)


def constexpr_value(tally, g, n):
    mod, lib = gpulib.golden_module("constexpr_value"), gpulib.library("constexpr_value")
    x = torch.randn(n, device="cuda", generator=g)
    i = torch.randint(-1000, 1000, (n,), device="cuda", dtype=torch.int32, generator=g)
    make = lambda: [x.clone(), i.clone(), torch.zeros(1, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "row_max", 1, make, (n,), dict(BLOCK=256))
    gpulib.same_bits(tally, f"constexpr_value n={n}", ref, got, err)


def softmax(tally, g, rows, n):
    mod, lib = gpulib.golden_module("std_softmax"), gpulib.library("std_softmax")
    x = torch.randn(rows, n, device="cuda", generator=g) * 4
    make = lambda: [x.clone(), torch.zeros(rows, n, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "row_softmax", rows, make, (n,), dict(BLOCK=1024))
    gpulib.same_bits(tally, f"std_softmax row n={n}", ref, got, err)
    t = torch.randn(rows, 16, 64, device="cuda", generator=g) * 4
    make = lambda: [t.clone(), torch.zeros_like(t), torch.zeros_like(t)]
    ref, got, err = gpulib.both(lib, mod, "tile_softmax", rows, make, (), dict(M=16, N=64))
    gpulib.same_bits(tally, f"std_softmax tiles={rows}", ref, got, err)


def std_module(tally, g, n):
    mod, lib = gpulib.golden_module("std_module"), gpulib.library("std_module")
    make = lambda: [torch.zeros(n, dtype=torch.int32, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "levels", (n + 63) // 64, make, (n,), dict(BLOCK=64))
    gpulib.same_bits(tally, f"std_module n={n}", ref, got, err)


def constexpr_decorated(tally, g, n):
    mod, lib = gpulib.golden_module("constexpr_decorated"), gpulib.library("constexpr_decorated")
    x = (torch.randn(n, device="cuda", generator=g) * 100).half()
    make = lambda: [x.clone(), torch.zeros(1, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "accumulate", 1, make, (n,), dict(BLOCK=256))
    gpulib.same_bits(tally, f"constexpr_decorated n={n}", ref, got, err)


def member_advance(tally, g, m, n):
    mod, lib = gpulib.golden_module("blockptr_member_advance"), gpulib.library("blockptr_member_advance")
    a = torch.randn(m, n, device="cuda", generator=g)
    make = lambda: [a.clone(), torch.zeros(m, 64, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "row_block_sums", (m + 31) // 32, make, (m, n), dict(BM=32, BN=64))
    gpulib.same_bits(tally, f"blockptr_member_advance {m}x{n}", ref, got, err)


def py_math(tally, g, n):
    mod, lib = gpulib.golden_module("py_math_constants"), gpulib.library("py_math_constants")
    x = torch.randn(n, device="cuda", generator=g) * 3
    make = lambda: [x.clone(), torch.zeros(n, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "gelu_scale", (n + 255) // 256, make, (n,), dict(BLOCK=256))
    gpulib.same_bits(tally, f"py_math_constants n={n}", ref, got, err)


def core_module(tally, g, rows):
    # Triton 3.6 refuses the kernel's call of tl.core.get_int_dtype ("Unsupported function
    # referenced": a plain Python function there, not a constexpr_function); older Triton ran
    # it, and LightLLM's and FLA's sort helpers call it. The reference is the same file with
    # the type it names for fp32 spelled out (tl.int32).
    import tempfile
    src = open(os.path.join(gpulib.ROOT, "tests", "golden", "core_module.py")).read()
    call = "core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)"
    assert call in src
    path = os.path.join(tempfile.mkdtemp(), "core_module_int32.py")
    with open(path, "w") as f:
        f.write(src.replace(call, "tl.int32"))
    spec = importlib.util.spec_from_file_location("core_module_int32", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    lib = gpulib.library("core_module")
    x = torch.randn(rows * 8, device="cuda", generator=g)
    x[::5] = x[1::5][: x[::5].numel()]  # ties
    make = lambda: [x.clone(), torch.zeros_like(x)]
    ref, got, err = gpulib.both(lib, mod, "swap_stage", 1, make, (), dict(ROWS=rows, N_DIMS=3))
    gpulib.same_bits(tally, f"core_module rows={rows}", ref, got, err)


def cast_same_type(tally, g, n):
    import triton.language as tl
    mod, lib = gpulib.golden_module("cast_same_type"), gpulib.library("cast_same_type")
    x = torch.randn(n, device="cuda", generator=g) * 1000
    make = lambda: [x.clone(), torch.zeros(n, device="cuda"), torch.zeros(n, dtype=torch.float16, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "cast_same_type", (n + 1023) // 1024, make, (n,),
                                dict(BLOCK=1024, DTYPE=tl.float32, MODE="rtne"))
    gpulib.same_bits(tally, f"cast_same_type n={n}", ref, got, err)


def minmax_zero(tally, g, n):
    mod, lib = gpulib.golden_module("minmax_zero"), gpulib.library("minmax_zero")
    make = lambda: [torch.zeros(n * n, device="cuda"), torch.zeros(4 * n * n, dtype=torch.int32, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "minmax_zero", n, make, (n,), dict(HALF=1, DILATION=2, BLOCK=64))
    gpulib.same_bits(tally, f"minmax_zero n={n}", ref, got, err)


def fma_choice(tally, g, grid):
    mod, lib = gpulib.golden_module("fma_choice"), gpulib.library("fma_choice")
    n = grid * 1024
    ins = [torch.randn(n, device="cuda", generator=g) for _ in range(4)]
    make = lambda: [t.clone() for t in ins] + [torch.zeros(5 * 1024 * 1024, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "fma_choice", grid, make, (), dict(BLOCK=1024))
    gpulib.same_bits(tally, f"fma_choice grid={grid}", ref, got, err)


def fma_rank(tally, g, grid):
    mod, lib = gpulib.golden_module("fma_rank"), gpulib.library("fma_rank")
    n = grid * 1024
    ins = [torch.randn(n, device="cuda", generator=g) for _ in range(4)]
    make = lambda: [t.clone() for t in ins] + [torch.zeros(3 * 1024 * 1024, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "fma_rank", grid, make, (), dict(BLOCK=1024))
    gpulib.same_bits(tally, f"fma_rank grid={grid}", ref, got, err)


def dot_carried_transposed(tally, g, nt):
    mod, lib = gpulib.golden_module("dot_carried_transposed"), gpulib.library("dot_carried_transposed")
    h0 = torch.randn(2 * 64 * 64, device="cuda", generator=g)
    v, k, do = [(torch.randn(nt * 64 * 64, device="cuda", generator=g) / 8).half() for _ in range(3)]
    make = lambda: [h0.clone(), v.clone(), k.clone(), do.clone(), torch.zeros(nt * 64 * 64, device="cuda"),
                    torch.zeros(64 * 64 + 1, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "dot_carried_transposed", 1, make, (nt,), dict(BV=64, BK=64, BT=64))
    gpulib.close(tally, f"dot_carried_transposed nt={nt}", ref, got, err, (4, 5))


def dot_store_transposed(tally, g, _):
    mod, lib = gpulib.golden_module("dot_store_transposed"), gpulib.library("dot_store_transposed")
    a, b = [(torch.randn(64 * 64, device="cuda", generator=g) / 8).half() for _ in range(2)]
    make = lambda: [a.clone(), b.clone(), torch.zeros(64 * 64, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "dot_store_transposed", 1, make, (), dict(B=64))
    gpulib.close(tally, "dot_store_transposed", ref, got, err, (2,))


def ifexp_effects(tally, g, flag):
    mod, lib = gpulib.golden_module("ifexp_effects"), gpulib.library("ifexp_effects")
    x = torch.randn(8 * 64, device="cuda", generator=g)
    make = lambda: [x.clone(), torch.zeros(64, device="cuda"), torch.tensor([3, 5], dtype=torch.int32, device="cuda")]
    ref, got, err = gpulib.both(lib, mod, "ifexp_effects", 1, make, (flag,), dict(BLOCK=64))
    gpulib.same_bits(tally, f"ifexp_effects flag={flag}", ref, got, err)


def main():
    tally = gpulib.Tally()
    g = torch.Generator(device="cuda").manual_seed(32)
    for case, sizes in ((assigned, [(1000,), (4096,)]), (returned, [(1000,), (4096,)]),
                        (unit_dim, [(5, 3000), (1, 1024)]), (constexpr_value, [(200,), (256,)]),
                        (softmax, [(64, 1000), (33, 1024)]), (std_module, [(1000,)]),
                        (constexpr_decorated, [(200,), (256,)]),
                        (member_advance, [(100, 300), (128, 256)]),
                        (py_math, [(1000,)]), (core_module, [(4,)]),
                        (cast_same_type, [(1000,), (4096,)]), (minmax_zero, [(50,), (64,)]),
                       (fma_choice, [(1024,)]), (fma_rank, [(1024,)]), (dot_carried_transposed, [(1,), (3,)]), (dot_store_transposed, [(0,)]), (ifexp_effects, [(0,), (1,), (2,), (3,), (4,)])):
        for size in sizes:
            try:
                case(tally, g, *size)
            except Exception as e:  # (reported, not hidden)
                tally.case(False, f"{case.__name__} {size}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
