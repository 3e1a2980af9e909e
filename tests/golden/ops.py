# GPU conformance kernels (tests/gpu/ops_check.py): each reads a 16x32 fp32 tile of x (row stride 32)
# and writes its results into out (4096 fp32, zero-filled). ops_check.py runs
# every kernel here under Triton and through tl2cu on the same input and
# compares the outputs. Parameters are annotated, so `tl2cu ops.py` needs no
# options.
import triton
import triton.language as tl


@triton.jit
def tile(x_ptr: "*fp32"):
    rows = tl.arange(0, 16)[:, None]
    cols = tl.arange(0, 32)[None, :]
    return tl.load(x_ptr + rows * 32 + cols), rows * 32 + cols


@triton.jit
def reduce_rows_cols(x_ptr: "*fp32", out_ptr: "*fp32"):
    x, offs = tile(x_ptr)
    tl.store(out_ptr + tl.arange(0, 16), tl.sum(x, axis=1))
    tl.store(out_ptr + 16 + tl.arange(0, 32), tl.sum(x, axis=0))
    tl.store(out_ptr + 48 + tl.arange(0, 16), tl.max(x, 1))
    tl.store(out_ptr + 64 + tl.arange(0, 32), x.min(axis=0))
    tl.store(out_ptr + 96, tl.sum(x))
    tl.store(out_ptr + 97, tl.max(x))
    row_sum = tl.sum(x, axis=1, keep_dims=True)
    tl.store(out_ptr + 128 + offs, x / row_sum)


@triton.jit
def arg_reductions(x_ptr: "*fp32", out_ptr: "*fp32"):
    x, offs = tile(x_ptr)
    xr = (x * 4.0).to(tl.int32).to(tl.float32)  # many ties
    tl.store(out_ptr + tl.arange(0, 16), tl.argmax(xr, axis=1).to(tl.float32))
    tl.store(out_ptr + 16 + tl.arange(0, 32), tl.argmin(xr, axis=0).to(tl.float32))
    m, i = tl.max(xr, axis=1, return_indices=True)
    tl.store(out_ptr + 48 + tl.arange(0, 16), m + i.to(tl.float32) * 1000.0)
    # Triton 3.6 on the H200 gave a non-leftmost index for argmax(reshape(xr, (512,)))
    # (torch and tl2cu agree with each other there), so the 1-D case loads its own block
    flat = (tl.load(x_ptr + tl.arange(0, 512)) * 4.0).to(tl.int32).to(tl.float32)
    tl.store(out_ptr + 64, tl.argmax(flat, axis=0).to(tl.float32))


@triton.jit
def add_combine(a, b):
    return a + b


@triton.jit
def max_abs_combine(a, b):
    return tl.maximum(tl.abs(a), tl.abs(b))


@triton.jit
def int_reductions(x_ptr: "*fp32", out_ptr: "*fp32"):
    x, offs = tile(x_ptr)
    xi = (x * 1000.0).to(tl.int32)
    tl.store(out_ptr + tl.arange(0, 16), tl.xor_sum(xi, axis=1).to(tl.float32))
    tl.store(out_ptr + 16 + tl.arange(0, 16), tl.reduce(xi, 1, add_combine).to(tl.float32))
    tl.store(out_ptr + 32 + tl.arange(0, 32), tl.reduce(x, 0, max_abs_combine))
    small = xi.to(tl.int8)
    tl.store(out_ptr + 64 + tl.arange(0, 16), tl.sum(small, axis=1).to(tl.float32))


@triton.jit
def scans(x_ptr: "*fp32", out_ptr: "*fp32"):
    x, offs = tile(x_ptr)
    tl.store(out_ptr + offs, tl.cumsum(x, axis=1))
    tl.store(out_ptr + 512 + offs, tl.cumsum(x, axis=0, reverse=True))
    xi = (x * 100.0).to(tl.int32)
    tl.store(out_ptr + 1024 + offs, tl.cumsum(xi, axis=1).to(tl.float32))
    tl.store(out_ptr + 1536 + offs, tl.cumprod(x * 0.5 + 0.75, axis=1))
    tl.store(out_ptr + 2048 + offs, tl.associative_scan(xi, 1, add_combine).to(tl.float32))


