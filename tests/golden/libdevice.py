# Every libdevice function Triton exposes (triton.language.extra.libdevice), each
# variant called once on loaded values of exactly its argument dtypes, one output plane
# per call. tests/gpu/libdevice_check.py runs these kernels under Triton and through tl2cu
# on the same inputs and compares every plane bit for bit. Written out from the function
# table in translator/front/libdevice.c (the functions of Triton 3.x's libdevice.py).
# clamp_umulhi: tl.clamp in the generic form and in the two forms Triton's NVIDIA back end
# turns into min.xorsign.abs (lo = -m of the same m, constants lo == -hi), both NaN modes,
# fp32 and fp16 (and tl.maximum/minimum with PropagateNan.ALL: max.NaN's canonical NaN);
# tl.umulhi on int32, uint32 and int64. The fp32 variants are in tl2cu's default form: flushed
# to zero around the call where Triton's libdevice flushes (translator/front/libdevice.c's '^' and
# '~' marks); --allow-inexact-libdevice below only silences the warnings of the '~' ones.
# tl2cu: -s 'ld_int32:*i32,*i32,*i32,*u32,*u32,*u32,*i64,*i64,*i64,*u64,*u64,*u64,*fp32,*fp32,*fp32,*fp64,*fp64,*fp64,*i32,i32'
# tl2cu: -s 'ld_uint32:*i32,*i32,*i32,*u32,*u32,*u32,*i64,*i64,*i64,*u64,*u64,*u64,*fp32,*fp32,*fp32,*fp64,*fp64,*fp64,*u32,i32'
# tl2cu: -s 'ld_int64:*i32,*i32,*i32,*u32,*u32,*u32,*i64,*i64,*i64,*u64,*u64,*u64,*fp32,*fp32,*fp32,*fp64,*fp64,*fp64,*i64,i32'
# tl2cu: -s 'ld_uint64:*i32,*i32,*i32,*u32,*u32,*u32,*i64,*i64,*i64,*u64,*u64,*u64,*fp32,*fp32,*fp32,*fp64,*fp64,*fp64,*u64,i32'
# tl2cu: -s 'ld_fp32:*i32,*i32,*i32,*u32,*u32,*u32,*i64,*i64,*i64,*u64,*u64,*u64,*fp32,*fp32,*fp32,*fp64,*fp64,*fp64,*fp32,i32'
# tl2cu: -s 'ld_fp64:*i32,*i32,*i32,*u32,*u32,*u32,*i64,*i64,*i64,*u64,*u64,*u64,*fp32,*fp32,*fp32,*fp64,*fp64,*fp64,*fp64,i32'
# tl2cu: -s 'clamp_umulhi:*fp32,*fp32,*fp16,*i32,*u32,*i64,*fp32,*fp16,*i32,*u32,*i64,i32'
# tl2cu: --allow-inexact-libdevice -D BLOCK=256 --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def ld_int32(i0_ptr, i1_ptr, i2_ptr, u0_ptr, u1_ptr, u2_ptr, l0_ptr, l1_ptr, l2_ptr, m0_ptr, m1_ptr, m2_ptr, f0_ptr, f1_ptr, f2_ptr, d0_ptr, d1_ptr, d2_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    d0 = tl.load(d0_ptr + i, mask=m, other=0)
    f0 = tl.load(f0_ptr + i, mask=m, other=0)
    i0 = tl.load(i0_ptr + i, mask=m, other=0)
    i1 = tl.load(i1_ptr + i, mask=m, other=0)
    i2 = tl.load(i2_ptr + i, mask=m, other=0)
    l0 = tl.load(l0_ptr + i, mask=m, other=0)
    u0 = tl.load(u0_ptr + i, mask=m, other=0)
    tl.store(out_ptr + 0 * n + i, libdevice.clz(i0), mask=m)  # clz
    tl.store(out_ptr + 1 * n + i, libdevice.clz(l0), mask=m)  # clzll
    tl.store(out_ptr + 2 * n + i, libdevice.popc(i0), mask=m)  # popc
    tl.store(out_ptr + 3 * n + i, libdevice.popc(l0), mask=m)  # popcll
    tl.store(out_ptr + 4 * n + i, libdevice.byte_perm(i0, i1, i2), mask=m)  # byte_perm
    tl.store(out_ptr + 5 * n + i, libdevice.mulhi(i0, i1), mask=m)  # mulhi
    tl.store(out_ptr + 6 * n + i, libdevice.mul24(i0, i1), mask=m)  # mul24
    tl.store(out_ptr + 7 * n + i, libdevice.brev(i0), mask=m)  # brev
    tl.store(out_ptr + 8 * n + i, libdevice.sad(i0, i1, u0), mask=m)  # sad
    tl.store(out_ptr + 9 * n + i, libdevice.abs(i0), mask=m)  # abs
    tl.store(out_ptr + 10 * n + i, libdevice.double2int_rn(d0), mask=m)  # double2int_rn
    tl.store(out_ptr + 11 * n + i, libdevice.double2int_rz(d0), mask=m)  # double2int_rz
    tl.store(out_ptr + 12 * n + i, libdevice.double2int_rd(d0), mask=m)  # double2int_rd
    tl.store(out_ptr + 13 * n + i, libdevice.double2int_ru(d0), mask=m)  # double2int_ru
    tl.store(out_ptr + 14 * n + i, libdevice.double2uint_rn(d0), mask=m)  # double2uint_rn
    tl.store(out_ptr + 15 * n + i, libdevice.double2uint_rz(d0), mask=m)  # double2uint_rz
    tl.store(out_ptr + 16 * n + i, libdevice.double2uint_rd(d0), mask=m)  # double2uint_rd
    tl.store(out_ptr + 17 * n + i, libdevice.double2uint_ru(d0), mask=m)  # double2uint_ru
    tl.store(out_ptr + 18 * n + i, libdevice.float2int_rn(f0), mask=m)  # float2int_rn
    tl.store(out_ptr + 19 * n + i, libdevice.float2int_rz(f0), mask=m)  # float2int_rz
    tl.store(out_ptr + 20 * n + i, libdevice.float2int_rd(f0), mask=m)  # float2int_rd
    tl.store(out_ptr + 21 * n + i, libdevice.float2int_ru(f0), mask=m)  # float2int_ru
    tl.store(out_ptr + 22 * n + i, libdevice.float2uint_rn(f0), mask=m)  # float2uint_rn
    tl.store(out_ptr + 23 * n + i, libdevice.float2uint_rz(f0), mask=m)  # float2uint_rz
    tl.store(out_ptr + 24 * n + i, libdevice.float2uint_rd(f0), mask=m)  # float2uint_rd
    tl.store(out_ptr + 25 * n + i, libdevice.float2uint_ru(f0), mask=m)  # float2uint_ru
    tl.store(out_ptr + 26 * n + i, libdevice.double2loint(d0), mask=m)  # double2loint
    tl.store(out_ptr + 27 * n + i, libdevice.double2hiint(d0), mask=m)  # double2hiint
    tl.store(out_ptr + 28 * n + i, libdevice.float_as_int(f0), mask=m)  # float_as_int
    tl.store(out_ptr + 29 * n + i, libdevice.float_as_uint(f0), mask=m)  # float_as_uint
    tl.store(out_ptr + 30 * n + i, libdevice.hadd(i0, i1), mask=m)  # hadd
    tl.store(out_ptr + 31 * n + i, libdevice.rhadd(i0, i1), mask=m)  # rhadd
    tl.store(out_ptr + 32 * n + i, libdevice.ffs(i0), mask=m)  # ffs
    tl.store(out_ptr + 33 * n + i, libdevice.ffs(l0), mask=m)  # ffsll
    tl.store(out_ptr + 34 * n + i, libdevice.isnan(f0), mask=m)  # isnanf
    tl.store(out_ptr + 35 * n + i, libdevice.isnan(d0), mask=m)  # isnand
    tl.store(out_ptr + 36 * n + i, libdevice.signbit(f0), mask=m)  # signbitf
    tl.store(out_ptr + 37 * n + i, libdevice.signbit(d0), mask=m)  # signbitd
    tl.store(out_ptr + 38 * n + i, libdevice.finitef(f0), mask=m)  # finitef
    tl.store(out_ptr + 39 * n + i, libdevice.isinf(f0), mask=m)  # isinff
    tl.store(out_ptr + 40 * n + i, libdevice.isinf(d0), mask=m)  # isinfd
    tl.store(out_ptr + 41 * n + i, libdevice.ilogb(f0), mask=m)  # ilogbf
    tl.store(out_ptr + 42 * n + i, libdevice.ilogb(d0), mask=m)  # ilogb
    tl.store(out_ptr + 43 * n + i, libdevice.isfinited(d0), mask=m)  # isfinited


