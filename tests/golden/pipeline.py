# Pipelined dots (dot.c, Triton's num_stages): a loop's tl.dot runs each iteration's mma
# num_stages - 1 iterations later, its operand loads copied straight into one of
# num_stages + 1 buffers (cp.async where aligned) and in flight meanwhile; the last mmas run
# after the loop. late_f16 and late_i8 pipeline over the default 3 stages; in read_in_loop
# the dot's result is read in the loop (stored each step), so its dot is not pipelined.
# two_acc's two dots take separate buffers, one after the other, and share a (computed: not
# copied) operand; stages_2 asks for 2 stages through tl.range, and stored_in_loop's store
# in the loop keeps its loads out of the copies (a copy in flight must not read what the
# loop writes): they are stored from registers after the mma. (--num-stages 3 is the
# default, given here because the option once took powers of two only.) --target sm_90:
# this golden keeps the mma.sync pipelines; wgmma.py and `make gpu-inputs`' pipeline_wgmma
# (--target sm_90a, the default) print those on warpgroup MMA.
# tl2cu: --grid 1 --num-stages 3 --target sm_90
# tl2cu: -s 'late_f16:*fp16,*fp16,*fp32,i32,64,64,32' -s 'late_i8:*i8,*i8,*i32,i32,32,32,32'
# tl2cu: -s 'read_in_loop:*fp16,*fp16,*fp32,i32,32,32,16' -s 'two_acc:*fp16,*fp16,*fp32,*fp32,i32,32,32,16'
# tl2cu: -s 'stages_2:*fp16,*fp16,*fp32,i32,32,32,16' -s 'stored_in_loop:*fp16,*fp16,*fp32,*fp16,i32,32,32,16'
import triton
import triton.language as tl


@triton.jit
def late_f16(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :], mask=(k + rk)[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], tl.maximum(acc, 0.0))


@triton.jit
def late_i8(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0)
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :], mask=(k + rk)[:, None] < K, other=0)
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


@triton.jit
def read_in_loop(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
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
def two_acc(a_ptr, b_ptr, c_ptr, d_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    acc2 = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :], mask=(k + rk)[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
        acc2 = tl.dot(a * 2, b, acc2)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)
    tl.store(d_ptr + rm[:, None] * BN + rn[None, :], acc2)


@triton.jit
def stages_2(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=2):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :], mask=(k + rk)[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


@triton.jit
def stored_in_loop(a_ptr, b_ptr, c_ptr, d_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :], mask=(k + rk)[:, None] < K, other=0.0)
        tl.store(d_ptr + rm[:, None] * K + (k + rk)[None, :], a + 1, mask=(k + rk)[None, :] < K)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)
