import triton
import triton.language as tl


@triton.jit
def only_sum(s_a, m_a, s_b, m_b):
    return s_a + s_b


@triton.jit
def k(x_ptr, out_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    s, m = tl.reduce((x, x), 0, only_sum)
    tl.store(out_ptr, s + m)
