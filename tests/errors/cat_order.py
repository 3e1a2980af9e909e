import triton
import triton.language as tl


# Measured on the H200 (Triton 3.6, 8 warps): Triton's result was neither x followed by
# 2y nor a per-thread interleaving tl2cu could know without Triton's layouts
@triton.jit
def cat_f32(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    z = tl.cat(tl.load(x_ptr + tl.arange(0, N)), tl.load(y_ptr + tl.arange(0, N)) * 2.0, can_reorder=True)
    tl.store(out_ptr + tl.arange(0, 2 * N), z)
