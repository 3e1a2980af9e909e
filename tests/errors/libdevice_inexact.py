# fp32 libdevice functions that differ from Triton's on normal values (asin: by up to
# 3 ulp; Triton links libdevice's flush-to-zero path, nvcc the other): translated with a
# warning naming the difference (status 0); tanh differed only on subnormals, which
# tl2cu flushes around the call as Triton's libdevice does: no warning. One warning per
# call in the source, however often tracing meets it (static_range)
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    for _ in tl.static_range(2):
        x = libdevice.asin(libdevice.tanh(x))
    tl.store(x_ptr + offs, x)
