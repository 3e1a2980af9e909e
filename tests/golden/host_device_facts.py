# What torch tells host code about the device, as libraries build their autotune configs:
# attorch's `2 if torch.cuda.get_device_capability()[0] < 8 else n_stages` (the --target's
# capability: 9.0), mamba's `torch.version.hip` (None: CUDA) and its prune by `config.num_warps`,
# mamba's deterministic mode (`torch.are_deterministic_algorithms_enabled()`: torch's default
# False, said in a note), flash-attention's `getattr(torch.cuda.get_device_properties(
# torch.cuda.current_device()), "warp_size", 32)`. The 64-warp config is pruned; the others keep
# their stages.
# tl2cu: -s 'scale:*fp32:16, *fp32:16, i32' --grid 'cdiv(n, BLOCK)'
import torch
import triton
import triton.language as tl


def n_stages(n):
    return 2 if torch.cuda.get_device_capability()[0] < 8 else n


def pruned(configs):
    warp_size = 64 if torch.version.hip else 32
    lanes = getattr(torch.cuda.get_device_properties(torch.cuda.current_device()), "warp_size", 32)
    kept = [c for c in configs if c.num_warps <= 1024 // max(warp_size, lanes)]
    if torch.are_deterministic_algorithms_enabled():
        return kept[:1]
    return kept


@triton.autotune(
    configs=pruned([
        triton.Config({"BLOCK": 256}, num_warps=4, num_stages=n_stages(4)),
        triton.Config({"BLOCK": 1024}, num_warps=8),
        triton.Config({"BLOCK": 4096}, num_warps=64),
    ]),
    key=["n"],
)
@triton.jit
def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + o, tl.load(x_ptr + o, mask=o < n) * 2, mask=o < n)
