# A float sum (its bits follow the layout: a pointer-layout variant) and a stencil whose
# loads form a window in the aligned variant: the two variants may differ in their
# windows, so they are printed as two kernels, not one template (docs/NOTES.md 57).
# tl2cu: -s 'window_sum:*fp32,*fp32,*fp32,*fp32,i32' --num-warps 4
import triton
import triton.language as tl


@triton.jit
def window_sum(x_ptr, y_ptr, out_ptr, sums_ptr, n):
    pid = tl.program_id(0)
    offs = pid * 512 + tl.arange(0, 512)
    mask = offs < n
    v = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(sums_ptr + pid, tl.sum(v, axis=0))
    left = tl.load(y_ptr + offs - 1, mask=(offs - 1 >= 0) & (offs - 1 < n), other=0.0)
    mid = tl.load(y_ptr + offs, mask=offs < n, other=0.0)
    right = tl.load(y_ptr + offs + 1, mask=offs + 1 < n, other=0.0)
    tl.store(out_ptr + offs, left + mid + right, mask=mask)
