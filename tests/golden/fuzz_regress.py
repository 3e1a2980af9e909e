# Kernels reduced from differential-fuzzing findings whose CUDA compiled but computed the
# wrong thing; tests/gpu/fuzz_regress_check.py runs each beside Triton, bit for bit.
#
# shift_kinds: Triton picks an arithmetic or a logical right shift by the signedness of
#   the tensor being shifted, before promotion (core.py tensor.__rshift__): int8 >> uint8
#   is a uint8 shifted arithmetically, int16 >> uint32 a uint32 shifted arithmetically.
#   tl2cu shifted by the promoted type (fuzz kernels k584, k1315).
# narrow_argmax: argmax/argmin of 8- and 16-bit values across two warps put the int32
#   indices after the values in shared memory, at byte 2: "misaligned address" (k203,
#   k593, k1014, k1050, k1666).
# nan_bits: conversions and abs with NaN inputs keep the bits Triton's instructions give:
#   fp16 -> fp64 in one cvt.f64.f16 (through fp32, ptxas folded an fp16 subtraction and the
#   conversion into an fp32 operation with fp32's NaN), fp64 -> fp16 in one cvt.rn.f16.f64;
#   tl.abs clears the sign bit only (LLVM's fabs), NaN payload kept.
# hoisted_product: LLVM's LICM moves a multiply of loop-invariant values out of the loop
#   before instruction selection, so fp64 `acc + y * n` in the loop is not contracted into
#   an fma there (tl2cu contracted it: last-bit differences, fuzz kernel k527). fp32
#   `acc + x * s` is contracted all the same (ptxas fuses mul.f32 and add.f32 again).
# hoisted_half_product: fp16 and bf16 products LICM hoists stay apart from the add in the
#   loop too (mul.rn.f16 / mul.rn.bf16 before it; tl2cu fused them: fuzz kernel k2480).
# hoisted_fp32_product: a loop-invariant fp32 product of two registers, hoisted by LICM,
#   is a mul.f32 before the loop that ptxas leaves apart (an fma would need both factors
#   live through the loop); with a kernel argument as a factor (hoisted_product) ptxas
#   fuses it again. A variable an earlier loop left is fixed in the next one, so its
#   product is hoisted too (fuzz kernels k2818, k2864, k2526, k2860; docs/NOTES.md 51).
# abs_of_bits: tl.abs of fp64/fp32 bits reinterpreted from an integer or just loaded (Triton
#   loads integers) clears the sign bit (LLVM's DAG combine makes it an integer and), NaNs
#   included; abs.f64 kept such a NaN's sign (k2400), abs.f32 made it canonical (k2112).
# half_fma: fp16 and bf16 a * b + c are one fma.rn.f16 / fma.rn.bf16 in Triton's PTX; tl2cu
#   rounded the product first (fuzz kernel k227).
# select_product: InstCombine moves a multiply by a constant into a select read once
#   with a constant arm (tl.where(c, y, 0.25) * 1.5 becomes tl.where(c, y * 1.5, 0.375)),
#   so the add after it is not contracted; a min/max idiom (tl.where(u > 0.0, u, 0.0)) and
#   a select read twice keep the multiply, and the fma (fuzz kernel k227).
# negated_product: Triton's -x is 0 - x, so -(a * b) contracts like c - a * b: fma(-a, b, 0)
#   in its PTX (fuzz kernel k3415); tl2cu rounded the product and subtracted it from 0,
#   which differs where a is a NaN (its sign) and where the product underflows (-0 fused).
# loop_near_top (not a fuzz finding): a loop stepping by a constant from a run-time bound
#   near the type's end, up and down: Triton's increment wraps (no nsw), tl2cu's too, and
#   the last counter and a block of it. docs/NOTES.md 26: versioning such loops on the
#   bound was tried and measured slower.
# tl2cu: -s 'shift_kinds:*i8,*u8,*i16,*u32,*u8,*u8,*u32,*i32,i32' -s 'narrow_argmax:*u8,*i16,*i32,i32'
# tl2cu: -s 'nan_bits:*fp16,*fp16,*bf16,*fp64,*fp64,*fp64,*fp16,*fp16,*bf16,i32' --grid '1'
# tl2cu: -s 'hoisted_product:*fp32,*fp64,*fp32,*fp64,fp32,i32,i32'
# tl2cu: -s 'hoisted_half_product:*fp16,*bf16,*fp16,*bf16,i32,i32'
# tl2cu: -s 'hoisted_fp32_product:*fp32,*fp32,*fp32,*fp32,fp32,i32,i32'
# tl2cu: -s 'abs_of_bits:*i64,*i32,*fp64,*fp32,*fp64,*fp32,*fp64,*fp32,i32'
# tl2cu: -s 'half_fma:*fp16,*fp16,*bf16,*bf16,*fp16,*bf16,i32' -s 'loop_near_top:*i32,i32,i32'
# tl2cu: -s 'negated_product:*fp64,*fp64,*fp32,*fp32,*fp16,*fp16,*fp64,*fp32,*fp16,i32'
# tl2cu: -s 'select_product:*fp16,*fp16,*fp32,*fp32,*fp16,*fp32,*fp32,*fp16,*fp16,i32'
import triton
import triton.language as tl


