# A module found through --import-path (here in a '# tl2cu:' line: relative to this file's folder).
# tl2cu: -s 'import_path:*fp32,*fp32,i32' --import-path ../lib
import triton
import triton.language as tl

from extra.act import relu


@triton.jit
def import_path(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, relu(tl.load(x_ptr + offs, mask=m)), mask=m)
