import triton
import triton.language as tl

# Python's integers do not overflow; the translator's compile-time ones are int64, so
# 2**62 * 4 is an error (it used to wrap to 0 and store 0 for 2**61).
@triton.jit
def k(x_ptr: "*i64"):
    big = 2 ** 62
    tl.store(x_ptr, big * 4 // 8)
