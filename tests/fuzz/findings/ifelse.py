# Found by tests/fuzz (tl2cu writes CUDA that nvcc refuses): a name first assigned inside both branches of an if/else on a run-time scalar (not defined before the if): the merged variable is initialised from the undeclared name, nvcc: identifier "t_" is undefined.
# Reproduce: build/tl2cu tests/fuzz/findings/ifelse.py -o x.cu && nvcc -arch=sm_90 -c -Iruntime x.cu
import triton
import triton.language as tl
# tl2cu: -s 'ie:*fp32,*fp64,i32,fp32'
@triton.jit
def ie(x, o, n, s):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    v = tl.load(x + offs, mask=offs < n, other=0.0)
    w = v + n
    if s < 1.0:
        t = tl.abs(v)
    else:
        t = w
    tl.store(o + offs, t, mask=offs < n)
