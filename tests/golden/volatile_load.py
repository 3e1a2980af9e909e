# Loads with volatile=True are read through a volatile pointer, element by element, as
# Triton's ld.volatile: program 0 waits for a flag that program 1 sets, which a plain load
# (read once, before the loop) would not see; the wait gives up after 10^7 reads, so a
# wrong translation stores 0 instead of hanging (tests/gpu/volatile_check.py).
# tl2cu: -s 'wait_flag:*i32,*i32,*fp32,*fp32' -D BLOCK=128
import triton
import triton.language as tl


@triton.jit
def wait_flag(flag_ptr, out_ptr, x_ptr, y_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    if pid == 1:
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < 100, other=-1.0, volatile=True))
        tl.atomic_xchg(flag_ptr, 7)
    else:
        seen = tl.load(flag_ptr, volatile=True)
        tries = 0
        while (seen == 0) & (tries < 10000000):
            seen = tl.load(flag_ptr, volatile=True)
            tries += 1
        tl.store(out_ptr, seen)
