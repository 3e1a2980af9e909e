# tl2cu: -s 'fma_hoisted_add:*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, 256'
# An add in a loop whose operands do not change there: LICM moves it before the loop, into the
# block the loop starts from, where it meets a product made before the loop; LLVM's instruction
# selection fuses the two although the product is also stored and compared. Fuzz kernel k4933
# (`v2 - t2` in a loop, t2 = v1 * -3: fma(v1, 3, v2) in Triton's PTX) differed in the last bit
# before, and equals Triton 3.6 with this rule on an H100 (forty-second session); the other 17
# fuzz kernels the rule changes were equal, within tolerance or mismatched only where tagged as
# undefined. This file itself has not run on a GPU.
import triton
import triton.language as tl


@triton.jit
def fma_hoisted_add(x_ptr, y_ptr, t_ptr, o_ptr, n, reps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.load(y_ptr + offs, mask=m, other=0.0)
    t = x * -3.0
    acc = y
    for i in range(0, reps):
        acc = acc * tl.minimum(y - t, y)
    tl.store(t_ptr + offs, t, mask=m)
    tl.store(o_ptr + offs, acc + t * (t < y), mask=m)
