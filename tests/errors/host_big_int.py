# A Python int beyond int64 is fine in host code; a kernel that reads one is told where it came from.
import triton
import triton.language as tl

HUGE = tl.constexpr(1 << 64)


@triton.jit
def k(x_ptr):
    tl.store(x_ptr, HUGE)
