# tl2cu: --grid 1 --num-warps 4
# tl2cu: -s 'kernel:*fp16,*fp16,*fp32,64,64,32'
import triton
import triton.language as tl


@triton.jit
def kernel(a_ptr, b_ptr, sum_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot(a, b)
    tl.store(sum_ptr + rm, tl.sum(c, axis=1))