@triton.jit
def shapes(x_ptr: "*fp32", out_ptr: "*fp32"):
    x, offs = tile(x_ptr)
    t = tl.trans(x)  # [32, 16]
    tl.store(out_ptr + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :], t)
    tl.store(out_ptr + 512 + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :], x.T * 2.0)
    r = tl.reshape(x, (32, 16))
    tl.store(out_ptr + 1024 + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :], r)
    tl.store(out_ptr + 1536 + tl.arange(0, 512), tl.ravel(x))
    tl.store(out_ptr + 2048 + offs, tl.flip(x, 1))
    j = tl.join(x, x + 1.0)  # [16, 32, 2]
    a, b = tl.split(j)
    tl.store(out_ptr + 2560 + offs, b - a + tl.sum(j, axis=2))
    p = tl.permute(tl.expand_dims(x, 0), 2, 0, 1)  # [32, 1, 16]
    tl.store(out_ptr + 3072 + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :], tl.reshape(p, (32, 16)))
    c = tl.broadcast_to(tl.sum(x, 0)[None, :], (16, 32))
    tl.store(out_ptr + 3584 + offs, c)


@triton.jit
def softmax_rows(x_ptr: "*fp32", out_ptr: "*fp32"):
    x, offs = tile(x_ptr)
    z = x - tl.max(x, axis=1)[:, None]
    num = tl.exp(z)
    tl.store(out_ptr + offs, num / tl.sum(num, axis=1)[:, None])
    w = tl.load(x_ptr + tl.arange(0, 32))
    mean = tl.sum(x, axis=1) / 32
    xc = x - mean[:, None]
    rstd = 1 / tl.sqrt(tl.sum(xc * xc, axis=1) / 32 + 1e-5)
    tl.store(out_ptr + 512 + offs, xc * rstd[:, None] * w[None, :])


@triton.jit
def while_rows(x_ptr: "*fp32", out_ptr: "*fp32"):
    i = 0
    total = tl.zeros((32,), dtype=tl.float32)
    while i < 16:
        row = tl.load(x_ptr + i * 32 + tl.arange(0, 32))
        total += row * i
        i += 1
    tl.store(out_ptr + tl.arange(0, 32), total)
    n = (tl.load(x_ptr + 40) * 100.0).to(tl.int32) + 101
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    tl.store(out_ptr + 32, steps.to(tl.float32))


@triton.jit
def stencil_windows(x_ptr: "*fp32", out_ptr: "*fp32"):
    # x[i-1], x[i], x[i+1], x[i+2]: tl2cu serves all four from one aligned vector load a
    # run and lane shuffles (a load window). The masks cut both ends: those warps go
    # element by element, the others take the window.
    i = tl.arange(0, 2048)
    left = tl.load(x_ptr + i - 1, mask=i >= 1, other=0.0)
    mid = tl.load(x_ptr + i)
    right = tl.load(x_ptr + i + 1, mask=i < 2047, other=0.0)
    right2 = tl.load(x_ptr + i + 2, mask=i < 2046, other=0.0)
    tl.store(out_ptr + i, (left - right) + (mid - right2))
    # a store one element past an aligned address (a store window): aligned chunks
    # gathered from the next lane, pieces at the warp's edges
    tl.store(out_ptr + 2048 + i + 1, left + mid, mask=i < 2047)


@triton.jit
def masked_loop_inplace(x_ptr: "*fp32", out_ptr: "*fp32"):
    # masked loads in loops (one predicated load each in tl2cu), in place: each pass
    # reads what the last one stored at the same addresses
    i = tl.arange(0, 512)
    tl.store(out_ptr + i, tl.load(x_ptr + i))
    for r in range(4):
        m = (i % 7) != r
        v = tl.load(out_ptr + i, mask=m, other=-1.0)
        tl.store(out_ptr + i, v * 0.5 + r, mask=i < 500 - r)
    for start in range(0, 3000, 500):
        j = start + i
        w = tl.load(x_ptr + j, mask=j < 1000, other=2.0)
        tl.store(out_ptr + 512 + j, w - 1.0)


@triton.jit
def wide_loads_in_loop(h_ptr: "*fp16", q_ptr: "*i64", out_ptr: "*fp32"):
    # 16- and 64-bit masked loads in a loop (predicated loads of those widths); built by
    # nvcc in `make test`, not run by ops_check.py
    i = tl.arange(0, 256)
    acc = tl.zeros((256,), dtype=tl.float32)
    for r in range(3):
        h = tl.load(h_ptr + r * 256 + i, mask=i > r, other=1.5)
        q = tl.load(q_ptr + r * 256 + i, mask=i < 200, other=-7)
        acc += h.to(tl.float32) + q.to(tl.float32)
    tl.store(out_ptr + i, acc)
