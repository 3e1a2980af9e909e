# tl2cu: -s 'top:*fp32' --grid 1
# A file with module-level kernels and a test that defines its own: without -k only the
# module's are translated (a note names the other, which -k test_top.inner translates); the
# test's kernel may read values only the test knows, and it had not been collected at all.
import triton
import triton.language as tl


@triton.jit
def top(x_ptr):
    tl.store(x_ptr + tl.arange(0, 16), 1.0)


def test_top(device="cuda"):
    @triton.jit
    def inner(x_ptr):
        tl.store(x_ptr + tl.arange(0, 16), 2.0)
