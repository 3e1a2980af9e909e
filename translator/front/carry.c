// carry.c: names that outlive a run-time loop body or `if` branch (called by lower.c).
//
// As Triton's code generator passes them as block arguments, a name a loop body
// assigns and that exists before the loop is loop-carried, and a name an `if`
// changes takes its branches' values after it. The run-time parts of such a name
// (values, and Python numbers, which become values as Triton makes them tensors)
// live in V_VAR variables, at any depth of the tuples, block pointers and tensor
// descriptors that hold them; its compile-time parts must not change (an error
// otherwise, never a value silently left behind).
#include "tl2cu.h"

#include <string.h>

// ---------------------------------------------------------------- structure

static bool is_runtime_leaf(const Obj *o) { return o->kind == OBJ_VALUE || obj_is_const_number(o); }

int obj_runtime_items(const Obj *o) {
  switch (o->kind) {
  case OBJ_TUPLE: return o->items.len;
  case OBJ_BLOCK_PTR: return BLOCK_PTR_RUNTIME_ITEMS;
  case OBJ_TENSOR_DESC: return TENSOR_DESC_RUNTIME_ITEMS;
  default: return 0;
  }
}

static bool is_structured(const Obj *o) { return obj_runtime_items(o) > 0 || o->kind == OBJ_TUPLE; }

static const char *describe(const Obj *o) {
  if (o->kind == OBJ_TUPLE) return xprintf("a tuple of %d", o->items.len);
  return obj_kind_name(o);
}

// The name of item i of a block pointer or tensor descriptor (tl2cu.h's BP_*, TD_*).
static const char *item_name(const Obj *o, int i) {
  static const char *const block_ptr[] = {"base", "shape", "strides", "offsets", "block_shape", "order"};
  static const char *const desc[] = {"base", "shape", "strides", "block_shape", "padding_option"};
  return o->kind == OBJ_BLOCK_PTR ? block_ptr[i] : desc[i];
}

// The C name and the Python path of item i of o, which is named `label` / `path`.
const char *obj_item_label(const char *label, const Obj *o, int i) {
  return o->kind == OBJ_TUPLE ? xprintf("%s_%d", label, i) : xprintf("%s_%s", label, item_name(o, i));
}

static const char *item_path(const char *path, const Obj *o, int i) {
  return o->kind == OBJ_TUPLE ? xprintf("%s[%d]", path, i) : xprintf("%s.%s", path, item_name(o, i));
}

static Obj *copy_structure(const Obj *o) {
  Obj *copy = obj_new(o->kind);
  *copy = *o;
  copy->items = (Vec){0};
  return copy;
}

// ---------------------------------------------------------------- variables

static bool same_type_shape(Value *a, Value *b) { return type_eq(a->ty, b->ty) && shape_eq(a->shape, b->shape); }

// A mutable C variable of the type and shape of `like`, declared here; it starts
// as `init` (a value), or unset where init is NULL (every path assigns it later).
static Value *declare_var(Ctx *c, const char *name, Value *like, Value *init, Loc loc) {
  Value *var = sem_new(c, V_VAR, like->ty, like->shape, loc);
  var->cname = unique_cname(c, name);
  Stmt *s = add_stmt(c, S_VARDEF);
  s->var = var;
  s->v = init;
  if (init) init->uses++;
  return var;
}

// A mutable C variable holding `init` (a runtime value or a Python number).
static Value *new_var(Ctx *c, const char *name, Obj *init, Loc loc) {
  Value *iv = sem_to_value(c, init, loc);
  return declare_var(c, name, iv, iv, loc);
}

static void assign_var(Ctx *c, Value *var, Obj *now, const char *name, const char *where, Loc loc) {
  Value *v = now->kind == OBJ_VALUE ? now->val : NULL;
  if (v == var) return;
  if (!v) {
    if (!obj_is_const_number(now))
      diag_fatal(loc, "'%s' is %s %s but was a run-time value before", name, obj_kind_name(now), where);
    v = sem_const(c, now, var->ty.kind == TY_PTR ? TY_I64 : var->ty.kind, loc);
  }
  if (!same_type_shape(v, var))
    diag_fatal(loc, "%s variable '%s' has initial type %s%s but is re-assigned to %s%s %s",
               !strcmp(where, "in the loop") ? "loop-carried" : "branch-merged", name, type_name(var->ty),
               var->shape.rank ? shape_text(var->shape) : "", type_name(v->ty), v->shape.rank ? shape_text(v->shape) : "",
               where);
  Stmt *s = add_stmt(c, S_ASSIGN);
  s->var = var;
  s->v = v;
  v->uses++;
}

