// axisinfo.c: what a block value's index math says about each of its dims before any
// layout is chosen (the part of Triton's AxisInfo that layouts need): the dim along which
// consecutive indices give consecutive integers (offsets) or consecutive elements
// (pointers), and the dims along which the value does not change. Layout assignment
// reads it to lay a load out along its memory (Triton's Coalesce pass).
#include "tl2cu.h"

static AxisInfo unknown(void) { return (AxisInfo){.contiguous = -1, .constant = 0}; }

// Every dim constant: scalars, and blocks of one value.
static AxisInfo uniform(int rank) { return (AxisInfo){.contiguous = -1, .constant = rank ? (1u << rank) - 1 : 0}; }

// a + b or a - b: consecutive where one side is and the other does not change.
static AxisInfo add_info(Value *v, AxisInfo a, AxisInfo b) {
  AxisInfo r = {.contiguous = -1, .constant = a.constant & b.constant};
  if (a.contiguous >= 0 && (b.constant >> a.contiguous & 1)) r.contiguous = a.contiguous;
  if (v->op == OP_ADD && b.contiguous >= 0 && (a.constant >> b.contiguous & 1)) r.contiguous = b.contiguous;
  return r;
}

static AxisInfo compute(Value *v) {
  int rank = v->shape.rank;
  if (rank == 0) return uniform(0);
  switch (v->kind) {
  case V_ARANGE: return (AxisInfo){.contiguous = 0, .constant = 0};
  case V_CONST: return uniform(rank);
  case V_BROADCAST: {  // a's dims are the last ones; new dims and dims of size 1 do not change
    AxisInfo a = axis_info(v->a), r = {.contiguous = -1, .constant = 0};
    int off = rank - v->a->shape.rank;
    for (int d = 0; d < rank; d++)
      if (d < off || v->a->shape.dim[d - off] == 1 || (a.constant >> (d - off) & 1)) r.constant |= 1u << d;
    if (a.contiguous >= 0 && v->a->shape.dim[a.contiguous] > 1) r.contiguous = a.contiguous + off;
    return r;
  }
  case V_EXPAND: {
    AxisInfo a = axis_info(v->a), r = {.contiguous = -1, .constant = 1u << v->ival};
    for (int d = 0; d < v->a->shape.rank; d++)
      if (a.constant >> d & 1) r.constant |= 1u << (d < v->ival ? d : d + 1);
    if (a.contiguous >= 0) r.contiguous = a.contiguous < v->ival ? a.contiguous : a.contiguous + 1;
    return r;
  }
  case V_BINARY: {
    AxisInfo a = axis_info(v->a), b = axis_info(v->b);
    bool ints = v->a->ty.kind == TY_PTR || scalar_is_int(v->a->ty.kind);
    if (ints && (v->op == OP_ADD || v->op == OP_SUB)) return add_info(v, a, b);
    return (AxisInfo){.contiguous = -1, .constant = a.constant & b.constant};
  }
  case V_CAST:  // integers widened keep their steps (Triton assumes no wrap-around too)
    if (scalar_is_int(v->ty.kind) && scalar_is_int(v->a->ty.kind) && scalar_bits(v->ty.kind) >= scalar_bits(v->a->ty.kind))
      return axis_info(v->a);
    return (AxisInfo){.contiguous = -1, .constant = axis_info(v->a).constant};
  case V_UNARY: return (AxisInfo){.contiguous = -1, .constant = axis_info(v->a).constant};
  case V_WHERE:
    return (AxisInfo){.contiguous = -1, .constant = axis_info(v->a).constant & axis_info(v->b).constant & axis_info(v->c).constant};
  default: return unknown();
  }
}

AxisInfo axis_info(Value *v) {
  if (!v->info.known) {
    v->info.facts = v->kind == V_VAR ? unknown() : compute(v);  // a variable changes from loop to loop
    v->info.known = true;
  }
  return v->info.facts;
}

// ---------------------------------------------------------------- constant differences
// Facts between values rather than along their dims: load windows (access.c) and the
// grouping of neighbouring loads (loads.c) ask how far apart two addresses are.

// An integer constant, possibly broadcast or folded from constants (x - 1 is x + (0 - 1);
// 0 * x is 0, as Triton's canonicalizer folds it: a stencil's `dr * row_stride` at dr = 0).
bool int_constant(Value *v, int64_t *c) {
  int64_t a, b;
  while (v->kind == V_BROADCAST || v->kind == V_EXPAND) v = v->a;
  if (!scalar_is_int(v->ty.kind)) return false;
  if (v->kind == V_CONST) return *c = v->ival, true;
  if (v->kind == V_UNARY && v->op == OP_NEG && int_constant(v->a, &a)) return *c = -a, true;
  if (v->kind != V_BINARY) return false;
  bool a_known = int_constant(v->a, &a), b_known = int_constant(v->b, &b);
  if (v->op == OP_MUL && ((a_known && a == 0) || (b_known && b == 0))) return *c = 0, true;
  if (!a_known || !b_known) return false;
  if (v->op == OP_ADD) return *c = a + b, true;
  if (v->op == OP_SUB) return *c = a - b, true;
  return false;
}

// p - q, when the two differ only by added integer constants (in elements for
// pointers of the same type). False when that cannot be shown.
bool constant_difference(Value *p, Value *q, int64_t *d) {
  int64_t c, e;
  if (p == q) return *d = 0, true;
  bool p_sum = p->kind == V_BINARY && (p->op == OP_ADD || p->op == OP_SUB) && p->a->ty.kind == p->ty.kind;
  bool q_sum = q->kind == V_BINARY && (q->op == OP_ADD || q->op == OP_SUB) && q->a->ty.kind == q->ty.kind;
  if (p_sum && int_constant(p->b, &c) && constant_difference(p->a, q, &e)) return *d = e + (p->op == OP_ADD ? c : -c), true;
  if (q_sum && int_constant(q->b, &c) && constant_difference(p, q->a, &e)) return *d = e - (q->op == OP_ADD ? c : -c), true;
  if (p->kind != q->kind || p->ty.kind != q->ty.kind || !shape_eq(p->shape, q->shape)) return false;
  *d = 0;
  switch (p->kind) {
  case V_PARAM: return p->param_index >= 0 && p->param_index == q->param_index;
  case V_CONST: return p->ival == q->ival && p->fval == q->fval;
  case V_PROGRAM_ID: case V_NUM_PROGRAMS: case V_ARANGE: return p->ival == q->ival;
  case V_BROADCAST: case V_EXPAND: return p->ival == q->ival && constant_difference(p->a, q->a, d);
  case V_CAST: return p->a->ty.kind == q->a->ty.kind && constant_difference(p->a, q->a, &e) && e == 0;
  case V_BINARY:
    if (p->op != q->op || !constant_difference(p->a, q->a, &c) || !constant_difference(p->b, q->b, &e)) return false;
    if (p->op == OP_ADD) return *d = c + e, true;
    if (p->op == OP_SUB) return *d = c - e, true;
    return c == 0 && e == 0;
  default: return false;
  }
}
