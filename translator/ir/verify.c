// verify.c: the IR's invariants, checked after each pass (main.c): every op has the
// operands its kind needs, with the types and shapes it needs; loads and stores go
// through pointers to their element type; statements hold the values they need; after
// layout assignment, every materialized block has a layout that covers it. A violation
// is tl2cu's bug, never the user's: an internal error naming the pass, the op and the
// Python line, instead of CUDA that computes something else.
#include "tl2cu.h"

typedef struct {
  const char *after;  // the pass just run
  bool layouts;       // layouts are assigned
  int mark;           // walk mark: each value checked once
} Verify;

static _Noreturn void violation(Verify *vf, Loc loc, const char *what, const char *detail) {
  internal_error(__FILE__, __LINE__,
                 xprintf("invalid IR after %s, line %d: %s%s%s", vf->after, loc.line, what, detail ? ": " : "",
                         detail ? detail : ""));
}

static void check_value(Verify *vf, Value *v);

static void operand_of(Verify *vf, Value *v, Value *x, const char *role) {
  if (!x) violation(vf, v->loc, xprintf("%s without its %s", shape_text(v->shape), role), NULL);
  check_value(vf, x);
}

// An elementwise operand: the result's shape, or a scalar (broadcast where used).
static void elementwise(Verify *vf, Value *v, Value *x, const char *role) {
  operand_of(vf, v, x, role);
  if (x->shape.rank && !shape_eq(x->shape, v->shape))
    violation(vf, v->loc, xprintf("elementwise %s of shape %s in a %s result", role, shape_text(x->shape),
                                  shape_text(v->shape)), NULL);
}

static void check_pointer_access(Verify *vf, Value *v, Value *ptr, Type elem, const char *what) {
  if (ptr->ty.kind != TY_PTR) violation(vf, v->loc, xprintf("%s through a %s", what, type_name(ptr->ty)), NULL);
  if (ptr->ty.pointee != elem.kind)
    violation(vf, v->loc, xprintf("%s of %s through a %s", what, type_name(elem), type_name(ptr->ty)), NULL);
}

// A reduce or scan over a tuple: blocks of one shape (a V_ARG list), one result per
// value the combine function returns, each reading the op.
static void tuple_operands(Verify *vf, Value *v) {
  if (!v->results.len) return;
  int n = 0;
  for (Value *arg = v->a; arg; arg = arg->b, n++) {
    if (arg->kind != V_ARG) violation(vf, v->loc, "a tuple op's operand list holds a non-argument", NULL);
    operand_of(vf, v, arg->a, "block");
    if (!shape_eq(arg->a->shape, v->a->shape))
      violation(vf, v->loc, xprintf("a tuple op over blocks of shapes %s and %s", shape_text(v->a->shape), shape_text(arg->a->shape)), NULL);
  }
  if (!v->combine || n != v->combine->n || v->results.len != n)
    violation(vf, v->loc, xprintf("a tuple op over %d blocks with %d results", n, v->results.len), NULL);
  for (int i = 0; i < n; i++) {
    Value *r = v->results.items[i];
    if (r->kind != V_RESULT || r->a != v || r->ival != i) violation(vf, v->loc, xprintf("result %d of a tuple op", i), NULL);
  }
}

