# Module-level host code is computed only when a kernel reads it, with Python's values:
# str and bytes with + and *, ints beyond int64 (never read by the kernel here), tuples,
# dicts, torch dtypes, torch.finfo, float('inf'). A name bound twice: the last binding
# wins; a binding's own right side sees the one before it (BLOCK * 2). Aliases of jit
# functions and of Triton's builtins are readable in kernels, as in Triton.
# tl2cu: -s 'k:*fp32' --grid 'cdiv(1, 1)'
import torch
import triton
import triton.language as tl

SPACE8 = ' ' * 8
HUGE = 1 << 64
LLONG_MAX = 2**63 - 1
PyTime_MIN = -2 ** 63
BYTES = b'0' + b'1' * 255
FATX = 'x' * (2**14)
SUPPRESS_HELP = "SUPPRESS" + "HELP"
A, (B, C) = 3, (4, 5)
BLOCK = tl.constexpr(64)
BLOCK = tl.constexpr(BLOCK * 2)
LIMIT = tl.constexpr(LLONG_MAX - 2**62)
FP16_MAX = torch.finfo(torch.float16).max
INF = tl.constexpr(float('inf'))
CFG = {'a': (1, C)}
X = tl.constexpr(FP16_MAX)
Z = tl.constexpr(CFG['a'][1] + A)
TDT = tl.float16
if SPACE8 == ' ' * 8:
    SAME = tl.constexpr(7)
else:
    SAME = tl.constexpr(7)


@triton.jit
def twice(x):
    return x * 2


helper = twice
myexp = tl.exp


@triton.jit
def k(x_ptr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs).to(TDT)
    w = (v * X + Z).to(tl.float32) + LIMIT
    tl.store(x_ptr + offs, myexp(helper(tl.minimum(w, INF) + SAME)))
