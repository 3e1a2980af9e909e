# tl.dot (dot.c): both operands through shared memory; fp16 and bf16 into fp32 on tensor
# cores (mma.sync, the accumulator through shared memory too), the others on CUDA cores, one
# fused multiply-add per k. fp16 chained through a loop over K (the accumulator carried), fp32 in Triton's
# three input precisions, int8 into int32 from a given accumulator, fp16 out_dtype, bf16,
# fp8e4nv, a batched 3-D dot and an operand transposed. tests/gpu/dot_check.py compares
# every kernel with Triton: int8 bit for bit, floats within the bound docs/NOTES.md 49
# derives (Triton uses tensor cores: the same products, summed in another order).
# tl2cu: -s 'dot_f16_loop:*fp16,*fp16,*fp32,i32,64,32,32' -s 'dot_f32:*fp32,*fp32,*fp32,32'
# tl2cu: -s 'dot_i8:*i8,*i8,*i32,32' -s 'dot_small:*fp16,*bf16,*fp8e4nv,*fp16,*fp32,*fp32,16,32,16'
# tl2cu: -s 'dot_batched:*fp32,*fp32,*fp32,2,16,32,16' -s 'dot_trans:*fp16,*fp16,*fp32,32'
# tl2cu: --grid 1
import triton
import triton.language as tl


@triton.jit
def dot_f16_loop(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :], mask=(k + rk)[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


@triton.jit
def dot_f32(a_ptr, b_ptr, c_ptr, B: tl.constexpr):
    r = tl.arange(0, B)
    a = tl.load(a_ptr + r[:, None] * B + r[None, :])
    b = tl.load(b_ptr + r[:, None] * B + r[None, :])
    c = r[:, None] * B + r[None, :]
    tl.store(c_ptr + c, tl.dot(a, b))  # tf32, the default
    tl.store(c_ptr + B * B + c, tl.dot(a, b, input_precision="tf32x3"))
    tl.store(c_ptr + 2 * B * B + c, tl.dot(a, b, input_precision="ieee"))
    tl.store(c_ptr + 3 * B * B + c, tl.dot(a, b, allow_tf32=False))


@triton.jit
def dot_i8(a_ptr, b_ptr, c_ptr, B: tl.constexpr):
    r = tl.arange(0, B)
    a = tl.load(a_ptr + r[:, None] * B + r[None, :])
    b = tl.load(b_ptr + r[:, None] * B + r[None, :])
    c = r[:, None] * B + r[None, :]
    tl.store(c_ptr + c, tl.dot(a, b, tl.full((B, B), 7, tl.int32), out_dtype=tl.int32))


@triton.jit
def dot_small(h_ptr, bf_ptr, f8_ptr, o16_ptr, obf_ptr, of8_ptr, M: tl.constexpr, K: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rk = tl.arange(0, K)
    rn = tl.arange(0, N)
    c = rm[:, None] * N + rn[None, :]
    a_at = rm[:, None] * K + rk[None, :]
    b_at = M * K + rk[:, None] * N + rn[None, :]
    h = tl.dot(tl.load(h_ptr + a_at), tl.load(h_ptr + b_at), out_dtype=tl.float16)
    tl.store(o16_ptr + c, h)
    tl.store(obf_ptr + c, tl.dot(tl.load(bf_ptr + a_at), tl.load(bf_ptr + b_at)))
    tl.store(of8_ptr + c, tl.dot(tl.load(f8_ptr + a_at), tl.load(f8_ptr + b_at)))


@triton.jit
def dot_batched(a_ptr, b_ptr, c_ptr, NB: tl.constexpr, M: tl.constexpr, K: tl.constexpr, N: tl.constexpr):
    rb = tl.arange(0, NB)[:, None, None]
    a = tl.load(a_ptr + rb * M * K + tl.arange(0, M)[None, :, None] * K + tl.arange(0, K)[None, None, :])
    b = tl.load(b_ptr + rb * K * N + tl.arange(0, K)[None, :, None] * N + tl.arange(0, N)[None, None, :])
    c = rb * M * N + tl.arange(0, M)[None, :, None] * N + tl.arange(0, N)[None, None, :]
    tl.store(c_ptr + c, tl.dot(a, b, input_precision="ieee"))


@triton.jit
def dot_trans(a_ptr, bt_ptr, c_ptr, B: tl.constexpr):
    r = tl.arange(0, B)
    a = tl.load(a_ptr + r[:, None] * B + r[None, :])
    bt = tl.load(bt_ptr + r[:, None] * B + r[None, :])
    tl.store(c_ptr + r[:, None] * B + r[None, :], tl.dot(a, tl.trans(bt)))
