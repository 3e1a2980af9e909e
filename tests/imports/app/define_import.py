# A name the file never binds, given by -D a function of another module (FlagGems' generated
# kernels call their scalar function, which FlagGems copies into the module after loading it):
# tl2cu: -s 'define_import:*fp32,*fp32,i32' --import-path ../lib -D relu=extra.act.relu
import triton
import triton.language as tl


@triton.jit
def define_import(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, relu(tl.load(x_ptr + offs, mask=m)), mask=m)
