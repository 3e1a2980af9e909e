# tl.dot (dot.c): both operands through shared memory; fp16 and bf16 into fp32 on tensor
# cores (mma.sync, the accumulator through shared memory too), the others on CUDA cores, one
# fused multiply-add per k. fp16 chained through a loop over K (the accumulator carried), fp32 in Triton's
# three input precisions, int8 into int32 from a given accumulator, fp16 out_dtype, bf16,
# fp8e4nv, a batched 3-D dot, an operand transposed, and an operand the same in every
# iteration of a loop (stored into shared memory once, before it), an operand whose pointer a
# loop steps (loaded an iteration ahead; on wgmma, K contiguous, copied into shared memory an
# iteration ahead), fp8 (both formats) and fp16 accumulators on the tensor cores through a
# loop, and flash attention's second dot without its softmax (a from registers, b copied
# ahead, its wgmma left running until the next iteration reads the accumulator).
# tests/gpu/dot_check.py compares
# every kernel with Triton: int8 bit for bit, floats within the bound docs/NOTES.md 49
# derives (Triton uses tensor cores: the same products, summed in another order).
# tl2cu: -s 'dot_f16_loop:*fp16,*fp16,*fp32,i32,64,32,32' -s 'dot_f32:*fp32,*fp32,*fp32,32'
# tl2cu: -s 'dot_i8:*i8,*i8,*i32,32' -s 'dot_small:*fp16,*bf16,*fp8e4nv,*fp16,*fp32,*fp32,16,32,16'
# tl2cu: -s 'dot_batched:*fp32,*fp32,*fp32,2,16,32,16' -s 'dot_trans:*fp16,*fp16,*fp32,32'
# tl2cu: -s 'dot_stationary:*fp16,*fp16,*fp32,i32,32,32,64' -s 'dot_prefetch:*fp16,*fp16,*fp32,i32,32,32,64'
# tl2cu: -s 'dot_copy_ahead:*fp16,*fp16,*fp32,i32,64,32,64' -s 'dot_left_running:*fp16,*fp16,*fp16,*fp32,i32,64,32,64'
# tl2cu: -s 'dot_low_precision:*fp8e4nv,*fp8e5,*fp16,*fp32,*fp16,*fp16,i32,64,32,32'
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


@triton.jit
def dot_stationary(w_ptr, x_ptr, o_ptr, T, M: tl.constexpr, K: tl.constexpr, N: tl.constexpr):
    # o[:, tN:(t+1)N] = w @ x[:, tN:(t+1)N] for t < T: w is loaded once and read by every
    # iteration's dot (dot.c, stationary operands); x (K x NT) and o (M x NT) row-major
    rm = tl.arange(0, M)
    rk = tl.arange(0, K)
    rn = tl.arange(0, N)
    w = tl.load(w_ptr + rm[:, None] * K + rk[None, :])
    for t in range(0, T):
        x = tl.load(x_ptr + rk[:, None] * (N * T) + (t * N + rn)[None, :])
        o = tl.dot(w, x)
        tl.store(o_ptr + rm[:, None] * (N * T) + (t * N + rn)[None, :], o)


@triton.jit
def dot_prefetch(w_ptr, x_ptr, o_ptr, T, M: tl.constexpr, K: tl.constexpr, N: tl.constexpr):
    # o = sum over t < T of w @ x[:, tN:(t+1)N], x's pointer a loop variable stepped N columns
    # an iteration: each iteration's x is loaded in the iteration before (prefetch.c). `-=`:
    # Triton (and canon.c) make `acc += tl.dot(w, x)` an accumulating dot, pipelined instead
    rm = tl.arange(0, M)
    rk = tl.arange(0, K)
    rn = tl.arange(0, N)
    w = tl.load(w_ptr + rm[:, None] * K + rk[None, :])
    x_ptrs = x_ptr + rk[:, None] * (N * T) + rn[None, :]
    acc = tl.zeros((M, N), dtype=tl.float32)
    for t in range(0, T):
        x = tl.load(x_ptrs)
        acc -= tl.dot(w, x)
        x_ptrs += N
    tl.store(o_ptr + rm[:, None] * N + rn[None, :], acc)


