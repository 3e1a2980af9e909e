# Types read as compile-time values (core.py's dtype, pointer_type and block_type): a block
# pointer's .dtype / .type (pointer_type(block_type)) whose .element_ty casts what is stored
# (flash-linear-attention's idiom), a tensor descriptor's .dtype and .block_shape, a pointer's
# .dtype.element_ty, dtype predicates in `if`s (x.dtype.is_fp64() ...) and fields
# (primitive_bitwidth, fp_mantissa_width, exponent_bias, int_bitwidth, name), torch.finfo /
# torch.iinfo, abs/tuple/list on constexprs, and dtype constexprs given as Triton prints
# them (triton.language.float16) or as torch names them (torch.bfloat16).
# tl2cu: -s 'bp_cast:*fp32,*fp16,i32,i32' -s 'td_cast:*fp32,*bf16,i32,i32' -s 'td_host:tensordesc<fp16[16, 32]>,*fp32'
# tl2cu: -s 'predicates:*fp16,*fp32,*i8,i32' -s 'limits:*fp32,*i32,i32' -s 'py_builtins:*fp32,i32'
# tl2cu: -s 'printed_dtype:*fp32,*fp16,i32,triton.language.float16' -s 'torch_dtype:*fp32,*bf16,i32'
# tl2cu: -D BLOCK_M=16 -D BLOCK_N=32 -D BLOCK=64 -D OUT_DT=torch.bfloat16 --num-warps 4
import torch
import triton
import triton.language as tl


@triton.jit
def bp_cast(x_ptr, o_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    p_x = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (tl.program_id(0) * BLOCK_M, 0), (BLOCK_M, BLOCK_N), (1, 0))
    p_o = tl.make_block_ptr(o_ptr, (M, N), (N, 1), (tl.program_id(0) * BLOCK_M, 0), (BLOCK_M, BLOCK_N), (1, 0))
    b_o = tl.load(p_x, boundary_check=(0, 1)) * 2.0
    tl.static_assert(p_o.dtype == p_o.type)  # a block pointer is its own scalar type
    tl.static_assert(p_o.dtype.is_ptr() and not p_o.dtype.is_block() and p_o.dtype.element_ty.is_block())
    tl.static_assert(p_o.type.element_ty.element_ty == tl.float16 and p_o.dtype.element_ty.scalar == tl.float16)
    tl.store(p_o, b_o.to(p_o.dtype.element_ty), boundary_check=(0, 1))


@triton.jit
def td_cast(x_ptr, o_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    src = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N])
    dst = tl.make_tensor_descriptor(o_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N])
    tl.static_assert(src.dtype == tl.float32 and dst.dtype.is_bf16() and dst.block_shape[1] == BLOCK_N)
    tile = src.load([tl.program_id(0) * BLOCK_M, 0])
    dst.store([tl.program_id(0) * BLOCK_M, 0], tile.to(dst.dtype))


@triton.jit
def td_host(desc, o_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    tl.static_assert(desc.dtype.is_fp16() and desc.dtype.primitive_bitwidth == 16)
    tile = desc.load([tl.program_id(0) * desc.block_shape[0], 0]).to(o_ptr.dtype.element_ty)
    offs = tl.arange(0, BLOCK_M)[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    tl.store(o_ptr + tl.program_id(0) * BLOCK_M * BLOCK_N + offs, tile)


@triton.jit
def predicates(x_ptr, y_ptr, z_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    if x.dtype.is_fp64():  # folded away: x is fp16
        x = x * 3
    if x_ptr.dtype.element_ty.is_fp16() and x.dtype.is_floating() and x.dtype.is_standard_floating():
        x = x + 1
    if x.dtype.is_int() or x.dtype.is_fp8() or x.dtype.is_bool() or x.type.is_fp16():  # (a block_type is not)
        x = x * 5
    if (x.dtype == tl.float16 or x.dtype == tl.bfloat16) and x.dtype != tl.float32:
        x = x - 2
    y = x.to(y_ptr.dtype.element_ty)
    # fp16: 10 mantissa bits, bias 15, 16 bits; int8: 8 bits, signed
    y = y * x.dtype.fp_mantissa_width + x.dtype.exponent_bias + x.dtype.primitive_bitwidth
    z_ty: tl.constexpr = z_ptr.dtype.element_ty
    tl.static_assert(z_ty.is_int_signed() and not z_ty.is_int_unsigned() and z_ty.int_bitwidth == 8)
    tl.static_assert(z_ty.name == "int8" and tl.uint16.name == "uint16" and tl.int1.is_bool())
    tl.static_assert(z_ptr.dtype.name == "pointer<int8>" and z_ty.get_int_min_value() == -128)
    tl.static_assert(x.type != x.dtype and x.type.element_ty == x.dtype and x.type.scalar == tl.float16)
    tl.store(y_ptr + offs, y, mask=offs < n)
    tl.store(z_ptr + offs, (y * 0).to(z_ty) + z_ty.get_int_max_value(), mask=offs < n)


@triton.jit
def limits(x_ptr, i_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    hi = torch.finfo(torch.float16).max
    x = tl.minimum(tl.maximum(x, torch.finfo(torch.float16).min), hi)  # saturate to fp16's range
    x = tl.where(tl.abs(x) < torch.finfo(torch.float32).tiny, 0.0, x) + torch.finfo(torch.bfloat16).eps
    tl.store(x_ptr + offs, x, mask=offs < n)
    tl.store(i_ptr + offs, offs + torch.iinfo(torch.int16).max - torch.iinfo(torch.int32).min, mask=offs < n)


@triton.jit
def py_builtins(x_ptr, n, BLOCK: tl.constexpr):
    # Python's builtins Triton defines in kernels, on constexprs: folded to one number (4 + 2 + 7 + 3 - 1.5 = 14.5)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    dims = (BLOCK, 1) + (2, 3)
    k = len(dims) + min(2.5, 2) + int(7.5) + max(1, 3, 2) - min(3, 1.5, 2)
    tl.store(x_ptr + offs, x * k, mask=offs < n)


@triton.jit
def printed_dtype(x_ptr, y_ptr, n, DT: tl.constexpr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(y_ptr + offs, x.to(DT), mask=offs < n)


@triton.jit
def torch_dtype(x_ptr, y_ptr, n, OUT_DT: tl.constexpr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(y_ptr + offs, x.to(OUT_DT), mask=offs < n)
