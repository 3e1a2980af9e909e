# tl.atomic_*: every operation on blocks and scalars, with masks, sem and scope, the old
# values returned as Triton returns them (tests/gpu/atomics_check.py runs each beside
# Triton), and tutorial 05's spin lock.
# tl2cu: -s 'histogram:*i32,*i32,*i32,i32' -s 'block_ops:*i32,*u32,*i64,*fp32,*fp64,*i32,*u32,*i64,*fp32,*fp64,i32'
# tl2cu: -s 'float_order:*fp32,*fp64,*fp32,*fp32,*fp64,*fp64,*fp32,*fp32,i32' -s 'half_add:*fp16,*bf16,*fp16,*bf16,*fp16,*bf16,i32'
# tl2cu: -s 'scalar_ops:*i32,*i32,*fp32,*i32' -s 'small_block:*i32,*i32,*i32' -s 'exchange:*i32,*i64,*fp32,*i32,*i64,*fp32,i32'
# tl2cu: -s 'locked_sum:*fp32,*fp32,*i32,*i32,i32' --num-warps 4
import triton
import triton.language as tl


@triton.jit
def histogram(x_ptr, bins_ptr, olds_ptr, n):
    # many programs add into few bins: the counts are exact, the old values a permutation
    offs = tl.program_id(0) * 256 + tl.arange(0, 256)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    old = tl.atomic_add(bins_ptr + (x & 15), 1, mask=mask)
    tl.store(olds_ptr + offs, old, mask=mask)


@triton.jit
def block_ops(i_ptr, u_ptr, l_ptr, f_ptr, d_ptr, oi_ptr, ou_ptr, ol_ptr, of_ptr, od_ptr, n):
    # each element has its own address: the old values are the memory before
    offs = tl.arange(0, 128)
    mask = offs < n
    vi = offs * 3 - 100
    tl.store(oi_ptr + offs, tl.atomic_max(i_ptr + offs, vi, mask=mask, sem="relaxed"), mask=mask)
    tl.store(oi_ptr + 128 + offs, tl.atomic_min(i_ptr + 128 + offs, vi, mask=mask, scope="cta"), mask=mask)
    tl.store(oi_ptr + 256 + offs, tl.atomic_and(i_ptr + 256 + offs, vi, mask=mask, sem="acquire"), mask=mask)
    tl.store(oi_ptr + 384 + offs, tl.atomic_or(i_ptr + 384 + offs, vi, mask=mask, sem="release", scope="sys"), mask=mask)
    tl.store(oi_ptr + 512 + offs, tl.atomic_xor(i_ptr + 512 + offs, vi, mask=mask), mask=mask)
    vu = (offs * 40000000).to(tl.uint32)
    tl.store(ou_ptr + offs, tl.atomic_max(u_ptr + offs, vu, mask=mask), mask=mask)
    tl.store(ou_ptr + 128 + offs, tl.atomic_min(u_ptr + 128 + offs, vu, mask=mask), mask=mask)
    tl.store(ou_ptr + 256 + offs, tl.atomic_add(u_ptr + 256 + offs, vu, mask=mask), mask=mask)
    vl = offs.to(tl.int64) * 70000000000 - 3000000000000
    tl.store(ol_ptr + offs, tl.atomic_add(l_ptr + offs, vl, mask=mask), mask=mask)
    tl.store(ol_ptr + 128 + offs, tl.atomic_max(l_ptr + 128 + offs, vl, mask=mask), mask=mask)
    tl.store(ol_ptr + 256 + offs, tl.atomic_min(l_ptr + 256 + offs, vl, mask=mask), mask=mask)
    vf = offs.to(tl.float32) * 0.37 - 20.0
    tl.store(of_ptr + offs, tl.atomic_add(f_ptr + offs, vf, mask=mask), mask=mask)
    vd = offs.to(tl.float64) * 0.37 - 20.0
    tl.store(od_ptr + offs, tl.atomic_add(d_ptr + offs, vd, mask=mask, sem="acq_rel", scope="gpu"), mask=mask)


