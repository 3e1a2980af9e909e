# Lines continued with '\', outside brackets and inside a call's arguments: the source
# comment of such a line must not end in '\', which would splice the next CUDA line into it.
# tl2cu: -s 'line_continuation:*fp32,*fp32,i32' -D BLOCK=128
import triton
import triton.language as tl


@triton.jit
def line_continuation(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + \
        tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, \
                mask=offs < n, other=0.0)
    tl.store(y_ptr + offs, x * 2.0 + \
             1.0, mask=offs < n)