@triton.jit
def ld_uint32(i0_ptr, i1_ptr, i2_ptr, u0_ptr, u1_ptr, u2_ptr, l0_ptr, l1_ptr, l2_ptr, m0_ptr, m1_ptr, m2_ptr, f0_ptr, f1_ptr, f2_ptr, d0_ptr, d1_ptr, d2_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    u0 = tl.load(u0_ptr + i, mask=m, other=0)
    u1 = tl.load(u1_ptr + i, mask=m, other=0)
    u2 = tl.load(u2_ptr + i, mask=m, other=0)
    tl.store(out_ptr + 0 * n + i, libdevice.mulhi(u0, u1), mask=m)  # umulhi
    tl.store(out_ptr + 1 * n + i, libdevice.mul24(u0, u1), mask=m)  # umul24
    tl.store(out_ptr + 2 * n + i, libdevice.sad(u0, u1, u2), mask=m)  # usad
    tl.store(out_ptr + 3 * n + i, libdevice.hadd(u0, u1), mask=m)  # uhadd
    tl.store(out_ptr + 4 * n + i, libdevice.rhadd(u0, u1), mask=m)  # urhadd


@triton.jit
def ld_int64(i0_ptr, i1_ptr, i2_ptr, u0_ptr, u1_ptr, u2_ptr, l0_ptr, l1_ptr, l2_ptr, m0_ptr, m1_ptr, m2_ptr, f0_ptr, f1_ptr, f2_ptr, d0_ptr, d1_ptr, d2_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    d0 = tl.load(d0_ptr + i, mask=m, other=0)
    f0 = tl.load(f0_ptr + i, mask=m, other=0)
    l0 = tl.load(l0_ptr + i, mask=m, other=0)
    l1 = tl.load(l1_ptr + i, mask=m, other=0)
    tl.store(out_ptr + 0 * n + i, libdevice.mulhi(l0, l1), mask=m)  # mul64hi
    tl.store(out_ptr + 1 * n + i, libdevice.brev(l0), mask=m)  # brevll
    tl.store(out_ptr + 2 * n + i, libdevice.abs(l0), mask=m)  # llabs
    tl.store(out_ptr + 3 * n + i, libdevice.float2ll_rn(f0), mask=m)  # float2ll_rn
    tl.store(out_ptr + 4 * n + i, libdevice.float2ll_rz(f0), mask=m)  # float2ll_rz
    tl.store(out_ptr + 5 * n + i, libdevice.float2ll_rd(f0), mask=m)  # float2ll_rd
    tl.store(out_ptr + 6 * n + i, libdevice.float2ll_ru(f0), mask=m)  # float2ll_ru
    tl.store(out_ptr + 7 * n + i, libdevice.float2ull_rn(f0), mask=m)  # float2ull_rn
    tl.store(out_ptr + 8 * n + i, libdevice.float2ull_rz(f0), mask=m)  # float2ull_rz
    tl.store(out_ptr + 9 * n + i, libdevice.float2ull_rd(f0), mask=m)  # float2ull_rd
    tl.store(out_ptr + 10 * n + i, libdevice.float2ull_ru(f0), mask=m)  # float2ull_ru
    tl.store(out_ptr + 11 * n + i, libdevice.double2ll_rn(d0), mask=m)  # double2ll_rn
    tl.store(out_ptr + 12 * n + i, libdevice.double2ll_rz(d0), mask=m)  # double2ll_rz
    tl.store(out_ptr + 13 * n + i, libdevice.double2ll_rd(d0), mask=m)  # double2ll_rd
    tl.store(out_ptr + 14 * n + i, libdevice.double2ll_ru(d0), mask=m)  # double2ll_ru
    tl.store(out_ptr + 15 * n + i, libdevice.double2ull_rn(d0), mask=m)  # double2ull_rn
    tl.store(out_ptr + 16 * n + i, libdevice.double2ull_rz(d0), mask=m)  # double2ull_rz
    tl.store(out_ptr + 17 * n + i, libdevice.double2ull_rd(d0), mask=m)  # double2ull_rd
    tl.store(out_ptr + 18 * n + i, libdevice.double2ull_ru(d0), mask=m)  # double2ull_ru
    tl.store(out_ptr + 19 * n + i, libdevice.double_as_longlong(d0), mask=m)  # double_as_longlong
    tl.store(out_ptr + 20 * n + i, libdevice.llrint(f0), mask=m)  # llrintf
    tl.store(out_ptr + 21 * n + i, libdevice.llrint(d0), mask=m)  # llrint
    tl.store(out_ptr + 22 * n + i, libdevice.llround(f0), mask=m)  # llroundf
    tl.store(out_ptr + 23 * n + i, libdevice.llround(d0), mask=m)  # llround


@triton.jit
def ld_uint64(i0_ptr, i1_ptr, i2_ptr, u0_ptr, u1_ptr, u2_ptr, l0_ptr, l1_ptr, l2_ptr, m0_ptr, m1_ptr, m2_ptr, f0_ptr, f1_ptr, f2_ptr, d0_ptr, d1_ptr, d2_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    m0 = tl.load(m0_ptr + i, mask=m, other=0)
    m1 = tl.load(m1_ptr + i, mask=m, other=0)
    tl.store(out_ptr + 0 * n + i, libdevice.mulhi(m0, m1), mask=m)  # umul64hi


@triton.jit
def ld_fp32(i0_ptr, i1_ptr, i2_ptr, u0_ptr, u1_ptr, u2_ptr, l0_ptr, l1_ptr, l2_ptr, m0_ptr, m1_ptr, m2_ptr, f0_ptr, f1_ptr, f2_ptr, d0_ptr, d1_ptr, d2_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    d0 = tl.load(d0_ptr + i, mask=m, other=0)
    f0 = tl.load(f0_ptr + i, mask=m, other=0)
    f1 = tl.load(f1_ptr + i, mask=m, other=0)
    f2 = tl.load(f2_ptr + i, mask=m, other=0)
    i0 = tl.load(i0_ptr + i, mask=m, other=0)
    l0 = tl.load(l0_ptr + i, mask=m, other=0)
    m0 = tl.load(m0_ptr + i, mask=m, other=0)
    u0 = tl.load(u0_ptr + i, mask=m, other=0)
    tl.store(out_ptr + 0 * n + i, libdevice.abs(f0), mask=m)  # fabsf
    tl.store(out_ptr + 1 * n + i, libdevice.floor(f0), mask=m)  # floorf
    tl.store(out_ptr + 2 * n + i, libdevice.rsqrt(f0), mask=m)  # rsqrtf
    tl.store(out_ptr + 3 * n + i, libdevice.ceil(f0), mask=m)  # ceilf
    tl.store(out_ptr + 4 * n + i, libdevice.trunc(f0), mask=m)  # truncf
    tl.store(out_ptr + 5 * n + i, libdevice.exp2(f0), mask=m)  # exp2f
    tl.store(out_ptr + 6 * n + i, libdevice.saturatef(f0), mask=m)  # saturatef
    tl.store(out_ptr + 7 * n + i, libdevice.fma_rn(f0, f1, f2), mask=m)  # fmaf_rn
    tl.store(out_ptr + 8 * n + i, libdevice.fma_rz(f0, f1, f2), mask=m)  # fmaf_rz
    tl.store(out_ptr + 9 * n + i, libdevice.fma_rd(f0, f1, f2), mask=m)  # fmaf_rd
    tl.store(out_ptr + 10 * n + i, libdevice.fma_ru(f0, f1, f2), mask=m)  # fmaf_ru
    tl.store(out_ptr + 11 * n + i, libdevice.fast_dividef(f0, f1), mask=m)  # fast_fdividef
    tl.store(out_ptr + 12 * n + i, libdevice.div_rn(f0, f1), mask=m)  # fdiv_rn
    tl.store(out_ptr + 13 * n + i, libdevice.div_rz(f0, f1), mask=m)  # fdiv_rz
    tl.store(out_ptr + 14 * n + i, libdevice.div_rd(f0, f1), mask=m)  # fdiv_rd
    tl.store(out_ptr + 15 * n + i, libdevice.div_ru(f0, f1), mask=m)  # fdiv_ru
    tl.store(out_ptr + 16 * n + i, libdevice.rcp_rn(f0), mask=m)  # frcp_rn
    tl.store(out_ptr + 17 * n + i, libdevice.rcp_rz(f0), mask=m)  # frcp_rz
    tl.store(out_ptr + 18 * n + i, libdevice.rcp_rd(f0), mask=m)  # frcp_rd
    tl.store(out_ptr + 19 * n + i, libdevice.rcp_ru(f0), mask=m)  # frcp_ru
    tl.store(out_ptr + 20 * n + i, libdevice.sqrt_rn(f0), mask=m)  # fsqrt_rn
    tl.store(out_ptr + 21 * n + i, libdevice.sqrt_rz(f0), mask=m)  # fsqrt_rz
    tl.store(out_ptr + 22 * n + i, libdevice.sqrt_rd(f0), mask=m)  # fsqrt_rd
    tl.store(out_ptr + 23 * n + i, libdevice.sqrt_ru(f0), mask=m)  # fsqrt_ru
    tl.store(out_ptr + 24 * n + i, libdevice.sqrt(f0), mask=m)  # sqrtf
    tl.store(out_ptr + 25 * n + i, libdevice.add_rn(f0, f1), mask=m)  # fadd_rn
    tl.store(out_ptr + 26 * n + i, libdevice.add_rz(f0, f1), mask=m)  # fadd_rz
    tl.store(out_ptr + 27 * n + i, libdevice.add_rd(f0, f1), mask=m)  # fadd_rd
    tl.store(out_ptr + 28 * n + i, libdevice.add_ru(f0, f1), mask=m)  # fadd_ru
    tl.store(out_ptr + 29 * n + i, libdevice.mul_rn(f0, f1), mask=m)  # fmul_rn
    tl.store(out_ptr + 30 * n + i, libdevice.mul_rz(f0, f1), mask=m)  # fmul_rz
    tl.store(out_ptr + 31 * n + i, libdevice.mul_rd(f0, f1), mask=m)  # fmul_rd
    tl.store(out_ptr + 32 * n + i, libdevice.mul_ru(f0, f1), mask=m)  # fmul_ru
    tl.store(out_ptr + 33 * n + i, libdevice.double2float_rn(d0), mask=m)  # double2float_rn
    tl.store(out_ptr + 34 * n + i, libdevice.double2float_rz(d0), mask=m)  # double2float_rz
    tl.store(out_ptr + 35 * n + i, libdevice.double2float_rd(d0), mask=m)  # double2float_rd
    tl.store(out_ptr + 36 * n + i, libdevice.double2float_ru(d0), mask=m)  # double2float_ru
    tl.store(out_ptr + 37 * n + i, libdevice.int2float_rn(i0), mask=m)  # int2float_rn
    tl.store(out_ptr + 38 * n + i, libdevice.int2float_rz(i0), mask=m)  # int2float_rz
    tl.store(out_ptr + 39 * n + i, libdevice.int2float_rd(i0), mask=m)  # int2float_rd
    tl.store(out_ptr + 40 * n + i, libdevice.int2float_ru(i0), mask=m)  # int2float_ru
    tl.store(out_ptr + 41 * n + i, libdevice.uint2float_rn(u0), mask=m)  # uint2float_rn
    tl.store(out_ptr + 42 * n + i, libdevice.uint2float_rz(u0), mask=m)  # uint2float_rz
    tl.store(out_ptr + 43 * n + i, libdevice.uint2float_rd(u0), mask=m)  # uint2float_rd
    tl.store(out_ptr + 44 * n + i, libdevice.uint2float_ru(u0), mask=m)  # uint2float_ru
    tl.store(out_ptr + 45 * n + i, libdevice.ll2float_rn(l0), mask=m)  # ll2float_rn
    tl.store(out_ptr + 46 * n + i, libdevice.ll2float_rz(l0), mask=m)  # ll2float_rz
    tl.store(out_ptr + 47 * n + i, libdevice.ll2float_rd(l0), mask=m)  # ll2float_rd
    tl.store(out_ptr + 48 * n + i, libdevice.ll2float_ru(l0), mask=m)  # ll2float_ru
    tl.store(out_ptr + 49 * n + i, libdevice.ull2float_rn(m0), mask=m)  # ull2float_rn
    tl.store(out_ptr + 50 * n + i, libdevice.ull2float_rz(m0), mask=m)  # ull2float_rz
    tl.store(out_ptr + 51 * n + i, libdevice.ull2float_rd(m0), mask=m)  # ull2float_rd
    tl.store(out_ptr + 52 * n + i, libdevice.ull2float_ru(m0), mask=m)  # ull2float_ru
    tl.store(out_ptr + 53 * n + i, libdevice.int_as_float(i0), mask=m)  # int_as_float
    tl.store(out_ptr + 54 * n + i, libdevice.uint_as_float(u0), mask=m)  # uint_as_float
    tl.store(out_ptr + 55 * n + i, libdevice.fast_sinf(f0), mask=m)  # fast_sinf
    tl.store(out_ptr + 56 * n + i, libdevice.fast_cosf(f0), mask=m)  # fast_cosf
    tl.store(out_ptr + 57 * n + i, libdevice.fast_log2f(f0), mask=m)  # fast_log2f
    tl.store(out_ptr + 58 * n + i, libdevice.fast_logf(f0), mask=m)  # fast_logf
    tl.store(out_ptr + 59 * n + i, libdevice.fast_expf(f0), mask=m)  # fast_expf
    tl.store(out_ptr + 60 * n + i, libdevice.fast_tanf(f0), mask=m)  # fast_tanf
    tl.store(out_ptr + 61 * n + i, libdevice.fast_exp10f(f0), mask=m)  # fast_exp10f
    tl.store(out_ptr + 62 * n + i, libdevice.fast_log10f(f0), mask=m)  # fast_log10f
    tl.store(out_ptr + 63 * n + i, libdevice.fast_powf(f0, f1), mask=m)  # fast_powf
    tl.store(out_ptr + 64 * n + i, libdevice.sub_rn(f0, f1), mask=m)  # fsub_rn
    tl.store(out_ptr + 65 * n + i, libdevice.sub_rz(f0, f1), mask=m)  # fsub_rz
    tl.store(out_ptr + 66 * n + i, libdevice.sub_rd(f0, f1), mask=m)  # fsub_rd
    tl.store(out_ptr + 67 * n + i, libdevice.sub_ru(f0, f1), mask=m)  # fsub_ru
    tl.store(out_ptr + 68 * n + i, libdevice.rsqrt_rn(f0), mask=m)  # frsqrt_rn
    tl.store(out_ptr + 69 * n + i, libdevice.rint(f0), mask=m)  # rintf
    tl.store(out_ptr + 70 * n + i, libdevice.nearbyint(f0), mask=m)  # nearbyintf
    tl.store(out_ptr + 71 * n + i, libdevice.copysign(f0, f1), mask=m)  # copysignf
    tl.store(out_ptr + 72 * n + i, libdevice.nextafter(f0, f1), mask=m)  # nextafterf
    tl.store(out_ptr + 73 * n + i, libdevice.sin(f0), mask=m)  # sinf
    tl.store(out_ptr + 74 * n + i, libdevice.cos(f0), mask=m)  # cosf
    tl.store(out_ptr + 75 * n + i, libdevice.sinpi(f0), mask=m)  # sinpif
    tl.store(out_ptr + 76 * n + i, libdevice.cospi(f0), mask=m)  # cospif
    tl.store(out_ptr + 77 * n + i, libdevice.tan(f0), mask=m)  # tanf
    tl.store(out_ptr + 78 * n + i, libdevice.log2(f0), mask=m)  # log2f
    tl.store(out_ptr + 79 * n + i, libdevice.exp(f0), mask=m)  # expf
    tl.store(out_ptr + 80 * n + i, libdevice.exp10(f0), mask=m)  # exp10f
    tl.store(out_ptr + 81 * n + i, libdevice.cosh(f0), mask=m)  # coshf
    tl.store(out_ptr + 82 * n + i, libdevice.sinh(f0), mask=m)  # sinhf
    tl.store(out_ptr + 83 * n + i, libdevice.tanh(f0), mask=m)  # tanhf
    tl.store(out_ptr + 84 * n + i, libdevice.atan2(f0, f1), mask=m)  # atan2f
    tl.store(out_ptr + 85 * n + i, libdevice.atan(f0), mask=m)  # atanf
    tl.store(out_ptr + 86 * n + i, libdevice.asin(f0), mask=m)  # asinf
    tl.store(out_ptr + 87 * n + i, libdevice.acos(f0), mask=m)  # acosf
    tl.store(out_ptr + 88 * n + i, libdevice.log(f0), mask=m)  # logf
    tl.store(out_ptr + 89 * n + i, libdevice.log10(f0), mask=m)  # log10f
    tl.store(out_ptr + 90 * n + i, libdevice.log1p(f0), mask=m)  # log1pf
    tl.store(out_ptr + 91 * n + i, libdevice.acosh(f0), mask=m)  # acoshf
    tl.store(out_ptr + 92 * n + i, libdevice.asinh(f0), mask=m)  # asinhf
    tl.store(out_ptr + 93 * n + i, libdevice.atanh(f0), mask=m)  # atanhf
    tl.store(out_ptr + 94 * n + i, libdevice.expm1(f0), mask=m)  # expm1f
    tl.store(out_ptr + 95 * n + i, libdevice.hypot(f0, f1), mask=m)  # hypotf
    tl.store(out_ptr + 96 * n + i, libdevice.rhypot(f0, f1), mask=m)  # rhypotf
    tl.store(out_ptr + 97 * n + i, libdevice.norm3d(f0, f1, f2), mask=m)  # norm3df
    tl.store(out_ptr + 98 * n + i, libdevice.rnorm3d(f0, f1, f2), mask=m)  # rnorm3df
    tl.store(out_ptr + 99 * n + i, libdevice.cbrt(f0), mask=m)  # cbrtf
    tl.store(out_ptr + 100 * n + i, libdevice.rcbrt(f0), mask=m)  # rcbrtf
    tl.store(out_ptr + 101 * n + i, libdevice.j0(f0), mask=m)  # j0f
    tl.store(out_ptr + 102 * n + i, libdevice.j1(f0), mask=m)  # j1f
    tl.store(out_ptr + 103 * n + i, libdevice.y0(f0), mask=m)  # y0f
    tl.store(out_ptr + 104 * n + i, libdevice.y1(f0), mask=m)  # y1f
    tl.store(out_ptr + 105 * n + i, libdevice.yn(i0, f0), mask=m)  # ynf
    tl.store(out_ptr + 106 * n + i, libdevice.jn(i0, f0), mask=m)  # jnf
    tl.store(out_ptr + 107 * n + i, libdevice.cyl_bessel_i0(f0), mask=m)  # cyl_bessel_i0f
    tl.store(out_ptr + 108 * n + i, libdevice.cyl_bessel_i1(f0), mask=m)  # cyl_bessel_i1f
    tl.store(out_ptr + 109 * n + i, libdevice.erf(f0), mask=m)  # erff
    tl.store(out_ptr + 110 * n + i, libdevice.erfinv(f0), mask=m)  # erfinvf
    tl.store(out_ptr + 111 * n + i, libdevice.erfc(f0), mask=m)  # erfcf
    tl.store(out_ptr + 112 * n + i, libdevice.erfcx(f0), mask=m)  # erfcxf
    tl.store(out_ptr + 113 * n + i, libdevice.erfcinv(f0), mask=m)  # erfcinvf
    tl.store(out_ptr + 114 * n + i, libdevice.normcdfinv(f0), mask=m)  # normcdfinvf
    tl.store(out_ptr + 115 * n + i, libdevice.normcdf(f0), mask=m)  # normcdff
    tl.store(out_ptr + 116 * n + i, libdevice.lgamma(f0), mask=m)  # lgammaf
    tl.store(out_ptr + 117 * n + i, libdevice.ldexp(f0, i0), mask=m)  # ldexpf
    tl.store(out_ptr + 118 * n + i, libdevice.scalbn(f0, i0), mask=m)  # scalbnf
    tl.store(out_ptr + 119 * n + i, libdevice.fmod(f0, f1), mask=m)  # fmodf
    tl.store(out_ptr + 120 * n + i, libdevice.remainder(f0, f1), mask=m)  # remainderf
    tl.store(out_ptr + 121 * n + i, libdevice.fma(f0, f1, f2), mask=m)  # fmaf
    tl.store(out_ptr + 122 * n + i, libdevice.pow(f0, i0), mask=m)  # powif
    tl.store(out_ptr + 123 * n + i, libdevice.pow(f0, f1), mask=m)  # powf
    tl.store(out_ptr + 124 * n + i, libdevice.tgamma(f0), mask=m)  # tgammaf
    tl.store(out_ptr + 125 * n + i, libdevice.round(f0), mask=m)  # roundf
    tl.store(out_ptr + 126 * n + i, libdevice.fdim(f0, f1), mask=m)  # fdimf
    tl.store(out_ptr + 127 * n + i, libdevice.logb(f0), mask=m)  # logbf
    tl.store(out_ptr + 128 * n + i, libdevice.norm4d(f0, f1, f2, f0), mask=m)  # norm4df
    tl.store(out_ptr + 129 * n + i, libdevice.rnorm4d(f0, f1, f2, f1), mask=m)  # rnorm4df


@triton.jit
def ld_fp64(i0_ptr, i1_ptr, i2_ptr, u0_ptr, u1_ptr, u2_ptr, l0_ptr, l1_ptr, l2_ptr, m0_ptr, m1_ptr, m2_ptr, f0_ptr, f1_ptr, f2_ptr, d0_ptr, d1_ptr, d2_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    d0 = tl.load(d0_ptr + i, mask=m, other=0)
    d1 = tl.load(d1_ptr + i, mask=m, other=0)
    d2 = tl.load(d2_ptr + i, mask=m, other=0)
    i0 = tl.load(i0_ptr + i, mask=m, other=0)
    i1 = tl.load(i1_ptr + i, mask=m, other=0)
    l0 = tl.load(l0_ptr + i, mask=m, other=0)
    m0 = tl.load(m0_ptr + i, mask=m, other=0)
    u0 = tl.load(u0_ptr + i, mask=m, other=0)
    tl.store(out_ptr + 0 * n + i, libdevice.abs(d0), mask=m)  # fabs
    tl.store(out_ptr + 1 * n + i, libdevice.floor(d0), mask=m)  # floor
    tl.store(out_ptr + 2 * n + i, libdevice.rcp64h(d0), mask=m)  # rcp64h
    tl.store(out_ptr + 3 * n + i, libdevice.rsqrt(d0), mask=m)  # rsqrt
    tl.store(out_ptr + 4 * n + i, libdevice.ceil(d0), mask=m)  # ceil
    tl.store(out_ptr + 5 * n + i, libdevice.trunc(d0), mask=m)  # trunc
    tl.store(out_ptr + 6 * n + i, libdevice.exp2(d0), mask=m)  # exp2
    tl.store(out_ptr + 7 * n + i, libdevice.fma_rn(d0, d1, d2), mask=m)  # fma_rn
    tl.store(out_ptr + 8 * n + i, libdevice.fma_rz(d0, d1, d2), mask=m)  # fma_rz
    tl.store(out_ptr + 9 * n + i, libdevice.fma_rd(d0, d1, d2), mask=m)  # fma_rd
    tl.store(out_ptr + 10 * n + i, libdevice.fma_ru(d0, d1, d2), mask=m)  # fma_ru
    tl.store(out_ptr + 11 * n + i, libdevice.div_rn(d0, d1), mask=m)  # ddiv_rn
    tl.store(out_ptr + 12 * n + i, libdevice.div_rz(d0, d1), mask=m)  # ddiv_rz
    tl.store(out_ptr + 13 * n + i, libdevice.div_rd(d0, d1), mask=m)  # ddiv_rd
    tl.store(out_ptr + 14 * n + i, libdevice.div_ru(d0, d1), mask=m)  # ddiv_ru
    tl.store(out_ptr + 15 * n + i, libdevice.rcp_rn(d0), mask=m)  # drcp_rn
    tl.store(out_ptr + 16 * n + i, libdevice.rcp_rz(d0), mask=m)  # drcp_rz
    tl.store(out_ptr + 17 * n + i, libdevice.rcp_rd(d0), mask=m)  # drcp_rd
    tl.store(out_ptr + 18 * n + i, libdevice.rcp_ru(d0), mask=m)  # drcp_ru
    tl.store(out_ptr + 19 * n + i, libdevice.sqrt_rn(d0), mask=m)  # dsqrt_rn
    tl.store(out_ptr + 20 * n + i, libdevice.sqrt_rz(d0), mask=m)  # dsqrt_rz
    tl.store(out_ptr + 21 * n + i, libdevice.sqrt_rd(d0), mask=m)  # dsqrt_rd
    tl.store(out_ptr + 22 * n + i, libdevice.sqrt_ru(d0), mask=m)  # dsqrt_ru
    tl.store(out_ptr + 23 * n + i, libdevice.sqrt(d0), mask=m)  # sqrt
    tl.store(out_ptr + 24 * n + i, libdevice.add_rn(d0, d1), mask=m)  # dadd_rn
    tl.store(out_ptr + 25 * n + i, libdevice.add_rz(d0, d1), mask=m)  # dadd_rz
    tl.store(out_ptr + 26 * n + i, libdevice.add_rd(d0, d1), mask=m)  # dadd_rd
    tl.store(out_ptr + 27 * n + i, libdevice.add_ru(d0, d1), mask=m)  # dadd_ru
    tl.store(out_ptr + 28 * n + i, libdevice.mul_rn(d0, d1), mask=m)  # dmul_rn
    tl.store(out_ptr + 29 * n + i, libdevice.mul_rz(d0, d1), mask=m)  # dmul_rz
    tl.store(out_ptr + 30 * n + i, libdevice.mul_rd(d0, d1), mask=m)  # dmul_rd
    tl.store(out_ptr + 31 * n + i, libdevice.mul_ru(d0, d1), mask=m)  # dmul_ru
    tl.store(out_ptr + 32 * n + i, libdevice.int2double_rn(i0), mask=m)  # int2double_rn
    tl.store(out_ptr + 33 * n + i, libdevice.uint2double_rn(u0), mask=m)  # uint2double_rn
    tl.store(out_ptr + 34 * n + i, libdevice.hiloint2double(i0, i1), mask=m)  # hiloint2double
    tl.store(out_ptr + 35 * n + i, libdevice.ll2double_rn(l0), mask=m)  # ll2double_rn
    tl.store(out_ptr + 36 * n + i, libdevice.ll2double_rz(l0), mask=m)  # ll2double_rz
    tl.store(out_ptr + 37 * n + i, libdevice.ll2double_rd(l0), mask=m)  # ll2double_rd
    tl.store(out_ptr + 38 * n + i, libdevice.ll2double_ru(l0), mask=m)  # ll2double_ru
    tl.store(out_ptr + 39 * n + i, libdevice.ull2double_rn(m0), mask=m)  # ull2double_rn
    tl.store(out_ptr + 40 * n + i, libdevice.ull2double_rz(m0), mask=m)  # ull2double_rz
    tl.store(out_ptr + 41 * n + i, libdevice.ull2double_rd(m0), mask=m)  # ull2double_rd
    tl.store(out_ptr + 42 * n + i, libdevice.ull2double_ru(m0), mask=m)  # ull2double_ru
    tl.store(out_ptr + 43 * n + i, libdevice.longlong_as_double(l0), mask=m)  # longlong_as_double
    tl.store(out_ptr + 44 * n + i, libdevice.sub_rn(d0, d1), mask=m)  # dsub_rn
    tl.store(out_ptr + 45 * n + i, libdevice.sub_rz(d0, d1), mask=m)  # dsub_rz
    tl.store(out_ptr + 46 * n + i, libdevice.sub_rd(d0, d1), mask=m)  # dsub_rd
    tl.store(out_ptr + 47 * n + i, libdevice.sub_ru(d0, d1), mask=m)  # dsub_ru
    tl.store(out_ptr + 48 * n + i, libdevice.rint(d0), mask=m)  # rint
    tl.store(out_ptr + 49 * n + i, libdevice.nearbyint(d0), mask=m)  # nearbyint
    tl.store(out_ptr + 50 * n + i, libdevice.copysign(d0, d1), mask=m)  # copysign
    tl.store(out_ptr + 51 * n + i, libdevice.nextafter(d0, d1), mask=m)  # nextafter
    tl.store(out_ptr + 52 * n + i, libdevice.sin(d0), mask=m)  # sin
    tl.store(out_ptr + 53 * n + i, libdevice.cos(d0), mask=m)  # cos
    tl.store(out_ptr + 54 * n + i, libdevice.sinpi(d0), mask=m)  # sinpi
    tl.store(out_ptr + 55 * n + i, libdevice.cospi(d0), mask=m)  # cospi
    tl.store(out_ptr + 56 * n + i, libdevice.tan(d0), mask=m)  # tan
    tl.store(out_ptr + 57 * n + i, libdevice.log2(d0), mask=m)  # log2
    tl.store(out_ptr + 58 * n + i, libdevice.exp(d0), mask=m)  # exp
    tl.store(out_ptr + 59 * n + i, libdevice.exp10(d0), mask=m)  # exp10
    tl.store(out_ptr + 60 * n + i, libdevice.cosh(d0), mask=m)  # cosh
    tl.store(out_ptr + 61 * n + i, libdevice.sinh(d0), mask=m)  # sinh
    tl.store(out_ptr + 62 * n + i, libdevice.tanh(d0), mask=m)  # tanh
    tl.store(out_ptr + 63 * n + i, libdevice.atan2(d0, d1), mask=m)  # atan2
    tl.store(out_ptr + 64 * n + i, libdevice.atan(d0), mask=m)  # atan
    tl.store(out_ptr + 65 * n + i, libdevice.asin(d0), mask=m)  # asin
    tl.store(out_ptr + 66 * n + i, libdevice.acos(d0), mask=m)  # acos
    tl.store(out_ptr + 67 * n + i, libdevice.log(d0), mask=m)  # log
    tl.store(out_ptr + 68 * n + i, libdevice.log10(d0), mask=m)  # log10
    tl.store(out_ptr + 69 * n + i, libdevice.log1p(d0), mask=m)  # log1p
    tl.store(out_ptr + 70 * n + i, libdevice.acosh(d0), mask=m)  # acosh
    tl.store(out_ptr + 71 * n + i, libdevice.asinh(d0), mask=m)  # asinh
    tl.store(out_ptr + 72 * n + i, libdevice.atanh(d0), mask=m)  # atanh
    tl.store(out_ptr + 73 * n + i, libdevice.expm1(d0), mask=m)  # expm1
    tl.store(out_ptr + 74 * n + i, libdevice.hypot(d0, d1), mask=m)  # hypot
    tl.store(out_ptr + 75 * n + i, libdevice.rhypot(d0, d1), mask=m)  # rhypot
    tl.store(out_ptr + 76 * n + i, libdevice.norm3d(d0, d1, d2), mask=m)  # norm3d
    tl.store(out_ptr + 77 * n + i, libdevice.rnorm3d(d0, d1, d2), mask=m)  # rnorm3d
    tl.store(out_ptr + 78 * n + i, libdevice.cbrt(d0), mask=m)  # cbrt
    tl.store(out_ptr + 79 * n + i, libdevice.rcbrt(d0), mask=m)  # rcbrt
    tl.store(out_ptr + 80 * n + i, libdevice.j0(d0), mask=m)  # j0
    tl.store(out_ptr + 81 * n + i, libdevice.j1(d0), mask=m)  # j1
    tl.store(out_ptr + 82 * n + i, libdevice.y0(d0), mask=m)  # y0
    tl.store(out_ptr + 83 * n + i, libdevice.y1(d0), mask=m)  # y1
    tl.store(out_ptr + 84 * n + i, libdevice.yn(i0, d0), mask=m)  # yn
    tl.store(out_ptr + 85 * n + i, libdevice.jn(i0, d0), mask=m)  # jn
    tl.store(out_ptr + 86 * n + i, libdevice.cyl_bessel_i0(d0), mask=m)  # cyl_bessel_i0
    tl.store(out_ptr + 87 * n + i, libdevice.cyl_bessel_i1(d0), mask=m)  # cyl_bessel_i1
    tl.store(out_ptr + 88 * n + i, libdevice.erf(d0), mask=m)  # erf
    tl.store(out_ptr + 89 * n + i, libdevice.erfinv(d0), mask=m)  # erfinv
    tl.store(out_ptr + 90 * n + i, libdevice.erfc(d0), mask=m)  # erfc
    tl.store(out_ptr + 91 * n + i, libdevice.erfcx(d0), mask=m)  # erfcx
    tl.store(out_ptr + 92 * n + i, libdevice.erfcinv(d0), mask=m)  # erfcinv
    tl.store(out_ptr + 93 * n + i, libdevice.normcdfinv(d0), mask=m)  # normcdfinv
    tl.store(out_ptr + 94 * n + i, libdevice.normcdf(d0), mask=m)  # normcdf
    tl.store(out_ptr + 95 * n + i, libdevice.lgamma(d0), mask=m)  # lgamma
    tl.store(out_ptr + 96 * n + i, libdevice.ldexp(d0, i0), mask=m)  # ldexp
    tl.store(out_ptr + 97 * n + i, libdevice.scalbn(d0, i0), mask=m)  # scalbn
    tl.store(out_ptr + 98 * n + i, libdevice.fmod(d0, d1), mask=m)  # fmod
    tl.store(out_ptr + 99 * n + i, libdevice.remainder(d0, d1), mask=m)  # remainder
    tl.store(out_ptr + 100 * n + i, libdevice.fma(d0, d1, d2), mask=m)  # fma
    tl.store(out_ptr + 101 * n + i, libdevice.pow(d0, i0), mask=m)  # powi
    tl.store(out_ptr + 102 * n + i, libdevice.pow(d0, d1), mask=m)  # pow
    tl.store(out_ptr + 103 * n + i, libdevice.tgamma(d0), mask=m)  # tgamma
    tl.store(out_ptr + 104 * n + i, libdevice.round(d0), mask=m)  # round
    tl.store(out_ptr + 105 * n + i, libdevice.fdim(d0, d1), mask=m)  # fdim
    tl.store(out_ptr + 106 * n + i, libdevice.logb(d0), mask=m)  # logb
    tl.store(out_ptr + 107 * n + i, libdevice.norm4d(d0, d1, d2, d0), mask=m)  # norm4d
    tl.store(out_ptr + 108 * n + i, libdevice.rnorm4d(d0, d1, d2, d1), mask=m)  # rnorm4d


@triton.jit
def clamp_umulhi(x_ptr, m_ptr, h_ptr, i_ptr, u_ptr, l_ptr, of_ptr, oh_ptr, oi_ptr, ou_ptr, ol_ptr, n,
                 BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    k = i < n
    x = tl.load(x_ptr + i, mask=k, other=0)
    m = tl.load(m_ptr + i, mask=k, other=0)
    h = tl.load(h_ptr + i, mask=k, other=0)
    tl.store(of_ptr + i, tl.clamp(x, 0.0, 1.0), mask=k)
    tl.store(of_ptr + n + i, tl.clamp(x, -m, m), mask=k)
    tl.store(of_ptr + 2 * n + i, tl.clamp(x, -6.0, 6.0, propagate_nan=tl.PropagateNan.ALL), mask=k)
    tl.store(of_ptr + 3 * n + i, tl.clamp(x, m, 2.5, propagate_nan=tl.PropagateNan.ALL), mask=k)
    tl.store(of_ptr + 4 * n + i, tl.clamp(x, 0.0 - m, m), mask=k)
    tl.store(of_ptr + 5 * n + i, tl.clamp(h, 0.0, 2.0), mask=k)
    tl.store(oh_ptr + i, tl.clamp(h, -h, h), mask=k)
    tl.store(oh_ptr + n + i, tl.clamp(h, -(h * 0.5), h * 0.5, propagate_nan=tl.PropagateNan.ALL), mask=k)
    tl.store(of_ptr + 6 * n + i, tl.maximum(x, m, propagate_nan=tl.PropagateNan.ALL), mask=k)
    tl.store(oh_ptr + 2 * n + i, tl.minimum(h, -h, propagate_nan=tl.PropagateNan.ALL), mask=k)
    a = tl.load(i_ptr + i, mask=k, other=0)
    b = tl.load(u_ptr + i, mask=k, other=0)
    c = tl.load(l_ptr + i, mask=k, other=0)
    tl.store(oi_ptr + i, tl.umulhi(a, a * 3 + 1), mask=k)
    tl.store(ou_ptr + i, tl.math.umulhi(b, b), mask=k)
    tl.store(ol_ptr + i, tl.umulhi(c, c + 12345), mask=k)
