# fp8 scalar arguments are refused (fp8 pointers are supported)
# tl2cu: -s 'k:*fp32,fp8e4nv'
import triton
import triton.language as tl


@triton.jit
def k(y_ptr, s):
    tl.store(y_ptr, s.to(tl.float32))
