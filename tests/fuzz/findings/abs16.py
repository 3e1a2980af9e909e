# Found by tests/fuzz (tl2cu writes CUDA that nvcc refuses): tl.abs of an fp16 (or bf16) block: runtime/tl2cu.cuh tl2cu_abs<half> does not compile (ambiguous operator - / ?:).
# Reproduce: build/tl2cu tests/fuzz/findings/abs16.py -o x.cu && nvcc -arch=sm_90 -c -Iruntime x.cu
import triton
import triton.language as tl
# tl2cu: -s 'ab:*fp16,*fp16,i32'
@triton.jit
def ab(x, o, n):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    tl.store(o + offs, tl.abs(tl.load(x + offs, mask=offs < n, other=0.0)), mask=offs < n)