static void check_value(Verify *vf, Value *v) {
  if (v->visit == vf->mark) return;
  v->visit = vf->mark;
  if (v->shape.rank < 0 || v->shape.rank > MAX_RANK) violation(vf, v->loc, "a shape of impossible rank", NULL);
  for (int i = 0; i < v->shape.rank; i++)
    if (v->shape.dim[i] < 1) violation(vf, v->loc, xprintf("shape %s", shape_text(v->shape)), "an empty dimension");
  switch (v->kind) {
  case V_CONST: case V_PARAM: case V_PROGRAM_ID: case V_NUM_PROGRAMS: case V_VAR: case V_ARANGE: break;
  case V_BINARY:
    elementwise(vf, v, v->a, "left operand");
    elementwise(vf, v, v->b, "right operand");
    break;
  case V_UNARY: case V_CAST: case V_BITCAST: elementwise(vf, v, v->a, "operand"); break;
  case V_WHERE:
    elementwise(vf, v, v->a, "condition");
    elementwise(vf, v, v->b, "true value");
    elementwise(vf, v, v->c, "false value");
    if (v->a->ty.kind != TY_I1) violation(vf, v->loc, xprintf("where on a %s condition", type_name(v->a->ty)), NULL);
    break;
  case V_MATH:
    elementwise(vf, v, v->a, "operand");
    if (v->b) elementwise(vf, v, v->b, "second operand");
    if (v->c) elementwise(vf, v, v->c, "third operand");
    break;
  case V_LOAD:
    elementwise(vf, v, v->a, "pointer");
    check_pointer_access(vf, v, v->a, v->ty, "a load");
    if (v->b) {
      elementwise(vf, v, v->b, "mask");
      if (v->b->ty.kind != TY_I1) violation(vf, v->loc, xprintf("a load masked by a %s", type_name(v->b->ty)), NULL);
    }
    if (v->c) elementwise(vf, v, v->c, "other");
    break;
  case V_EXPAND:
    operand_of(vf, v, v->a, "operand");
    if (v->a->shape.rank + 1 != v->shape.rank || shape_numel(v->a->shape) != shape_numel(v->shape))
      violation(vf, v->loc, xprintf("expand_dims of %s into %s", shape_text(v->a->shape), shape_text(v->shape)), NULL);
    break;
  case V_BROADCAST:
    operand_of(vf, v, v->a, "operand");
    if (v->a->shape.rank > v->shape.rank)
      violation(vf, v->loc, xprintf("broadcast of %s to %s", shape_text(v->a->shape), shape_text(v->shape)), NULL);
    break;
  case V_PERMUTE: case V_RESHAPE: case V_FLIP:
    operand_of(vf, v, v->a, "operand");
    if (shape_numel(v->a->shape) != shape_numel(v->shape))
      violation(vf, v->loc, xprintf("%s of %s into %s", v->kind == V_PERMUTE ? "permute" : v->kind == V_RESHAPE ? "reshape" : "flip",
                                    shape_text(v->a->shape), shape_text(v->shape)), "element counts differ");
    break;
  case V_JOIN:
    operand_of(vf, v, v->a, "left operand");
    operand_of(vf, v, v->b, "right operand");
    if (!shape_eq(v->a->shape, v->b->shape) || shape_numel(v->shape) != 2 * shape_numel(v->a->shape))
      violation(vf, v->loc, xprintf("join of %s and %s into %s", shape_text(v->a->shape), shape_text(v->b->shape),
                                    shape_text(v->shape)), NULL);
    break;
  case V_SPLIT:
    operand_of(vf, v, v->a, "operand");
    if (2 * shape_numel(v->shape) != shape_numel(v->a->shape))
      violation(vf, v->loc, xprintf("split of %s into %s", shape_text(v->a->shape), shape_text(v->shape)), NULL);
    break;
  case V_REDUCE:
    operand_of(vf, v, v->a, "operand");
    tuple_operands(vf, v);
    if (v->a->shape.rank != v->shape.rank + 1 || v->ival < 0 || v->ival >= v->a->shape.rank)
      violation(vf, v->loc, xprintf("reduction of %s along %lld into %s", shape_text(v->a->shape), (long long)v->ival,
                                    shape_text(v->shape)), NULL);
    break;
  case V_SCAN:
    operand_of(vf, v, v->a, "operand");
    tuple_operands(vf, v);
    if (!shape_eq(v->a->shape, v->shape) || v->ival < 0 || v->ival >= v->shape.rank)
      violation(vf, v->loc, xprintf("scan of %s along %lld into %s", shape_text(v->a->shape), (long long)v->ival,
                                    shape_text(v->shape)), NULL);
    break;
  case V_ATOMIC: case V_GATHER: case V_HISTOGRAM: case V_SORT: case V_ASM: case V_MAP: case V_DOT: case V_RESULT:
  case V_ARG:
    if (v->a) check_value(vf, v->a);
    if (v->b) check_value(vf, v->b);
    if (v->c) check_value(vf, v->c);
    break;
  }
}

// A block the CUDA holds in an array: after layout assignment, spread over the threads.
static void check_layout(Verify *vf, Value *v, Loc loc) {
  if (!vf->layouts || !v->shape.rank || !is_materialized(v)) return;
  Layout *l = v->layout;
  if (!l) violation(vf, loc, xprintf("a materialized %s block without a layout", shape_text(v->shape)), NULL);
  // (a sliced layout holds the value's distinct elements, not the space's: layout.c)
  int64_t held = l->keep ? shape_numel(v->shape) : shape_numel(l->space);
  if (l->keep && (l->kind != LAYOUT_MMA || l->per_thread != (int64_t)1 << __builtin_popcount(l->keep)))
    violation(vf, loc, xprintf("a sliced layout (registers 0x%x) of %lld elements per thread", l->keep, (long long)l->per_thread), NULL);
  if (l->vec < 1 || l->per_thread < 1 || l->per_thread % l->vec || l->per_thread * l->threads < held)
    violation(vf, loc, xprintf("a layout of %lld elements per thread, runs of %d, over %d threads for %s",
                               (long long)l->per_thread, l->vec, l->threads, shape_text(l->space)), NULL);
}

static void check_stmts(Verify *vf, Stmt *s);

static void need(Verify *vf, Stmt *s, Value *v, const char *what) {
  if (!v) violation(vf, s->loc, what, "missing");
  check_value(vf, v);
}

