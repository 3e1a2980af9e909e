import triton.language as tl

SCALE = tl.constexpr(3)
