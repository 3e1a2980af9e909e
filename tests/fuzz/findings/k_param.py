# Found by tests/fuzz (tl2cu writes CUDA that nvcc refuses): A kernel parameter named 'k' becomes 'k_' in the .cu but is used where it is not declared: nvcc: identifier "k_" is undefined (fuzz seed 1: about 40% of kernels until gen.py renamed its 'k').
# Reproduce: build/tl2cu tests/fuzz/findings/k_param.py -o x.cu && nvcc -arch=sm_90 -c -Iruntime x.cu
import triton
import triton.language as tl
# tl2cu: -s 'kp:*fp32,*fp32,i32,i32'
@triton.jit
def kp(x, o, n, k):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    tl.store(o + offs, tl.load(x + offs, mask=offs < n, other=0.0) + k, mask=offs < n)
