# Vector-access decisions (translator/codegen/access.c, AxisInfo): tests/run.sh checks that in the
# kernel's first (plain) variant every load named v_* is a vector load and every s_* is not.
# A store after each load keeps loads from forming windows.
# tl2cu: -s 'alignment:*fp32:16,*fp32:16,i32:16,i32' -D BLOCK=1024
import triton
import triton.language as tl


@triton.jit
def alignment(x_ptr, out_ptr, n, m, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    v_plain = tl.load(x_ptr + i)
    tl.store(out_ptr + i, v_plain)
    s_shift1 = tl.load(x_ptr + i + 1)  # 4 bytes past a 16-byte boundary
    tl.store(out_ptr + i, s_shift1)
    v_back = tl.load(x_ptr + (i + 1) - 1)  # residues: aligned again
    tl.store(out_ptr + i, v_back)
    v_off16 = tl.load(x_ptr + i + 16)
    tl.store(out_ptr + i, v_off16)
    s_off2 = tl.load(x_ptr + 2 + i)  # 8 bytes past
    tl.store(out_ptr + i, s_off2)
    s_stride2 = tl.load(x_ptr + 2 * i)  # not contiguous
    tl.store(out_ptr + i, s_stride2)
    s_reversed = tl.load(x_ptr + (BLOCK - 1 - i))
    tl.store(out_ptr + i, s_reversed)
    v_n = tl.load(x_ptr + n + i)  # n: divisible by 16 (hint)
    tl.store(out_ptr + i, v_n)
    s_m = tl.load(x_ptr + m + i)  # m: no hint (the aligned variant may assume it)
    tl.store(out_ptr + i, s_m)
    v_mask_n = tl.load(x_ptr + i, mask=i < n, other=0.0)  # the mask is the same over a run
    tl.store(out_ptr + i, v_mask_n)
    s_mask_m = tl.load(x_ptr + i, mask=i < m, other=0.0)  # a run may straddle m
    tl.store(out_ptr + i, s_mask_m)
    s_mask_eq = tl.load(x_ptr + i, mask=i != n, other=0.0)  # != n: not a bound
    tl.store(out_ptr + i, s_mask_eq)
    v_mod_n = tl.load(x_ptr + (i % n))  # runs start at multiples of 4, n is one: no wrap inside
    tl.store(out_ptr + i, v_mod_n)
    s_mod_shift = tl.load(x_ptr + ((i + 1) % n))  # n may fall inside a run
    tl.store(out_ptr + i, s_mod_shift)
    s_mod_m = tl.load(x_ptr + (i % m))  # m: no hint
    tl.store(out_ptr + i, s_mod_m)
