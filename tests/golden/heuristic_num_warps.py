# tl2cu: -s 'row_sum:*fp32:16, *fp32:16, i32:16' -D BLOCK=2048 --grid 'n'
# A @triton.heuristics value for num_warps is the launch's num_warps, as Triton's Heuristics
# passes it to the launch (8 here, where tl2cu had taken Triton's default of 4 in silence: the
# sum's layout, and so its order, were not Triton's). --num-warps on the command line gives
# the launch's own (the drop-in harness does), and then the heuristic is not evaluated: triton-
# kernels' cross_entropy has `lambda nargs: num_warps(nargs["N"])`, an if-chain over a run-time N.
import triton
import triton.language as tl


@triton.heuristics({"num_warps": lambda args: 8 if args["BLOCK"] >= 2048 else 4})
@triton.jit
def row_sum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * BLOCK + cols)
    tl.store(out_ptr + row, tl.sum(x, axis=0))
