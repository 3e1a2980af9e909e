// loads.c: the pass "group": neighbouring loads brought together as one run of named
// loads, before layouts are assigned.
//
// Loads whose addresses differ by a few elements (a stencil's neighbours) are served
// by load windows (access.c): aligned vectors shared by the group, decided from the
// facts of the addresses. The windows look for their groups among consecutive named
// loads, which is how the Game of Life's sample spells its nine loads. The same
// stencil written as a loop (`for dr in tl.static_range(-1, 2): ... total +=
// tl.load(x_ptr + center + dr * row_stride + dc, ...)`) traces each load inside the
// add of its own statement. This pass names such loads (after the pointer they read)
// and moves every load that has a neighbour up to the first load of its group, past
// statements that only compute values, so that both spellings reach the windows
// alike. Nothing else moves: a kernel without neighbouring loads is left as traced.
#include "tl2cu.h"

// A load fewer than this many bytes from another is its neighbour (a window's reach:
// one 16-byte vector either side).
enum { NEIGHBOUR_BYTES = 16 };

// Loads gathered into one run at the most: all of a run's values are live at once (the
// window code holds them together), so a large stencil written as a loop, which summed
// each load as it came, is gathered a bounded number at a time (the Game of Life: 9).
enum { MAX_RUN_LOADS = 16 };

typedef struct {
  Value *load;
  Stmt *host;  // the statement it is (named load) or is computed inside (traced inline)
} Found;

// The operations a statement's expression is built of, through which its loads are found.
static bool elementwise(const Value *v) {
  switch (v->kind) {
  case V_BINARY: case V_UNARY: case V_CAST: case V_BITCAST: case V_WHERE: case V_BROADCAST: case V_EXPAND: case V_MATH:
    return true;
  default: return false;
  }
}

// Does v read a load, through values computed inline?
static bool reads_load(Value *v) {
  if (!v || is_materialized(v)) return false;
  if (v->kind == V_LOAD) return true;
  return elementwise(v) && (reads_load(v->a) || reads_load(v->b) || reads_load(v->c));
}

// A load fit to move: a block, not volatile, whose address, mask and other compute no
// load inline (that load would move with it; a named one is a value like any other).
static bool movable_load(Value *v) {
  return v->kind == V_LOAD && v->shape.rank && !v->volatile_load && !reads_load(v->a) && !reads_load(v->b) &&
         !reads_load(v->c);
}

// The loads traced inside v's expression (not behind a named value).
static void inline_loads(Value *v, Stmt *host, Vec *out) {
  if (!v || is_materialized(v)) return;
  if (v->kind == V_LOAD) {
    if (movable_load(v) && v->uses == 1) {  // read here only: named, it is defined before its one reader
      Found *f = xmalloc(sizeof(Found));
      *f = (Found){v, host};
      vec_push(out, f);
    }
    return;
  }
  if (!elementwise(v)) return;
  inline_loads(v->a, host, out);
  inline_loads(v->b, host, out);
  inline_loads(v->c, host, out);
}

// Every load of the statement list (not of nested bodies), in order.
static Vec list_loads(Stmt *list) {
  Vec out = {0};
  for (Stmt *s = list; s; s = s->next) {
    if (s->kind != S_LET) continue;
    if (s->v->kind == V_LOAD) {
      if (movable_load(s->v)) {
        Found *f = xmalloc(sizeof(Found));
        *f = (Found){s->v, s};
        vec_push(&out, f);
      }
      continue;
    }
    if (!elementwise(s->v)) continue;  // (the statement's own value is named: its operands are read)
    inline_loads(s->v->a, s, &out);
    inline_loads(s->v->b, s, &out);
    inline_loads(s->v->c, s, &out);
  }
  return out;
}

static bool neighbours(const Value *p, const Value *q) {
  int64_t d;
  if (p->ty.kind != q->ty.kind || !shape_eq(p->shape, q->shape)) return false;
  if (!constant_difference(p->a, q->a, &d) || d == 0) return false;
  int64_t bytes = (d < 0 ? -d : d) * ((scalar_bits(p->ty.kind) + 7) / 8);
  return bytes < NEIGHBOUR_BYTES;
}

