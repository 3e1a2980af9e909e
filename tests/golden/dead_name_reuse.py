# tl2cu: -s 'dead_name_reuse:*fp32,*fp32,i32,4,32'
# A name nothing reads (`eos`) is dropped; a later sum that canon.c reads as the same value
# (`bos + T` is `eos`) must not be rewritten into it: tl2cu wrote `eos` into CUDA that no
# longer declared it, which nvcc refused (FLA's fused_recurrent_delta_rule_bwd_kernel).
import triton
import triton.language as tl


@triton.jit
def dead_name_reuse(x_ptr, y_ptr, T, H: tl.constexpr, BLOCK: tl.constexpr):
    i_nh = tl.program_id(0).to(tl.int64)
    i_n, i_h = i_nh // H, i_nh % H
    bos, eos = i_n * T, i_n * T + T
    p = x_ptr + (bos + T - 1) * H + i_h
    tl.store(y_ptr + bos + tl.arange(0, BLOCK), tl.load(p))
