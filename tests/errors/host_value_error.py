# An error in module-level code is reported only when a kernel reads the name, at the
# expression that fails, with a note where it is read.
import triton
import triton.language as tl

UNUSED = "never" + 1
SCALE = tl.constexpr("2" * 2.0)


@triton.jit
def k(x_ptr):
    tl.store(x_ptr, SCALE)