@triton.jit
def shift_kinds(a_ptr, b_ptr, c_ptr, d_ptr, o8_ptr, p8_ptr, o32_ptr, o64_ptr, n):
    offs = tl.arange(0, 128)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)  # int8
    b = tl.load(b_ptr + offs, mask=mask, other=0)  # uint8
    c = tl.load(c_ptr + offs, mask=mask, other=0)  # int16
    d = tl.load(d_ptr + offs, mask=mask, other=0)  # uint32
    tl.store(o8_ptr + offs, a >> (b & 7), mask=mask)  # uint8, arithmetic
    tl.store(p8_ptr + offs, b >> (a & 7), mask=mask)  # uint8, logical
    tl.store(o32_ptr + offs, c >> (d & 31), mask=mask)  # uint32, arithmetic
    tl.store(o64_ptr + offs, (c >> (d & 15)) - 4, mask=mask)  # stored as int32


@triton.jit
def narrow_argmax(x_ptr, y_ptr, out_ptr, n):
    offs = tl.arange(0, 64)
    x = tl.load(x_ptr + offs, mask=offs < n, other=3)  # uint8
    y = tl.load(y_ptr + offs, mask=offs < n, other=-5)  # int16
    tl.store(out_ptr + 0, tl.argmax(x, axis=0))
    tl.store(out_ptr + 1, tl.argmin(x, axis=0))
    tl.store(out_ptr + 2, tl.argmax(y, axis=0))
    tl.store(out_ptr + 3, tl.argmin(y, axis=0))
    tl.store(out_ptr + 4, tl.max(x, axis=0).to(tl.int32))


@triton.jit
def nan_bits(x_ptr, y_ptr, b_ptr, d_ptr, o_sub_ptr, o_wide_ptr, o_narrow_ptr, o_abs_ptr, o_babs_ptr, n):
    offs = tl.arange(0, 128)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)  # fp16
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)  # fp16
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)  # bf16
    d = tl.load(d_ptr + offs, mask=mask, other=0.0)  # fp64
    tl.store(o_sub_ptr + offs, (x - y).to(tl.float64), mask=mask)
    tl.store(o_wide_ptr + offs, b.to(tl.float64), mask=mask)
    tl.store(o_narrow_ptr + offs, d.to(tl.float16), mask=mask)
    tl.store(o_abs_ptr + offs, tl.abs(x), mask=mask)
    tl.store(o_babs_ptr + offs, tl.abs(b), mask=mask)


@triton.jit
def hoisted_product(x_ptr, y_ptr, o32_ptr, o64_ptr, s, n, reps):
    offs = tl.arange(0, 128)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)  # fp32
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)  # fp64
    acc = x
    acc64 = y
    for i in range(0, reps):
        acc = acc + x * s  # hoisted by LLVM, contracted again by ptxas
        acc64 = acc64 + y * n  # hoisted: a multiply before the loop, an add in it
    tl.store(o32_ptr + offs, acc, mask=mask)
    tl.store(o64_ptr + offs, acc64, mask=mask)


@triton.jit
def hoisted_half_product(x_ptr, y_ptr, o16_ptr, ob16_ptr, n, reps):
    offs = tl.arange(0, 128)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)  # fp16
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)  # bf16
    acc = x
    accb = y
    for i in range(0, reps):
        acc = acc - x * tl.abs(x)  # hoisted: mul.rn.f16 before the loop, sub.f16 in it
        accb = accb + y * y
    tl.store(o16_ptr + offs, acc, mask=mask)
    tl.store(ob16_ptr + offs, accb, mask=mask)


