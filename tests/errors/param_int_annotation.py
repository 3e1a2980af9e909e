import triton
import triton.language as tl


# Liger-Kernel's jsd kernel annotates scalars `n_non_ignore: int`: Triton types such an
# argument by its value at each launch, so the signature has to give it
@triton.jit
def k(x_ptr, n: int, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * n, mask=offs < n)