@triton.jit
def float_order(f_ptr, d_ptr, vf_ptr, of_ptr, vd_ptr, od_ptr, f2_ptr, of2_ptr, n):
    # fp32/fp64 max and min through the integer trick, on signed zeros, infinities, NaNs
    offs = tl.arange(0, 64)
    mask = offs < n
    vf = tl.load(vf_ptr + offs, mask=mask, other=0.0)
    vd = tl.load(vd_ptr + offs, mask=mask, other=0.0)
    tl.store(of_ptr + offs, tl.atomic_max(f_ptr + offs, vf, mask=mask), mask=mask)
    tl.store(od_ptr + offs, tl.atomic_min(d_ptr + offs, vd, mask=mask), mask=mask)
    tl.store(of2_ptr + offs, tl.atomic_min(f2_ptr + offs, vf, mask=mask), mask=mask)


@triton.jit
def half_add(h_ptr, b_ptr, vh_ptr, vb_ptr, oh_ptr, ob_ptr, n):
    offs = tl.arange(0, 256)
    mask = offs < n
    vh = tl.load(vh_ptr + offs, mask=mask, other=0.0)
    vb = tl.load(vb_ptr + offs, mask=mask, other=0.0)
    tl.store(oh_ptr + offs, tl.atomic_add(h_ptr + (offs & 7), vh, mask=mask), mask=mask)
    tl.store(ob_ptr + offs, tl.atomic_add(b_ptr + offs, vb, mask=mask), mask=mask)


@triton.jit
def scalar_ops(counter_ptr, out_ptr, total_ptr, ticket_ptr):
    # a scalar atomic happens once per program, and every thread sees its old value
    pid = tl.program_id(0)
    ticket = tl.atomic_add(counter_ptr, 1)
    tl.atomic_add(total_ptr, 0.5)
    tl.store(ticket_ptr + pid, ticket)
    tl.store(out_ptr + pid * 128 + tl.arange(0, 128), ticket + tl.arange(0, 128))
    tl.atomic_max(counter_ptr + 1, pid)


@triton.jit
def small_block(x_ptr, old_ptr, wide_ptr):
    # 16 elements, 128 threads: each atomic once, the old values in every thread
    offs = tl.arange(0, 16)
    old = tl.atomic_add(x_ptr + offs, offs + 1)
    tl.store(old_ptr + offs, old)
    wide = old[:, None] + tl.arange(0, 32)[None, :]
    tl.store(wide_ptr + offs[:, None] * 32 + tl.arange(0, 32)[None, :], wide)


@triton.jit
def exchange(i_ptr, l_ptr, f_ptr, oi_ptr, ol_ptr, of_ptr, n):
    offs = tl.arange(0, 128)
    mask = offs < n
    tl.store(oi_ptr + offs, tl.atomic_xchg(i_ptr + offs, offs, mask=mask), mask=mask)
    tl.store(ol_ptr + offs, tl.atomic_cas(l_ptr + offs, (offs % 3).to(tl.int64), offs.to(tl.int64) + 100), mask=mask)
    tl.store(of_ptr + offs, tl.atomic_xchg(f_ptr + offs, offs.to(tl.float32) * 0.25, mask=mask), mask=mask)


@triton.jit
def locked_sum(x_ptr, sums_ptr, lock_ptr, count_ptr, n):
    # tutorial 05's pattern: a spin lock around a read-modify-write of a shared row
    pid = tl.program_id(0)
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + pid * 128 + offs)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    count = tl.load(count_ptr)
    if count == 0:
        tl.atomic_xchg(count_ptr, 1)
    else:
        x += tl.load(sums_ptr + offs)
    tl.store(sums_ptr + offs, x)
    tl.debug_barrier()
    tl.atomic_xchg(lock_ptr, 0)
