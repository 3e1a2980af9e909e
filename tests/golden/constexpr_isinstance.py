# tl2cu: -s 'constexpr_isinstance:*fp32:16, *i32:16, i32, 32, 128'
# A compile-time helper that unwraps its arguments, as FlagGems' sort.py does
# (`o.value if isinstance(o, tl.constexpr) else o`): Triton hands it jit code's constants wrapped
# as tl.constexpr; tl2cu does not track the wrapping, and takes the conditional because both arms
# are the same value either way (tests/errors/isinstance_undecided.py: where they differ).
import triton
import triton.language as tl


def unwrap_if_constexpr(o):
    return o.value if isinstance(o, tl.constexpr) else o


@tl.constexpr
def get_int_t(num_bits: tl.constexpr, signed: tl.constexpr) -> tl.dtype:
    num_bits = unwrap_if_constexpr(num_bits)
    signed = unwrap_if_constexpr(signed)
    return tl.core.get_int_dtype(num_bits, signed)


@tl.constexpr
def one_zeros(num_bits: tl.constexpr) -> int:
    num_bits = unwrap_if_constexpr(num_bits)
    return 1 << (num_bits - 1)


@triton.jit
def constexpr_isinstance(x_ptr, y_ptr, n, BITS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    u = x.to(get_int_t(BITS, False), bitcast=True)
    tl.store(y_ptr + offs, (u ^ one_zeros(BITS)).to(tl.int32), mask=m)
