// hosttypes.c: a kernel parameter's Triton type from the file's own launch, where the host
// code makes the argument plainly, as Triton's JIT sees it at run time:
//   - a tensor from a torch factory: torch.rand / randn / zeros / ones / empty (float32, or
//     their dtype=), torch.full / arange / tensor / randint only with dtype=, and X_like(y)
//     (y's type, or its dtype=), or one of those + - * an int: a pointer to that type;
//   - an int: an int literal, .numel(), len(...), .shape[i], .size(i), .stride(i), and
//     + - * // % of those: i32 (Triton types an int that fits in 32 bits so; a larger one
//     would be i64, which the note the caller prints says to give with -s).
// A name is followed to its last assignment before the launch in the launch's statement
// list; a name bound anywhere else (a parameter, a loop, a branch) gives no type.
#include "tl2cu.h"

#include <string.h>

enum { MAX_FOLLOW = 16 };  // names followed through assignments before giving up

static bool is_torch(Module *m, Node *e) {
  if (e->kind != ND_NAME) return false;
  Obj *o = lookup(m->globals, e->str);
  return o && o->kind == OBJ_MODULE && !strcmp(o->str, "torch");
}

static Node *first_positional(Node *call) {
  for (Node *a = call->args; a; a = a->next)
    if (a->kind != ND_KWARG) return a;
  return NULL;
}

// The statement of stmts that holds the launch call (its expression or an assignment's value).
static Node *launch_statement(Launch *l) {
  for (Node *s = l->scope; s; s = s->next)
    if (s->a == l->call || s->b == l->call) return s;
  return NULL;
}

// (a def's body is a scope of its own: its names are not the launch's)
static bool binds_in_blocks(Node *stmts, const char *name) {
  for (Node *s = stmts; s; s = s->next) {
    if (s->kind == ND_FUNCDEF) continue;
    bool binds = (s->kind == ND_ASSIGN || s->kind == ND_AUGASSIGN || s->kind == ND_FOR) && s->a &&
                 (s->a->kind != ND_NAME || !strcmp(s->a->str, name));
    if (binds || binds_in_blocks(s->body, name) || binds_in_blocks(s->orelse, name)) return true;
  }
  return false;
}

// The element of `a, b = x, y` that name is bound to, or NULL where the target does not
// name it (*binds false) or the value is no tuple of as many elements.
static Node *unpacked_value(Node *target, Node *value, const char *name, bool *binds) {
  *binds = false;
  if (target->kind != ND_TUPLE && target->kind != ND_LIST) return NULL;
  Node *v = value && (value->kind == ND_TUPLE || value->kind == ND_LIST) ? value->args : NULL, *found = NULL;
  bool lengths = true;
  for (Node *t = target->args; t; t = t->next, v = v ? v->next : NULL) {
    if (t->kind != ND_NAME) *binds = true;  // (a nested or starred target: not followed)
    else if (!strcmp(t->str, name)) *binds = true, found = v;
    if (!v) lengths = false;
  }
  return lengths && !v ? found : NULL;
}

// The value last assigned to name at the top level of the launch's statement list before the
// launch, or NULL where something else may bind it.
Node *launch_assigned_value(Launch *l, const char *name) {
  Node *at = launch_statement(l), *value = NULL;
  if (!at) return NULL;
  for (Node *s = l->scope; s && s != at; s = s->next) {
    bool binds = false;
    Node *element = s->kind == ND_ASSIGN && s->a ? unpacked_value(s->a, s->b, name, &binds) : NULL;
    if (s->kind == ND_ASSIGN && s->a && s->a->kind == ND_NAME && !strcmp(s->a->str, name)) value = s->b;
    else if (element) value = element;  // (x, y = torch.randn(n), torch.randn(n))
    else if (binds) return NULL;
    else if ((s->kind == ND_ASSIGN || s->kind == ND_AUGASSIGN || s->kind == ND_FOR) && s->a &&
             (s->kind == ND_FOR ? s->a->kind != ND_NAME || !strcmp(s->a->str, name)
                                : s->a->kind == ND_NAME && !strcmp(s->a->str, name)))
      return NULL;  // (augmented, a loop variable)
    if (s->kind != ND_FUNCDEF && (binds_in_blocks(s->body, name) || binds_in_blocks(s->orelse, name))) return NULL;
  }
  return value;
}

static bool tensor_dtype(Module *m, Launch *l, Node *e, Scalar *out, int follow);

static bool dtype_of(Module *m, Node *d, Scalar *out) {
  if (!d || d->kind != ND_ATTR || !is_torch(m, d->a)) return false;
  Obj *o = torch_dtype(d->str);
  return o && (*out = (Scalar)o->ival, true);
}

