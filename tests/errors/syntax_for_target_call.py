import triton
import triton.language as tl


def launch_all(grids):
    for grid() in grids:
        pass


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
