# --dump-ir=canon (canon.c): `acc + tl.dot(a, b)` becomes `tl.dot(a, b, acc)` exactly where
# Triton's CombineDotAdd patterns (lib/Dialect/Triton/Transforms/Combine.td) rewrite it: the
# dot's own accumulator zero, the dot read by nothing else, and for floats a
# max_num_imprecise_acc of 0 (fp8 dots default to 2**30 on sm_90, the default target here).
# tl2cu: -s 'dot_add:*fp16,*fp8e4nv,*i8,*fp32,*i32' -D B=64
import triton
import triton.language as tl


@triton.jit
def dot_add(h_ptr, f8_ptr, i8_ptr, out_ptr, iout_ptr, B: tl.constexpr):
    r = tl.arange(0, B)
    at = r[:, None] * B + r[None, :]
    h = tl.load(h_ptr + at)
    f8 = tl.load(f8_ptr + at)
    i8 = tl.load(i8_ptr + at)
    acc = tl.load(out_ptr + at)
    fused = acc + tl.dot(h, h)  # fp16: fused
    fused_rev = tl.dot(h, h) + acc  # either order
    fp8 = acc + tl.dot(f8, f8)  # fp8 on sm_90: max_num_imprecise_acc 2**30, left as an add
    fp8_exact = acc + tl.dot(f8, f8, max_num_imprecise_acc=0)  # fused
    imprecise = acc + tl.dot(h, h, max_num_imprecise_acc=16)  # given, not 0: left
    d = tl.dot(h, h)
    shared = acc + d  # the dot is read twice: left
    ints = tl.load(iout_ptr + at) + tl.dot(i8, i8)  # integers: fused whatever the rest
    tl.store(out_ptr + at, fused + fused_rev + fp8 + fp8_exact + imprecise + shared + d)
    tl.store(iout_ptr + at, ints)
