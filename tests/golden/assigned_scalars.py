# A Python number assigned in a kernel without `: tl.constexpr` is a scalar tensor of its
# literal's type (Triton's code_generator visit_Assign: _sanitize_value -> to_tensor), no
# longer a weak literal: `a = 100; x_i8 + a` is int32 (it was int8 here, wrapping at 127,
# while Triton computes in int32); `eps = 1e-3; h + eps` with fp16 h is fp32; `big = 2**62;
# big * 4` wraps in int64 as Triton's does; tuples item by item. Annotated constexprs and
# inline literals stay weak (x_i8 + 100 is int8).
# tl2cu: -s 'assigned:*i8:16, *fp16:16, *i32:16, *fp32:16, *i64:16, *i8:16, i32, 128'
import triton
import triton.language as tl


@triton.jit
def assigned(x_ptr, h_ptr, out_i_ptr, out_f_ptr, out_big_ptr, out_weak_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    x = tl.load(x_ptr + o, mask=m, other=0)
    h = tl.load(h_ptr + o, mask=m, other=0.0)
    a = 100
    eps = 1e-3
    big = 2 ** 62
    pair = (3, 0.5)
    weak: tl.constexpr = 100
    tl.store(out_i_ptr + o, x + a + pair[0], mask=m)
    tl.store(out_f_ptr + o, (h + eps) * pair[1], mask=m)
    tl.store(out_big_ptr + o, big * 4 + o, mask=m)
    tl.store(out_weak_ptr + o, x + weak, mask=m)
