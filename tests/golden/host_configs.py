# Autotune configs built by host functions, as Triton's tutorials write them: a helper
# returning a list, loops appending to one, an `if` on a module constant. tl2cu runs such
# plain Python while it translates; the machine-dependent branch of tutorial 03 is in
# tests/errors/host_configs_machine.py.
# tl2cu: -s 'scale:*fp32,*fp32,i32' --grid 'cdiv(n, BLOCK_SIZE)'
import triton
import triton.language as tl

USE_LARGE = True


def small_configs():
    return [triton.Config({'BLOCK_SIZE': 128}, num_warps=4)]


def get_autotune_config():
    configs = []
    for block in [256, 512]:
        for warps in (4, 8):
            configs.append(triton.Config({'BLOCK_SIZE': block}, num_warps=warps))
    if USE_LARGE:
        return small_configs() + configs
    else:
        return small_configs()


@triton.autotune(configs=get_autotune_config(), key=['n'])
@triton.jit
def scale(x_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
    i = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    m = i < n
    tl.store(y_ptr + i, tl.load(x_ptr + i, mask=m) * 2.0, mask=m)
