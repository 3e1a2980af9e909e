# @triton.heuristics above @triton.autotune: Triton runs the heuristics first, with the
# caller's arguments only (not the configs'); their values reach every config. WIDE, from
# a default, is computed once; the tuner then times the 2 configs of each variant.
# tl2cu: -s 'fill:*fp32,i32' --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


@triton.heuristics({'WIDE': lambda args: args['LANES'] > 2, 'BIG_N': lambda args: args['n'] > 4096})
@triton.autotune(configs=[triton.Config({'BLOCK': 128}, num_warps=4), triton.Config({'BLOCK': 256}, num_warps=8)],
                 key=['n'])
@triton.jit
def fill(x_ptr, n, BLOCK: tl.constexpr, WIDE: tl.constexpr, BIG_N: tl.constexpr, LANES: tl.constexpr = 4):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    value = 3.0 if WIDE else 1.0
    if BIG_N:
        value += 1.0
    tl.store(x_ptr + offs, value, mask=offs < n)