@triton.jit
def dot_copy_ahead(w_ptr, x_ptr, o_ptr, T, M: tl.constexpr, K: tl.constexpr, N: tl.constexpr):
    # o = sum over t < T of w @ x[tN:(t+1)N, :]^T on wgmma (M = 16 x num_warps): each block of
    # x read K contiguous (B K-major), copied into shared memory in the iteration before
    # (`-=`, not an accumulating dot: see dot_prefetch)
    rm = tl.arange(0, M)
    rk = tl.arange(0, K)
    rn = tl.arange(0, N)
    w = tl.load(w_ptr + rm[:, None] * K + rk[None, :])
    x_ptrs = x_ptr + rk[:, None] + rn[None, :] * K
    acc = tl.zeros((M, N), dtype=tl.float32)
    for t in range(0, T):
        x = tl.load(x_ptrs)
        acc -= tl.dot(w, x)
        x_ptrs += N * K
    tl.store(o_ptr + rm[:, None] * N + rn[None, :], acc)


@triton.jit
def dot_left_running(w_ptr, x_ptr, v_ptr, o_ptr, T, M: tl.constexpr, K: tl.constexpr, N: tl.constexpr):
    # o = sum over t < T of 2^(t+1-T) relu(w @ x_t^T).to(fp16) @ v_t: flash attention's two dots
    # without its softmax (x_t, v_t: rows tN.. of x and v, N x K). On wgmma the second takes p
    # from registers and v copied an iteration ahead, and runs on until acc * 0.5 reads acc;
    # v is loaded before x but read after it (the copies before the loop go in the readers' order)
    rm = tl.arange(0, M)
    rk = tl.arange(0, K)
    rn = tl.arange(0, N)
    w = tl.load(w_ptr + rm[:, None] * K + rk[None, :])
    x_ptrs = x_ptr + rk[:, None] + rn[None, :] * K
    v_ptrs = v_ptr + rn[:, None] * K + rk[None, :]
    acc = tl.zeros((M, K), dtype=tl.float32)
    for t in range(0, T):
        v = tl.load(v_ptrs)
        x = tl.load(x_ptrs)
        s = tl.dot(w, x)
        p = tl.maximum(s, 0.0).to(tl.float16)
        acc = acc * 0.5
        acc = tl.dot(p, v, acc)
        x_ptrs += N * K
        v_ptrs += N * K
    tl.store(o_ptr + rm[:, None] * K + rk[None, :], acc)


@triton.jit
def dot_low_precision(x4_ptr, x5_ptr, h_ptr, o32_ptr, o16_ptr, oh_ptr, K,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # three dots over K, masked at K, their accumulators carried (each x: A, BM x K, then
    # B, K x BN, row-major): fp8e4nv into fp32, fp8e5 into fp16 and fp16 into fp16
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc4 = tl.zeros((BM, BN), dtype=tl.float32)
    acc5 = tl.zeros((BM, BN), dtype=tl.float16)
    acch = tl.zeros((BM, BN), dtype=tl.float16)
    for k in range(0, K, BK):
        a_at = rm[:, None] * K + (k + rk)[None, :]
        b_at = BM * K + (k + rk)[:, None] * BN + rn[None, :]
        a_in = (k + rk)[None, :] < K
        b_in = (k + rk)[:, None] < K
        acc4 = tl.dot(tl.load(x4_ptr + a_at, mask=a_in, other=0.0), tl.load(x4_ptr + b_at, mask=b_in, other=0.0), acc4)
        acc5 = tl.dot(tl.load(x5_ptr + a_at, mask=a_in, other=0.0), tl.load(x5_ptr + b_at, mask=b_in, other=0.0), acc5,
                      out_dtype=tl.float16)
        acch = tl.dot(tl.load(h_ptr + a_at, mask=a_in, other=0.0), tl.load(h_ptr + b_at, mask=b_in, other=0.0), acch,
                      out_dtype=tl.float16)
    c = rm[:, None] * BN + rn[None, :]
    tl.store(o32_ptr + c, acc4)
    tl.store(o16_ptr + c, acc5)
    tl.store(oh_ptr + c, acch)
