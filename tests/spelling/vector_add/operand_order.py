# Spelling: offsets + x_ptr, offsets + output_ptr (the pointer on the right).
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
    x = tl.load(offsets + x_ptr, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(offsets + output_ptr, output, mask=mask)
