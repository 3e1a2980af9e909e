# A helper a decorator may replace (FlagGems' triton_lang_extension.div_rn under @use_tl_extra:
# libdevice's IEEE division where the device's math library has one, else the body below).
import triton
import triton.language as tl

from extra.shim import math_shim


def use_shim(func):
    if hasattr(math_shim, func.__name__):
        return getattr(math_shim, func.__name__)
    return func


@use_shim
@triton.jit
def div_rn(x, y):
    return tl.floor(x / y + 0.5)
