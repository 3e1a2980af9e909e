import triton
import triton.language as tl


@triton.heuristics({"num_warps": lambda args: 3 * args["BLOCK"] // 64})
@triton.jit
def k(x, BLOCK: tl.constexpr):
    tl.store(x + tl.arange(0, BLOCK), 1.0)
