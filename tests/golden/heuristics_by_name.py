# @triton.heuristics given a module-level dict by name, as some libraries share one dict
# between kernels; an unselected kernel's heuristics are not read (-k picks 'add_one').
# tl2cu: -k add_one -s 'add_one:*fp32,i32' --grid 'cdiv(n, BLOCK)' -D BLOCK=256
import triton
import triton.language as tl

HEURISTICS = {
    'EVEN': lambda args: args['n'] % args['BLOCK'] == 0,
}


@triton.heuristics(HEURISTICS)
@triton.jit
def add_one(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)
    else:
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1.0, mask=offs < n)


@triton.heuristics(values=make_heuristics())
@triton.jit
def other(x_ptr):
    tl.store(x_ptr, 1.0)