static void check_scalar_bool(Verify *vf, Stmt *s, Value *cond, const char *what) {
  need(vf, s, cond, what);
  if (cond->shape.rank) violation(vf, s->loc, xprintf("%s of shape %s", what, shape_text(cond->shape)), NULL);
}

// A conversion (convert.c) moves a materialized block that has a layout into another space.
static void check_converts(Verify *vf, Stmt *s) {
  for (int i = 0; i < s->converts.len; i++) {
    Convert *c = s->converts.items[i];
    if (!is_materialized(c->v) || !c->v->shape.rank || !c->v->layout)
      violation(vf, s->loc, "a conversion of a value without an array in a layout", c->v->cname);
    if (shape_numel(c->v->shape) < 2 || c->bytes < shape_numel(c->v->shape) * elem_bytes(c->v->ty))
      violation(vf, s->loc, xprintf("a conversion of %s through %lld bytes", shape_text(c->v->shape), (long long)c->bytes),
                c->v->cname);
  }
}

static void check_stmt(Verify *vf, Stmt *s) {
  check_converts(vf, s);
  switch (s->kind) {
  case S_LET:
    need(vf, s, s->v, "a let's value");
    check_layout(vf, s->v, s->loc);
    break;
  case S_VARDEF:
    if (!s->var || s->var->kind != V_VAR) violation(vf, s->loc, "a variable definition without its variable", NULL);
    if (s->v) {
      need(vf, s, s->v, "a variable's initial value");
      if (s->v->shape.rank && !shape_eq(s->v->shape, s->var->shape))
        violation(vf, s->loc, xprintf("variable %s of %s set to %s", s->var->cname, shape_text(s->var->shape),
                                      shape_text(s->v->shape)), NULL);
    }
    check_layout(vf, s->var, s->loc);
    break;
  case S_ASSIGN:
    if (!s->var || s->var->kind != V_VAR) violation(vf, s->loc, "an assignment to something other than a variable", NULL);
    need(vf, s, s->v, "an assignment's value");
    if (s->v->shape.rank && !shape_eq(s->v->shape, s->var->shape))
      violation(vf, s->loc, xprintf("variable %s of %s assigned %s", s->var->cname, shape_text(s->var->shape),
                                    shape_text(s->v->shape)), NULL);
    break;
  case S_STORE:
    need(vf, s, s->ptr, "a store's pointer");
    need(vf, s, s->v, "a store's value");
    if (s->ptr->ty.kind != TY_PTR) violation(vf, s->loc, xprintf("a store through a %s", type_name(s->ptr->ty)), NULL);
    if (s->v->shape.rank && !shape_eq(s->v->shape, s->ptr->shape))
      violation(vf, s->loc, xprintf("a %s value stored through %s pointers", shape_text(s->v->shape),
                                    shape_text(s->ptr->shape)), NULL);
    if (s->mask) {
      need(vf, s, s->mask, "a store's mask");
      if (s->mask->ty.kind != TY_I1) violation(vf, s->loc, xprintf("a store masked by a %s", type_name(s->mask->ty)), NULL);
    }
    break;
  case S_FOR:
    if (!s->var || s->var->kind != V_VAR || s->var->shape.rank) violation(vf, s->loc, "a for loop without its counter", NULL);
    need(vf, s, s->lo, "a for loop's start");
    need(vf, s, s->hi, "a for loop's end");
    need(vf, s, s->step, "a for loop's step");
    check_stmts(vf, s->body);
    break;
  case S_IF:
    check_scalar_bool(vf, s, s->cond, "an if's condition");
    check_stmts(vf, s->body);
    check_stmts(vf, s->orelse);
    break;
  case S_WHILE: {
    bool tested = false;
    for (Stmt *t = s->body; t; t = t->next) tested |= t->kind == S_BREAK_UNLESS;
    if (!tested) violation(vf, s->loc, "a while loop without its test", NULL);
    check_stmts(vf, s->body);
    break;
  }
  case S_BREAK_UNLESS: check_scalar_bool(vf, s, s->cond, "a loop's condition"); break;
  case S_ASSERT: need(vf, s, s->v, "an assertion's condition"); break;
  case S_PRINT: if (s->v) check_value(vf, s->v); break;
  case S_RETURN: case S_BARRIER: break;
  }
}

static void check_stmts(Verify *vf, Stmt *s) {
  for (; s; s = s->next) check_stmt(vf, s);
}

void ir_verify(Kernel *k, const char *after, bool layouts) {
  Verify vf = {.after = after, .layouts = layouts, .mark = sem_walk_mark()};
  for (int i = 0; i < k->combines.len; i++) {
    Combine *cb = k->combines.items[i];
    check_stmts(&vf, cb->body);
    for (int j = 0; j < cb->n; j++) check_value(&vf, cb->result[j]);
  }
  check_stmts(&vf, k->body);
}
