# tl.dot with --experimental-mma (dot.c, layout.c): the result held in registers as mma.sync
# accumulators across a loop over K (fp16), an int8 dot into int32 and a tf32 dot on the
# tensor cores. Written, not yet run on a GPU: this golden keeps the path translating and
# compiling until tests/gpu checks it against Triton (then the option becomes the default).
# tl2cu: --experimental-mma --grid 1
# tl2cu: -s 'mma_f16_loop:*fp16,*fp16,*fp32,i32,64,32,32' -s 'mma_i8:*i8,*i8,*i32,32' -s 'mma_tf32:*fp32,*fp32,*fp32,32'
import triton
import triton.language as tl


@triton.jit
def mma_f16_loop(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
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
def mma_i8(a_ptr, b_ptr, c_ptr, B: tl.constexpr):
    r = tl.arange(0, B)
    a = tl.load(a_ptr + r[:, None] * B + r[None, :])
    b = tl.load(b_ptr + r[:, None] * B + r[None, :])
    c = r[:, None] * B + r[None, :]
    tl.store(c_ptr + c, tl.dot(a, b, tl.full((B, B), 7, tl.int32), out_dtype=tl.int32))


@triton.jit
def mma_tf32(a_ptr, b_ptr, c_ptr, B: tl.constexpr):
    r = tl.arange(0, B)
    a = tl.load(a_ptr + r[:, None] * B + r[None, :])
    b = tl.load(b_ptr + r[:, None] * B + r[None, :])
    c = r[:, None] * B + r[None, :]
    tl.store(c_ptr + c, tl.dot(a, b))