// ---------------------------------------------------------------- names a body assigns

// The names an assignment target binds: `a`, `a, b`, `(a, b), c`...
static void target_names(Node *target, Vec *out) {
  if (target->kind == ND_TUPLE || target->kind == ND_LIST) {
    for (Node *x = target->args; x; x = x->next) target_names(x, out);
    return;
  }
  if (target->kind != ND_NAME) return;
  for (int i = 0; i < out->len; i++)
    if (!strcmp(out->items[i], target->str)) return;
  vec_push(out, (void *)target->str);
}

// Names a statement list assigns (targets of =, op=, for), recursively.
static void assigned_names(Node *s, Vec *out) {
  for (; s; s = s->next) {
    if (s->kind == ND_ASSIGN || s->kind == ND_AUGASSIGN || s->kind == ND_FOR) target_names(s->a, out);
    if (s->kind == ND_FOR || s->kind == ND_WHILE || s->kind == ND_IF) {
      assigned_names(s->body, out);
      assigned_names(s->orelse, out);
    }
  }
}

// ---------------------------------------------------------------- loops

typedef struct {
  Value *var;
  Obj *init;          // the part before the loop
  const char *label;  // C name stem ("acc_0")
  const char *path;   // Python path, for messages ("acc[0]")
  Obj *now;           // its value at the end of the body
} Part;

struct Carried {
  Vec names;    // const char*
  Vec shapes;   // Obj*: each name's value as the body sees it, its run-time parts variables
  Vec parts;    // Part*
  Stmt **defs;  // where the variables' definitions start
  Stmt *loop;   // the loop statement
};

// o with each run-time part replaced by a new variable that starts as it.
static Obj *with_vars(Ctx *c, const char *label, const char *path, Obj *o, Vec *parts, Loc loc) {
  if (is_runtime_leaf(o)) {
    Part *p = xmalloc(sizeof(Part));
    p->var = new_var(c, label, o, loc);
    p->init = o, p->label = label, p->path = path;
    vec_push(parts, p);
    return obj_value(p->var);
  }
  if (!is_structured(o)) return o;
  Obj *copy = copy_structure(o);
  for (int i = 0; i < o->items.len; i++) {
    Obj *item = o->items.items[i];
    if (i < obj_runtime_items(o))
      item = with_vars(c, obj_item_label(label, o, i), item_path(path, o, i), item, parts, loc);
    vec_push(&copy->items, item);
  }
  return copy;
}

Carried *carry_into_loop(Ctx *c, Node *body, const char *skip, Loc loc) {
  Carried *cr = xmalloc(sizeof(Carried));
  cr->defs = c->tail;
  Vec names = {0};
  assigned_names(body, &names);
  for (int i = 0; i < names.len; i++) {
    const char *name = names.items[i];
    if (skip && !strcmp(name, skip)) continue;
    Obj *before = lookup(c->env, name);
    if (!before || is_closure_var(before)) continue;  // new in the body: not visible after the loop
    Obj *shape = with_vars(c, name, name, before, &cr->parts, loc);
    c->env = bind(c->env, name, shape);
    vec_push(&cr->names, (void *)name);
    vec_push(&cr->shapes, shape);
  }
  return cr;
}

void carry_mark_loop(Carried *cr, Stmt *loop) { cr->loop = loop; }

// Sets each variable's part of `now`, the value of the name whose value was `shape`
// before the body; compile-time parts must be what they were.
static void match_parts(Carried *cr, int *next, Obj *shape, Obj *now, const char *path, Loc loc) {
  if (shape->kind == OBJ_VALUE && shape->val->kind == V_VAR && *next < cr->parts.len &&
      ((Part *)cr->parts.items[*next])->var == shape->val) {
    ((Part *)cr->parts.items[(*next)++])->now = now;
    return;
  }
  if (is_structured(shape) && now->kind == shape->kind && now->items.len == shape->items.len) {
    for (int i = 0; i < shape->items.len; i++) {
      if (i < obj_runtime_items(shape)) {
        match_parts(cr, next, shape->items.items[i], now->items.items[i], item_path(path, shape, i), loc);
      } else if (!obj_same(shape->items.items[i], now->items.items[i])) {
        diag_fatal(loc, "'%s' changes in the loop: a compile-time part cannot change in a run-time loop",
                   item_path(path, shape, i));
      }
    }
    return;
  }
  if (is_structured(shape) || is_structured(now))
    diag_fatal(loc, "'%s' is %s before the loop and %s in it: a loop-carried name keeps its structure", path,
               describe(shape), describe(now));
  if (!obj_same(shape, now))
    diag_fatal(loc, "'%s' is %s before the loop and %s in it: a compile-time value cannot change in a run-time loop",
               path, obj_repr(shape), obj_repr(now));
}

