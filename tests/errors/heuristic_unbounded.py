# A heuristic on run-time arguments that is neither a condition nor a function of one
# triton.next_power_of_2(...) of them takes values tl2cu cannot bound (tests/golden/heuristic_pow2.py
# has the bounded forms).
import triton
import triton.language as tl


@triton.heuristics({'BLOCK': lambda args: args['n'] // 4})
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)
