// atomic.c: tl.atomic_* statements.
//
// Every element's atomic happens once, as in Triton: a block atomic has its own
// layout (layout.c), and where the block has fewer elements than the program has
// threads only the first threads, which own one element each, perform it; a scalar
// atomic is performed by thread 0. The old values reach every thread that holds
// them through shared memory (Triton's AtomicRMWOpConversion does the same for
// scalars), and only when something reads them.
#include "emit.h"

#include <string.h>

static const char *const sem_names[] = {"tl2cu_relaxed", "tl2cu_acquire", "tl2cu_release", "tl2cu_acq_rel"};
static const char *const scope_names[] = {"tl2cu_cta", "tl2cu_gpu", "tl2cu_sys"};

// tl2cu_atomic_add<tl2cu_acq_rel, tl2cu_gpu>(ptr, val) at the current element.
static const char *atomic_call(Em *em, Stmt *s, Cx *cx) {
  Value *v = s->v;
  Cx cb = *cx, cc = *cx;
  const char *order = xprintf("<%s, %s>", sem_names[v->ival & 15], scope_names[v->ival >> 4]);
  const char *ptr = ex(em, v->a, cx), *b = ex(em, v->b, &cb);
  if (!strcmp(v->fn, "cas")) return xprintf("tl2cu_atomic_cas%s(%s, %s, %s)", order, ptr, b, ex(em, v->c, &cc));
  return xprintf("tl2cu_atomic_%s%s(%s, %s)", v->fn, order, ptr, b);
}

static bool has_mask(Value *v) { return v->c && strcmp(v->fn, "cas"); }

// The whole C statement for the current element: the old value kept, or not.
static const char *atomic_statement(Em *em, Stmt *s, Cx *cx) {
  Value *v = s->v;
  Cx cm = *cx;
  const char *call = atomic_call(em, s, cx);
  const char *mask = has_mask(v) ? ex(em, v->c, &cm) : NULL;
  const char *old = v->shape.rank ? xprintf("%s[_k]", v->cname) : v->cname;
  if (never_read(v)) return mask ? xprintf("if (%s) %s;", mask, call) : xprintf("%s;", call);
  if (!mask) return xprintf("%s = %s;", old, call);
  return xprintf("%s = %s ? %s : %s();", old, mask, call, ctype(v->ty));  // masked off: 0 (Triton: undefined)
}

static const char *smem_slot(Value *v, const char *index) {
  return xprintf("((%s *)tl2cu_smem)[%s]", ctype(v->ty), index);
}

// A scalar atomic: by the one thread of a program that is a thread, else by thread 0,
// the old value broadcast through shared memory.
static void emit_scalar_atomic(Em *em, Stmt *s) {
  Value *v = s->v;
  bool read = !never_read(v);
  if (read) line(em, "%s %s;", ctype(v->ty), v->cname);
  if (em->k->program_threads == 1) {
    elementwise(em, s, NULL, atomic_statement, "%s", NULL);
    return;
  }
  print_conversions(em);
  if (read) line(em, "__syncthreads();  // shared memory may still be read");
  line(em, "if (%s == 0) {", tid(em));
  em->indent++;
  elementwise(em, s, NULL, atomic_statement, "%s", NULL);
  if (read) line(em, "%s = %s;", smem_slot(v, "0"), v->cname);
  close_loop(em);
  if (!read) return;
  need_smem(em, atomic_scratch_bytes(v, em->k->program_threads, em->threads));
  line(em, "__syncthreads();");
  line(em, "%s = %s;", v->cname, smem_slot(v, "0"));
}

// A block atomic in its own layout; fewer elements than threads: the first threads
// own them, and the others read theirs from shared memory (thread t holds t % n).
static void emit_block_atomic(Em *em, Stmt *s) {
  Value *v = s->v;
  const Layout *l = v->layout;
  int64_t n = shape_numel(l->space);
  bool replicated = n < em->threads, read = !never_read(v);
  if (read) line(em, "%s", array_decl(v));
  print_conversions(em);
  if (replicated) {
    if (read) line(em, "__syncthreads();  // shared memory may still be read");
    line(em, "if (%s < %lld) {", tid(em), (long long)n);
    em->indent++;
  }
  elementwise(em, s, l, atomic_statement, "%s", NULL);
  if (!replicated) return;
  if (read) line(em, "%s = %s;", smem_slot(v, tid(em)), elem_at(v, "0"));
  close_loop(em);
  if (!read) return;
  need_smem(em, atomic_scratch_bytes(v, em->k->program_threads, em->threads));
  line(em, "__syncthreads();");
  line(em, "%s = %s;", elem_at(v, "0"), smem_slot(v, xprintf("%s %% %lld", tid(em), (long long)n)));
}

void emit_atomic(Em *em, Stmt *s) {
  if (s->v->shape.rank == 0) emit_scalar_atomic(em, s);
  else emit_block_atomic(em, s);
}
