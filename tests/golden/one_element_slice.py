# A block of one element (c + tl.arange(0, 1)) read in the space of a tl.dot's result, held
# as mma accumulators (a chunk's anchor row broadcast over the tile, as a paged decode
# kernel reads it). No register of the accumulator layout moves such a value, so slicing
# it (layout.c slice_values) found no register bits to keep, and keep 0 means an unsliced
# layout: one element a thread over [64, 128] stopped tl2cu with "invalid IR after layout
# ... over 128 threads for [64, 128]". It keeps register bit 0 now (a pair of copies).
# tests/gpu/one_element_slice_check.py runs it against Triton.
# tl2cu: -s 'anchored_tiles:*fp16,*fp16,*fp32,*fp32,i32,i32' -D M=64 -D K=32 -D N=128 --grid 1
import triton
import triton.language as tl


@triton.jit
def anchored_tiles(a_ptr, b_ptr, r_ptr, out_ptr, n_chunks, n_rows, M: tl.constexpr, K: tl.constexpr,
                   N: tl.constexpr):
    o_m = tl.arange(0, M)
    o_k = tl.arange(0, K)
    o_n = tl.arange(0, N)
    acc = tl.zeros([M, N], dtype=tl.float32)
    for c in range(0, n_chunks):
        o_c = c + tl.arange(0, 1)
        r = tl.load(r_ptr + o_c[:, None] * N + o_n[None, :], mask=o_c[:, None] < n_rows, other=1.0)
        a = tl.load(a_ptr + c * M * K + o_m[:, None] * K + o_k[None, :])
        b = tl.load(b_ptr + c * K * N + o_k[:, None] * N + o_n[None, :])
        acc += tl.dot(a, b) * r
    tl.store(out_ptr + o_m[:, None] * N + o_n[None, :], acc)