// Does the expression v (up to the values named before it) read the variable of a part
// other than own that the loop updates?
static bool reads_other_part(Carried *cr, Value *v, Value *own, int mark) {
  if (!v || v->visit == mark) return false;
  v->visit = mark;
  if (v->kind == V_VAR) {
    for (int i = 0; i < cr->parts.len; i++) {
      Part *p = cr->parts.items[i];
      if (p->var == v) return v != own && !(p->now->kind == OBJ_VALUE && p->now->val == v);  // (one that changes)
    }
    return false;
  }
  if (is_materialized(v)) return false;
  return reads_other_part(cr, v->a, own, mark) || reads_other_part(cr, v->b, own, mark) ||
         reads_other_part(cr, v->c, own, mark);
}

// Does an update still to come, other than its own, read part i's old value?
static bool read_by_pending(Carried *cr, const bool *done, int i) {
  Part *p = cr->parts.items[i];
  for (int j = 0; j < cr->parts.len; j++) {
    Part *q = cr->parts.items[j];
    if (j != i && !done[j] && q->now->kind == OBJ_VALUE && q->now->val == p->var) return true;
  }
  return false;
}

// The end of a loop body: the carried variables all take their names' values now, at
// once, as the next iteration's block arguments do in Triton. They are updated one by
// one, each only after every update that reads its old value (`a, b = b, a + b`
// updates a first); in a cycle (a swap) one variable's old value is copied first.
void yield_carried(Ctx *c, Node *loop, Carried *cr) {
  if (c->returned) diag_fatal(loop->loc, "'return' inside a loop is not supported");
  c->loc = loop->loc;
  c->src = diag_line_text(loop->loc);
  int next = 0;
  for (int i = 0; i < cr->names.len; i++)
    match_parts(cr, &next, cr->shapes.items[i], lookup(c->env, cr->names.items[i]), cr->names.items[i], loop->loc);
  int n = cr->parts.len;
  // A part's new value still written as an expression (a tuple's item is not named when
  // the tuple is) would read the other variables at its update, after they changed: such
  // a value is computed first, from the old values, as Triton yields them all at once.
  for (int i = 0; i < n; i++) {
    Part *p = cr->parts.items[i];
    Value *v = p->now->kind == OBJ_VALUE ? p->now->val : NULL;
    if (v && !is_materialized(v) && reads_other_part(cr, v, p->var, sem_walk_mark()))
      p->now = obj_value(lower_materialize(c, v, xprintf("%s_next", p->label)));
  }
  bool *done = xmalloc(sizeof(bool) * (size_t)(n + 1));
  for (int left = n; left > 0; left--) {
    int pick = -1;
    for (int i = 0; i < n && pick < 0; i++)
      if (!done[i] && !read_by_pending(cr, done, i)) pick = i;
    if (pick < 0) {  // every update left reads a variable another one overwrites
      for (pick = 0; done[pick]; pick++) continue;
      Part *p = cr->parts.items[pick];
      Obj *old = obj_value(new_var(c, xprintf("%s_prev", p->label), obj_value(p->var), loop->loc));
      for (int j = 0; j < n; j++) {
        Part *q = cr->parts.items[j];
        if (q->now->kind == OBJ_VALUE && q->now->val == p->var) q->now = old;
      }
    }
    Part *p = cr->parts.items[pick];
    assign_var(c, p->var, p->now, p->path, "in the loop", loop->loc);
    done[pick] = true;
  }
}

// Replaces every read of `from` by `to` in the values and statements of a loop.
static void replace_in_value(Value *v, Value *from, Value *to, int mark) {
  if (!v || v->visit == mark) return;
  v->visit = mark;
  Value **operands[3] = {&v->a, &v->b, &v->c};
  for (int i = 0; i < 3; i++) {
    if (*operands[i] == from) {
      *operands[i] = to;
      from->uses--, to->uses++;
    } else {
      replace_in_value(*operands[i], from, to, mark);
    }
  }
}

static void replace_in_stmts(Stmt *s, Value *from, Value *to, int mark);

static void replace_in_stmt(Stmt *s, Value *from, Value *to, int mark) {
  Value **operands[] = {&s->v, &s->ptr, &s->mask, &s->lo, &s->hi, &s->step, &s->cond};
  for (size_t i = 0; i < sizeof operands / sizeof operands[0]; i++) {
    if (*operands[i] == from) {
      *operands[i] = to;
      from->uses--, to->uses++;
    } else {
      replace_in_value(*operands[i], from, to, mark);
    }
  }
  replace_in_stmts(s->body, from, to, mark);
  replace_in_stmts(s->orelse, from, to, mark);
}

