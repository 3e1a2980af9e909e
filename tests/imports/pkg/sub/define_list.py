# Autotune configs chosen by a flag another module computes from the device (fla's
# modules/activations.py): -D with a list for NUM_WARPS itself (a list is read as a tuple,
# which is what the configs' comprehension needs): two configs, 2 and 8 warps.
# tl2cu: -s 'define_list:*fp32:16,*fp32:16,i32' -D 'NUM_WARPS=[2, 8]' --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl

from ..device_flags import IS_AMD

NUM_WARPS = [1, 2] if IS_AMD else [4, 8]


@triton.autotune(configs=[triton.Config({'BLOCK': 256}, num_warps=w) for w in NUM_WARPS], key=['n'])
@triton.jit
def define_list(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0, mask=mask)
