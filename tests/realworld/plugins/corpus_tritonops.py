"""pytest plugin of the drop-in corpus for triton-lang/kernels: its tests as they ran in Triton's tree.

    PYTHONPATH=.:tests/realworld/plugins python3 -m pytest -p corpus_tritonops test/

The repository is the former `triton.ops` package (renamed `kernels`), and its tests still call
`triton.ops.matmul` and take a `device` fixture from Triton's own conftest.py. This plugin makes
`triton.ops` the repository's `kernels` package and gives the `device` fixture ('cuda'); the
tests themselves are not edited. kernels/matmul_perf_model.py imports triton.testing helpers of
Triton 2 that newer versions may lack (they estimate which autotune configurations to try): a
missing one is given an H100's figure, so pruning still picks configurations.
"""
import sys

import pytest

# H100 SXM figures for the perf model's pruning, used only where triton.testing lacks the helper.
H100_DRAM_GBPS = 3350
H100_TENSORCORE_TFLOPS = 989
H100_SIMD_TFLOPS = 67


def fill_triton_testing():
    import triton.testing as testing
    fallbacks = {'get_dram_gbps': lambda *a, **k: H100_DRAM_GBPS,
                 'get_max_tensorcore_tflops': lambda *a, **k: H100_TENSORCORE_TFLOPS,
                 'get_max_simd_tflops': lambda *a, **k: H100_SIMD_TFLOPS,
                 'nvsmi': lambda *a, **k: [1980]}
    for name, fn in fallbacks.items():
        if not hasattr(testing, name):
            setattr(testing, name, fn)


def pytest_configure(config):
    import triton
    fill_triton_testing()
    import kernels
    sys.modules['triton.ops'] = kernels
    sys.modules['triton.ops.blocksparse'] = kernels.blocksparse
    triton.ops = kernels


@pytest.fixture
def device():
    return 'cuda'