@triton.jit
def hoisted_fp32_product(x_ptr, y_ptr, a_ptr, o_ptr, s, n, reps):
    offs = tl.arange(0, 128)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    a = tl.load(a_ptr + offs, mask=mask, other=0.0)
    acc = a
    t = (a, y)
    acc_s = y
    for i in range(0, reps):
        acc = acc + x * y  # mul.f32 before the loop, add.f32 in it
        t = (t[1] + (x + a) * y, t[0])  # a swapped tuple: the same
        acc_s = acc_s + (x + y) * s  # a factor is an argument: ptxas fuses it
    acc_after = x
    for i in range(0, reps):
        acc_after = acc_after + acc * a  # acc is fixed here: hoisted apart
    tl.store(o_ptr + offs, acc, mask=mask)
    tl.store(o_ptr + 128 + offs, t[0], mask=mask)
    tl.store(o_ptr + 256 + offs, acc_s, mask=mask)
    tl.store(o_ptr + 384 + offs, acc_after, mask=mask)


@triton.jit
def abs_of_bits(i64_ptr, i32_ptr, f64_ptr, f32_ptr, o_bits64, o_bits32, o_f64, o_f32, n):
    offs = tl.arange(0, 128)
    mask = offs < n
    i64 = tl.load(i64_ptr + offs, mask=mask, other=0)
    i32 = tl.load(i32_ptr + offs, mask=mask, other=0)
    f64 = tl.load(f64_ptr + offs, mask=mask, other=0.0)
    f32 = tl.load(f32_ptr + offs, mask=mask, other=0.0)
    tl.store(o_bits64 + offs, tl.abs(i64.to(tl.float64, bitcast=True)), mask=mask)
    tl.store(o_bits32 + offs, tl.abs(i32.to(tl.float32, bitcast=True)), mask=mask)
    tl.store(o_f64 + offs, tl.abs(f64), mask=mask)
    tl.store(o_f32 + offs, tl.abs(f32), mask=mask)


@triton.jit
def half_fma(x_ptr, y_ptr, a_ptr, b_ptr, o16_ptr, ob16_ptr, n):
    offs = tl.arange(0, 128)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)  # fp16
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)  # fp16
    a = tl.load(a_ptr + offs, mask=mask, other=0.0)  # bf16
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)  # bf16
    tl.store(o16_ptr + offs, x * y + x, mask=mask)
    tl.store(ob16_ptr + offs, a * b - a, mask=mask)


@triton.jit
def select_product(x_ptr, y_ptr, u_ptr, v_ptr, o16_ptr, o32_ptr, orelu_ptr, otwice_ptr, osel_ptr, n):
    offs = tl.arange(0, 128)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)  # fp16
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)  # fp16
    u = tl.load(u_ptr + offs, mask=mask, other=0.0)  # fp32
    v = tl.load(v_ptr + offs, mask=mask, other=0.0)  # fp32
    tl.store(o16_ptr + offs, x + tl.where(x >= y, y, 0.25) * 1.5, mask=mask)
    tl.store(o32_ptr + offs, v - tl.where(u < v, u, -0.75) * 3.0, mask=mask)
    tl.store(orelu_ptr + offs, tl.where(u > 0.0, u, 0.0) * 1.1 + v, mask=mask)
    twice = tl.where(x < y, x, 0.5)
    tl.store(otwice_ptr + offs, y + twice * 1.25, mask=mask)
    tl.store(osel_ptr + offs, twice, mask=mask)


@triton.jit
def loop_near_top(out_ptr, lo, hi):
    count = 0
    last = lo
    for i in range(lo, hi, 256):
        count += 1
        last = i
    count_down = 0
    last_down = hi
    for j in range(hi, lo, -256):
        count_down += 1
        last_down = j
    tl.store(out_ptr, count)
    tl.store(out_ptr + 1, last)
    tl.store(out_ptr + 2, count_down)
    tl.store(out_ptr + 3, last_down)
    tl.store(out_ptr + 4 + tl.arange(0, 256), last + tl.arange(0, 256))


@triton.jit
def negated_product(a64_ptr, b64_ptr, a32_ptr, b32_ptr, a16_ptr, b16_ptr, o64_ptr, o32_ptr, o16_ptr, n):
    offs = tl.arange(0, 128)
    mask = offs < n
    a64 = tl.load(a64_ptr + offs, mask=mask, other=0.0)
    b64 = tl.load(b64_ptr + offs, mask=mask, other=0.0)
    tl.store(o64_ptr + offs, -(a64 * b64), mask=mask)
    a32 = tl.load(a32_ptr + offs, mask=mask, other=0.0)
    b32 = tl.load(b32_ptr + offs, mask=mask, other=0.0)
    tl.store(o32_ptr + offs, -(a32 * b32), mask=mask)
    a16 = tl.load(a16_ptr + offs, mask=mask, other=0.0)
    b16 = tl.load(b16_ptr + offs, mask=mask, other=0.0)
    tl.store(o16_ptr + offs, -(a16 * b16), mask=mask)
