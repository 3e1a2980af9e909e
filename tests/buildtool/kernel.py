# The kernel of the build-tool examples: vector addition. Its options stand here, so one
# pattern rule (Makefile.example) or one custom command (CMakeLists.txt) translates it.
# tl2cu: -s 'add_kernel:*fp32:16,*fp32:16,*fp32:16,i32' -D BLOCK_SIZE=1024
# tl2cu: --grid 'cdiv(n_elements, BLOCK_SIZE)'
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)
