import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    d = tl.make_tensor_descriptor(x_ptr, [n], [1], [32])
    d.atomic_add([0], tl.full((32,), 1.0, tl.float32))
