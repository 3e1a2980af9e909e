# Block pointers and tensor descriptors (tests/gpu/block_ptr_check.py runs each kernel
# beside Triton on the same inputs and compares the outputs bit for bit): 2-D tiles of a
# strided matrix with boundary checks on either dim or both, zero and NaN padding, tiles
# starting before the matrix (negative offsets), a block pointer advanced through a
# loop and in a run-time `if`, stores through block pointers, and tensor descriptors made
# in the kernel (loads padded with zeros or NaNs, stores cast to the element type) or on
# the host (TensorDescriptor arguments: one tl2cu_tensordesc per descriptor in the launchers),
# and TMA reductions through descriptors (desc.atomic_add, _max, _xor).
# tl2cu: -s 'bp_tile_copy:*fp32,*fp32,i32,i32,i32,i32,i32,i32' -s 'bp_row_sums:*fp32,*fp32,i32,i32,i32,i32'
# tl2cu: -s 'bp_row_sums_unit:*fp32,*fp32,i32,i32,i32'
# tl2cu: -s 'bp_padding:*fp32,*fp32,*fp32,i32,i32,i32' -s 'bp_shifted:*i16,*i32,i32,i32'
# tl2cu: -s 'bp_branch:*fp16,*fp16,i32,i32' -s 'td_tile_copy:*fp32,*fp16,i32,i32,i32,i32'
# tl2cu: -s 'td_nan:*fp32,*fp32,i32,i32,i32' -s 'td_atomics:*fp32,*i32,*i32,*u32,*fp32,*i32,i32,i32'
# tl2cu: -s 'td_host_copy:tensordesc<fp32[16, 32]>,tensordesc<fp16[16, 32]>'
# tl2cu: -s 'td_host_rows:*fp32,tensordesc<fp32[8, 16]>,i32,fp32'
# tl2cu: -D BLOCK_M=16 -D BLOCK_N=32 --num-warps 4
import triton
import triton.language as tl


@triton.jit
def bp_tile_copy(x_ptr, y_ptr, M, N, stride_xm, stride_xn, stride_ym, stride_yn,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    tiles_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // tiles_n
    pid_n = pid % tiles_n
    src = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(stride_xm, stride_xn),
                            offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N), block_shape=(BLOCK_M, BLOCK_N),
                            order=(1, 0))
    dst = tl.make_block_ptr(y_ptr, (M, N), (stride_ym, stride_yn), (pid_m * BLOCK_M, pid_n * BLOCK_N),
                            (BLOCK_M, BLOCK_N), (1, 0))
    tile = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    tl.store(dst, tile * 2.0 + 1.0, boundary_check=(1, 0))


