# Triton's Philox generator (tl.rand & co., python/triton/language/random.py) in the
# forms kernels use it; tests/gpu/random_check.py runs every kernel beside Triton on the
# same inputs (several seeds, a partial last block) and compares the bits.
# streams_i32: every entry point on a block of int32 offsets with a run-time int32 seed.
# streams_i64: int64 offsets (high halves set, negative ones too) and an int64 seed.
# scalar_offset: run-time scalar offsets, in a loop.
# const_seeds: literal seeds (0, -1 sign-extended, 2**40 + 7 as int64): constant keys.
# philox_direct: tl.philox with n_rounds=7 on four loaded counter blocks (uint32 and
#   int32, bitcast), and tl.philox_impl on them with loaded keys.
# philox_wide: tl.philox on 64-bit counters is 64-bit Philox, uint64 results.
# uniform_normal: tl.uint_to_uniform_float of loaded int32, uint32 and int64 values (also
#   spelled tl.random.uint_to_uniform_float), tl.pair_uniform_to_normal of loaded floats.
# _seeded_dropout: the seeded dropout of Triton's tutorial 04 (its n_elements and
#   BLOCK_SIZE named n and BLOCK here, for the one --grid).
# rand_fma: rand's and randn's last multiply meeting an add: contracted into an fma, as
#   in Triton's inlined code (shifted, centered), except where Triton's layouts differ:
#   noisy's tl.rand is computed in another layout than x and reaches the add through
#   shared memory, so Triton rounds the product (docs/NOTES.md 29; the check reports it).
# tl2cu: -s 'streams_i32:*u32,*fp32,i32,i32' -s 'streams_i64:*u32,*fp32,i32,i64,i64'
# tl2cu: -s 'scalar_offset:*u32,*fp32,i32,i32,i32' -s 'const_seeds:*u32,*fp32,i32'
# tl2cu: -s 'philox_direct:*u32,*i32,*u32,*i32,*u32,*u32,i32,i64'
# tl2cu: -s 'philox_wide:*i64,*u64,*i64,*u64,*u64,*fp32,i32,i64'
# tl2cu: -s 'uniform_normal:*i32,*u32,*i64,*fp32,*fp32,*fp32,i32'
# tl2cu: -s '_seeded_dropout:*fp32,*fp32,i32,fp32,i32' -s 'rand_fma:*fp32,*fp32,i32,i32'
# tl2cu: -D BLOCK=256 --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


