# fp8 converts only to and from fp16, bf16 and fp32 on sm_90
# tl2cu: -s 'k:*fp8e4nv,*fp64'
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    i = tl.arange(0, 128)
    tl.store(y_ptr + i, tl.load(x_ptr + i).to(tl.float64))
