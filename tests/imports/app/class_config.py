# Autotune configs from a class instance another file makes at import: tl2cu runs no class code,
# and says so with the class's name (it had said the file did not define the class).
# tl2cu: -s 'class_config:*fp32,i32' --import-path ../lib
import triton
import triton.language as tl
from extra.tuning import loader


@triton.autotune(configs=loader.configs("copy"), key=["n"])
@triton.jit
def class_config(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)