@triton.jit
def streams_i32(u_ptr, f_ptr, n, seed, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(u_ptr + offsets, tl.randint(seed, offsets), mask=mask)
    i1, i2, i3, i4 = tl.randint4x(seed, offsets)
    tl.store(u_ptr + n + offsets, i1, mask=mask)
    tl.store(u_ptr + 2 * n + offsets, i2, mask=mask)
    tl.store(u_ptr + 3 * n + offsets, i3, mask=mask)
    tl.store(u_ptr + 4 * n + offsets, i4, mask=mask)
    tl.store(f_ptr + offsets, tl.rand(seed, offsets), mask=mask)
    tl.store(f_ptr + n + offsets, tl.randn(seed, offsets), mask=mask)
    u1, u2, u3, u4 = tl.rand4x(seed, offsets)
    tl.store(f_ptr + 2 * n + offsets, u1, mask=mask)
    tl.store(f_ptr + 3 * n + offsets, u2, mask=mask)
    tl.store(f_ptr + 4 * n + offsets, u3, mask=mask)
    tl.store(f_ptr + 5 * n + offsets, u4, mask=mask)
    n1, n2, n3, n4 = tl.randn4x(seed, offsets)
    tl.store(f_ptr + 6 * n + offsets, n1, mask=mask)
    tl.store(f_ptr + 7 * n + offsets, n2, mask=mask)
    tl.store(f_ptr + 8 * n + offsets, n3, mask=mask)
    tl.store(f_ptr + 9 * n + offsets, n4, mask=mask)


@triton.jit
def streams_i64(u_ptr, f_ptr, n, seed, base, BLOCK: tl.constexpr):
    index = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = index < n
    offsets = base + index  # int64
    i1, i2, i3, i4 = tl.randint4x(seed, offsets)
    tl.store(u_ptr + index, i1, mask=mask)
    tl.store(u_ptr + n + index, i2, mask=mask)
    tl.store(u_ptr + 2 * n + index, i3, mask=mask)
    tl.store(u_ptr + 3 * n + index, i4, mask=mask)
    tl.store(f_ptr + index, tl.rand(seed, offsets), mask=mask)
    tl.store(f_ptr + n + index, tl.randn(seed, offsets), mask=mask)


@triton.jit
def scalar_offset(u_ptr, f_ptr, n, seed, base, BLOCK: tl.constexpr):
    for j in range(BLOCK):
        i = tl.program_id(0) * BLOCK + j
        offset = base + i
        a, b, c, d = tl.randint4x(seed, offset)
        tl.store(u_ptr + 4 * i, a, mask=i < n)
        tl.store(u_ptr + 4 * i + 1, b, mask=i < n)
        tl.store(u_ptr + 4 * i + 2, c, mask=i < n)
        tl.store(u_ptr + 4 * i + 3, d, mask=i < n)
        tl.store(f_ptr + 2 * i, tl.rand(seed, offset), mask=i < n)
        tl.store(f_ptr + 2 * i + 1, tl.randn(seed, offset), mask=i < n)


@triton.jit
def const_seeds(u_ptr, f_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(u_ptr + offsets, tl.randint(0, offsets), mask=mask)
    tl.store(u_ptr + n + offsets, tl.randint(-1, offsets), mask=mask)
    tl.store(u_ptr + 2 * n + offsets, tl.randint(2**40 + 7, offsets), mask=mask)
    tl.store(f_ptr + offsets, tl.rand(12345, offsets), mask=mask)
    tl.store(f_ptr + n + offsets, tl.randn(2**40 + 7, offsets), mask=mask)


@triton.jit
def philox_direct(a_ptr, b_ptr, c_ptr, d_ptr, k_ptr, out_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)  # uint32
    b = tl.load(b_ptr + offs, mask=mask, other=0)  # int32
    c = tl.load(c_ptr + offs, mask=mask, other=0)  # uint32
    d = tl.load(d_ptr + offs, mask=mask, other=0)  # int32
    p0, p1, p2, p3 = tl.philox(seed, a, b, c, d, n_rounds=7)
    tl.store(out_ptr + offs, p0, mask=mask)
    tl.store(out_ptr + n + offs, p1, mask=mask)
    tl.store(out_ptr + 2 * n + offs, p2, mask=mask)
    tl.store(out_ptr + 3 * n + offs, p3, mask=mask)
    k0 = tl.load(k_ptr + offs, mask=mask, other=0)
    k1 = tl.load(k_ptr + n + offs, mask=mask, other=0)
    b32 = b.to(tl.uint32, bitcast=True)
    d32 = d.to(tl.uint32, bitcast=True)
    q0, q1, q2, q3 = tl.philox_impl(a, b32, c, d32, k0, k1)
    tl.store(out_ptr + 4 * n + offs, q0, mask=mask)
    tl.store(out_ptr + 5 * n + offs, q1, mask=mask)
    tl.store(out_ptr + 6 * n + offs, q2, mask=mask)
    tl.store(out_ptr + 7 * n + offs, q3, mask=mask)


@triton.jit
def philox_wide(a_ptr, b_ptr, c_ptr, d_ptr, out_ptr, f_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)  # int64
    b = tl.load(b_ptr + offs, mask=mask, other=0)  # uint64
    c = tl.load(c_ptr + offs, mask=mask, other=0)  # int64
    d = tl.load(d_ptr + offs, mask=mask, other=0)  # uint64
    w0, w1, w2, w3 = tl.philox(seed, a, b, c, d)
    tl.store(out_ptr + offs, w0, mask=mask)
    tl.store(out_ptr + n + offs, w1, mask=mask)
    tl.store(out_ptr + 2 * n + offs, w2, mask=mask)
    tl.store(out_ptr + 3 * n + offs, w3, mask=mask)
    tl.store(f_ptr + offs, tl.uint_to_uniform_float(w0), mask=mask)


@triton.jit
def uniform_normal(i_ptr, u_ptr, l_ptr, x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i = tl.load(i_ptr + offs, mask=mask, other=0)  # int32
    u = tl.load(u_ptr + offs, mask=mask, other=0)  # uint32
    w = tl.load(l_ptr + offs, mask=mask, other=0)  # int64
    tl.store(out_ptr + offs, tl.uint_to_uniform_float(i), mask=mask)
    tl.store(out_ptr + n + offs, tl.random.uint_to_uniform_float(u), mask=mask)
    tl.store(out_ptr + 2 * n + offs, tl.uint_to_uniform_float(w), mask=mask)
    x = tl.load(x_ptr + offs, mask=mask, other=0.5)
    y = tl.load(y_ptr + offs, mask=mask, other=0.5)
    z1, z2 = tl.pair_uniform_to_normal(x, y)
    tl.store(out_ptr + 3 * n + offs, z1, mask=mask)
    tl.store(out_ptr + 4 * n + offs, z2, mask=mask)


@triton.jit
def _seeded_dropout(x_ptr, output_ptr, n, p, seed, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK
    offsets = block_start + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    random = tl.rand(seed, offsets)
    x_keep = random > p
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(output_ptr + offsets, output, mask=mask)


@triton.jit
def rand_fma(x_ptr, out_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    noisy = x + tl.rand(seed, offs)
    shifted = 0.5 + 1.5 * tl.randn(seed, offs)
    centered = tl.rand(seed, offs) * 3.0 - 1.0
    tl.store(out_ptr + offs, noisy, mask=mask)
    tl.store(out_ptr + n + offs, shifted, mask=mask)
    tl.store(out_ptr + 2 * n + offs, centered, mask=mask)
