# IR after tracing: a while loop whose condition is an atomic (computed in the body, then
# break_unless), an if/else on a loaded scalar, a barrier.
# tl2cu: -s 'spin_lock:*fp32,*i32,*i32'
import triton
import triton.language as tl


@triton.jit
def spin_lock(sums_ptr, lock_ptr, count_ptr):
    offs = tl.arange(0, 128)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    if tl.load(count_ptr) == 0:
        tl.atomic_xchg(count_ptr, 1)
    else:
        tl.store(sums_ptr + offs, tl.load(sums_ptr + offs) + 1.0)
    tl.debug_barrier()
    tl.atomic_xchg(lock_ptr, 0)
