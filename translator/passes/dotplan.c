// dotplan.c: the passes that plan each dot of a variant after its layouts (smem.c runs them
// in its sizing): the unit (warpgroup MMA or mma.sync), which loop dots run pipelined (their
// operands' loads copied stages ahead, the mma late) and which keep a stationary operand in
// shared memory across their loop. The results are marks on the IR (Value.wgmma, .defer,
// .into_dot, .a_stationary_at, .stages_at) that dot.c prints.
#include "tl2cu.h"

typedef struct {
  Value *dot, *acc;
  Stmt *dot_stmt;
  bool ok;
  bool stores;     // the loop writes global memory (a copy in flight must not read it: none then)
  int64_t others;  // the most shared memory another statement of the loop uses
} PipelineCheck;

// Values whose operands are a, b and c only, and that use no shared memory of their own:
// elementwise ones, scalars the kernel is given, and dots.
static bool plain_kind(VKind k) {
  return layout_elementwise_kind(k) || k == V_PARAM || k == V_PROGRAM_ID || k == V_NUM_PROGRAMS || k == V_DOT;
}

static void check_value(PipelineCheck *c, Value *w, int mark) {
  if (!w || w->visit == mark) return;
  w->visit = mark;
  if (!plain_kind(w->kind)) c->ok = false;
  Value *ops[3] = {w->a, w->b, w->c};
  for (int i = 0; i < 3; i++) {
    if ((ops[i] == c->acc && !(w == c->dot && i == 2)) || (ops[i] && ops[i] == c->dot)) c->ok = false;
    check_value(c, ops[i], mark);
  }
}

static void check_stmts(PipelineCheck *c, Stmt *s, int mark) {
  for (; s; s = s->next) {
    if (s != c->dot_stmt && s->scratch > c->others) c->others = s->scratch;
    for (int i = 0; i < s->converts.len; i++) {
      Convert *cv = s->converts.items[i];
      if (cv->bytes > c->others) c->others = cv->bytes;
    }
    if (s->kind != S_LET && s->kind != S_VARDEF && s->kind != S_ASSIGN && s->kind != S_STORE && s->kind != S_IF &&
        s->kind != S_FOR)
      c->ok = false;
    c->stores |= s->kind == S_STORE;
    bool carry = s->kind == S_ASSIGN && s->var == c->acc && s->v == c->dot;
    if (s->kind == S_ASSIGN && s->var == c->acc && !carry) c->ok = false;
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) {
      Value *x = vs[i];
      if (!x || (carry && (x == c->acc || x == c->dot))) continue;  // (the carry writes acc)
      if (x == c->dot && s == c->dot_stmt) check_value(c, x, mark);  // (its operands; acc as its c)
      else if (x == c->acc || x == c->dot) c->ok = false;
      else check_value(c, x, mark);
    }
    check_stmts(c, s->body, mark);
    check_stmts(c, s->orelse, mark);
  }
}

// Operand x of dot d, if a load its loop's body defines before d and nothing else reads:
// copied into the dot's buffers by its own statement.
static bool copied_operand(Stmt *loop, Stmt *d, Value *x) {
  if (x->kind != V_LOAD || x->volatile_load || x->uses != 2 || d->v->a == d->v->b) return false;
  for (Stmt *s = loop->body; s != d; s = s->next)
    if (s->kind == S_LET && s->v == x) return true;
  return false;
}

// Pipelines dot statement d of `loop` over `stages` (its loads `defer` iterations ahead),
// fewer where their buffers would not fit the shared memory, none below two.
static void pipeline_dot(Kernel *k, Stmt *loop, Stmt *d, int stages) {
  Value *v = d->v;
  if (!dot_in_registers(v) || !v->c || v->c->kind != V_VAR || d->converts.len || stages < 2) return;
  PipelineCheck c = {v, v->c, d, true, false, 0};
  bool carried = false;
  for (Stmt *s = loop->body; s; s = s->next) carried |= s->kind == S_ASSIGN && s->var == v->c && s->v == v;
  check_stmts(&c, loop->body, sem_walk_mark());
  if (!carried || !c.ok) return;
  v->stages_at = dot_aligned(v, c.others);
  int defer = stages - 1;
  while (defer > 1 && dot_pipeline_bytes(v, defer) > SMEM_MAX_SM90) defer--;
  if (dot_pipeline_bytes(v, defer) > SMEM_MAX_SM90) return;
  v->defer = defer;
  Value *ops[2] = {v->a, v->b};
  for (int i = 0; i < 2; i++)  // (fp8's B stored K-major from runs along N: loaded a run at a time, stored by the dot)
    if (!c.stores && copied_operand(loop, d, ops[i]) && !(dot_fp8_wgmma(v) && !dot_buffer_run_bytes(v, ops[i], ops[i]->layout)))
      ops[i]->into_dot = v;
  d->scratch = dot_pipeline_bytes(v, defer);
  if (d->scratch > k->smem) k->smem = d->scratch;
}

