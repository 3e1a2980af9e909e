// scratch.c: the shared memory an op's lowering takes besides a dot's (dotfacts.c), as its
// printer lays it out: read by smem.c to size the kernel's buffer and by the printers
// (atomic.c, gather.c, sort.c, access.c) that use it. Facts only.
#include "tl2cu.h"

// A store of a tile held as mma accumulators (runs of two elements: 4- or 8-byte stores
// into eight rows a warp) staged through shared memory: the runs written into rows padded
// by 16 bytes (the eight rows of a warp's store then fall in distinct banks), read back in
// 16-byte runs of a blocked layout `to`, where the pointer and the mask are recomputed
// (index math, not converted: reads_across) and the store moves 16 bytes a thread (as
// Triton's epilogue, which converts to a blocked layout through shared memory). The
// layout `to`, where the tile's shape allows it.
bool staged_store_layout(Stmt *s, int threads, Layout *to) {
  const Layout *l = s->kind == S_STORE ? s->ptr->layout : NULL;
  if (!l || l->kind != LAYOUT_MMA || s->ptr->shape.rank != 2 || !shape_eq(l->space, s->ptr->shape) || s->v->packed ||
      s->predicated || !layout_rows_first(l))  // (`to` reads the space as the value)
    return false;
  int size = elem_bytes(s->v->ty), run = size ? 16 / size : 0;
  int64_t cols = l->space.dim[1], n = l->space.dim[0] * cols;
  if ((size != 2 && size != 4) || cols % run || n % ((int64_t)threads * run)) return false;
  *to = (Layout){.kind = LAYOUT_BLOCKED, .space = l->space, .map = {0, 1}, .threads = threads,
                 .per_thread = n / threads, .vec = run};
  return true;
}

// The bytes a staged store's buffer takes (smem.c, once a layout pass: Stmt.scratch), 0
// where the store is not staged.
int64_t store_staging_bytes(Kernel *k, Stmt *s, int threads) {
  Layout to;
  if (k->program_threads || !staged_store_layout(s, threads, &to)) return 0;
  int64_t bytes = to.space.dim[0] * (to.space.dim[1] * elem_bytes(s->v->ty) + 16);
  if (bytes > 100 * 1024) return 0;  // (128 x 256 fp16 takes 66 KB; a larger tile is stored as it is held)
  if (reads_across(s->ptr, &to) || reads_across(s->mask, &to)) return 0;
  return bytes;
}

// The old values an atomic hands through shared memory to the threads of its program that
// did not run it: a scalar's from thread 0 (unless the thread is the program), a block's
// with fewer elements than threads from the first threads.
int64_t atomic_scratch_bytes(Value *v, int program_threads, int threads) {
  if (never_read(v)) return 0;
  if (!v->shape.rank) return program_threads == 1 ? 0 : elem_bytes(v->ty);
  int64_t n = shape_numel(v->layout->space);
  return n < threads ? n * elem_bytes(v->ty) : 0;
}

int64_t block_scratch_bytes(Value *x) { return shape_numel(x->shape) * elem_bytes(x->ty); }
