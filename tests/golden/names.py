# User names that are also names of the generated code (translator/support/names.c): the
# emitter's own names start with "_", so a block named buf does not share the scan's
# shared-memory buffer and a scalar named lane does not become the store window's lane;
# C++ words and CUDA built-ins (new, threadIdx) get a trailing "_", names starting with
# "_" a leading "u". _dropout is the shape of Triton's tutorial 04, whose p was declared
# p and used as p_. Functions imported under other names are what they are: texp is
# tl.exp, tr.jit is triton.jit, C is tl.constexpr.
# tl2cu: -s '_dropout:*fp32,*i8,*fp32,i32,fp32' -s 'gol_lane:*i8,*i8'
# tl2cu: --grid 'gol_lane: cdiv(N - 2, BLOCK_SIZE_ROW), cdiv(N - 2, BLOCK_SIZE_COL)'
# tl2cu: -D BLOCK_SIZE=1024 -D BLOCK_SIZE_ROW=1 -D BLOCK_SIZE_COL=1024
import triton
import triton.language as tl
import triton as tr
from triton import language as tlang
from triton.language import exp as texp
from triton.language import constexpr as C


@triton.jit
def cumsum_buf(x_ptr: "*fp32", z_ptr: "*fp32"):
    offs = tl.arange(0, 1024)
    buf = tl.load(x_ptr + offs)
    tl.store(z_ptr + offs, tl.cumsum(buf, axis=0))


@triton.jit
def gol_lane(x_ptr, out_ptr, row_stride: tl.int64, N: tl.int64,
             BLOCK_SIZE_ROW: tl.constexpr, BLOCK_SIZE_COL: tl.constexpr):
    row_id = tl.program_id(0)
    lane = tl.program_id(1)
    row_offsets1 = row_id * BLOCK_SIZE_ROW + tl.arange(0, BLOCK_SIZE_ROW)[:, None] + 1
    col_offsets1 = lane * BLOCK_SIZE_COL + tl.arange(0, BLOCK_SIZE_COL)[None, :] + 1
    row_offsets0 = row_offsets1 - 1
    row_offsets2 = row_offsets1 + 1
    col_offsets0 = col_offsets1 - 1
    col_offsets2 = col_offsets1 + 1
    row_mask0 = row_offsets0 < N
    row_mask1 = row_offsets1 < N - 1
    row_mask2 = row_offsets2 < N
    col_mask0 = col_offsets0 < N
    col_mask1 = col_offsets1 < N - 1
    col_mask2 = col_offsets2 < N

    row00 = tl.load(x_ptr + row_offsets0 * row_stride + col_offsets0, mask=row_mask0 & col_mask0, other=0)
    row01 = tl.load(x_ptr + row_offsets0 * row_stride + col_offsets1, mask=row_mask0 & col_mask1, other=0)
    row02 = tl.load(x_ptr + row_offsets0 * row_stride + col_offsets2, mask=row_mask0 & col_mask2, other=0)
    row10 = tl.load(x_ptr + row_offsets1 * row_stride + col_offsets0, mask=row_mask1 & col_mask0, other=0)
    row11 = tl.load(x_ptr + row_offsets1 * row_stride + col_offsets1, mask=row_mask1 & col_mask1, other=0)
    row12 = tl.load(x_ptr + row_offsets1 * row_stride + col_offsets2, mask=row_mask1 & col_mask2, other=0)
    row20 = tl.load(x_ptr + row_offsets2 * row_stride + col_offsets0, mask=row_mask2 & col_mask0, other=0)
    row21 = tl.load(x_ptr + row_offsets2 * row_stride + col_offsets1, mask=row_mask2 & col_mask1, other=0)
    row22 = tl.load(x_ptr + row_offsets2 * row_stride + col_offsets2, mask=row_mask2 & col_mask2, other=0)

    sum = row00 + row01 + row02 + row10 + row12 + row20 + row21 + row22
    result = tl.where(row11 > 0, (sum == 2) | (sum == 3), sum == 3).to(tl.int8)
    tl.store(out_ptr + row_offsets1 * row_stride + col_offsets1, result, mask=row_mask1 & col_mask1)


@triton.jit
def keywords(new: "*fp32", threadIdx: "*fp32", n: "i32"):
    _offs = tl.arange(0, 128)
    tid = _offs < n
    tl.store(new + _offs, tl.load(threadIdx + _offs, mask=tid) * 2, mask=tid)


@triton.jit
def _dropout(x_ptr, x_keep_ptr, output_ptr, n_elements, p, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    x_keep = tl.load(x_keep_ptr + offsets, mask=mask)
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(output_ptr + offsets, output, mask=mask)


@triton.jit
def aliased_exp(x_ptr: "*fp32", y_ptr: "*fp32"):
    offs = tl.arange(0, 256)
    tl.store(y_ptr + offs, texp(tl.load(x_ptr + offs)))


@tr.jit
def aliased_modules(x_ptr: "*fp32", y_ptr: "*fp32", N: C = 256):
    offs = tlang.arange(0, N)
    x = tr.language.load(x_ptr + offs)
    tlang.store(y_ptr + offs, tr.language.sqrt(x) + tlang.math.log(x))
