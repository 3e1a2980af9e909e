# Autotune configs in the forms published code builds them, all computed by tl2cu: a
# comprehension with tuple targets, nested fors and an if; itertools.product; a helper
# returning a comprehension; a module-level loop appending to a list; lists joined with +.
# The autotuner's other arguments are accepted: prune_configs_by is host code tl2cu does
# not run (a note: every config is kept), reset_to_zero and restore_value are kept exact
# by restoring what every trial writes, atomics included (y_ptr in _written).
# tl2cu: -s 'partial_sum:*fp32,*fp32,i32' --grid 'cdiv(n, BLOCK)'
import itertools

import triton
import triton.language as tl

TUPLES = [triton.Config({'BLOCK': b, 'CHUNK': c}, num_stages=s, num_warps=w)
          for b, (c, s), w in [(128, (64, 1), 4), (256, (256, 2), 4)] if c <= b and w == 4]
PRODUCT = [triton.Config({'BLOCK': b, 'CHUNK': c}, num_warps=2)
           for b, c in itertools.product([512], [128, 256]) if c < b]


def helper_configs(blocks):
    return [triton.Config({'BLOCK': b, 'CHUNK': b}, num_warps=8) for b in blocks for _ in range(1)]


LOOPED = []
for b in (1024,):
    LOOPED.append(triton.Config({'BLOCK': b, 'CHUNK': 512}, num_warps=8))


def early_prune(configs, named_args, **kwargs):
    return [c for c in configs if c.kwargs['BLOCK'] <= named_args['n']]


@triton.autotune(
    configs=TUPLES + PRODUCT + helper_configs([64]) + LOOPED,
    key=['n'],
    prune_configs_by={'early_config_prune': early_prune},
    reset_to_zero=['y_ptr'],
    restore_value=['y_ptr'],
    warmup=5,
    rep=20,
    use_cuda_graph=False,
)
@triton.jit
def partial_sum(x_ptr, y_ptr, n, BLOCK: tl.constexpr, CHUNK: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    for start in tl.static_range(0, BLOCK, CHUNK):
        offs = base + start + tl.arange(0, CHUNK)
        tl.atomic_add(y_ptr, tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), axis=0))
