# Autotune configs chosen by a flag another module computes from the device (fla's
# modules/activations.py: NUM_WARPS_AUTOTUNE from fla.utils.IS_AMD): -D IS_AMD=False fixes the
# flag before the decorator's configs read it.
# tl2cu: -s 'define_flag:*fp32:16,*fp32:16,i32' -D IS_AMD=False --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl

from ..device_flags import IS_AMD

NUM_WARPS = [1, 2] if IS_AMD else [4, 8]


@triton.autotune(configs=[triton.Config({'BLOCK': 256}, num_warps=w) for w in NUM_WARPS], key=['n'])
@triton.jit
def define_flag(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0, mask=mask)
