# @triton.heuristics: EVEN_N (a test on a run-time argument) picks one of two
# kernel variants at launch; BLOCK (from constexprs only) is computed by tl2cu.
# tl2cu: -s 'masked_scale:*fp32,*fp32,i32' -D WIDTH=1000 --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


@triton.heuristics({
    'EVEN_N': lambda args: args['n'] % args['BLOCK'] == 0,
    'BLOCK': lambda args: triton.next_power_of_2(args['WIDTH']),
})
@triton.jit
def masked_scale(x_ptr, y_ptr, n, WIDTH: tl.constexpr, BLOCK: tl.constexpr, EVEN_N: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN_N:
        x = tl.load(x_ptr + offs)
        tl.store(y_ptr + offs, x * 3.0)
    else:
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        tl.store(y_ptr + offs, x * 3.0, mask=mask)
