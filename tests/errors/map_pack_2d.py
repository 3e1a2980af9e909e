import triton
import triton.language as tl


@triton.jit
def swap(a0, a1):
    return a1, a0


# pack=2 over a 2-D block: on the H200 Triton grouped other elements than tl2cu's layout
# puts together (fuzz round 23: k2639, k2649, k2770, k2842, k2899)
@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    tl.store(x_ptr + offs, tl.map_elementwise(swap, tl.load(x_ptr + offs), pack=2)[0])
