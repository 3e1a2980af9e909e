# A command-line -s wins over the file's own -D for the same constexpr (issue 42: the
# drop-in harness translates each launch as it was made, whatever the file's lines say).
# tl2cu: -D ACT="relu" --grid 'cdiv(n, 128)'
import triton
import triton.language as tl


@triton.jit
def act(x_ptr, n, ACT: tl.constexpr):
    o = tl.program_id(0) * 128 + tl.arange(0, 128)
    v = tl.load(x_ptr + o, mask=o < n)
    if ACT == "relu":
        v = tl.maximum(v, 0.0)
    tl.store(x_ptr + o, v, mask=o < n)
