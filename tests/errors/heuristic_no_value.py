# A heuristic reading a constexpr that nothing gives a value (no -D, default, launch or
# config): said by name, not Python's bare KeyError.
import triton
import triton.language as tl


@triton.heuristics({'CAP': lambda args: 30.0 if args['DO_SOFTCAPPING'] else 0.0})
@triton.jit
def k(x_ptr, DO_SOFTCAPPING: tl.constexpr, CAP: tl.constexpr):
    tl.store(x_ptr, CAP)
