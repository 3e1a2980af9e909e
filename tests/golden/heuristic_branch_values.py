# A run-time heuristic that chooses by a condition between next_power_of_2(...) of an argument
# and constants, as FlagGems' quantile writes `heur_block_n(args)`: its values are those of
# each branch (here 32 and 64 from the first, 32 and 16 from the others: three variants); the
# launcher computes the function as Python would and picks the variant of its value.
# tl2cu: -s 'row_sums:*fp32:16, *fp32:16, i32' --grid 'cdiv(n, BLOCK_N)'
import triton
import triton.language as tl


def block_n(args):
    if args["n"] >= 4096:
        return max(32, min(triton.next_power_of_2(triton.cdiv(args["n"], 128)), 64))
    elif args["n"] >= 64:
        return 32
    return 16


@triton.heuristics(values={"BLOCK_N": block_n})
@triton.jit
def row_sums(x_ptr, out_ptr, n, BLOCK_N: tl.constexpr):
    o = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    tl.store(out_ptr + tl.program_id(0), tl.sum(tl.load(x_ptr + o, mask=o < n, other=0.0), 0))
