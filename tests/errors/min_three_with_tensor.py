# min() of more than two values with a tensor among them: Triton maps min to tl.minimum of
# two (a third argument would be its propagate_nan), so tl2cu refuses it rather than guess
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr + tl.arange(0, 16), min(x, 1.0, 2.0))
