# fp8 as a storage type (tests/gpu/fp8_ops_check.py runs each kernel beside Triton on the
# same inputs and compares the outputs bit for bit): every fp8e4nv and fp8e5 byte to
# fp32, fp16 and bf16; fp32 to both formats (round to nearest even, saturating) and to
# fp8e5 toward zero, and back; fp16 and bf16 to both; fp32 to fp16 and bf16 toward zero;
# bitcasts between fp8 and uint8/int8, tl.where between fp8 blocks and with 0, the
# promotion of two fp8 formats to fp16 and of fp8 with fp32; a masked 2-D load (other=1.0
# converted at run time) and store.
# tl2cu: -s 'fp8_upcast:*fp8e4nv:16,*fp8e5:16,*fp32,*fp16,*bf16,*fp32,*fp16,*bf16'
# tl2cu: -s 'fp32_downcast:*fp32,*fp8e4nv,*fp8e5,*fp8e5,*fp32,*fp32,*fp32,*fp16,*bf16,i32'
# tl2cu: -s 'half_downcast:*fp16,*bf16,*fp8e4nv,*fp8e5,*fp8e4nv,*fp8e5,i32'
# tl2cu: -s 'fp8_bits:*u8,*i8,*fp8e4nv,*i8,*u8,*fp8e5,*fp16,*fp32,i32'
# tl2cu: -s 'fp8_2d:*fp8e5,*fp8e4nv,*fp32,i32,i32,i32'
# tl2cu: --num-warps 4
import triton
import triton.language as tl


@triton.jit
def fp8_upcast(x4_ptr, x5_ptr, f32_4_ptr, f16_4_ptr, bf16_4_ptr, f32_5_ptr, f16_5_ptr, bf16_5_ptr):
    offs = tl.arange(0, 256)  # every byte
    x4 = tl.load(x4_ptr + offs)
    x5 = tl.load(x5_ptr + offs)
    tl.store(f32_4_ptr + offs, x4.to(tl.float32))
    tl.store(f16_4_ptr + offs, x4.to(tl.float16))
    tl.store(bf16_4_ptr + offs, x4.to(tl.bfloat16))
    tl.store(f32_5_ptr + offs, x5.to(tl.float32))
    tl.store(f16_5_ptr + offs, x5.to(tl.float16))
    tl.store(bf16_5_ptr + offs, tl.cast(x5, tl.bfloat16))


@triton.jit
def fp32_downcast(x_ptr, y4_ptr, y5_ptr, y5z_ptr, r4_ptr, r5_ptr, r5z_ptr, hz_ptr, bz_ptr, n):
    offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y4 = x.to(tl.float8e4nv)
    y5 = x.to(tl.float8e5, fp_downcast_rounding="rtne")
    y5z = x.to(tl.float8e5, fp_downcast_rounding="rtz")
    tl.store(y4_ptr + offs, y4, mask=mask)
    tl.store(y5_ptr + offs, y5, mask=mask)
    tl.store(y5z_ptr + offs, y5z, mask=mask)
    tl.store(r4_ptr + offs, y4.to(tl.float32), mask=mask)  # round trips
    tl.store(r5_ptr + offs, y5.to(tl.float32), mask=mask)
    tl.store(r5z_ptr + offs, y5z.to(tl.float32), mask=mask)
    tl.store(hz_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz"), mask=mask)
    tl.store(bz_ptr + offs, x.to(tl.bfloat16, fp_downcast_rounding="rtz"), mask=mask)


@triton.jit
def half_downcast(h_ptr, b_ptr, h4_ptr, h5_ptr, b4_ptr, b5_ptr, n):
    offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    mask = offs < n
    h = tl.load(h_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(h4_ptr + offs, h.to(tl.float8e4nv), mask=mask)
    tl.store(h5_ptr + offs, h.to(tl.float8e5), mask=mask)
    tl.store(b4_ptr + offs, b.to(tl.float8e4nv), mask=mask)
    tl.store(b5_ptr + offs, b, mask=mask)  # the store converts (RTNE)


@triton.jit
def fp8_bits(u_ptr, i_ptr, out4_ptr, out_i_ptr, out_u_ptr, out5_ptr, sum_ptr, prod_ptr, n):
    offs = tl.arange(0, 512)
    mask = offs < n
    u = tl.load(u_ptr + offs, mask=mask, other=0)
    i = tl.load(i_ptr + offs, mask=mask, other=0)
    a = u.to(tl.float8e4nv, bitcast=True)
    b = i.to(tl.float8e5, bitcast=True)
    keep = (offs % 3) != 0
    tl.store(out4_ptr + offs, tl.where(keep, a, tl.zeros([512], tl.float8e4nv)), mask=mask)
    tl.store(out_i_ptr + offs, a.to(tl.float16).to(tl.float8e4nv).to(tl.int8, bitcast=True), mask=mask)
    tl.store(out_u_ptr + offs, tl.where(keep, b, 0.0).to(tl.uint8, bitcast=True), mask=mask)
    tl.store(out5_ptr + offs, b, mask=mask)
    tl.store(sum_ptr + offs, a + b, mask=mask)  # fp8e4nv + fp8e5: both to fp16
    tl.store(prod_ptr + offs, a * b.to(tl.float32), mask=mask)  # fp8e4nv * fp32: fp32


@triton.jit
def fp8_2d(x_ptr, y_ptr, s_ptr, M, N, stride):
    rows = tl.program_id(0) * 16 + tl.arange(0, 16)[:, None]
    cols = tl.arange(0, 64)[None, :]
    mask = (rows < M) & (cols < N)
    x = tl.load(x_ptr + rows * stride + cols, mask=mask, other=1.0)
    v = x.to(tl.float32) * 3.0
    tl.store(y_ptr + rows * stride + cols, v.to(tl.float8e4nv), mask=mask)
    tl.store(s_ptr + rows * 64 + cols, v)
