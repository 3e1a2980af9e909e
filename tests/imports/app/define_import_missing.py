# -D naming a function of a module that is not there: the read names the import it looked for.
# tl2cu: -s 'define_import_missing:*fp32,*fp32,i32' --import-path ../lib -D relu=extra.nowhere.relu
import triton
import triton.language as tl


@triton.jit
def define_import_missing(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, relu(tl.load(x_ptr + offs, mask=m)), mask=m)
