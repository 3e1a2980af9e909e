# A user's name is kept where nothing else takes it: `x_max = tl.max(x, axis=0)` was printed
# as x_max_1, because the reduction had already named its result x_max (input name + op).
# tl2cu: -s 'softmax_rows:*fp32:16, *fp32:16, i32, 1024'
import triton
import triton.language as tl


@triton.jit
def softmax_rows(out_ptr, in_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * n_cols + offs, mask=offs < n_cols, other=-float("inf"))
    x_max = tl.max(x, axis=0)
    num = tl.exp(x - x_max)
    num_sum = tl.sum(num, axis=0)
    tl.store(out_ptr + row * n_cols + offs, num / num_sum, mask=offs < n_cols)
