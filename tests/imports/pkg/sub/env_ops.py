import os

import triton
import triton.language as tl

if os.environ.get("FAST_OPS", "0") == "1":
    @triton.jit
    def exp(x): return tl.math.exp2(x * 1.4426950408889634)
else:
    @triton.jit
    def exp(x): return tl.exp(x)