// Searched outward from load i, among the 64 traced before and after it: a stencil's
// neighbours are traced close to it, and a kernel of thousands of unrelated loads is not
// searched pair by pair.
enum { NEIGHBOUR_SEARCH = 64 };

static bool has_neighbour(Vec *loads, int i) {
  Found *f = loads->items[i];
  for (int d = 1; d <= NEIGHBOUR_SEARCH && d < loads->len; d++)
    for (int j = i - d; j <= i + d; j += 2 * d)
      if (j >= 0 && j < loads->len && neighbours(f->load, ((Found *)loads->items[j])->load)) return true;
  return false;
}

// The root parameter a pointer is computed from, for the name of its load.
static const char *pointer_name(const Value *p) {
  while (p && p->kind != V_PARAM) {
    if (p->kind == V_BINARY && p->ty.kind == TY_PTR) p = p->a->ty.kind == TY_PTR ? p->a : p->b;  // pointer + offset
    else if (p->kind == V_BROADCAST || p->kind == V_EXPAND) p = p->a;
    else p = NULL;
  }
  return p && p->cname ? xprintf("%s_load", p->cname) : "loaded";
}

// A load traced inline, named: its own statement, just before the one it was in.
static Stmt *name_load(Kernel *k, Stmt **list, Found *f) {
  Stmt *s = xmalloc(sizeof(Stmt));
  *s = (Stmt){.kind = S_LET, .loc = f->host->loc, .src = f->host->src, .v = f->load};
  f->load->cname = kernel_cname(k, pointer_name(f->load->a));
  f->load->uses++;  // the statement's own read, as for every named value
  Stmt **p = list;
  while (*p != f->host) p = &(*p)->next;
  s->next = *p;
  *p = s;
  return s;
}

// May a load move up past s? Only past statements that compute values: no store,
// atomic, barrier, variable update, control flow or output between the two.
static bool crossable(const Stmt *s) {
  return s->kind == S_LET && s->v->kind != V_ATOMIC && !asm_has_effect(s->v);
}

// Does v read x, through the values computed inline (up to those named before it)? (Past 64
// levels: taken as yes.)
bool value_reads(Value *v, Value *x, int depth) {
  if (!v) return false;
  if (v == x) return true;
  if (is_materialized(v) || depth > 64) return depth > 64;
  return value_reads(v->a, x, depth + 1) || value_reads(v->b, x, depth + 1) || value_reads(v->c, x, depth + 1);
}

// Does the load read the value statement s defines?
static bool load_reads(Value *load, const Stmt *s) {
  return value_reads(load->a, s->v, 0) || value_reads(load->b, s->v, 0) || value_reads(load->c, s->v, 0);
}

// Moves load statement `ls` up to just after `after`, if nothing between stops it.
static bool move_after(Stmt *after, Stmt *ls) {
  Stmt *prev = after;
  for (Stmt *t = after->next; t != ls; prev = t, t = t->next)
    if (!crossable(t) || load_reads(ls->v, t)) return false;
  if (prev == after) return true;  // already next
  prev->next = ls->next;
  ls->next = after->next;
  after->next = ls;
  return true;
}

static void group_list(Kernel *k, Stmt **list) {
  Vec loads = list_loads(*list);
  Vec grouped = {0};
  for (int i = 0; i < loads.len; i++)
    if (has_neighbour(&loads, i)) vec_push(&grouped, loads.items[i]);
  Stmt *run_end = NULL;
  int run_len = 0;
  for (int i = 0; i < grouped.len; i++) {
    Found *f = grouped.items[i];
    Stmt *ls = f->host->v == f->load ? f->host : name_load(k, list, f);
    // where it cannot move, or the run is full, it starts a run of its own
    bool joined = run_end && run_len < MAX_RUN_LOADS && move_after(run_end, ls);
    run_len = joined ? run_len + 1 : 1;
    run_end = ls;
  }
}

static void group_stmts(Kernel *k, Stmt **list) {
  group_list(k, list);
  for (Stmt *s = *list; s; s = s->next) {
    if (s->body) group_stmts(k, &s->body);
    if (s->orelse) group_stmts(k, &s->orelse);
  }
}

void group_loads(Kernel *k) { group_stmts(k, &k->body); }
