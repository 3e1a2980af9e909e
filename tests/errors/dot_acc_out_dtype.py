# An int8 dot's int32 accumulator with the default out_dtype (fp32): the result is int32,
# but Triton asserts that the accumulator's type is out_dtype (semantic.py dot), so it
# rejects this tutorial-03 loop unless it passes out_dtype=tl.int32. tl2cu accepted it
# before (a kernel Triton does not compile); the fuzzer's int8 matmuls were such kernels.
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, c_ptr, K):
    r = tl.arange(0, 32)
    acc = tl.zeros((32, 32), dtype=tl.int32)
    for k in range(0, K, 32):
        a = tl.load(a_ptr + r[:, None] * K + (k + r)[None, :])
        b = tl.load(b_ptr + (k + r)[:, None] * 32 + r[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + r[:, None] * 32 + r[None, :], acc)
