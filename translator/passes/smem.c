// smem.c: shared-memory allocation (issue 13). Every use of a kernel's scratch buffer
// (tl2cu_smem) starts after a barrier and is read before the next use's barrier, so no two
// uses are live at once: each starts at byte 0, and the buffer is the largest use (but a
// pipelined dot's buffers, dot.c, live across its loop, after what the loop's other uses take). A use is
// a conversion (convert.c) or the scratch an op's lowering lays out: a reduction's
// partials across warps (reduce.c), a scan's block (its slots swizzled), a sort's or gather's source
// block, a dot's operands, a histogram's counts, an atomic's old values handed to the
// threads that did not run it. emit.c declares the buffer this pass sizes (and decides
// from it whether small programs may share a thread block); a use needing more than it
// is an internal error.
#include "tl2cu.h"

// The scratch of the op a let defines (0: none), as its emitter lays it out.
static int64_t op_scratch(Kernel *k, Value *v, int threads) {
  if (v->kind == V_ATOMIC) return atomic_scratch_bytes(v, k->program_threads, threads);  // (emitted even when unread)
  if (never_read(v)) return 0;
  switch (v->kind) {
  case V_REDUCE: return reduce_scratch_bytes(v);
  case V_SCAN: return scan_scratch_bytes(v, threads);
  case V_SORT: case V_GATHER: return block_scratch_bytes(v->a);
  case V_HISTOGRAM: return v->ival * 4;
  case V_DOT: return dot_scratch_bytes(v);
  default: return 0;
  }
}

static void allocate(Kernel *k, Stmt *s, int threads) {
  for (; s; s = s->next) {
    s->scratch = s->kind == S_LET ? op_scratch(k, s->v, threads) : store_staging_bytes(k, s, threads);
    if (s->scratch > k->smem) k->smem = s->scratch;
    for (int i = 0; i < s->converts.len; i++) {
      Convert *c = s->converts.items[i];
      if (c->bytes > k->smem) k->smem = c->bytes;
    }
    allocate(k, s->body, threads);
    allocate(k, s->orelse, threads);
  }
}

void smem_pass(Kernel *k) {
  k->smem = 0;
  dot_pipeline_clear(k);  // (the previous layout pass's marks would size the dots' scratch)
  dot_unit_pass(k);       // (wgmma or mma.sync: the operands' buffers differ)
  allocate(k, k->body, k->program_threads ? k->program_threads : k->num_warps * 32);
  dot_pipeline_pass(k);  // (a loop's pipelined dot keeps num_stages + 1 buffers across it)
}
