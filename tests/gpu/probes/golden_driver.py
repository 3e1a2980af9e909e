"""Launches golden kernels with random data, as a program would, for the drop-in harness to
compare tl2cu's translation with Triton on them (a golden's CUDA is checked on the CPU only):

    python3 tests/realworld/dropin.py --work W -- tests/gpu/probes/golden_driver.py NAME...

NAME is a golden (tests/golden/NAME.py) or IR test (tests/ir/NAME.py) listed in LAUNCHES; none
given, all of them: the forty-fourth session's CPU fixes (float identities, div_info, a num_warps
heuristic, an autotuned kernel launched past its autotuner, dead loads); the forty-fifth's
kernels defined inside test functions.
"""
import importlib.util
import os
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def module(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], os.path.join(ROOT, path))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def float_identities():
    m = module('tests/golden/float_identities.py')
    n = 1024 * 257
    g, p = torch.randn(n, device='cuda'), torch.randn(n, device='cuda')
    h, o = torch.randn(n, device='cuda', dtype=torch.float16), torch.empty(n, device='cuda')
    g[::97] = -0.0  # g - 0.0 + 0.0 is +0.0 there, g itself -0.0
    m.float_identities[(n // 1024,)](g, p, h, o, 0.37, 1.0, 1024)


def axisinfo_div():
    m = module('tests/ir/axisinfo_div.py')
    offset = 5
    x, out = torch.randn((offset + 17) * 256, device='cuda'), torch.empty(1, device='cuda')
    m.rows[(1,)](x, out, offset)


def heuristic_num_warps():
    m = module('tests/golden/heuristic_num_warps.py')  # (the heuristic gives 8 warps: the sum's order)
    rows = 300
    x, out = torch.randn(rows * 2048, device='cuda'), torch.empty(rows, device='cuda')
    m.row_sum[(rows,)](x, out, rows)


def autotune_direct_fn():
    m = module('tests/golden/autotune_direct_fn.py')  # (past the autotuner: BLOCK=32, 1 warp)
    n = 10000
    x, y = torch.randn(n, device='cuda'), torch.empty(n, device='cuda')
    m.scale.fn[((n + 31) // 32,)](x, y, n, BLOCK=32, num_warps=1)


def dead_loads():
    m = module('tests/golden/dead_loads.py')
    x, o = torch.zeros(64 * 64, dtype=torch.int16, device='cuda'), torch.empty(16, device='cuda')
    m.dead_loads[(2,)](x, o, 64)


def nested_kernels():
    m = module('tests/golden/nested_kernels.py')  # (kernels inside test functions, run as pytest would)
    m.test_offset()
    m.test_scan(128)
    m.test_scan(256)  # (a second specialization: SIZE=256, which -D gives the harness's build)
    m.test_fill_rows()
    module('tests/golden/closure_define_function.py').test_redefined()  # (the second sub_func, +1)


def dead_if_join():
    m = module('tests/golden/dead_if_join.py')  # (t fused into the subtract: an fma, as Triton's)
    n = 128 * 64
    x, y = torch.randn(2 * n, device='cuda'), torch.rand(n, device='cuda') + 0.5  # (x: dead_if_load's load past n)
    for kernel in (m.dead_if_join, m.dead_if_load, m.dead_if_nested, m.live_if_store):
        o = torch.empty(2 * n, device='cuda')  # (live_if_store writes a second half)
        kernel[(64,)](x, y, o, n)


LAUNCHES = {'float_identities': float_identities, 'axisinfo_div': axisinfo_div,
            'heuristic_num_warps': heuristic_num_warps, 'autotune_direct_fn': autotune_direct_fn,
            'dead_loads': dead_loads, 'nested_kernels': nested_kernels, 'dead_if_join': dead_if_join}

if __name__ == '__main__':
    for name in sys.argv[1:] or sorted(LAUNCHES):
        LAUNCHES[name]()
    torch.cuda.synchronize()
    print('golden_driver: launched', ' '.join(sys.argv[1:] or sorted(LAUNCHES)))
