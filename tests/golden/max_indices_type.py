# tl2cu: -s 'max_indices_type:*i16:16, *i16:16, *i64:16, i32, i32, 4, 64'
# tl.max(x, axis, return_indices=True) keeps x's type (standard.py widens only bf16, to fp32, where
# it returns indices; the plain tl.max widens fp16 and ints under 32 bits): FlagGems' max_kernel
# carries an int16 maximum through its loop, which tl2cu refused as a loop-carried type change.
import triton
import triton.language as tl


@triton.jit
def max_indices_type(x_ptr, v_ptr, i_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    m_offset = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    result_value = tl.full([BLOCK_M], value=-32768, dtype=x_ptr.type.element_ty)
    result_index = tl.zeros([BLOCK_M], dtype=tl.int64)
    for i in range(0, N, BLOCK_N):
        n_offset = i + tl.arange(0, BLOCK_N)
        mask = (m_offset[:, None] < M) & (n_offset[None, :] < N)
        vals = tl.load(x_ptr + m_offset[:, None] * N + n_offset[None, :], mask=mask, other=-32768)
        max_value, max_index = tl.max(vals, axis=1, return_indices=True)
        update = max_value > result_value
        result_value = tl.where(update, max_value, result_value)
        result_index = tl.where(update, i + max_index, result_index)
    tl.store(v_ptr + m_offset, result_value, mask=m_offset < M)
    tl.store(i_ptr + m_offset, result_index, mask=m_offset < M)
