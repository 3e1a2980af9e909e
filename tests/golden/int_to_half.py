# Integers to fp16 and bf16 at the edges of their ranges: values above fp16's largest
# finite value (65504) and 2^32 - 1, signed and unsigned, 16 to 64 bits. Fuzz kernel
# k2476 (round 23) had an inf where Triton had a NaN after a uint32 -> fp16 cast of a
# value above 65504; tests/gpu/int_to_half_check.py compares every output bit for bit.
# tl2cu: -s 'int_to_half:*u32,*i32,*i64,*i16,*fp16,*fp16,*fp16,*fp16,*bf16,*bf16,*bf16,*bf16,i32,256'
import triton
import triton.language as tl


@triton.jit
def int_to_half(u32_ptr, i32_ptr, i64_ptr, i16_ptr, h_u32, h_i32, h_i64, h_i16, b_u32, b_i32, b_i64, b_i16, n,
                BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    u32 = tl.load(u32_ptr + offs, mask=mask)
    i32 = tl.load(i32_ptr + offs, mask=mask)
    i64 = tl.load(i64_ptr + offs, mask=mask)
    i16 = tl.load(i16_ptr + offs, mask=mask)
    tl.store(h_u32 + offs, u32.to(tl.float16), mask=mask)
    tl.store(h_i32 + offs, i32.to(tl.float16), mask=mask)
    tl.store(h_i64 + offs, i64.to(tl.float16), mask=mask)
    tl.store(h_i16 + offs, i16.to(tl.float16), mask=mask)
    tl.store(b_u32 + offs, u32.to(tl.bfloat16), mask=mask)
    tl.store(b_i32 + offs, i32.to(tl.bfloat16), mask=mask)
    tl.store(b_i64 + offs, i64.to(tl.bfloat16), mask=mask)
    tl.store(b_i16 + offs, i16.to(tl.bfloat16), mask=mask)
