# A batched matmul: C[z] = A[z] @ B[z] for z in range(Z), fp16 in, fp32 accumulators, fp16 out,
# as batched GEMMs are written in Triton: the batch on the grid's second axis (a per-batch
# stride on each pointer; Z, the batch count, sizes the grid), each program one BLOCK_M x
# BLOCK_N tile of one product, K masked.
# The tiles run on Hopper's warpgroup MMA (tl2cu's default target), loads pipelined over
# num_stages; build with -gencode arch=compute_90a,code=sm_90a (the file says so).
# tl2cu: -s 'bmm_kernel:*fp16,*fp16,*fp16,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32'
# tl2cu: --grid 'cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N), Z'
import torch
import triton
import triton.language as tl


@triton.jit
def bmm_kernel(a_ptr, b_ptr, c_ptr, Z, M, N, K, stride_az, stride_am, stride_ak, stride_bz, stride_bk, stride_bn,
               stride_cz, stride_cm, stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
               GROUP_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    z = tl.program_id(axis=1)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m

    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + z * stride_az + offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + z * stride_bz + offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk

    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + z * stride_cz + offs_cm[:, None] * stride_cm + offs_cn[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(tl.float16), mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


def bmm(a, b):
    assert a.shape[0] == b.shape[0] and a.shape[2] == b.shape[1], "Incompatible dimensions"
    Z, M, K = a.shape
    N = b.shape[2]
    c = torch.empty((Z, M, N), device=a.device, dtype=torch.float16)
    grid = lambda META: (triton.cdiv(M, META['BLOCK_M']) * triton.cdiv(N, META['BLOCK_N']), Z)
    bmm_kernel[grid](a, b, c, Z, M, N, K, a.stride(0), a.stride(1), a.stride(2), b.stride(0), b.stride(1), b.stride(2),
                     c.stride(0), c.stride(1), c.stride(2), BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8,
                     num_warps=8, num_stages=3)
    return c


if __name__ == "__main__":
    torch.manual_seed(0)
    a = torch.randn(4, 300, 200, device="cuda", dtype=torch.float16)
    b = torch.randn(4, 200, 260, device="cuda", dtype=torch.float16)
    torch.testing.assert_close(bmm(a, b), torch.bmm(a, b), atol=1e-2, rtol=1e-2)
    print("bmm: close to torch.bmm")