static void replace_in_stmts(Stmt *s, Value *from, Value *to, int mark) {
  for (; s; s = s->next) replace_in_stmt(s, from, to, mark);
}

// o (a name's shape) with the parts the body left unchanged back as they were.
static Obj *restore_unchanged(Obj *o, Carried *cr) {
  if (o->kind == OBJ_VALUE) {
    for (int i = 0; i < cr->parts.len; i++) {
      Part *p = cr->parts.items[i];
      if (p->var == o->val) return p->now->kind == OBJ_VALUE && p->now->val == p->var ? p->init : o;
    }
    return o;
  }
  if (!is_structured(o)) return o;
  Obj *copy = copy_structure(o);
  for (int i = 0; i < o->items.len; i++)
    vec_push(&copy->items, i < obj_runtime_items(o) ? restore_unchanged(o->items.items[i], cr) : o->items.items[i]);
  return copy;
}

// After the loop: a part the body never changed (a block pointer's base and strides,
// advanced only in its offsets) needs no variable, and reading the value itself keeps
// what is known of it (a parameter's alignment). The names are bound after the loop.
void carry_out_of_loop(Ctx *c, Carried *cr) {
  for (int i = 0; i < cr->parts.len; i++) {
    Part *p = cr->parts.items[i];
    if (!(p->now->kind == OBJ_VALUE && p->now->val == p->var)) continue;
    Value *init = sem_to_value(c, p->init, p->var->loc);
    replace_in_stmt(cr->loop, p->var, init, sem_walk_mark());
    for (Stmt **s = cr->defs; *s && *s != cr->loop; s = &(*s)->next)
      if ((*s)->kind == S_VARDEF && (*s)->var == p->var) {
        (*s)->v->uses--;
        *s = (*s)->next;
        break;
      }
  }
  for (int i = 0; i < cr->names.len; i++)
    c->env = bind(c->env, cr->names.items[i], restore_unchanged(cr->shapes.items[i], cr));
}

// ---------------------------------------------------------------- branches

typedef struct {
  Stmt **list;
  bool returned;  // its path ends in a return: what it leaves does not flow on
} Branch;

static Stmt **list_end(Stmt **list) {
  while (*list) list = &(*list)->next;
  return list;
}

static void assign_in(Ctx *c, Branch *br, Value *var, Obj *now, const char *path, const char *where, Loc loc) {
  Stmt **saved = c->tail;
  c->tail = list_end(br->list);
  assign_var(c, var, now, path, where, loc);
  c->tail = saved;
}

// The value after the `if` of a name that was b (NULL: none) and is t after the then
// branch and e after the else branch (NULL where the branch returned); values with
// ids from first_id on were made in a branch.
static Obj *merge(Ctx *c, const char *label, const char *path, Obj *b, Obj *t, Obj *e, Branch br[2], int first_id,
                  Loc loc) {
  Obj *first = t ? t : e;
  if (!first) return b;  // both branches return
  Obj *arms[2] = {t, e};
  for (int i = 0; i < 2; i++)
    if (arms[i] && b && (is_structured(arms[i]) || is_structured(b)) &&
        !(arms[i]->kind == b->kind && arms[i]->items.len == b->items.len))
      diag_fatal(loc, "'%s' is %s before the 'if' and %s in its %s branch: a name keeps its structure", path,
                 describe(b), describe(arms[i]), i ? "'else'" : "'if'");
  if (t && e && (is_structured(t) || is_structured(e)) && !(t->kind == e->kind && t->items.len == e->items.len))
    diag_fatal(loc, "'%s' is %s in the 'if' branch and %s in the 'else' branch: a name keeps its structure", path,
               describe(t), describe(e));
  if (is_structured(first)) {
    Obj *copy = copy_structure(first);
    for (int i = 0; i < first->items.len; i++) {
      Obj *bi = b ? b->items.items[i] : NULL, *ti = t ? t->items.items[i] : NULL, *ei = e ? e->items.items[i] : NULL;
      if (i < obj_runtime_items(first)) {
        vec_push(&copy->items, merge(c, obj_item_label(label, first, i), item_path(path, first, i), bi, ti, ei, br, first_id, loc));
      } else {
        if ((ti && ei && !obj_same(ti, ei)) || (bi && ((ti && !obj_same(ti, bi)) || (ei && !obj_same(ei, bi)))))
          diag_fatal(loc, "'%s' takes different compile-time values in the branches of a run-time 'if'", path);
        vec_push(&copy->items, first->items.items[i]);
      }
    }
    return copy;
  }
  bool runtime = is_runtime_leaf(first) || (b && is_runtime_leaf(b));
  if (!runtime || (b && !is_runtime_leaf(b))) {
    if ((t && e && !obj_same(t, e)) || (b && !obj_same(first, b)))
      diag_fatal(loc, "'%s' takes different compile-time values in the branches of a run-time 'if'", path);
    return first;
  }
  // one value on every path that goes on, made before the `if`: no variable
  if (t && e ? obj_same(t, e) && (t->kind != OBJ_VALUE || t->val->id < first_id) : b && obj_same(first, b))
    return first;
  Obj *value_arm = t && t->kind == OBJ_VALUE ? t : e && e->kind == OBJ_VALUE ? e : first;
  Value *var = b ? new_var(c, label, b, loc) : declare_var(c, label, sem_to_value(c, value_arm, loc), NULL, loc);
  if (t && (!b || !obj_same(t, b))) assign_in(c, &br[0], var, t, path, "in the 'if' branch", loc);
  if (e && (!b || !obj_same(e, b))) assign_in(c, &br[1], var, e, path, "in the 'else' branch", loc);
  return obj_value(var);
}

