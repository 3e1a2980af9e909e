import torch
import triton
import triton.language as tl

# -D rsqrt=CHOICE must name one of the branches' imports (a condition tl2cu cannot decide:
# triton.__version__ it can)
if torch.cuda.get_device_properties(0).multi_processor_count >= 132:
    from triton.language.extra.libdevice import rsqrt
else:
    from triton.language.math import rsqrt


@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 128)
    tl.store(x_ptr + offs, rsqrt(tl.load(x_ptr + offs)))
