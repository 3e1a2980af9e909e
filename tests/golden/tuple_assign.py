# Tuple assignment with Python's semantics: the right side is evaluated completely
# before any name is bound, in straight code, in branches of a run-time `if`, and for
# loop-carried values of range / tl.range / tl.static_range / while loops (the loop's
# variables are updated at once: a swap copies one old value first). Block and scalar
# values, nested targets, helpers returning tuples. Every kernel reads n floats and
# writes 2n (its a and b); tests/gpu/tuple_check.py compares each with Triton bit for bit.
# tl2cu: -s 'fib_range:*fp32,*fp32,i32,i32' -s 'fib_static:*fp32,*fp32,i32,i32'
# tl2cu: -s 'swap_while:*fp32,*fp32,i32,i32' -s 'swap_in_branch:*fp32,*fp32,i32,i32'
# tl2cu: -s 'nested_and_helper:*fp32,*fp32,i32,i32' -s 'straight_and_scalars:*fp32,*fp32,i32,i32'
# tl2cu: -s 'tuple_carried:*fp32,*fp32,i32,i32' -s 'tuple_swapped:*fp32,*fp32,i32,i32'
# tl2cu: -s 'tuple_reload:*fp32,*fp32,i32,i32' -s 'tuple_argument:*fp32,*fp32,i32,i32'
# tl2cu: -D BLOCK=256 --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


@triton.jit
def fib_step(a, b):
    return b, a + b


@triton.jit
def fib_range(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask, other=0.0)
    b = a * 0.5
    for _ in range(steps):
        a, b = b, a + b
    for _ in tl.range(0, steps, 2):
        a, b = b, a - b
    tl.store(out_ptr + offs, a, mask=mask)
    tl.store(out_ptr + n + offs, b, mask=mask)


@triton.jit
def fib_static(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask, other=0.0)
    b = a + 1.0
    for _ in tl.static_range(6):
        a, b = b, a + b
    tl.store(out_ptr + offs, a, mask=mask)
    tl.store(out_ptr + n + offs, b + steps, mask=mask)


@triton.jit
def swap_while(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask, other=0.0)
    b = a - 2.0
    c = a * 0.0
    i = 0
    while i < steps:
        a, b = b, a
        c = c * 0.5 + a
        i += 1
    tl.store(out_ptr + offs, a + c, mask=mask)
    tl.store(out_ptr + n + offs, b, mask=mask)


@triton.jit
def swap_in_branch(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask, other=0.0)
    b = a * 0.25
    if steps % 2 == 1:
        a, b = b, a
    for i in range(steps):
        if i % 3 == 0:
            a, b = b + 1.0, a
        else:
            a = a + b
    tl.store(out_ptr + offs, a, mask=mask)
    tl.store(out_ptr + n + offs, b, mask=mask)


@triton.jit
def nested_and_helper(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask, other=0.0)
    b = a + 0.5
    c = a - 0.5
    for _ in range(steps):
        (a, b), c = (b, c), a
        a, b = fib_step(a, b)
    tl.store(out_ptr + offs, a + c, mask=mask)
    tl.store(out_ptr + n + offs, b, mask=mask)


@triton.jit
def straight_and_scalars(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask, other=0.0)
    b = a * 2.0
    a, b = b, a + b
    a, b = b, a
    i, j = 1, steps
    for _ in range(steps):
        i, j = j, i + j
    tl.store(out_ptr + offs, a + i, mask=mask)
    tl.store(out_ptr + n + offs, b - j, mask=mask)


@triton.jit
def tuple_carried(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    # a name holding a tuple, carried through loops and merged after a run-time `if`
    # (regression: its value before the loop was read in every iteration, and after it)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    acc = (x, x * 0.5, x * 0.0 + 1.0)
    for _ in range(steps):
        acc = (acc[0] + acc[1], acc[1], acc[2] * 2.0)  # acc[1] unchanged
    if steps % 2 == 1:
        acc = (acc[1], acc[0], acc[2])
    pair = (x, offs * 0)
    j = 0
    while j < steps:
        pair = (pair[0] * 0.5 + acc[2], pair[1] + 1)  # (exact products: however LLVM contracts)
        j += 1
    tl.store(out_ptr + offs, acc[0] + pair[0], mask=mask)
    tl.store(out_ptr + n + offs, acc[1] + acc[2] + pair[1], mask=mask)


@triton.jit
def tuple_swapped(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    # a tuple whose items swap as they change (regression, found by the fuzzer: the new
    # first item was computed after the second had taken the old first, so it read that)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    t = (x, x * 0.5 - 1.0)
    for _ in range(steps):
        t = (t[1] + 1.0, t[0])
    tl.store(out_ptr + offs, t[0], mask=mask)
    tl.store(out_ptr + n + offs, t[1], mask=mask)


@triton.jit
def tuple_reload(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    # a tuple item loaded before a store to the same place (regression: the item was left
    # an expression and loaded again where it was read, after the store)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x, mask=mask)
    t = (x, x - 1.0)
    for _ in range(steps):
        t = (tl.load(out_ptr + offs, mask=mask, other=0.0) + 1.0, t[0])
        tl.store(out_ptr + offs, t[0] * 2.0, mask=mask)
    tl.store(out_ptr + n + offs, t[1] + t[0], mask=mask)


@triton.jit
def store_then_double(ptr, offs, mask, pair):
    tl.store(ptr + offs, pair[1], mask=mask)
    return pair[0] * 2.0


@triton.jit
def tuple_argument(x_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    # a tuple argument whose item loads what the helper then overwrites (regression: the
    # item was loaded where the helper read it, after its store)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x, mask=mask)
    r = store_then_double(out_ptr, offs, mask, (tl.load(out_ptr + offs, mask=mask, other=0.0) + 1.0, x * 0.5))
    tl.store(out_ptr + n + offs, r + steps, mask=mask)
