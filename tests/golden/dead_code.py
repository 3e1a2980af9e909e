# Values nothing reads are not emitted, nor what only they read: Triton's dead-code
# elimination drops them too (an unused tl.load reads no memory there either). A kernel
# left without block values declares no thread index. The file builds without warnings.
# tl2cu: -s 'dead_values:*fp32,*fp32,i32' -s 'scalar_only:*fp32,i32' -D BLOCK=256
# tl2cu: --grid 'cdiv(n, BLOCK)'
import triton
import triton.language as tl


@triton.jit
def dead_values(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = i < n
    far = i * 7 + 3                         # read only by the dead load
    unused = tl.load(x_ptr + far, mask=far < 7 * n)
    twice = unused * 2.0 + 1.0              # never read
    x = tl.load(x_ptr + i, mask=mask, other=0.0)
    tl.store(out_ptr + i, x + 1.0, mask=mask)


@triton.jit
def scalar_only(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK) * 2          # a block value nothing reads
    tl.store(x_ptr + tl.program_id(0), n * 1.5)
