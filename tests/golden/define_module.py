# tl2cu: -s 'define_module:*fp32:16, *fp32:16, 256' -D shim=triton.language.extra.cuda.libdevice
# A module-level name bound to a Triton module by code tl2cu does not run (FlagGems'
# tl_extra_shim, imported by name from the device's vendor): -D gives the module by its
# dotted name, as the program imported it; the drop-in harness passes it so.
import importlib

import triton
import triton.language as tl


def pick_math_module(vendor):
    return importlib.import_module(f"triton.language.extra.{vendor}.libdevice")


shim = pick_math_module("cuda")


@triton.jit
def define_module(x_ptr, o_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(o_ptr + offs, shim.tanh(x) + shim.exp2(x))
