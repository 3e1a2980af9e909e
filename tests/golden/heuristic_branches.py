# Heuristics written as functions with branches, as FlagGems writes them: ifs whose paths end
# in returns (or fall through to a final return) read as one conditional expression. BLOCK
# depends on a constexpr only (D = 100: 128); EVEN on run-time arguments through nested ifs
# and a final `return False`, a condition the launcher computes (two variants). The autotune
# configs go through filter() as FlagGems' `list(filter(keep, configs))`.
# tl2cu: -s 'scale_rows:*fp32:16, *fp32:16, i32, i32' -D D=100 --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


def block_size(args):
    """The block for a row of D."""
    if args["D"] <= 64:
        return 64
    elif args["D"] <= 128:
        return 128
    else:
        return 256


def is_even(args):
    if args["n"] % args["BLOCK"] == 0:
        if args["m"] % 2 == 0 or args["m"] == 1:
            return True
    return False


def keep(config):
    return config.num_warps <= 8


@triton.autotune(
    configs=list(filter(keep, [triton.Config({}, num_warps=4), triton.Config({}, num_warps=16)])), key=["n"]
)
@triton.heuristics({"BLOCK": block_size, "EVEN": is_even})
@triton.jit
def scale_rows(x_ptr, y_ptr, n, m, D: tl.constexpr, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(y_ptr + o, tl.load(x_ptr + o) * m)
    else:
        tl.store(y_ptr + o, tl.load(x_ptr + o, mask=o < n) * m, mask=o < n)
