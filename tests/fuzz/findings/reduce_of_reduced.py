# Found by tests/fuzz: tl2cu stops with 'internal error at translator/emit.c:409: unreachable' (exit 134, abort)
# on a full reduction of a value that subtracts a broadcast axis-0 xor_sum. Reproduce: build/tl2cu tests/fuzz/findings/reduce_of_reduced.py -o -
import triton
import triton.language as tl
# tl2cu: -s 'k1817:*fp16,*bf16,*fp32,*fp64,*fp16,*fp64,*fp32,*fp32,*i32,*fp64,i32,i32,fp32,i32'
@triton.jit
def k1817(x0, x1, x2, x3, x4, o0, o1, o2, o3, o4, M, N, s, reps):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * 32 + tl.arange(0, 32)
    rn = pid_n * 32 + tl.arange(0, 32)
    offs = rm[:, None] * N + rn[None, :]
    t6 = (offs - tl.xor_sum(offs, axis=0)[None, :])
    tl.store(o3 + pid_m * tl.num_programs(1) + pid_n, tl.xor_sum(t6))

