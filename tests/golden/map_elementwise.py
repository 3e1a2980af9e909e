# tl.map_elementwise (map.c): a @triton.jit scalar function called on each element, so
# that an element runs only the branch it takes. SELU with an early return, Collatz step
# counts (a while loop per element) with two results of different types, operands of
# different shapes broadcast together. (pack > 1 is an error: tests/errors/map_pack_*.)
# tests/gpu/map_elementwise_check.py compares every kernel with Triton bit for bit.
# tl2cu: -s 'selu:*fp32,*fp32,fp32,i32,1024' -s 'collatz:*i32,*i32,*i1,i32,512'
# tl2cu: -s 'outer_pick:*fp32,*fp32,*fp32,32,64'
import triton
import triton.language as tl


@triton.jit
def selu_scalar(x, alpha):
    if x > 0:
        return x
    return alpha * (tl.exp(x) - 1)


@triton.jit
def selu(x_ptr, y_ptr, alpha, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.map_elementwise(selu_scalar, x, alpha), mask=mask)


@triton.jit
def collatz_steps(x, limit):
    steps = 0
    while x != 1 and steps < limit:
        if x % 2 == 0:
            x = x // 2
        else:
            x = 3 * x + 1
        steps += 1
    return steps, x == 1


@triton.jit
def collatz(x_ptr, steps_ptr, done_ptr, limit, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    steps, done = tl.map_elementwise(collatz_steps, x, limit)
    tl.store(steps_ptr + offs, steps)
    tl.store(done_ptr + offs, done)


@triton.jit
def nearer(a, b):
    if tl.abs(a) < tl.abs(b):
        return a
    return b - a


@triton.jit
def outer_pick(a_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, M))
    b = tl.load(b_ptr + tl.arange(0, N))
    picked = tl.map_elementwise(nearer, a[:, None], b[None, :])
    tl.store(out_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], picked)
