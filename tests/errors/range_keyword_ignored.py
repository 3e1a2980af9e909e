# Python's range() in a kernel: Triton reads the positional arguments only (lightllm's
# repeat_rope passes step=grid_num, which Triton drops: every program walks every row).
import triton
import triton.language as tl


@triton.jit
def rows(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    start = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    for row in range(start, n, step=tl.num_programs(0)):
        tl.store(out_ptr + row * BLOCK + offs, tl.load(x_ptr + row * BLOCK + offs))
