# @triton.heuristics under @triton.autotune (Triton calls the heuristics with each config's
# values): EVEN reads the config's BLOCK and the run-time n, so each of the 2 configs has
# 2 variants; the tuner times each config with the variant its heuristics pick, and
# HALF, from the config alone, is computed per config. tests/golden/heuristics_above_autotune.py
# has the other order.
# tl2cu: -s 'fill:*fp32,i32' --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({'BLOCK': 128}, num_warps=4), triton.Config({'BLOCK': 256}, num_warps=8)],
                 key=['n'])
@triton.heuristics({'EVEN': lambda args: args['n'] % args['BLOCK'] == 0, 'HALF': lambda args: args['BLOCK'] // 2})
@triton.jit
def fill(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr, HALF: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(x_ptr + offs, 1.0 * HALF)
    else:
        tl.store(x_ptr + offs, 2.0 * HALF, mask=offs < n)
