# @triton.heuristics on run-time arguments, as published kernels write them: BLOCK is a
# function of triton.next_power_of_2(n) (3 values here: a variant each, the launcher picks
# one and refuses an n that gives none), EVEN_N a module-level function rather than a
# lambda, SCALE reads the constexpr DO_SCALE that the file's own launch passes.
# tl2cu: -s 'scale_rows:*fp32,i32' --grid '1'
import triton
import triton.language as tl


def even_n(args):
    """n fills whole blocks: no mask needed."""
    return args['n'] % args['BLOCK'] == 0


@triton.heuristics({
    'BLOCK': lambda args: max(16, min(triton.next_power_of_2(args['n']), 64)),
    'EVEN_N': even_n,
    'SCALE': lambda args: 2.0 if args['DO_SCALE'] else 1.0,
})
@triton.jit
def scale_rows(x_ptr, n, DO_SCALE: tl.constexpr, BLOCK: tl.constexpr, EVEN_N: tl.constexpr, SCALE: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if EVEN_N:
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) * SCALE)
    else:
        m = offs < n
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=m) * SCALE, mask=m)


def run(x):
    scale_rows[(1,)](x, x.numel(), DO_SCALE=True)
