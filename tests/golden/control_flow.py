# Exercises control flow: runtime and static loops, loop-carried blocks,
# if/elif/else on scalars, early return, helpers returning tuples, num_programs.
# tl2cu: -s 'control_flow:*fp32,*i32,i32,i32' -D BLOCK=64 -D MODE=1
# tl2cu: --grid 'max(1, min(cdiv(n, BLOCK), 1024))'
import triton
import triton.language as tl


@triton.jit
def scale_and_shift(v, s, t: tl.constexpr):
    return v * s, v + t


@triton.jit
def control_flow(out_ptr, count_ptr, n, steps, BLOCK: tl.constexpr, MODE: tl.constexpr):
    pid = tl.program_id(0)
    if pid * BLOCK >= n:
        return
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    count = 0
    for step in range(steps):
        acc = acc + offs.to(tl.float32) * 0.25
        if step % 2 == 0:
            count += 1
        elif step % 3 == 0:
            count += 2
        else:
            count -= 1
    for r in tl.static_range(3):
        a, b = scale_and_shift(acc, 0.5, r)
        acc = a + b
    if MODE == 1:
        acc = acc * tl.num_programs(0)
    else:
        acc = acc - 1.0
    tl.store(out_ptr + offs, acc, mask=mask)
    tl.store(count_ptr + pid, count)
