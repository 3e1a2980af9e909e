# tl2cu: -s 'dot_store_transposed:*fp16:16, *fp16:16, *fp32:16, 64' --num-warps 4
# A square dot's result stored transposed: tl.trans makes the result's layout the transposed
# space (map [1, 0]), which the square shape let pass for the dot's mma space, and the staged
# store wrote the accumulators as the mma holds them, rows first: by its CUDA, out would hold
# acc, not acc^T (read while fixing FLA's fused_chunk_bwd_kernel, forty-first session; this
# kernel not yet run on a GPU). The dot keeps the transposed layout now, through shared memory.
import triton
import triton.language as tl


@triton.jit
def dot_store_transposed(a_ptr, b_ptr, out, B: tl.constexpr):
    r = tl.arange(0, B)
    a = tl.load(a_ptr + r[:, None] * B + r[None, :])
    b = tl.load(b_ptr + r[:, None] * B + r[None, :])
    acc = tl.dot(a, b)
    tl.store(out + r[:, None] * B + r[None, :], tl.trans(acc))
