import os

import torch
import triton
import triton.language as tl

# Read at import by Python; tl2cu computes only what a kernel reads, so these stay unjudged.
DEVICE_NAME = torch.cuda.get_device_name()
FAST = os.environ.get("PKG_FAST", "0") == "1"

IS_AMD = False
SCALE = tl.constexpr(3)
BLOCK_DEFAULT = 64
WARPS = [2, 4] if IS_AMD else [4, 8]
CONFIGS = [triton.Config({"BLOCK": b}, num_warps=w) for b in [32, BLOCK_DEFAULT] for w in WARPS]
OUT_DTYPE = tl.float16


def pick_block(n):
    """A host helper of another file, with a docstring, giving a kernel's default."""
    return 128 if n > 4096 else BLOCK_DEFAULT


def block_heuristic(args):
    """An imported heuristic tl2cu does not decode: a kernel using it needs -D for its name."""
    if args["n"] > 4096:
        return 128
    return 64