static bool factory_dtype(Module *m, Launch *l, Node *call, Scalar *out, int follow) {
  static const char *const float_default[] = {"rand", "randn", "zeros", "ones", "empty"};
  static const char *const like[] = {"rand_like", "randn_like", "zeros_like", "ones_like", "empty_like", "full_like"};
  static const char *const dtype_only[] = {"full", "arange", "tensor", "randint", "empty_strided"};
  Node *f = call->a;
  if (f->kind != ND_ATTR || !is_torch(m, f->a)) return false;
  if (dtype_of(m, call_kwarg(call, "dtype"), out)) {
    for (size_t i = 0; i < sizeof dtype_only / sizeof *dtype_only; i++)
      if (!strcmp(f->str, dtype_only[i])) return true;
  }
  for (size_t i = 0; i < sizeof float_default / sizeof *float_default; i++)
    if (!strcmp(f->str, float_default[i])) return call_kwarg(call, "dtype") ? dtype_of(m, call_kwarg(call, "dtype"), out)
                                                                         : (*out = TY_F32, true);
  for (size_t i = 0; i < sizeof like / sizeof *like; i++)
    if (!strcmp(f->str, like[i])) {
      if (call_kwarg(call, "dtype")) return dtype_of(m, call_kwarg(call, "dtype"), out);
      Node *y = first_positional(call);
      return y && tensor_dtype(m, l, y, out, follow + 1);
    }
  return false;
}

static bool tensor_dtype(Module *m, Launch *l, Node *e, Scalar *out, int follow) {
  if (follow > MAX_FOLLOW) return false;
  if (e->kind == ND_NAME) {
    Node *v = launch_assigned_value(l, e->str);
    return v && tensor_dtype(m, l, v, out, follow + 1);
  }
  // a tensor times, plus or minus an int (`torch.ones_like(x) * 3`): torch keeps its dtype
  if (e->kind == ND_BINOP && (e->op == OP_ADD || e->op == OP_SUB || e->op == OP_MUL)) {
    Node *t = e->b->kind == ND_INT ? e->a : e->a->kind == ND_INT ? e->b : NULL;
    return t && tensor_dtype(m, l, t, out, follow + 1);
  }
  return e->kind == ND_CALL && factory_dtype(m, l, e, out, follow);
}

static bool is_int_expr(Module *m, Launch *l, Node *e, int follow) {
  if (follow > MAX_FOLLOW) return false;
  switch (e->kind) {
  case ND_INT: return e->ival >= INT32_MIN && e->ival <= INT32_MAX;
  case ND_NAME: {
    Node *v = launch_assigned_value(l, e->str);
    return v && is_int_expr(m, l, v, follow + 1);
  }
  case ND_BINOP:
    return (e->op == OP_ADD || e->op == OP_SUB || e->op == OP_MUL || e->op == OP_FLOORDIV || e->op == OP_MOD) &&
           is_int_expr(m, l, e->a, follow + 1) && is_int_expr(m, l, e->b, follow + 1);
  case ND_SUBSCRIPT: return e->a->kind == ND_ATTR && !strcmp(e->a->str, "shape");  // x.shape[0]
  case ND_CALL:
    if (e->a->kind == ND_NAME) return !strcmp(e->a->str, "len");
    return e->a->kind == ND_ATTR &&
           (!strcmp(e->a->str, "numel") || !strcmp(e->a->str, "size") || !strcmp(e->a->str, "stride"));
  default: return false;
  }
}

// The launch's argument for parameter `index`, `name`: by keyword or position; NULL if none.
Node *launch_arg(Launch *l, int index, const char *name) {
  int i = 0;
  for (Node *a = l->call->args; a; a = a->next) {
    if (a->kind == ND_UNSUPPORTED) return NULL;  // (*args: positions unknown from here)
    if (a->kind == ND_KWARG ? !strcmp(a->str, name) : i++ == index) return a->kind == ND_KWARG ? a->a : a;
  }
  return NULL;
}

// The literal (number, bool, string, tuple, negation) the argument is, a name followed to the
// literal assigned to it before the launch (`RBLOCK = 8; fn[(1,)](out, RBLOCK)`), or NULL.
Node *launch_literal(Launch *l, Node *arg) {
  for (int follow = 0; arg && arg->kind == ND_NAME && follow < MAX_FOLLOW; follow++) arg = launch_assigned_value(l, arg->str);
  bool literal = arg && (arg->kind == ND_INT || arg->kind == ND_FLOAT || arg->kind == ND_BOOL || arg->kind == ND_UNARY ||
                         arg->kind == ND_TUPLE || arg->kind == ND_STR);
  return literal ? arg : NULL;
}

bool launch_arg_type(Module *m, Launch *l, int index, const char *name, Type *out) {
  Node *arg = launch_arg(l, index, name);
  if (!arg) return false;
  Scalar s;
  if (tensor_dtype(m, l, arg, &s, 0)) return *out = type_ptr(s), true;
  if (is_int_expr(m, l, arg, 0)) return *out = type_scalar(TY_I32), true;
  return false;
}
