# tl.inline_asm_elementwise (tests/gpu/inline_asm_check.py runs each kernel beside Triton on
# the same inputs and compares the outputs bit for bit): a funnel shift with a scalar shift
# broadcast to the block, two results of one asm with PTX registers of its own (%t0, written
# %%t0 in CUDA), bytes four to a register (pack=4: a byte reverse within each group, which
# shows the grouping, and a bytewise xor of uint8 and int8), fp32 in "f" registers with a
# Python float operand, fp16 pairs in one "r", an asm that is not pure and stores through
# pointers itself (its result unused, a bool mask in a register), an asm on a scalar and a
# group padded where a thread holds fewer elements than pack, a 2-D block with a row
# operand broadcast, the packed multi-result example of Triton's documentation, in its
# own words, and a byte reverse of a 2-D block. Masked loads and stores around them.
# tl2cu: -s 'funnel_shift:*u32,*u32,*u32,i32,i32' -s 'two_results:*u32,*u32,*u32,*i32,i32'
# tl2cu: -s 'bytes_packed:*u8,*i8,*u8,*i8,i32' -s 'fp32_regs:*fp32,*fp32,*fp32,i32'
# tl2cu: -s 'half_pairs:*fp16,*fp16,*fp16,i32' -s 'store_from_asm:*u8,*u8,i32'
# tl2cu: -s 'small_and_scalar:*i8,*i8,*i32,i32' -s 'rows_cols:*fp32,*fp32,*fp32'
# tl2cu: -s 'unpack_bytes:*u8,*fp32,*i32,*fp32,i32' -s 'bytes_2d:*u8,*u8'
# tl2cu: --num-warps 4
import triton
import triton.language as tl


@triton.jit
def funnel_shift(x_ptr, y_ptr, z_ptr, n, s):
    offs = tl.program_id(0) * 512 + tl.arange(0, 512)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    y = tl.load(y_ptr + offs, mask=mask, other=0)
    z = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r, r, r", [x, y, s], dtype=tl.uint32,
                                  is_pure=True, pack=1)
    tl.store(z_ptr + offs, z, mask=mask)


@triton.jit
def two_results(a_ptr, b_ptr, c_ptr, d_ptr, n):
    offs = tl.program_id(0) * 256 + tl.arange(0, 256)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=1)
    b = tl.load(b_ptr + offs, mask=mask, other=2)
    (c, d) = tl.inline_asm_elementwise(
        asm="""
        {
            .reg .b32 %t0;
            add.u32 %t0, $2, $3;
            mul.lo.u32 $0, %t0, $2;
            xor.b32 $1, %t0, $3;
        }
        """,
        constraints=("=r,=r,"
                     "r,r"),
        args=[a, b], dtype=(tl.uint32, tl.int32), is_pure=True, pack=1)
    tl.store(c_ptr + offs, c, mask=mask)
    tl.store(d_ptr + offs, d, mask=mask)


@triton.jit
def bytes_packed(x_ptr, y_ptr, rev_ptr, mix_ptr, n):
    offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    y = tl.load(y_ptr + offs, mask=mask, other=0)
    rev = tl.inline_asm_elementwise("prmt.b32 $0, $1, 0, 0x0123;", "=r,r", [x], dtype=tl.uint8, is_pure=True, pack=4)
    mix = tl.inline_asm_elementwise("xor.b32 $0, $1, $2;", "=r,r,r", [x, y], dtype=tl.int8, is_pure=True, pack=4)
    tl.store(rev_ptr + offs, rev, mask=mask)
    tl.store(mix_ptr + offs, mix, mask=mask)


@triton.jit
def fp32_regs(x_ptr, y_ptr, out_ptr, n):
    offs = tl.program_id(0) * 512 + tl.arange(0, 512)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    r = tl.inline_asm_elementwise("fma.rn.f32 $0, $1, $2, $3;", "=f,f,f,f", [x, 2.5, y], dtype=tl.float32,
                                  is_pure=True, pack=1)
    e = tl.inline_asm_elementwise("ex2.approx.f32 $0, $1;", "=f,f", [r], dtype=tl.float32, is_pure=True, pack=1)
    tl.store(out_ptr + offs, e, mask=mask)


