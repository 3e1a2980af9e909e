# A block pointer's attributes are .dtype and .type (pointer_type(block_type)); not .shape
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, M, N):
    p = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (16, 16), (1, 0))
    tl.store(p, tl.zeros(p.shape, dtype=tl.float32), boundary_check=(0, 1))
