# Loop bounds given by keyword, as Triton reads them (code_generator.visit_For): tl.range and
# tl.static_range take arg1, arg2 and step by name (lightllm's and unsloth's kernels pass
# step= and flatten=); Python's range() reads its positional arguments only.
# tl2cu: -s 'strided_sum:*fp32:16, *fp32:16, i32, 64' -s 'static_pairs:*fp32:16, *fp32:16, 8'
# tl2cu: -s 'named_bounds:*fp32:16, *fp32:16, i32, 64'
import triton
import triton.language as tl


@triton.jit
def strided_sum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in tl.range(0, n, step=BLOCK, num_stages=2, loop_unroll_factor=1):
        acc += tl.load(x_ptr + start + offs, mask=start + offs < n, other=0.0)
    tl.store(out_ptr + offs, acc)


@triton.jit
def static_pairs(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    acc = tl.zeros([N], dtype=tl.float32)
    for i in tl.static_range(0, 4, step=2):
        acc += tl.load(x_ptr + i * N + offs)
    tl.store(out_ptr + offs, acc)


@triton.jit
def named_bounds(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in tl.range(arg1=1, arg2=n // BLOCK, step=2, flatten=True):
        acc += tl.load(x_ptr + i * BLOCK + offs)
    tl.store(out_ptr + offs, acc)
