import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 1024, "ROWS": 2}, num_warps=4),
                          triton.Config({"BLOCK": 256, "ROWS": 1}, num_warps=2)], key=["n"])
@triton.jit
def scale(x_ptr, n, BLOCK: tl.constexpr, ROWS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK * ROWS + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)
