# Puzzle 8, "long softmax": z[i, :] = softmax(x[i, :]) for the N0 rows of length T of x.
# One program per B0 rows reads them in chunks of B1 columns, in two loops: the first
# keeps each row's running max and running sum of exponentials (rescaling the sum when
# the max grows: exp(x - new) = exp(x - old) * exp(old - new)), the second writes the
# normalized values. exp(x) is computed as 2^(log2(e) x) with tl.exp2, as the puzzle asks.
# The running max and sum are [B0, 1] columns (reductions with keep_dims=True).
# N1 is the puzzle's (unused) size. T has no alignment hint: the tests use odd T.
# tl2cu: -s 'softmax_kernel:*fp32,*fp32,i32,i32,i32' -D B0=4 -D B1=512
# tl2cu: --grid 'cdiv(N0, B0)'
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, z_ptr, N0, N1, T, B0: tl.constexpr, B1: tl.constexpr):
    pid_0 = tl.program_id(0)
    log2_e = 1.44269504
    off_i = pid_0 * B0 + tl.arange(0, B0)
    mask_i = off_i < N0
    x_max = tl.full([B0, 1], -float("inf"), dtype=tl.float32)
    exp_sum = tl.zeros([B0, 1], dtype=tl.float32)
    for j in range(0, T, B1):
        off_j = j + tl.arange(0, B1)
        off_ij = off_i[:, None] * T + off_j[None, :]
        mask_ij = mask_i[:, None] & (off_j[None, :] < T)
        x = tl.load(x_ptr + off_ij, mask=mask_ij, other=-float("inf"))
        new_max = tl.maximum(x_max, tl.max(x, axis=1, keep_dims=True))
        scale = tl.exp2(log2_e * (x_max - new_max))
        chunk_sum = tl.sum(tl.exp2(log2_e * (x - new_max)), axis=1, keep_dims=True)
        exp_sum = exp_sum * scale + chunk_sum
        x_max = new_max
    for j in range(0, T, B1):
        off_j = j + tl.arange(0, B1)
        off_ij = off_i[:, None] * T + off_j[None, :]
        mask_ij = mask_i[:, None] & (off_j[None, :] < T)
        x = tl.load(x_ptr + off_ij, mask=mask_ij, other=-float("inf"))
        z = tl.exp2(log2_e * (x - x_max)) / exp_sum
        tl.store(z_ptr + off_ij, z, mask=mask_ij)
