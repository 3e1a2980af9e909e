# tl.load(block_ptr, volatile=True): not supported (named, not ignored).
# tl2cu: -s 'k:*fp32,*fp32'
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    p = tl.make_block_ptr(x_ptr, (16,), (1,), (0,), (16,), (0,))
    tl.store(y_ptr + tl.arange(0, 16), tl.load(p, volatile=True))