@triton.jit
def bp_row_sums(x_ptr, out_ptr, M, N, stride_xm, stride_xn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(stride_xm, stride_xn), offsets=(pid * BLOCK_M, 0),
                             block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for _ in range(0, N, BLOCK_N):
        acc += tl.sum(tl.load(rows, boundary_check=(0, 1)), axis=1)
        rows = tl.advance(rows, (0, BLOCK_N))
    out = tl.make_block_ptr(out_ptr, (M,), (1,), (pid * BLOCK_M,), (BLOCK_M,), (0,))
    tl.store(out, acc, boundary_check=(0,))


@triton.jit
def bp_row_sums_unit(x_ptr, out_ptr, M, N, stride_xm, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # bp_row_sums with the column stride the constant 1, as Triton specializes an argument
    # equal to 1: rows read 16 bytes at a time where aligned, and summed in Triton's order
    pid = tl.program_id(0)
    rows = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(stride_xm, 1), offsets=(pid * BLOCK_M, 0),
                             block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for _ in range(0, N, BLOCK_N):
        acc += tl.sum(tl.load(rows, boundary_check=(0, 1)), axis=1)
        rows = tl.advance(rows, (0, BLOCK_N))
    out = tl.make_block_ptr(out_ptr, (M,), (1,), (pid * BLOCK_M,), (BLOCK_M,), (0,))
    tl.store(out, acc, boundary_check=(0,))


@triton.jit
def bp_padding(x_ptr, zero_ptr, nan_ptr, M, N, stride_xm, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # whole tiles land in the outputs: what the padding put outside the matrix shows
    pid = tl.program_id(0)
    src = tl.make_block_ptr(x_ptr, (M, N), (stride_xm, 1), (pid * BLOCK_M, 0), (BLOCK_M, BLOCK_N), (1, 0))
    offs = pid * BLOCK_M * BLOCK_N + tl.arange(0, BLOCK_M)[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    tl.store(zero_ptr + offs, tl.load(src, boundary_check=(1,), padding_option="zero"))
    tl.store(nan_ptr + offs, tl.load(src, boundary_check=(0, 1), padding_option="nan"))


@triton.jit
def bp_shifted(x_ptr, out_ptr, n, shift, BLOCK_N: tl.constexpr):
    # a 1-D window starting `shift` elements before the program's block: the part before
    # element 0 (negative offsets) and after n reads as zero
    pid = tl.program_id(0)
    src = tl.make_block_ptr(x_ptr, (n,), (1,), (pid * BLOCK_N - shift,), (BLOCK_N,), (0,))
    x = tl.load(src, boundary_check=(0,), padding_option="zero").to(tl.int32)
    dst = tl.make_block_ptr(out_ptr, (n,), (1,), (pid * BLOCK_N,), (BLOCK_N,), (0,))
    tl.store(dst, x * 3, boundary_check=(0,))


@triton.jit
def bp_branch(x_ptr, y_ptr, n, skip, BLOCK_N: tl.constexpr):
    # a block pointer advanced only where a run-time condition holds, then read
    pid = tl.program_id(0)
    src = tl.make_block_ptr(x_ptr, (n,), (1,), (pid * BLOCK_N,), (BLOCK_N,), (0,))
    if pid % 2 == 1:
        src = tl.advance(src, (skip,))
    v = tl.load(src, boundary_check=(0,), padding_option="zero")
    dst = tl.make_block_ptr(y_ptr, (n,), (1,), (pid * BLOCK_N,), (BLOCK_N,), (0,))
    tl.store(dst, v + v, boundary_check=(0,))


@triton.jit
def td_tile_copy(x_ptr, y_ptr, M, N, stride_xm, stride_ym, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    tiles_n = tl.cdiv(N, BLOCK_N)
    src = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[stride_xm, 1], block_shape=[BLOCK_M, BLOCK_N])
    dst = tl.make_tensor_descriptor(y_ptr, [M, N], [stride_ym, 1], [BLOCK_M, BLOCK_N])
    m = (pid // tiles_n) * BLOCK_M
    n = (pid % tiles_n) * BLOCK_N
    tile = src.load([m, n])
    dst.store([m, n], tile - 0.5)  # fp32 into the fp16 matrix: cast as Triton casts


@triton.jit
def td_nan(x_ptr, out_ptr, M, N, stride_xm, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    src = tl.make_tensor_descriptor(x_ptr, [M, N], [stride_xm, 1], [BLOCK_M, BLOCK_N], padding_option="nan")
    tile = tl.load_tensor_descriptor(src, [pid * BLOCK_M - 3, 0])
    offs = pid * BLOCK_M * BLOCK_N + tl.arange(0, BLOCK_M)[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    tl.store(out_ptr + offs, tile)


@triton.jit
def td_atomics(fa_ptr, ia_ptr, imax_ptr, ux_ptr, v_ptr, w_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # TMA reductions: each program's tile overlaps its neighbours' (rows pid * BLOCK_M / 2 - 3
    # on) and leaves the matrix at its edges, where nothing is written; one matrix per
    # operation, so that the result does not depend on the programs' order (the float
    # values are small integers: their sums are exact)
    pid = tl.program_id(0)
    offs = pid * BLOCK_M * BLOCK_N + tl.arange(0, BLOCK_M)[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    v = tl.load(v_ptr + offs)
    w = tl.load(w_ptr + offs)
    at = [pid * (BLOCK_M // 2) - 3, N - BLOCK_N - 4 + pid]
    tl.make_tensor_descriptor(fa_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N]).atomic_add(at, v)
    tl.make_tensor_descriptor(ia_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N]).atomic_add(at, w)
    tl.make_tensor_descriptor(imax_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N]).atomic_max(at, w)
    tl.make_tensor_descriptor(ux_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N]).atomic_xor(at, w.to(tl.uint32, bitcast=True))


@triton.jit
def td_host_copy(in_desc, out_desc):
    # descriptors made on the host; the tile's shape is theirs
    BM = in_desc.block_shape[0]
    BN = in_desc.block_shape[1]
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    tile = in_desc.load([m, n])
    out_desc.store([m, n], tile * 2.0 + 1.0)


@triton.jit
def td_host_rows(out_ptr, x_desc, start, scale):
    # a descriptor between pointer and scalar arguments, read from before its first row
    # (the padding, zeros or NaNs, is the host descriptor's); its shape and strides read too
    BM: tl.constexpr = x_desc.block_shape[0]
    BN: tl.constexpr = x_desc.block_shape[1]
    pid = tl.program_id(0)
    tile = x_desc.load([pid * BM + start, 0])
    rows = pid * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    M = x_desc.shape[0]
    out = out_ptr + rows[:, None] * BN + cols[None, :]
    tl.store(out, tile * scale + x_desc.strides[0], mask=rows[:, None] < M + 4)