// What a function returns, as Triton compares return types: "fp32", "[128] i32", "(fp32, i32)".
static const char *return_type(Ctx *c, Obj *o, Loc loc) {
  if (o->kind == OBJ_TUPLE) {
    Str t = {0};
    str_add(&t, "(");
    for (int i = 0; i < o->items.len; i++) str_addf(&t, "%s%s", i ? ", " : "", return_type(c, o->items.items[i], loc));
    str_add(&t, ")");
    return t.buf;
  }
  if (o->kind != OBJ_VALUE && !obj_is_const_number(o)) return obj_kind_name(o);
  Value *v = sem_to_value(c, o, loc);
  return v->shape.rank ? xprintf("%s %s", shape_text(v->shape), type_name(v->ty)) : type_name(v->ty);
}

// A constant returned becomes a value, as Triton's return makes it a tensor.
static Obj *returned_value(Ctx *c, Obj *o, Loc loc) {
  if (obj_is_const_number(o)) return obj_value(sem_to_value(c, o, loc));
  if (o->kind != OBJ_TUPLE) return o;
  Obj *copy = obj_new(OBJ_TUPLE);
  for (int i = 0; i < o->items.len; i++) vec_push(&copy->items, returned_value(c, o->items.items[i], loc));
  return copy;
}

Obj *merge_returns(Ctx *c, Node *s, const char *fname, int first_id, Stmt **then_list, Obj *t, Stmt **else_list,
                   Obj *e) {
  if (t->kind == OBJ_NONE && e->kind == OBJ_NONE) return t;
  const char *tt = return_type(c, t, s->loc), *et = return_type(c, e, s->loc);
  if (strcmp(tt, et))
    diag_fatal(s->loc, "'%s' returns %s on one path of this 'if' and %s on the other (Triton: inconsistent return types)",
               fname, tt, et);
  t = returned_value(c, t, s->loc);
  e = returned_value(c, e, s->loc);
  Branch br[2] = {{then_list, false}, {else_list, false}};
  return merge(c, xprintf("%s_result", fname), xprintf("the value '%s' returns", fname), NULL, t, e, br, first_id,
               s->loc);
}

// After a run-time `if`: each name a branch changed, known before it or set by both,
// takes its merged value (variables declared before the `if`).
void merge_branches(Ctx *c, Node *s, int first_id, Binding *before, Stmt **then_list, Binding *then_env,
                    bool returned_then, Stmt **else_list, Binding *else_env, bool returned_else) {
  Branch br[2] = {{then_list, returned_then}, {else_list, returned_else}};
  Vec names = {0};
  assigned_names(s->body, &names);
  assigned_names(s->orelse, &names);
  for (int i = 0; i < names.len; i++) {
    const char *name = names.items[i];
    Obj *b = lookup(before, name), *t = lookup(then_env, name), *e = lookup(else_env, name);
    if (is_closure_var(b)) b = NULL;  // (a variable of the function around the kernel: not this one's)
    if (is_closure_var(t)) t = NULL;
    if (is_closure_var(e)) e = NULL;
    if (!b && (!t || !e)) continue;  // defined in one branch only: not visible after the if
    if (t == b && e == b) continue;
    Obj *merged = merge(c, name, name, b, returned_then ? NULL : t, returned_else ? NULL : e, br, first_id, s->loc);
    c->env = bind(c->env, name, merged);
  }
}
