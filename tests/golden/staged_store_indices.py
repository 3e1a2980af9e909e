# An mma tile stored through shared memory in 16-byte runs (access.c emit_staged_store)
# whose address and mask read index blocks held in a blocked layout of other runs (a run
# template's kRun = 8 in the aligned variant, 2 in the plain one): those are recomputed at
# the staged runs' own elements, not read from their arrays (convert.c assign_alike). The
# fuzz kernel k4012 stored columns 4-7 at 8-11 so (H100, 2026-12-07). Three spellings:
# indices named and an offset block (as the fuzz wrote it), the address inline, and the
# mask and offsets named before the loop with `acc +=`.
# tl2cu: -s 'named:*fp16,*fp16,*fp32,i32,i32' -s 'inline_address:*fp16,*fp16,*fp32,i32,i32' -s 'before:*fp16,*fp16,*fp32,i32,i32'
import triton
import triton.language as tl


@triton.jit
def named(x0, x1, o0, M, N):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * 32 + tl.arange(0, 32)
    rn = pid_n * 32 + tl.arange(0, 32)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    offs = rm[:, None] * N + rn[None, :]
    rk = tl.arange(0, 32)
    acc = tl.zeros((32, 32), dtype=tl.float32)
    for k in range(0, tl.cdiv(N, 32)):
        kk = k * 32 + rk
        a = tl.load(x0 + rm[:, None] * N + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < N), other=0.0)
        b = tl.load(x1 + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < N) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(o0 + offs, tl.where(acc > 0, acc, acc * 0.5), mask=mask)


@triton.jit
def inline_address(x0, x1, o0, M, N):
    rm = tl.program_id(0) * 32 + tl.arange(0, 32)
    rn = tl.program_id(1) * 32 + tl.arange(0, 32)
    acc = tl.zeros((32, 32), dtype=tl.float32)
    for k in range(0, tl.cdiv(N, 32)):
        kk = k * 32 + tl.arange(0, 32)
        a = tl.load(x0 + rm[:, None] * N + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < N), other=0.0)
        b = tl.load(x1 + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < N) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(o0 + (rm[:, None] * N + rn[None, :]), acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def before(x0, x1, o0, M, N):
    rn = tl.program_id(1) * 32 + tl.arange(0, 32)
    rm = tl.arange(0, 32) + 32 * tl.program_id(0)
    o_ptrs = o0 + N * rm[:, None] + rn[None, :]
    o_mask = (rn[None, :] < N) & (rm[:, None] < M)
    acc = tl.zeros((32, 32), dtype=tl.float32)
    for k in range(0, tl.cdiv(N, 32)):
        kk = tl.arange(0, 32) + k * 32
        a = tl.load(x0 + rm[:, None] * N + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < N), other=0.0)
        b = tl.load(x1 + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < N) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(o_ptrs, acc * 2.0, mask=o_mask)
