# A condition on os.environ in an imported module: tl2cu reads its own environment, as
# importing the module reads the program's (FAST_OPS is not set in the tests: tl.exp).
# tl2cu: -s 'env_condition:*fp32'
import triton
import triton.language as tl

from .env_ops import exp


@triton.jit
def env_condition(x_ptr):
    tl.store(x_ptr + tl.arange(0, 4), exp(1.0))
