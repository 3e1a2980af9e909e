# tl2cu: -s 'scale:*fp32:16, *fp32:16, i32' -D BLOCK=32 --num-warps 1 --grid 'cdiv(n, 32)'
# A launch of the kernel itself past its autotuner (`scale.fn[grid](..., BLOCK=32,
# num_warps=1)`, as triton-kernels' tests launch their matmul): the -D values are in no config,
# and Triton would refuse them on a launch through the autotuner (conflicting meta-parameters),
# so they are the launch's own; tl2cu translates with them and says so in a note. Where -D
# leaves a config's key out, a mismatch is still an error (errors/autotune_no_match).
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 1024}, num_warps=4),
                          triton.Config({"BLOCK": 256}, num_warps=2)], key=["n"])
@triton.jit
def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0, mask=mask)
