# Kernels reduced from what the differential fuzzer (tests/fuzz, seed 1) found: CUDA that
# nvcc refused, or types that differed from Triton's. Each kernel names its finding.
# tl2cu: -s 'branch_new_name:*fp32,*fp64,i32,fp32' -s 'abs_16:*fp16,*bf16,*fp16,*bf16,i32'
# tl2cu: -s 'to_bool:*fp32,*fp16,*bf16,*i1,i32' -s 'max_i64_literal:*i64,*bf16,i32'
# tl2cu: -s 'fma_negative_literal:*i16,*fp32,i32' -s 'maximum_bf16:*bf16,*fp32,i32'
# tl2cu: -s 'param_k:*fp32,*fp32,i32,i32' -s 'reduce_of_reduced:*i32,i32'
import triton
import triton.language as tl


# A name first assigned in both branches of a run-time `if` is declared before the if,
# unset (it had no value to start from), and assigned in each branch; block and scalar.
@triton.jit
def branch_new_name(x, o, n, s):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    v = tl.load(x + offs, mask=offs < n, other=0.0)
    w = v + n
    if s < 1.0:
        t = tl.abs(v)
        u = s * 2.0
    else:
        t = w
        u = s + 3.0
    tl.store(o + offs, t + u, mask=offs < n)


# tl.abs of fp16 / bf16 clears the sign bit (NaNs included), as Triton's fabs does.
@triton.jit
def abs_16(x16, xb, o16, ob, n):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    tl.store(o16 + offs, tl.abs(tl.load(x16 + offs, mask=offs < n, other=0.0)), mask=offs < n)
    tl.store(ob + offs, tl.abs(tl.load(xb + offs, mask=offs < n, other=0.0)), mask=offs < n)


# Float to bool is x != 0 (NaN is true) for fp32, fp16 and bf16.
@triton.jit
def to_bool(x32, x16, xb, o, n):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    m = offs < n
    a = tl.load(x32 + offs, mask=m, other=0.0).to(tl.int1)
    b = tl.load(x16 + offs, mask=m, other=0.0).to(tl.int1)
    c = tl.load(xb + offs, mask=m, other=0.0).to(tl.int1)
    tl.store(o + offs, a ^ b ^ c, mask=m)


# tl.maximum / tl.minimum of an int64 block and an expression with literals (5LL, a long
# long, where int64_t is long), with and without propagate_nan.
@triton.jit
def max_i64_literal(x, o, n):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    v = tl.load(x + offs, mask=offs < n, other=3)
    r = tl.maximum(v, v % ((v & 15) + 2)) - tl.minimum(v, (v & 7) - 1)
    r += tl.maximum(v, (v & 3) - 2, propagate_nan=tl.PropagateNan.ALL)
    tl.store(o + offs, r.to(tl.bfloat16), mask=offs < n)


# a * b - -3.0 contracts to fmaf(a, b, -(-3.0f)): `--3.0f` would be a decrement.
@triton.jit
def fma_negative_literal(x, o, n):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    v = tl.load(x + offs, mask=offs < n, other=2).to(tl.float32)
    tl.store(o + offs, (v * v) - -3.0, mask=offs < n)


# tl.maximum / tl.minimum promote bf16 operands to fp32 (core.py
# _promote_bfloat16_to_float32): the result is fp32, which tl.erf accepts.
@triton.jit
def maximum_bf16(x, o, n):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    b = tl.load(x + offs, mask=offs < n, other=0.0)
    tl.store(o + offs, tl.erf(tl.maximum(b, b)) + tl.minimum(b, 1.0), mask=offs < n)


# A parameter named k (the element loops' index was once named _k and k).
@triton.jit
def param_k(x, o, n, k):
    offs = tl.program_id(0) * 32 + tl.arange(0, 32)
    tl.store(o + offs, tl.load(x + offs, mask=offs < n, other=0.0) + k, mask=offs < n)


# A full reduction of a value that subtracts a broadcast axis-0 reduction.
@triton.jit
def reduce_of_reduced(o, N):
    rm = tl.program_id(0) * 32 + tl.arange(0, 32)
    rn = tl.program_id(1) * 32 + tl.arange(0, 32)
    offs = rm[:, None] * N + rn[None, :]
    t = offs - tl.xor_sum(offs, axis=0)[None, :]
    tl.store(o + tl.program_id(0) * tl.num_programs(1) + tl.program_id(1), tl.xor_sum(t))
