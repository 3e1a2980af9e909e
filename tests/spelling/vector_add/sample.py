# Spelling: samples/vector_add as it is (x_ptr + offsets, offsets = block_start + arange).
# Vector addition, from the Triton tutorial (seeds: Triton puzzles HW5).
# tl2cu: -s 'add_kernel:*fp32:16,*fp32:16,*fp32:16,i32' -D BLOCK_SIZE=1024
# tl2cu: --grid 'cdiv(n_elements, BLOCK_SIZE)'
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)
