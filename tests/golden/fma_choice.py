# tl2cu: -s 'fma_choice:*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, 1024'
# An add of two products fuses one of them; LLVM's DAG combiner folds the one with fewer uses,
# the first operand's when they have as many. A product given a name (`acc = a * b`) has no
# more uses in Triton's IR than one written inline: the let is tl2cu's, not a use (Liger's
# _mhc_post_res_fwd_kernel, `acc = f * h` then `acc += xs * w`, differed from Triton in the
# last bits on an H100, 2026-12-07). Spellings: a named product plus an inline one, the same
# under tl.static_range, two named products, and a product used twice against one used once.
import triton
import triton.language as tl


@triton.jit
def fma_choice(a_ptr, b_ptr, c_ptr, d_ptr, o_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    c = tl.load(c_ptr + offs)
    d = tl.load(d_ptr + offs)
    acc = a * b
    acc += c * d
    tl.store(o_ptr + offs, acc)
    acc2 = b * c
    for i in tl.static_range(0, 2):
        acc2 += (a + i) * d
    tl.store(o_ptr + BLOCK * 1024 + offs, acc2)
    t = a * c
    u = b * d
    tl.store(o_ptr + 2 * BLOCK * 1024 + offs, t + u)
    twice = a * d
    tl.store(o_ptr + 3 * BLOCK * 1024 + offs, twice + b * c)
    tl.store(o_ptr + 4 * BLOCK * 1024 + offs, twice)
