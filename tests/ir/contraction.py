# FMA contraction decided over the IR (contract.c), as LLVM and ptxas contract for Triton:
# y = x * s + b fuses its product; t = x * x feeds two adds, both fuse it (every use folded);
# in the loop, acc + x * n in fp64 with x and n fixed is hoisted apart by LICM (unfused);
# fp32 products hoisted so: x * b (two registers) stays apart, x * s (an argument) fuses
# again in ptxas; after the loop, acc (its result, a variable no later loop assigns) is
# fixed in the next loop, so acc * d is hoisted apart too;
# u = tl.where(...) * 2.0 + b: InstCombine moves the multiply into the select, so the add
# reads a select and nothing fuses (mul kept apart: {unfused});
# w = -(x * b): Triton's -x is 0 - x, which fuses the product as any subtract does.
# tl2cu: -s 'contraction:*fp32,*fp64,*fp32,fp32,fp64,i32' -D BLOCK=128
import triton
import triton.language as tl


@triton.jit
def contraction(x_ptr, d_ptr, out_ptr, s, n, reps, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    b = tl.load(out_ptr + offs)
    y = x * s + b
    t = x * x
    z = t + b - t
    u = tl.where(x > 0, x, 1.0) * 2.0 + b
    d = tl.load(d_ptr + offs)
    acc = tl.zeros([BLOCK], tl.float64)
    acc32 = b
    for i in range(reps):
        acc = acc + d * n
        acc32 = acc32 + x * b + x * s
    acc2 = d
    for i in range(reps):
        acc2 = acc2 + acc * d
    w = -(x * b)
    tl.store(out_ptr + offs, y + z + u + acc32 + w)
    tl.store(d_ptr + offs, acc + acc2)