@triton.jit
def half_pairs(a_ptr, b_ptr, out_ptr, n):
    offs = tl.program_id(0) * 512 + tl.arange(0, 512)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    s = tl.inline_asm_elementwise("mul.rn.f16x2 $0, $1, $2;", "=r,r,r", [a, b], dtype=tl.float16, is_pure=True,
                                  pack=2)
    tl.store(out_ptr + offs, s, mask=mask)


@triton.jit
def store_from_asm(x_ptr, y_ptr, n):
    offs = tl.program_id(0) * 128 + tl.arange(0, 128)
    mask = offs < n
    tl.inline_asm_elementwise(
        """
        {
            .reg .pred %p;
            setp.ne.u32 %p, $3, 0;
            mov.u32 $0, 0;
            @%p ld.global.u8 $0, [$1];
            shl.b32 $0, $0, 3;
            @%p st.global.u8 [$2], $0;
        }
        """, "=r,l,l,r", [x_ptr + offs, y_ptr + offs, mask], dtype=tl.uint8, is_pure=False, pack=1)


@triton.jit
def small_and_scalar(x_ptr, out_ptr, k_ptr, n):
    pid = tl.program_id(0)
    sq = tl.inline_asm_elementwise("mul.lo.u32 $0, $1, $1;", "=r,r", [pid + n], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(k_ptr + pid, sq)
    offs = tl.arange(0, 64)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise("and.b32 $0, $1, 0x7f7f7f7f;", "=r,r", [x], dtype=tl.int8, is_pure=True, pack=4)
    tl.store(out_ptr + pid * 64 + offs, y + sq.to(tl.int8))


@triton.jit
def rows_cols(x_ptr, w_ptr, out_ptr):
    rows = tl.arange(0, 16)[:, None]
    cols = tl.arange(0, 64)[None, :]
    x = tl.load(x_ptr + rows * 64 + cols)
    w = tl.load(w_ptr + cols)
    y = tl.inline_asm_elementwise("min.f32 $0, $1, $2;", "=f,f,f", [x, w], dtype=tl.float32, is_pure=True, pack=1)
    tl.store(out_ptr + rows * 64 + cols, y)


@triton.jit
def unpack_bytes(a_ptr, b_ptr, c_ptr, d_ptr, n):
    offs = tl.program_id(0) * 512 + tl.arange(0, 512)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    # each group of four: the bytes of a as int32 (c), and each less the float of b (d)
    c, d = tl.inline_asm_elementwise(
        asm="""
        {
            .reg .b8 %q<4>;
            mov.b32 {%q0, %q1, %q2, %q3}, $8;
            cvt.u32.u8 $0, %q0;
            cvt.u32.u8 $1, %q1;
            cvt.u32.u8 $2, %q2;
            cvt.u32.u8 $3, %q3;
            cvt.rn.f32.u32 $4, $0;
            cvt.rn.f32.u32 $5, $1;
            cvt.rn.f32.u32 $6, $2;
            cvt.rn.f32.u32 $7, $3;
            sub.f32 $4, $4, $9;
            sub.f32 $5, $5, $10;
            sub.f32 $6, $6, $11;
            sub.f32 $7, $7, $12;
        }
        """,
        constraints="=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r",
        args=[a, b], dtype=(tl.int32, tl.float32), is_pure=True, pack=4)
    tl.store(c_ptr + offs, c, mask=mask)
    tl.store(d_ptr + offs, d, mask=mask)


@triton.jit
def bytes_2d(x_ptr, out_ptr):
    offs = tl.arange(0, 32)[:, None] * 64 + tl.arange(0, 64)[None, :]
    x = tl.load(x_ptr + offs)
    rev = tl.inline_asm_elementwise("prmt.b32 $0, $1, 0, 0x0123;", "=r,r", [x], dtype=tl.uint8, is_pure=True, pack=4)
    tl.store(out_ptr + offs, rev)

