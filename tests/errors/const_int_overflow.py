import triton
import triton.language as tl

# Python's integers do not overflow; the translator's compile-time ones are int64, so
# 2**62 * 4 is an error (it used to wrap to 0 and store 0 for 2**61). `big` is a constexpr:
# assigned without the annotation it would be an int64 tensor, whose product wraps in Triton
# too (tests/golden/assigned_scalars.py).
@triton.jit
def k(x_ptr: "*i64"):
    big: tl.constexpr = 2 ** 62
    tl.store(x_ptr, big * 4 // 8)
