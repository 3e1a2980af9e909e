# unsloth's utils.py: a name a jit def binds in one branch and an assignment in the other
# (by a version check tl2cu cannot compute) is ambiguous, not silently one of them
import triton
import triton.language as tl
from somewhere_unknown import Version

if Version(triton.__version__) >= Version("3.0.0"):
    triton_cast = tl.cast
else:
    @triton.jit
    def triton_cast(x, dtype):
        return x.to(dtype)


@triton.jit
def k(x_ptr, stride, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    p = x_ptr + triton_cast(stride, tl.int64) * tl.program_id(0)
    tl.store(p + o, tl.load(p + o) + 1)
