# A tl.trans of a [512, 128] fp32 block goes through 264 KB of shared memory: more than a
# thread block may have on sm_90 (227 KB), as Triton's OutOfResources says at compile time.
# tl2cu: -s 'k:*fp32,*fp32' --grid 1
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, z_ptr):
    r = tl.arange(0, 512)
    c = tl.arange(0, 128)
    x = tl.load(x_ptr + r[:, None] * 128 + c[None, :])
    tl.store(z_ptr + c[:, None] * 512 + r[None, :], tl.trans(x))
