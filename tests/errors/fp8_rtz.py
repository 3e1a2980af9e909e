# rounding toward zero into fp8 only from fp32 to fp8e5
# tl2cu: -s 'k:*fp16,*fp8e4nv'
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    i = tl.arange(0, 128)
    tl.store(y_ptr + i, tl.load(x_ptr + i).to(tl.float8e4nv, fp_downcast_rounding="rtz"))
