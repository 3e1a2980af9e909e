// prefetch.c: a dot's operand loaded one iteration ahead.
//
// Flash attention's loop loads k (and v) and hands it to a tl.dot at once: the load's whole
// latency sits between them, every iteration, twice. Triton's pipeliner issues each
// iteration's loads earlier, in an iteration before. Here the same for a load whose pointer
// is a loop variable stepped by a loop-invariant amount: its block is declared before the
// loop and loaded there for the first iteration; in the loop, once the dot has read it, the
// next iteration's block is loaded into the same array (its pointer is the variable's step
// applied now, the value the variable will hold), guarded by the loop's own test of the next
// iteration. The loads then fly while the rest of the iteration computes.
//
// Exact where the program itself makes those loads: the load is unconditional in the loop's
// body (no mask, not in an if), the variable has that one update, and nothing in the loop
// writes memory (no store, atomic or inline asm) or leaves it early (no break, no return),
// so the next iteration reads the same bytes. Only loads read by one dot (which stores them
// into shared memory at once), not by a pipelined dot (whose copies are its own, dot.c).
//
// Where the dot runs on wgmma and reads the load as its B (flash attention's k and v), the
// block is copied instead (cp.async, as Triton's pipeliner) straight into one of two
// buffers of the dot's operand, past every other use of the scratch: the dot reads stage s
// (a counter the loop flips), the next iteration's copy goes to the other, which the dot of
// the iteration before read before this iteration's barrier at the dot. Each copy is a
// commit group, committed even where the next iteration does not run (an empty group), in
// the order of the readers (before the loop too), so the dot waits for its own with
// wait_group N, N the loop's other copies, all issued since.
// No registers hold the block and the dot stores nothing of it. Not where the loop (at any
// depth) has a pipelined dot, whose copies count groups too.
//
// This pass marks the loads (Value.prefetch, Stmt.prefetches); emit_prefetch.c prints them.
#include "tl2cu.h"

// Does s (at any depth) write memory or leave its loop early?
static bool writes_or_leaves(Stmt *s) {
  for (; s; s = s->next) {
    if (s->kind == S_STORE || s->kind == S_BREAK_UNLESS || s->kind == S_RETURN || s->kind == S_WHILE) return true;
    if (s->kind == S_LET && (s->v->kind == V_ATOMIC || s->v->kind == V_ASM)) return true;
    if (writes_or_leaves(s->body) || writes_or_leaves(s->orelse)) return true;
  }
  return false;
}

// The same every iteration: no variable, nothing the loop defines.
static bool invariant(Stmt *loop, Value *v) {
  if (!v) return true;
  if (v->kind == V_VAR || stmts_define(loop->body, v)) return false;
  return invariant(loop, v->a) && invariant(loop, v->b) && invariant(loop, v->c);
}

// P's one update in the loop, P = P + step with a scalar step the same every iteration.
static Value *stepped_update(Stmt *loop, Value *p) {
  Vec assigns = {0};
  var_assignments(loop->body, p, &assigns);
  if (assigns.len != 1) return NULL;
  Stmt *a = assigns.items[0];
  bool direct = false;
  for (Stmt *s = loop->body; s; s = s->next) direct |= s == a;
  Value *u = a->v, *step = u ? u->b : NULL;
  if (!direct || !u || u->kind != V_BINARY || u->op != OP_ADD || u->a != p) return NULL;
  if (step->kind == V_BROADCAST) step = step->a;
  return step->shape.rank == 0 && invariant(loop, step) ? u : NULL;
}

// Does a pipelined dot run among s (at any depth)?
static bool pipelines(Stmt *s) {
  for (; s; s = s->next)
    if ((s->kind == S_LET && s->v->kind == V_DOT && s->v->defer) || pipelines(s->body) || pipelines(s->orelse))
      return true;
  return false;
}

// The dot statement of the loop's body, after x's, that reads x (its only reader).
static Stmt *dot_reader(Stmt *from, Value *x) {
  for (Stmt *s = from->next; s; s = s->next)
    if (s->kind == S_LET && s->v->kind == V_DOT && !s->v->defer && (s->v->a == x || s->v->b == x)) return s;
  return NULL;
}

static void consider(Stmt *loop, Stmt *s, Vec *found) {
  Value *x = s->v, *p = x->a;
  if (x->kind != V_LOAD || x->volatile_load || x->b || x->c || x->uses != 2 || x->into_dot || x->packed ||
      !x->shape.rank || !x->layout || p->kind != V_VAR || p->ty.kind != TY_PTR || !p->shape.rank)
    return;
  Value *update = stepped_update(loop, p);
  Stmt *reader = dot_reader(s, x);
  if (!update || !reader) return;
  Prefetch *f = xmalloc(sizeof(Prefetch));
  *f = (Prefetch){x, update, loop, reader};
  x->prefetch = f;
  vec_push(&reader->prefetches, f);
  vec_push(found, f);
}

static void find(Stmt *s, Vec *found) {
  for (; s; s = s->next) {
    find(s->body, found);
    find(s->orelse, found);
    if (s->kind != S_FOR || writes_or_leaves(s->body)) continue;
    for (Stmt *t = s->body; t; t = t->next)
      if (t->kind == S_LET) consider(s, t, found);
  }
}

// The marks of the variant laid out before gone.
static void clear(Stmt *s) {
  for (; s; s = s->next) {
    s->prefetches.len = 0;
    if (s->kind == S_LET && s->v->kind == V_LOAD) s->v->prefetch = NULL;
    clear(s->body);
    clear(s->orelse);
  }
}

// The loads to copy ahead (dot_copies_ahead), their buffers past the kernel's other scratch
// (at 1024 bytes: wgmma's swizzled tiles), and each one's wait at its dot.
static void place_copies(Kernel *k, Vec prefetches) {
  for (int i = 0; i < prefetches.len; i++) {
    Prefetch *f = prefetches.items[i];
    Value *x = f->load, *dot = f->reader->v;
    x->ahead_at = 0;
    if (!dot_copies_ahead(dot, x) || pipelines(f->loop->body)) continue;
    x->ahead_at = (k->smem + 1023) / 1024 * 1024;
    k->smem = x->ahead_at + 2 * dot_operand_bytes(dot, x);
  }
  for (int i = 0; i < prefetches.len; i++) {
    Prefetch *f = prefetches.items[i];
    int others = 0;
    for (int j = 0; j < prefetches.len; j++) {
      Prefetch *g = prefetches.items[j];
      others += g->loop == f->loop && g->load->ahead_at && g->reader != f->reader;
    }
    f->load->ahead_wait = others;
  }
}

// After layouts and smem.c (a load's layout, its packing and its pipelined dot are the
// variant's; its buffers follow the scratch smem.c sized).
void prefetch_pass(Kernel *k) {
  Vec found = {0};
  clear(k->body);
  find(k->body, &found);
  place_copies(k, found);
}
