# A reduction over a dim of size 1 whose result a thread holds several of: FlagGems'
# instance_norm update_running_stats_kernel (BLOCK_BATCH_SIZE=1, 2048 channels) stopped on
# "internal error at reduce.c: reduction: element and group numbering disagree" (each
# element is its own group; the groups were numbered from an empty layout).
# tl2cu: -s 'col_sums:*fp32:16, *fp32:16, i32, i32, 1, 1024' --num-warps 4
import triton
import triton.language as tl


@triton.jit
def col_sums(x_ptr, out_ptr, B, C, ROWS: tl.constexpr, COLS: tl.constexpr):
    cid = tl.program_id(0) * COLS + tl.arange(0, COLS)
    acc = tl.zeros((COLS,), dtype=tl.float32)
    for b in range(0, B, ROWS):
        bid = b + tl.arange(0, ROWS)[:, None]
        x = tl.load(x_ptr + bid * C + cid[None, :], mask=(bid < B) & (cid[None, :] < C), other=0.0)
        acc += tl.sum(x, axis=0)
        acc += tl.max(x * 2.0, axis=0)
    tl.store(out_ptr + cid, acc, mask=cid < C)
