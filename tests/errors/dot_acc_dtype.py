# An accumulator whose type is not the result's: fp32 operands accumulate in fp32, so an
# fp16 accumulator fails Triton's assert (an int8 dot's int32 accumulator is right).
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    r = tl.arange(0, 32)
    a = tl.load(x_ptr + r[:, None] * 32 + r[None, :])
    acc = tl.zeros((32, 32), dtype=tl.float16)
    tl.store(y_ptr + r[:, None] * 32 + r[None, :], tl.dot(a, a, acc))
