# tl.sort, tl.topk and tl.bitonic_merge (tests/gpu/sort_ops_check.py runs each kernel
# beside Triton on the same inputs and compares the outputs bit for bit): 1-D and 2-D
# sorts of fp32 with NaNs, -0.0, +0.0 and infinities (Triton's network copies one value
# of a pair that compares false both ways into both places), ascending and descending;
# int8, uint8, int64, bool, fp16 and bf16 rows; blocks smaller than the thread block and
# one of 4096 elements; top-k of fp32, of fp16 and int8 (which tl.max widens to fp32 and
# int32), k of the whole row and k = 1 of several rows; a bitonic merge; and sorts inside
# a bigger computation (a masked load, arithmetic before and after, a loop that carries
# the sorted block, and a softmax of the top k).
# tl2cu: -s 'sort_1d:*fp32,*fp32,*fp32' -s 'sort_2d:*fp32,*fp32,i32' -s 'sort_big:*fp32,*fp32'
# tl2cu: -s 'sort_ints:*i8,*u8,*i64,*i8,*u8,*i64,*i1,*i1' -s 'sort_halves:*fp16,*bf16,*fp16,*bf16'
# tl2cu: -s 'topk_ops:*fp32,*fp16,*i8,*fp32,*fp32,*i32,*fp32' -s 'sort_compute:*fp32,*fp32,*fp32,i32'
# tl2cu: -s 'sort_small:*i32,*i32'
# tl2cu: --num-warps 4
import triton
import triton.language as tl


@triton.jit
def sort_1d(x_ptr, asc_ptr, desc_ptr):
    offs = tl.arange(0, 256)
    x = tl.load(x_ptr + offs)
    tl.store(asc_ptr + offs, tl.sort(x))
    tl.store(desc_ptr + offs, tl.sort(x, descending=True))


@triton.jit
def sort_2d(x_ptr, out_ptr, m):
    rows = tl.arange(0, 16)[:, None]
    cols = tl.arange(0, 64)[None, :]
    x = tl.load(x_ptr + rows * 64 + cols, mask=rows < m, other=float("nan"))
    tl.store(out_ptr + rows * 64 + cols, tl.sort(x, dim=1))
    y = tl.sort(x, 1, True)  # positional dim and descending
    tl.store(out_ptr + 1024 + rows * 64 + cols, y)


@triton.jit
def sort_big(x_ptr, out_ptr):
    rows = tl.arange(0, 4)[:, None]
    cols = tl.arange(0, 1024)[None, :]
    x = tl.load(x_ptr + rows * 1024 + cols)
    tl.store(out_ptr + rows * 1024 + cols, tl.sort(x, descending=True))


@triton.jit
def sort_ints(a_ptr, b_ptr, c_ptr, a_out, b_out, c_out, d_ptr, d_out):
    r8 = tl.arange(0, 8)[:, None]
    c32 = tl.arange(0, 32)[None, :]
    a = tl.load(a_ptr + r8 * 32 + c32)  # int8 [8, 32]
    tl.store(a_out + r8 * 32 + c32, tl.sort(a, descending=False))
    b = tl.load(b_ptr + tl.arange(0, 128))  # uint8
    tl.store(b_out + tl.arange(0, 128), tl.sort(b, descending=1))
    r4 = tl.arange(0, 4)[:, None]
    c16 = tl.arange(0, 16)[None, :]
    c = tl.load(c_ptr + r4 * 16 + c16)  # int64 [4, 16]
    tl.store(c_out + r4 * 16 + c16, tl.sort(c))
    d = tl.load(d_ptr + tl.arange(0, 64))  # bool
    tl.store(d_out + tl.arange(0, 64), tl.sort(d))


@triton.jit
def sort_halves(h_ptr, b_ptr, h_out, b_out):
    rows = tl.arange(0, 4)[:, None]
    cols = tl.arange(0, 64)[None, :]
    h = tl.load(h_ptr + rows * 64 + cols)
    tl.store(h_out + rows * 64 + cols, tl.sort(h))
    b = tl.load(b_ptr + rows * 64 + cols)
    tl.store(b_out + rows * 64 + cols, tl.sort(b, descending=True))


@triton.jit
def topk_ops(x_ptr, h_ptr, i_ptr, top_ptr, htop_ptr, itop_ptr, misc_ptr):
    rows = tl.arange(0, 8)[:, None]
    cols = tl.arange(0, 64)[None, :]
    k8 = tl.arange(0, 8)[None, :]
    x = tl.load(x_ptr + rows * 64 + cols)
    tl.store(top_ptr + rows * 8 + k8, tl.topk(x, 8))
    h = tl.load(h_ptr + rows * 64 + cols)
    tl.store(htop_ptr + rows * 8 + k8, tl.topk(h, 8, dim=1))  # fp16 in, fp32 out
    i = tl.load(i_ptr + rows * 64 + cols)
    k4 = tl.arange(0, 4)[None, :]
    tl.store(itop_ptr + rows * 4 + k4, tl.topk(i, 4))  # int8 in, int32 out
    tl.store(misc_ptr + rows * 64 + cols, tl.topk(x, 64))  # k = n: a descending sort
    tl.store(misc_ptr + 512 + rows, tl.topk(x, 1))  # the max of each row: [8, 1]
    v = tl.load(x_ptr + tl.arange(0, 32))
    tl.store(misc_ptr + 520 + tl.arange(0, 16), tl.topk(v, 16))
    merged = tl.bitonic_merge(tl.load(x_ptr + rows * 64 + cols))  # on rows that are not bitonic
    tl.store(misc_ptr + 536 + rows * 64 + cols, merged)
    tl.store(misc_ptr + 1048 + rows * 64 + cols, tl.bitonic_merge(x, descending=True))


@triton.jit
def sort_compute(x_ptr, out_ptr, soft_ptr, n):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs, mask=offs < n, other=float("-inf"))
    y = tl.sort(x * 2.0 - 1.0, descending=True)
    tl.store(out_ptr + offs, y + offs.to(tl.float32), mask=offs < n)
    # the top 16, as a softmax
    t = tl.topk(x, 16)
    e = tl.exp(t - tl.max(t, 0))
    tl.store(soft_ptr + tl.arange(0, 16), e / tl.sum(e, 0))
    # a loop that sorts the carried block again after each change
    acc = tl.load(x_ptr + offs)
    for i in range(3):
        acc = tl.sort(acc + tl.load(x_ptr + 128 + i * 128 + offs), descending=True)
        acc = acc * 0.5
    tl.store(out_ptr + 128 + offs, acc)


@triton.jit
def sort_small(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))  # 16 values over 128 threads
    s = tl.sort(x)
    tl.store(out_ptr + tl.arange(0, 16), s)
    # read where a [16, 32] block needs it
    w = s[:, None] * 32 + tl.arange(0, 32)[None, :]
    tl.store(out_ptr + 16 + tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :], w)
    one = tl.sort(tl.load(x_ptr + tl.arange(0, 1)))  # one element: as it is
    tl.store(out_ptr + 528 + tl.arange(0, 1), one)