static void unmark(Stmt *s) {
  for (; s; s = s->next) {
    if (s->kind == S_LET && s->v->kind == V_DOT) s->v->defer = 0, s->v->wgmma = false, s->v->a_stationary_at = 0;
    if (s->kind == S_LET && s->v->kind == V_LOAD) s->v->into_dot = NULL;
    unmark(s->body);
    unmark(s->orelse);
  }
}

static void mark_pipelines(Kernel *k, Stmt *s) {
  for (; s; s = s->next) {
    mark_pipelines(k, s->body);
    mark_pipelines(k, s->orelse);
    if (s->kind != S_FOR) continue;
    for (Stmt *d = s->body; d; d = d->next)
      if (d->kind == S_LET && d->v->kind == V_DOT) pipeline_dot(k, s, d, s->num_stages ? s->num_stages : k->num_stages);
  }
}

// ---------------------------------------------------------------- stationary operands
// Flash attention's q @ k: q is loaded before the loop and read by a dot in every iteration.
// Stored with k at each call, it went into shared memory once an iteration; as Triton keeps
// q in shared memory across the loop, it is stored once before the loop (dot_before_loop),
// past the scratch every statement of the loop uses (which starts at byte 0, as always),
// and the dot reads it there. On the H200 (docs/NOTES.md 67), flash attention D = 64: 5.5
// -> 4.6 ms by hand (q so stored, k read along its memory).

// The most scratch a statement among s uses (its op's, its conversions'), at any depth; a
// pipelined dot among them: -1 (its buffers live across its loop: no room is left after them).
static int64_t scratch_used(Stmt *s) {
  int64_t most = 0;
  for (; s; s = s->next) {
    if (s->kind == S_LET && s->v->kind == V_DOT && s->v->defer) return -1;
    if (s->scratch > most) most = s->scratch;
    for (int i = 0; i < s->converts.len; i++) {
      Convert *c = s->converts.items[i];
      if (c->bytes > most) most = c->bytes;
    }
    int64_t body = scratch_used(s->body), orelse = scratch_used(s->orelse);
    if (body < 0 || orelse < 0) return -1;
    if (body > most) most = body;
    if (orelse > most) most = orelse;
  }
  return most;
}

// Dot statement d of `loop`: is its a (a named block defined before the loop, not a
// variable) the same every iteration, and stored from registers at each call? (Held so
// even where the dot could read it from its registers, a_in_registers: as Triton keeps q,
// and a q of 128 x 128 in registers made ptxas spill.)
static bool stationary_a(Stmt *loop, Stmt *d) {
  Value *v = d->v, *a = v->a;
  return dot_in_registers(v) && !v->defer && a->kind != V_VAR && a->cname && a->shape.rank == v->shape.rank &&
         !stmts_define(loop->body, a);
}

static void mark_stationary(Kernel *k, Stmt *s) {
  for (; s; s = s->next) {
    mark_stationary(k, s->body);
    mark_stationary(k, s->orelse);
    if (s->kind != S_FOR) continue;
    int64_t at = scratch_used(s->body);
    if (at < 0) continue;
    for (Stmt *d = s->body; d; d = d->next) {
      if (d->kind != S_LET || d->v->kind != V_DOT || !stationary_a(s, d)) continue;
      d->v->a_stationary_at = at = dot_aligned(d->v, at);  // (wgmma's swizzled tiles: at 1024 bytes)
      at += dot_operand_tile_bytes(d->v, d->v->a);
    }
    if (at > k->smem) k->smem = at;
  }
}

// Does any dot among statements s run on warpgroup MMA (its operands then 1024-byte aligned)?
bool dots_on_wgmma(Stmt *s) {
  for (; s; s = s->next)
    if ((s->kind == S_LET && s->v->kind == V_DOT && s->v->wgmma) || dots_on_wgmma(s->body) || dots_on_wgmma(s->orelse))
      return true;
  return false;
}

// Each layout pass anew (the sizes follow the variant's layouts): smem.c clears the marks,
// chooses each dot's unit before it sizes the dots' scratch (dot_scratch_bytes reads
// v->wgmma), marks pipelines and stationary operands after.
void dot_pipeline_clear(Kernel *k) { unmark(k->body); }

// Warpgroup MMA (--target sm_90a) for every dot held in registers whose shape it takes, in
// warps stacked along M (layout.c lays such dots out so): as Triton lowers tl.dot there.
static void choose_units(Kernel *k, Stmt *s) {
  for (; s; s = s->next) {
    Value *v = s->kind == S_LET && s->v->kind == V_DOT ? s->v : NULL;
    if (v)
      v->wgmma = k->wgmma && !k->program_threads && dot_in_registers(v) && v->layout->wm == k->num_warps &&
                 v->layout->wn == 1 && dot_wgmma_shape(v, k->num_warps);
    choose_units(k, s->body);
    choose_units(k, s->orelse);
  }
}
void dot_unit_pass(Kernel *k) { choose_units(k, k->body); }
void dot_pipeline_pass(Kernel *k) {
  mark_pipelines(k, k->body);
  mark_stationary(k, k->body);
}
