// emit_prefetch.c: printing the loads prefetch.c marks: before the loop the first
// iteration's block, after its dot each iteration the next one's (loaded into the same
// array, or copied with cp.async into the other stage of the dot's buffers).
#include "emit.h"

const char *ahead_stage_name(Value *x) { return xprintf("_%s_stage", x->cname); }

bool prefetched(Value *x) { return x->prefetch != NULL; }

// x's block loaded from pointer `ptr` into x's array, under `guard` (C); copied ahead: into
// the dot's buffers of stage `stage` (C), one commit group whether or not the guard holds.
static void load_into(Em *em, Prefetch *f, Value *ptr, const char *guard, const char *stage, const char *what) {
  Value *x = f->load, *next = xmalloc(sizeof(Value));
  *next = *x;
  next->cname = xprintf("_%s_next", x->cname);
  next->a = ptr;
  Stmt load = {.kind = S_LET, .loc = x->loc, .v = next};
  Stmt *saved = em->stmt;
  em->stmt = &load;
  line(em, "// %s", what);
  line(em, "if (%s) {", guard);
  em->indent++;
  if (x->ahead_at) {
    next->into_dot = f->reader->v;
    emit_copy_ahead(em, &load, stage);
  } else {
    emit_load_statement(em, &load);
    line(em, "#pragma unroll");
    line(em, "for (int _k = 0; _k < %lld; ++_k) %s[_k] = %s[_k];", (long long)x->layout->per_thread, x->cname,
         next->cname);
  }
  em->indent--;
  line(em, "}");
  if (x->ahead_at) line(em, "tl2cu_cp_async_commit();");
  em->stmt = saved;
}

// The loop's test of the iteration whose induction value is `i` (C).
static const char *runs(Stmt *loop, Em *em, const char *i) {
  Cx cx = identity_cx(NULL, NULL);
  bool down = loop->step->kind == V_CONST && loop->step->ival < 0;
  return xprintf("%s %s %s", i, down ? ">" : "<", ex(em, loop->hi, &cx));
}

// Before the loop: each prefetched load's array, loaded for the first iteration, in the
// order of their readers: the order the loop commits the copies in, which the waits count.
void prefetch_before_loop(Em *em, Stmt *loop) {
  for (Stmt *t = loop->body; t; t = t->next)
    for (int i = 0; i < t->prefetches.len; i++) {
      Prefetch *f = t->prefetches.items[i];
      Cx cx = identity_cx(NULL, NULL);
      const char *stage = ahead_stage_name(f->load);
      if (f->load->ahead_at) line(em, "int %s = 0;  // the buffer of %s the iteration reads", stage, f->load->cname);
      else line(em, "%s", array_decl(f->load));
      load_into(em, f, f->load->a, runs(loop, em, ex(em, loop->lo, &cx)), stage,
                xprintf("the first iteration's %s (line %d), %s ahead", f->load->cname, f->load->loc.line,
                        f->load->ahead_at ? "copied" : "loaded"));
    }
}

// After statement s: the next iteration's blocks of the prefetched loads s was the reader of.
void prefetch_after(Em *em, Stmt *s) {
  for (int i = 0; i < s->prefetches.len; i++) {
    Prefetch *f = s->prefetches.items[i];
    Value *ptr = xmalloc(sizeof(Value));  // P + step, printed as its definition: the pointer P will hold
    *ptr = *f->update;
    ptr->cname = NULL;
    Stmt *loop = f->loop;
    Cx cx = identity_cx(NULL, NULL);
    const char *i_next = int_arith(OP_ADD, loop->var->ty.kind, loop->var->cname, ex(em, loop->step, &cx));
    const char *stage = ahead_stage_name(f->load);
    load_into(em, f, ptr, runs(loop, em, i_next), xprintf("%s ^ 1", stage),
              xprintf("the next iteration's %s, in flight while this one computes", f->load->cname));
    if (f->load->ahead_at) line(em, "%s ^= 1;", stage);
  }
}
