import triton
import triton.language as tl


@triton.jit
def swap(a0, a1):
    return a1, a0


# 128 elements over 128 threads: one a thread, fewer than pack; Triton's compilation
# fails ("PassManager::run failed", fuzz round 23)
@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 128)
    tl.store(x_ptr + offs, tl.map_elementwise(swap, tl.load(x_ptr + offs), pack=2)[0])
