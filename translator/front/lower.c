// lower.c: trace one entry kernel into IR (Kernel: params + Stmt list).
//
// Like Triton's code generator, this walks the kernel's AST with an
// environment of names. Constexprs (literals, constexpr parameters, -D values,
// module-level tl.constexpr constants) are Python values computed here, with
// Python's semantics; `if` on a constexpr traces only the taken branch;
// tl.static_range is unrolled; calls to other @triton.jit functions are
// inlined. Everything that depends on run-time data becomes a Value (built by
// semantic.c) and statements (S_*) in program order. Loop-carried and
// if-merged names become V_VAR variables (carry.c), with their types checked as
// Triton does. Errors stop the trace (diag_fatal): a kernel is all or nothing.
#include "tl2cu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static Obj *eval_call(Ctx *c, Node *e);
static void trace_block(Ctx *c, Node *stmts);
static void trace_while(Ctx *c, Node *s);

Obj *obj_value(Value *v) {
  Obj *o = obj_new(OBJ_VALUE);
  o->val = v;
  return o;
}

bool obj_is_const_number(const Obj *o) {
  return o->kind == OBJ_INT || o->kind == OBJ_FLOAT || o->kind == OBJ_BOOL;
}

Stmt *add_stmt(Ctx *c, SKind kind) {
  Stmt *s = xmalloc(sizeof(Stmt));
  s->kind = kind;
  s->loc = c->loc;
  s->src = c->src;
  *c->tail = s;
  c->tail = &s->next;
  return s;
}

// The C name for a user name (names.c), made unique in the kernel.
const char *kernel_cname(Kernel *k, const char *name) {
  const char *base = user_cname(name);
  // A name's counter: 0 while it is free, else the next suffix to try after it, so that
  // thousands of `x = x + 1` stay linear.
  for (int n = *nameset_find(&k->cnames, base, true);; n++) {
    const char *cand = n ? xprintf("%s_%d", base, n) : base;
    int *taken = nameset_find(&k->cnames, cand, true);
    if (!*taken) {
      *taken = 1;
      *nameset_find(&k->cnames, base, true) = n + 1;
      return cand;
    }
  }
}

const char *unique_cname(Ctx *c, const char *name) { return kernel_cname(c->k, name); }

// Gives a runtime value a C variable named after `name` (S_LET), once.
static Value *materialize(Ctx *c, Value *v, const char *name) {
  if (v->cname || v->kind == V_PARAM || (v->kind == V_CONST && v->shape.rank == 0)) return v;
  v->cname = unique_cname(c, name);
  Stmt *s = add_stmt(c, S_LET);
  s->v = v;
  v->uses++;
  return v;
}

// ---------------------------------------------------------------- names

static Obj *lookup_name(Ctx *c, Node *e) {
  Obj *o = lookup(c->env, e->str);
  if (o) return is_closure_var(o) ? closure_var_value(o, e, c->opt) : o;
  o = lookup(c->m->globals, e->str);
  if (o) {
    o = imports_force(o, e, c->in_kernel);  // (a name from another file of the package: imports.c)
    if (c->in_kernel && !collect_define_bound(c->m, e->str))  // (a -D named it: the user's choice)
      imports_check_callee(o, e);
    return o;
  }
  // a name a module-level if binds differently by branch (imports, defs, or an assignment
  // against those): the branch its condition takes, not one branch's assignment alone
  Obj *choices = lookup(c->m->conditional, e->str);
  o = choices ? imports_choose(c->m, e, c->in_kernel) : NULL;  // the branch a known condition takes
  if (o) return o;
  o = choices ? NULL : module_global(c->m, e, c->in_kernel);
  if (o) return o;
  if (builtin_exists(e->str)) return obj_builtin(e->str);
  if (choices)
    diag_fatal(e->loc, "'%s' is imported as %s by the branches of the module-level `if` at line %lld, whose condition "
                       "tl2cu does not evaluate: choose one with -D %s=CHOICE", e->str, import_choices(choices),
               (long long)choices->ival, e->str);
  diag_fatal(e->loc, "undefined name '%s'", e->str);
}

Value *lower_materialize(Ctx *c, Value *v, const char *name) {
  if (v->cname) return v;
  materialize(c, v, name);
  v->auto_named = true;
  return v;
}

// A value bound to a name is computed where it is assigned, into a C variable of that
// name (a reduction result named by the user takes the user's name); so is every run-time
// part of a tuple, block pointer or descriptor bound to a name: left an expression, it
// would be computed where it is read, after a store it must not see.
static void name_parts(Ctx *c, const char *name, Obj *o) {
  if (o->kind == OBJ_VALUE) {
    if (o->val->auto_named) {  // (`x_max = tl.max(x, 0)`: the reduction already took the name x_max)
      if (strcmp(o->val->cname, name)) o->val->cname = unique_cname(c, name);
      o->val->auto_named = false;
    }
    materialize(c, o->val, name);
    return;
  }
  for (int i = 0, n = obj_runtime_items(o); i < n; i++) name_parts(c, obj_item_label(name, o, i), o->items.items[i]);
}

static void assign_name(Ctx *c, const char *name, Obj *o) {
  name_parts(c, name, o);
  c->env = bind(c->env, name, o);
}

// A Python number as a scalar tensor of its literal's type (semantic.py to_tensor), tuples
// item by item; dtypes, None and the rest as they are. Triton does this to what a kernel
// assigns (code_generator.py visit_Assign, _sanitize_value) and to what a jit function
// returns (visit_Return, decay): `a = 100; x_i8 + a` is int32, `eps = 1e-6; x_f16 + eps`
// and `x_f16 * half()` (a helper returning 0.5) are fp32, not weak literals.
static Obj *as_tensors(Ctx *c, Obj *o, Loc loc) {
  if (o->kind == OBJ_INT || o->kind == OBJ_FLOAT || o->kind == OBJ_BOOL) return obj_value(sem_to_value(c, o, loc));
  if (o->kind != OBJ_TUPLE) return o;
  Obj *t = obj_new(OBJ_TUPLE);
  *t = *o;
  t->items = (Vec){0};
  for (int i = 0; i < o->items.len; i++) vec_push(&t->items, as_tensors(c, o->items.items[i], loc));
  return t;
}

// What a kernel's assignment binds: `x: tl.constexpr = ...` keeps a compile-time value.
static Obj *assigned_value(Ctx *c, Obj *o, Node *annotation, Loc loc) {
  if (!c->in_kernel || is_constexpr_annotation(c->m, annotation)) return o;
  return as_tensors(c, o, loc);
}

static void assign_target(Ctx *c, Node *target, Obj *o) {
  if (target->kind == ND_NAME) {
    assign_name(c, target->str, o);
    return;
  }
  if (target->kind == ND_TUPLE || target->kind == ND_LIST) {
    int n = 0;
    for (Node *t = target->args; t; t = t->next) n++;
    if (o->kind != OBJ_TUPLE) diag_fatal(target->loc, "cannot unpack %s into %d names", obj_kind_name(o), n);
    if (o->items.len != n)
      diag_fatal(target->loc, "cannot unpack %d values into %d names", o->items.len, n);
    int i = 0;
    for (Node *t = target->args; t; t = t->next) assign_target(c, t, o->items.items[i++]);
    return;
  }
  if (target->kind == ND_SUBSCRIPT)
    diag_fatal(target->loc, "assignment to a tensor element is not supported (tensors are immutable)");
  diag_fatal(target->loc, "cannot assign to this expression");
}

// ---------------------------------------------------------------- constexpr arithmetic

// isinstance()'s answer where it depends on how Triton wraps constants (builtins.c).
Obj *obj_undecided(Node *call) {
  Obj *o = obj_builtin("isinstance");
  o->ival = 1;
  o->self = obj_none();
  o->self->fval = call->loc.line;  // (where it was asked, for the error)
  return o;
}

bool obj_is_undecided(const Obj *o) { return o->kind == OBJ_BUILTIN && o->ival == 1 && !strcmp(o->str, "isinstance"); }

bool obj_truthy(Obj *o, Loc loc) {
  if (obj_is_undecided(o))
    diag_fatal(loc, "this condition reads isinstance(x, tl.constexpr) (or int, float, bool, str) of a compile-time "
               "constant, whose answer depends on how Triton wraps constants, which tl2cu does not track");
  switch (o->kind) {
  case OBJ_INT: case OBJ_BOOL: return o->ival != 0;
  case OBJ_FLOAT: return o->fval != 0;
  case OBJ_NONE: return false;
  case OBJ_STR: return o->str[0] != 0;
  case OBJ_TUPLE: return o->items.len != 0;
  case OBJ_VALUE: diag_fatal(loc, "a run-time value cannot be used as a compile-time condition");
  default: return true;
  }
}

static double num(Obj *o) {
  if (o->kind == OBJ_INT && o->str) return strtod(o->str, NULL);  // (a Python int beyond int64)
  return o->kind == OBJ_FLOAT ? o->fval : (double)o->ival;
}

static int64_t py_floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

static int64_t py_mod(int64_t a, int64_t b) {
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

// Python's integers are unbounded, the translator's are int64: a result outside
// int64 is an input error here, where C would leave it undefined.
static _Noreturn void out_of_int64(Loc loc) { diag_fatal(loc, "integer constant out of the int64 range"); }

static Obj *checked_int(Op op, int64_t i, int64_t j, Loc loc) {
  int64_t r;
  bool overflow = op == OP_ADD   ? __builtin_add_overflow(i, j, &r)
                  : op == OP_SUB ? __builtin_sub_overflow(i, j, &r)
                                 : __builtin_mul_overflow(i, j, &r);
  if (overflow) out_of_int64(loc);
  return obj_int(r);
}

static Obj *const_pow(int64_t i, int64_t j, Loc loc) {
  if (i == 0 || i == 1 || j == 0) return obj_int(j == 0 ? 1 : i);
  if (i == -1) return obj_int(j % 2 ? -1 : 1);
  Obj *r = obj_int(1);
  for (int64_t k = 0; k < j; k++) r = checked_int(OP_MUL, r->ival, i, loc);  // overflows within 64 steps
  return r;
}

static Obj *const_shift(Op op, int64_t i, int64_t j, Loc loc) {
  if (j < 0) diag_fatal(loc, "negative shift count");
  if (op == OP_RSHIFT) return obj_int(j >= 64 ? (i < 0 ? -1 : 0) : i >> j);
  if (i == 0) return obj_int(0);
  int64_t r = j >= 64 ? 0 : (int64_t)((uint64_t)i << j);
  if (j >= 64 || r >> j != i) out_of_int64(loc);
  return obj_int(r);
}

// Both operands are Python values: compute now, with Python's semantics.
// (a pointer's element type too; a block type is no scalar type: x.type != x.dtype)
static bool same_dtype(const Obj *a, const Obj *b) {
  bool same_form = !a->str == !b->str && (!a->str || !strcmp(a->str, b->str));
  return a->kind == OBJ_DTYPE && b->kind == OBJ_DTYPE && a->ival == b->ival && (a->ival != TY_PTR || a->fval == b->fval) &&
         same_form;
}

// Python's % and // of floats (CPython's float_divmod): the remainder takes the
// divisor's sign (a zero one too), and the quotient is exact where floor(x / y) rounds
// (0.5 // 0.1 is 4.0, not 5.0).
static double py_float_mod(double x, double y) {
  double m = fmod(x, y);
  return m != 0 ? ((y < 0) != (m < 0) ? m + y : m) : copysign(0.0, y);
}

static double py_float_floordiv(double x, double y) {
  double m = fmod(x, y), q = (x - m) / y;
  if (m != 0 && (y < 0) != (m < 0)) q -= 1.0;
  if (q == 0) return copysign(0.0, x / y);
  double f = floor(q);
  return q - f > 0.5 ? f + 1.0 : f;
}

// ---- Python's ints beyond int64 and its str, bytes and tuple operators, in host code
// (module constants such as `LLONG_MAX = 2**63 - 1` or `SPACE8 = ' ' * 8`). Such ints are
// kept in 128 bits, their digits in str; a kernel never reads one (collect.c check_int64).
typedef __int128 Wide;

bool obj_is_big_int(const Obj *o) { return o->kind == OBJ_INT && o->str; }

static Wide wide_of(const Obj *o) {
  if (!obj_is_big_int(o)) return o->ival;
  const char *p = o->str + (o->str[0] == '-');
  Wide w = 0;
  for (; *p; p++) w = w * 10 + (*p - '0');
  return o->str[0] == '-' ? -w : w;
}

static const char *wide_text(Wide w) {
  char buf[48], *p = buf + sizeof buf;
  *--p = 0;
  unsigned __int128 u = w < 0 ? -(unsigned __int128)w : (unsigned __int128)w;
  do *--p = (char)('0' + (int)(u % 10)); while (u /= 10);
  if (w < 0) *--p = '-';
  return xstrdup(p);
}

static Obj *wide_int(Wide w) {
  if (w >= INT64_MIN && w <= INT64_MAX) return obj_int((int64_t)w);
  Obj *o = obj_int(0);
  o->str = wide_text(w);
  return o;
}

static bool wide_pow(Wide i, Wide j, Wide *r) {
  *r = 1;
  if (i == 0 || i == 1) return *r = j ? i : 1, false;
  if (i == -1) return *r = j % 2 ? -1 : 1, false;
  for (Wide k = 0; k < j; k++)
    if (__builtin_mul_overflow(*r, i, r)) return true;  // (within 128 steps)
  return false;
}

static Obj *wide_binary(Op op, Wide i, Wide j, Loc loc) {
  Wide r = 0;
  bool over = false;
  switch (op) {
  case OP_LT: return obj_bool(i < j);
  case OP_LE: return obj_bool(i <= j);
  case OP_GT: return obj_bool(i > j);
  case OP_GE: return obj_bool(i >= j);
  case OP_EQ: return obj_bool(i == j);
  case OP_NE: return obj_bool(i != j);
  case OP_ADD: over = __builtin_add_overflow(i, j, &r); break;
  case OP_SUB: over = __builtin_sub_overflow(i, j, &r); break;
  case OP_MUL: over = __builtin_mul_overflow(i, j, &r); break;
  case OP_FLOORDIV: case OP_MOD: {
    if (j == 0) diag_fatal(loc, op == OP_MOD ? "modulo by zero" : "division by zero");
    over = j == -1 && i == -i && i;  // (-2**127 // -1)
    Wide q = over ? 0 : i / j, m = over ? 0 : i % j;
    if (m && (m < 0) != (j < 0)) q--, m += j;
    r = op == OP_FLOORDIV ? q : m;
    break;
  }
  case OP_POW: over = wide_pow(i, j, &r); break;
  case OP_LSHIFT:
    if (j < 0) diag_fatal(loc, "negative shift count");
    r = i && j < 127 ? (Wide)((unsigned __int128)i << j) : 0;
    over = i && (j >= 127 || r >> j != i);
    break;
  case OP_RSHIFT:
    if (j < 0) diag_fatal(loc, "negative shift count");
    r = j >= 127 ? (i < 0 ? -1 : 0) : i >> j;
    break;
  case OP_AND: r = i & j; break;
  case OP_OR: r = i | j; break;
  case OP_XOR: r = i ^ j; break;
  default: diag_fatal(loc, "unsupported operator '%s' on compile-time values", op_text(op));
  }
  if (over) diag_fatal(loc, "an integer beyond 128 bits: tl2cu computes Python's integers up to there");
  return wide_int(r);
}

// s * n for a str, bytes or tuple (n <= 0: empty), as Python.
static Obj *repeated(Obj *s, Obj *n, Loc loc) {
  int64_t count = n->ival < 0 ? 0 : n->ival;
  size_t len = s->kind == OBJ_STR ? strlen(s->str) : (size_t)s->items.len;
  if (obj_is_big_int(n) || (len && (uint64_t)count > (1u << 26) / len))
    diag_fatal(loc, "a repetition longer than %d items: too long to compute", 1 << 26);
  if (s->kind == OBJ_TUPLE) {
    Obj *r = obj_new(OBJ_TUPLE);
    for (int64_t k = 0; k < count; k++)
      for (size_t i = 0; i < len; i++) vec_push(&r->items, s->items.items[i]);
    return r;
  }
  char *buf = xmalloc(len * (size_t)count + 1);
  for (int64_t k = 0; k < count; k++) memcpy(buf + len * (size_t)k, s->str, len);
  buf[len * (size_t)count] = 0;
  return obj_str(buf);
}

// str, bytes and tuple operators; NULL if the operands are not such.
static Obj *sequence_binary(Op op, Obj *a, Obj *b, Loc loc) {
  bool int_a = a->kind == OBJ_INT || a->kind == OBJ_BOOL, int_b = b->kind == OBJ_INT || b->kind == OBJ_BOOL;
  bool seq_a = a->kind == OBJ_STR || a->kind == OBJ_TUPLE, seq_b = b->kind == OBJ_STR || b->kind == OBJ_TUPLE;
  if (op == OP_MUL && seq_a && int_b) return repeated(a, b, loc);
  if (op == OP_MUL && int_a && seq_b) return repeated(b, a, loc);
  if (a->kind != OBJ_STR || b->kind != OBJ_STR) return NULL;
  int cmp = strcmp(a->str, b->str);
  switch (op) {
  case OP_ADD: return obj_str(xprintf("%s%s", a->str, b->str));
  case OP_LT: return obj_bool(cmp < 0);
  case OP_LE: return obj_bool(cmp <= 0);
  case OP_GT: return obj_bool(cmp > 0);
  case OP_GE: return obj_bool(cmp >= 0);
  default: return NULL;
  }
}

// host: Python's ints (beyond int64) in host code; a kernel's are int64.
static Obj *const_binary(Op op, Obj *a, Obj *b, bool host, Loc loc) {
  if (op == OP_IS || op == OP_ISNOT) {
    bool same = a->kind == b->kind && (a->kind == OBJ_NONE || (obj_is_const_number(a) && num(a) == num(b)) ||
                                       same_dtype(a, b));
    return obj_bool(op == OP_IS ? same : !same);
  }
  if ((op == OP_EQ || op == OP_NE) && (!obj_is_const_number(a) || !obj_is_const_number(b))) {
    bool same = a->kind == b->kind &&
                ((a->kind == OBJ_STR && !strcmp(a->str, b->str)) || same_dtype(a, b) ||
                 a->kind == OBJ_NONE);
    return obj_bool(op == OP_EQ ? same : !same);
  }
  if (op == OP_IN && !host)  // (Triton 3.6's code generator has no 'in' comparison: it fails on the kernel)
    diag_fatal(loc, "'in' and 'not in' are not supported in a Triton kernel; compare with == and 'or'");
  if (op == OP_IN && b->kind == OBJ_MODULE && !strcmp(b->str, "os.environ") && a->kind == OBJ_STR)
    return obj_bool(env_value(a->str, loc) != NULL);
  if (op == OP_IN && b->kind == OBJ_TUPLE) {  // host code: x in (1, 2), Python's == item by item
    for (int i = 0; i < b->items.len; i++) {
      Obj *item = b->items.items[i];
      if (item->kind == OBJ_VALUE || a->kind == OBJ_VALUE)
        diag_fatal(loc, "'in' is only supported on compile-time values, and %s is a run-time one",
                   item->kind == OBJ_VALUE ? "an item" : "the left operand");
      if (const_binary(OP_EQ, a, item, host, loc)->ival) return obj_bool(true);
    }
    return obj_bool(false);
  }
  if (op == OP_ADD && a->kind == OBJ_TUPLE && b->kind == OBJ_TUPLE) {
    Obj *r = obj_new(OBJ_TUPLE);
    for (int i = 0; i < a->items.len; i++) vec_push(&r->items, a->items.items[i]);
    for (int i = 0; i < b->items.len; i++) vec_push(&r->items, b->items.items[i]);
    return r;
  }
  Obj *seq = host ? sequence_binary(op, a, b, loc) : NULL;
  if (seq) return seq;
  if (!obj_is_const_number(a) || !obj_is_const_number(b))
    diag_fatal(loc, "unsupported operands for '%s': %s and %s", op_text(op), obj_kind_name(a), obj_kind_name(b));
  bool isf = a->kind == OBJ_FLOAT || b->kind == OBJ_FLOAT;
  bool bits_of_bools = a->kind == OBJ_BOOL && b->kind == OBJ_BOOL && (op == OP_AND || op == OP_OR || op == OP_XOR);
  if (host && !isf && op != OP_DIV && !(op == OP_POW && wide_of(b) < 0) && !bits_of_bools)
    return wide_binary(op, wide_of(a), wide_of(b), loc);
  double x = num(a), y = num(b);
  int64_t i = a->ival, j = b->ival;
  switch (op) {
  case OP_LT: return obj_bool(x < y);
  case OP_LE: return obj_bool(x <= y);
  case OP_GT: return obj_bool(x > y);
  case OP_GE: return obj_bool(x >= y);
  case OP_EQ: return obj_bool(x == y);
  case OP_NE: return obj_bool(x != y);
  case OP_ADD: return isf ? obj_float(x + y) : checked_int(op, i, j, loc);
  case OP_SUB: return isf ? obj_float(x - y) : checked_int(op, i, j, loc);
  case OP_MUL: return isf ? obj_float(x * y) : checked_int(op, i, j, loc);
  case OP_DIV:
    if (y == 0) diag_fatal(loc, "division by zero");
    return obj_float(x / y);
  case OP_FLOORDIV:
    if (y == 0) diag_fatal(loc, "division by zero");
    if (isf) return obj_float(py_float_floordiv(x, y));
    return j == -1 ? checked_int(OP_SUB, 0, i, loc) : obj_int(py_floordiv(i, j));  // INT64_MIN // -1 overflows
  case OP_MOD:
    if (y == 0) diag_fatal(loc, "modulo by zero");
    return isf ? obj_float(py_float_mod(x, y)) : obj_int(j == -1 ? 0 : py_mod(i, j));  // INT64_MIN % -1 traps in C
  case OP_POW:
    if (!isf && j >= 0) return const_pow(i, j, loc);
    if (x == 0 && y < 0) diag_fatal(loc, "0.0 cannot be raised to a negative power");
    if (x < 0 && y != floor(y)) diag_fatal(loc, "a negative number to a fractional power is complex in Python");
    return obj_float(pow(x, y));
  case OP_LSHIFT: case OP_RSHIFT: case OP_AND: case OP_OR: case OP_XOR:
    if (isf) diag_fatal(loc, "'%s' needs integers", op_text(op));
    if (op == OP_LSHIFT || op == OP_RSHIFT) return const_shift(op, i, j, loc);
    {
      int64_t r = op == OP_AND ? (i & j) : op == OP_OR ? (i | j) : (i ^ j);
      return a->kind == OBJ_BOOL && b->kind == OBJ_BOOL ? obj_bool(r != 0) : obj_int(r);
    }
  default: break;
  }
  diag_fatal(loc, "unsupported operator '%s' on compile-time values", op_text(op));
}

// Triton's debug mode checks integer +, - and * (and unary -) of fewer than 64 bits
// (semantic.py binary_op_sanitize_overflow_impl, on the operators' own add, sub, mul):
// both operands in the result's type, widened to int64 as their signedness says, the
// operation done there, and a device_assert that the result lies in the type's range.
static void check_overflow(Ctx *c, Op op, Obj *a, Obj *b, Scalar t, Loc loc) {
  if (!scalar_is_int(t) || scalar_bits(t) >= 64) return;
  Value *x = sem_cast(c, sem_to_value(c, a, loc), t, loc), *y = sem_cast(c, sem_to_value(c, b, loc), t, loc);
  Obj *wide = sem_binary(c, op, obj_value(sem_cast(c, x, TY_I64, loc)), obj_value(sem_cast(c, y, TY_I64, loc)), loc);
  int bits = scalar_bits(t);
  int64_t lo = scalar_is_signed(t) && t != TY_I1 ? -((int64_t)1 << (bits - 1)) : 0;
  int64_t hi = scalar_is_signed(t) && t != TY_I1 ? ((int64_t)1 << (bits - 1)) - 1 : (int64_t)(((uint64_t)1 << bits) - 1);
  Obj *in_range = sem_binary(c, OP_AND, sem_binary(c, OP_LE, wide, obj_value(sem_const(c, obj_int(hi), TY_I64, loc)), loc),
                             sem_binary(c, OP_GE, wide, obj_value(sem_const(c, obj_int(lo), TY_I64, loc)), loc), loc);
  const char *name = op == OP_ADD ? "add" : op == OP_SUB ? "sub" : "mul";
  sem_assert(c, in_range, NULL, xprintf("int%d overflow detected for operation %s", bits, name), loc);
}

Obj *obj_binary(Ctx *c, Op op, Obj *a, Obj *b, Loc loc) {
  if (a->kind != OBJ_VALUE && b->kind != OBJ_VALUE) return const_binary(op, a, b, !c->in_kernel, loc);
  if (op == OP_IS || op == OP_ISNOT) return obj_bool((op == OP_IS) == (a == b));
  Obj *r = sem_binary(c, op, a, b, loc);
  if (debug_mode(c) && (op == OP_ADD || op == OP_SUB || op == OP_MUL) && r->kind == OBJ_VALUE) {
    if (r->val->ty.kind != TY_PTR) check_overflow(c, op, a, b, r->val->ty.kind, loc);
    else if (op == OP_SUB && b->kind == OBJ_VALUE && b->val->ty.kind != TY_PTR)  // p - k: Triton adds -k, checked
      check_overflow(c, OP_SUB, obj_int(0), b, b->val->ty.kind, loc);
  }
  return r;
}

// ---------------------------------------------------------------- expressions

static Obj *eval_subscript(Ctx *c, Node *e) {
  Obj *base = eval(c, e->a);
  if (base->kind == OBJ_TUPLE) {
    Obj *idx = eval(c, e->args);
    if (idx->kind != OBJ_INT || e->args->next) diag_fatal(e->loc, "tuple index must be an integer constant");
    int64_t i = idx->ival < 0 ? idx->ival + base->items.len : idx->ival;
    if (i < 0 || i >= base->items.len) diag_fatal(e->args->loc, "tuple index %lld out of range", (long long)idx->ival);
    return base->items.items[i];
  }
  if (base->kind == OBJ_MODULE && !strcmp(base->str, "os.environ")) {  // os.environ[NAME]: a KeyError if unset
    Obj *key = eval(c, e->args);
    Obj *v = key->kind == OBJ_STR ? env_value(key->str, e->loc) : NULL;
    if (!v) diag_fatal(e->args->loc, "os.environ[...]: the variable is not set here (Python raises KeyError)");
    return v;
  }
  if (base->kind == OBJ_DICT) {
    Obj *key = eval(c, e->args);
    for (int i = 0; i + 1 < base->items.len; i += 2) {
      Obj *k = base->items.items[i];
      if (k->kind == OBJ_STR && key->kind == OBJ_STR && !strcmp(k->str, key->str)) return base->items.items[i + 1];
    }
    diag_fatal(e->args->loc, "key not found");
  }
  if (base->kind != OBJ_VALUE) diag_fatal(e->loc, "%s is not subscriptable", obj_kind_name(base));
  // x[None, :]: None inserts a size-1 dimension, ':' keeps one
  Value *v = base->val;
  int dim = 0;
  for (Node *i = e->args; i; i = i->next) {
    if (i->kind == ND_NONE) {
      v = sem_expand(c, v, dim++, i->loc);
    } else if (i->kind == ND_SLICE && !i->a && !i->b && !i->c) {
      if (dim >= v->shape.rank) diag_fatal(i->loc, "too many indices for a block of shape %s", shape_text(base->val->shape));
      dim++;
    } else {
      diag_fatal(i->loc, "unsupported tensor index: only None and ':' may index a block");
    }
  }
  return obj_value(v);
}

// Python's str() of a compile-time value, for f-strings.
static const char *py_str(Obj *o, Loc loc) {
  switch (o->kind) {
  case OBJ_STR: return o->str;
  case OBJ_DTYPE: return dtype_attr(o, "name", loc)->str;  // str(dtype): core.py name, "int32"
  case OBJ_VALUE: diag_fatal(loc, "an f-string can hold compile-time values only, not a run-time %s", type_name(o->val->ty));
  default: return obj_repr(o);
  }
}

// f"...{x}...": the pieces joined, each value as Python's str() writes it.
static Obj *eval_fstring(Ctx *c, Node *e) {
  Str s = {0};
  str_add(&s, "");
  for (Node *piece = e->args; piece; piece = piece->next)
    str_add(&s, piece->kind == ND_STR ? piece->str : py_str(eval(c, piece), piece->loc));
  return obj_str(s.buf);
}

// x.name(...): the receiver, called later with the method's builtin (eval_call).
static Obj *method(Obj *self, const char *name) {
  Obj *m = obj_new(OBJ_METHOD);
  m->str = name;
  m->self = self;
  return m;
}

static Obj *eval_attr(Ctx *c, Node *e) {
  Obj *base = eval(c, e->a);
  if (base->kind == OBJ_MODULE && !strcmp(base->str, "triton_helpers")) return inductor_helper(e->str, e->loc);
  Obj *imported = imports_attr(base, e, c->in_kernel);  // mod.NAME of the package's module mod
  if (imported) return imported;
  if (base->kind == OBJ_MODULE) return builtin_attr(c, base, e->str, e->loc);
  if (base->kind == OBJ_VALUE) {
    if (!strcmp(e->str, "dtype") || !strcmp(e->str, "type")) {  // (x.type: also of a block, its block_type)
      Obj *d = obj_dtype(base->val->ty.kind == TY_PTR ? TY_PTR : base->val->ty.kind);
      if (base->val->ty.kind == TY_PTR) d->fval = base->val->ty.pointee;  // element_ty
      if (!strcmp(e->str, "type") && base->val->shape.rank) d->str = DTYPE_BLOCK;
      return d;
    }
    if (!strcmp(e->str, "T")) {  // x.T: the last two dims swapped
      Value *v = base->val;
      if (v->shape.rank != 2) diag_fatal(e->loc, "x.T needs a block of rank 2, got shape %s", shape_text(v->shape));
      int perm[MAX_RANK] = {1, 0};
      return obj_value(sem_permute(c, v, perm, e->loc));
    }
    if (!strcmp(e->str, "numel")) return obj_int(shape_numel(base->val->shape));  // (core.py: a constexpr attribute)
    if (!strcmp(e->str, "shape")) {
      Obj *t = obj_new(OBJ_TUPLE);
      for (int i = 0; i < base->val->shape.rank; i++) vec_push(&t->items, obj_int(base->val->shape.dim[i]));
      return t;
    }
    return method(base, e->str);
  }
  if (base->kind == OBJ_DICT && base->str) {  // torch.finfo(dt).max (builtins.c type_info)
    for (int i = 0; i + 1 < base->items.len; i += 2)
      if (!strcmp(((Obj *)base->items.items[i])->str, e->str)) return base->items.items[i + 1];
    diag_fatal(e->loc, "%s has no attribute '%s' here", base->str, e->str);
  }
  if (base->kind == OBJ_TENSOR_DESC) {
    Obj *attr = tensordesc_attr(base, e->str, e->loc);
    return attr ? attr : method(base, e->str);
  }
  if (base->kind == OBJ_STR && str_method_known(e->str)) return method(base, e->str);  // "1".lower()
  // Triton passes every compile-time value as a tl.constexpr, whose .value is the value
  // (FlagGems' get_dtype_min(dtype): `dtype.value.is_floating()`).
  if (!strcmp(e->str, "value") && base->kind >= OBJ_INT && base->kind <= OBJ_TUPLE) return base;
  if (base->kind == OBJ_DTYPE) return dtype_attr(base, e->str, e->loc);
  if (base->kind == OBJ_DICT && base->str) return torch_info_attr(base, e->str, e->loc);
  if (base->kind == OBJ_BLOCK_PTR && !strcmp(e->str, "advance")) return method(base, e->str);  // (a tensor member)
  if (base->kind == OBJ_BLOCK_PTR) return blockptr_attr(base, e->str, e->loc);
  if (base->kind == OBJ_CONFIG) {  // config.num_warps... in host code (mamba prunes its configs by it)
    if (!strcmp(e->str, "kwargs")) return base->items.items[0];
    if (!strcmp(e->str, "num_warps")) return obj_int(base->ival);
    if (!strcmp(e->str, "num_stages")) {  // (0: not given, Config's default 3)
      int64_t stages = ((Obj *)base->items.items[1])->ival;
      return obj_int(stages ? stages : 3);
    }
  }
  if (base->kind == OBJ_CONFIG || base->kind == OBJ_FUNC) {
    diag_fatal(e->loc, "attribute '%s' of %s is not supported", e->str, obj_kind_name(base));
  }
  diag_fatal(e->loc, "%s has no attribute '%s' here", obj_kind_name(base), e->str);
}

// for A, (B, C) in ...: the names of a target bound to the parts of o (host code).
static Binding *bind_target(Binding *env, Node *target, Obj *o) {
  if (target->kind == ND_NAME) return bind(env, target->str, o);
  if (target->kind != ND_TUPLE && target->kind != ND_LIST)
    diag_fatal(target->loc, "loop targets must be names or tuples of names");
  int n = 0;
  for (Node *t = target->args; t; t = t->next) n++;
  if (o->kind != OBJ_TUPLE || o->items.len != n)
    diag_fatal(target->loc, "cannot unpack %s into %d names", obj_repr(o), n);
  int i = 0;
  for (Node *t = target->args; t; t = t->next) env = bind_target(env, t, o->items.items[i++]);
  return env;
}

static Obj *eval_listcomp(Ctx *c, Node *e, Node *clause, Binding *env, Obj *out) {
  Binding *saved = c->env;
  c->env = env;
  if (!clause) {
    vec_push(&out->items, eval(c, e->a));
    c->env = saved;
    return out;
  }
  if (clause->kind == ND_IF) {  // [x for x in xs if cond]
    bool keep = obj_truthy(eval(c, clause->a), clause->a->loc);
    c->env = saved;
    return keep ? eval_listcomp(c, e, clause->next, env, out) : out;
  }
  if (clause->kind != ND_FOR) diag_fatal(clause->loc, "unsupported %s", clause->str);
  Obj *it = eval(c, clause->b);
  c->env = saved;
  if (it->kind != OBJ_TUPLE) diag_fatal(clause->b->loc, "a comprehension needs a compile-time list or tuple");
  for (int i = 0; i < it->items.len; i++)
    eval_listcomp(c, e, clause->next, bind_target(env, clause->a, it->items.items[i]), out);
  return out;
}

// Does v read memory through a load made since first_id (a later value)?
static bool loads_since(Value *v, int first_id, int depth) {
  if (!v || v->id < first_id || depth > 64) return false;
  if (v->kind == V_LOAD) return true;
  return loads_since(v->a, first_id, depth + 1) || loads_since(v->b, first_id, depth + 1) ||
         loads_since(v->c, first_id, depth + 1);
}

// Might evaluating e read or write memory? A load, store or atomic, inline asm, a print or
// assert, or a call of a function of the program's (a jit helper may do any of these).
static bool may_touch_memory(Node *e) {
  static const char *const effects[] = {"load", "store", "atomic_add", "atomic_max", "atomic_min", "atomic_and",
                                        "atomic_or", "atomic_xor", "atomic_xchg", "atomic_cas", "inline_asm_elementwise",
                                        "device_print", "device_assert", "static_print"};
  for (; e; e = e->next) {
    if (e->kind == ND_CALL) {
      Node *f = e->a;
      if (f->kind == ND_NAME) return true;  // (a helper, or a name imported from triton.language)
      for (size_t i = 0; f->kind == ND_ATTR && i < sizeof effects / sizeof *effects; i++)
        if (!strcmp(f->str, effects[i])) return true;
    }
    if (may_touch_memory(e->a) || may_touch_memory(e->b) || may_touch_memory(e->c) || may_touch_memory(e->args))
      return true;
  }
  return false;
}

static void trace_if_on(Ctx *c, Node *s, Obj *cond);

static Node *synthetic(NodeKind kind, Loc loc) {
  Node *n = xmalloc(sizeof *n);  // (zeroed)
  n->kind = kind, n->loc = loc;
  return n;
}

// A run-time `x if c else y` whose arms may touch memory is what Triton makes of every one,
// an scf.if running only the taken arm: traced as `if c: t = x` / `else: t = y`, its value t.
// `NAME = x if c else y` is `if c: NAME = x` / `else: NAME = y` (target NAME); any other
// conditional's value gets a name nothing in scope has (the if must not assign a variable of
// the user's), unbound again after it.
static Obj *conditional_as_if(Ctx *c, Node *e, Obj *cond, const char *target) {
  const char *t = target ? target : "chosen";
  for (int i = 1; !target && lookup(c->env, t); i++) t = xprintf("chosen%d", i);
  Binding *saved = c->env;
  Node *s = synthetic(ND_IF, e->loc);
  s->a = e->a;
  Node *arms[2] = {e->b, e->c};
  for (int i = 0; i < 2; i++) {
    Node *assign = synthetic(ND_ASSIGN, arms[i]->loc);
    assign->a = synthetic(ND_NAME, arms[i]->loc);
    assign->a->str = t;
    assign->b = arms[i];
    *(i ? &s->orelse : &s->body) = assign;
  }
  trace_if_on(c, s, cond);
  Obj *v = lookup(c->env, t);  // (both arms bind t)
  if (target) return v;
  Vec made = {0};  // the bindings the if made, t's left out
  for (Binding *b = c->env; b != saved; b = b->next)
    if (strcmp(b->name, t)) vec_push(&made, b);
  c->env = saved;
  for (int i = made.len - 1; i >= 0; i--) c->env = bind(c->env, ((Binding *)made.items[i])->name, ((Binding *)made.items[i])->obj);
  return v;
}

// tl2cu computes both arms of `x if c else y` with a run-time c and selects where neither
// may touch memory (conditional_as_if otherwise); Triton runs one (an scf.if). The same only
// while the arms neither read nor write memory: checked again on what the arms traced.
static void check_pure_arms(Stmt *added, Obj *then, Obj *orelse, int first_id, Loc loc) {
  bool effects = false;
  for (Stmt *s = added; s; s = s->next)
    effects |= s->kind != S_LET || s->v->kind == V_ATOMIC || s->v->kind == V_LOAD || asm_has_effect(s->v);
  Obj *arms[2] = {then, orelse};
  for (int i = 0; i < 2; i++) effects |= arms[i]->kind == OBJ_VALUE && loads_since(arms[i]->val, first_id, 0);
  if (effects)
    diag_fatal(loc, "'x if c else y' with a run-time condition and a load, store or atomic in an arm is not "
                    "supported: Triton runs only the arm taken; use an if statement");
}

// `x if c else y`; target: the name it is assigned to, if any (conditional_as_if).
static Obj *eval_conditional(Ctx *c, Node *e, const char *target) {
  Obj *cond = eval(c, e->a);
  if (obj_is_undecided(cond)) {  // (the same value either way: FlagGems' unwrap_if_constexpr)
    Obj *then = eval(c, e->b), *orelse = eval(c, e->c);
    if (!obj_same(then, orelse)) obj_truthy(cond, e->a->loc);
    return then;
  }
  if (cond->kind != OBJ_VALUE) return obj_truthy(cond, e->a->loc) ? eval(c, e->b) : eval(c, e->c);
  if (cond->val->shape.rank) diag_fatal(e->a->loc, "a block condition in 'x if c else y': use tl.where");
  if (may_touch_memory(e->b) || may_touch_memory(e->c)) return conditional_as_if(c, e, cond, target);
  Stmt **mark = c->tail;
  int first_id = sem_next_id();
  Obj *then = eval(c, e->b), *orelse = eval(c, e->c);
  check_pure_arms(*mark, then, orelse, first_id, e->loc);
  return obj_value(sem_where(c, cond, then, orelse, e->loc));
}

Obj *eval(Ctx *c, Node *e) {
  switch (e->kind) {
  case ND_INT: return obj_int(e->ival);
  case ND_FLOAT: return obj_float(e->fval);
  case ND_BOOL: return obj_bool(e->ival != 0);
  case ND_NONE: return obj_none();
  case ND_STR: return obj_str(e->str);
  case ND_FSTRING: return eval_fstring(c, e);
  case ND_NAME: return lookup_name(c, e);
  case ND_ATTR: return eval_attr(c, e);
  case ND_BINOP: case ND_COMPARE: {  // left to right, as Python: operands may have effects (atomics)
    Obj *a = eval(c, e->a);
    return obj_binary(c, e->op, a, eval(c, e->b), e->loc);
  }
  case ND_UNARY: {
    Obj *a = eval(c, e->a);
    if (a->kind == OBJ_VALUE) {
      if (e->op == OP_NEG && debug_mode(c) && a->val->ty.kind != TY_PTR)  // Triton's minus is sub(0, x), checked
        check_overflow(c, OP_SUB, obj_int(0), a, a->val->ty.kind, e->loc);
      return sem_unary(c, e->op, a, e->loc);
    }
    if (!obj_is_const_number(a)) diag_fatal(e->loc, "bad operand for unary '%s': %s", op_text(e->op), obj_kind_name(a));
    if (e->op == OP_POS) return a;
    if (!c->in_kernel && a->kind != OBJ_FLOAT)  // -x is 0 - x, ~x is -1 - x: Python's ints
      return const_binary(OP_SUB, obj_int(e->op == OP_NEG ? 0 : -1), a, true, e->loc);
    if (e->op == OP_NEG) return a->kind == OBJ_FLOAT ? obj_float(-a->fval) : checked_int(OP_SUB, 0, a->ival, e->loc);
    return obj_int(~a->ival);
  }
  case ND_NOT: {
    Obj *a = eval(c, e->a);
    if (a->kind == OBJ_VALUE) return sem_unary(c, OP_LAND, a, e->loc);
    return obj_bool(!obj_truthy(a, e->loc));
  }
  case ND_BOOLOP: {
    Obj *a = eval(c, e->a);
    if (a->kind != OBJ_VALUE) {  // constexpr: short-circuit now
      bool t = obj_truthy(a, e->loc);
      if ((e->op == OP_LAND && !t) || (e->op == OP_LOR && t)) return a;
      return eval(c, e->b);
    }
    Obj *b = eval(c, e->b);
    return sem_binary(c, e->op == OP_LAND ? OP_AND : OP_OR, a, b, e->loc);
  }
  case ND_COND: return eval_conditional(c, e, NULL);
  case ND_TUPLE: case ND_LIST: {
    Obj *t = obj_new(OBJ_TUPLE);
    for (Node *a = e->args; a; a = a->next) vec_push(&t->items, eval(c, a));
    return t;
  }
  case ND_DICT: {
    Obj *d = obj_new(OBJ_DICT);
    for (Node *p = e->args; p; p = p->next) {
      vec_push(&d->items, eval(c, p->a));
      vec_push(&d->items, eval(c, p->b));
    }
    return d;
  }
  case ND_SUBSCRIPT: return eval_subscript(c, e);
  case ND_CALL: return eval_call(c, e);
  case ND_LISTCOMP:
    if (c->in_kernel) diag_fatal(e->loc, "%s are not supported in kernels", e->str);
    return eval_listcomp(c, e, e->args, c->env, obj_new(OBJ_TUPLE));
  case ND_LAMBDA:
    if (c->in_kernel) diag_fatal(e->loc, "lambda is not supported in kernels");
    return obj_new(OBJ_PYFUNC);
  case ND_UNSUPPORTED: diag_fatal(e->loc, "unsupported construct: %s", e->str);
  case ND_SLICE: diag_fatal(e->loc, "a slice is only allowed as a block index");
  case ND_KWARG: case ND_PAIR: break;
  case ND_FUNCDEF: case ND_PARAM: case ND_EXPR_STMT: case ND_ASSIGN: case ND_AUGASSIGN: case ND_FOR:
  case ND_WHILE: case ND_IF: case ND_RETURN: case ND_PASS: case ND_IMPORT: case ND_ASSERT:
  case ND_UNSUPPORTED_STMT: break;
  }
  unreachable();
}

enum { MAX_CALL_ARGS = 64 };  // (tutorial 06's helpers take 17)

static Obj *eval_call(Ctx *c, Node *e) {
  Obj *fn = eval(c, e->a);
  Obj *args[MAX_CALL_ARGS], *kwargs[MAX_CALL_ARGS];
  Node *kwnodes[MAX_CALL_ARGS];
  int nargs = 0, nkw = 0;
  for (Node *a = e->args; a; a = a->next) {
    if (a->kind == ND_UNSUPPORTED) diag_fatal(a->loc, "unsupported construct: %s", a->str);
    if (a->kind == ND_KWARG) {
      if (nkw == MAX_CALL_ARGS) diag_fatal(a->loc, "more than %d keyword arguments", MAX_CALL_ARGS);
      kwnodes[nkw] = a;
      kwargs[nkw++] = eval(c, a->a);
    } else {
      if (nkw) diag_fatal(a->loc, "positional argument after keyword argument");
      if (nargs == MAX_CALL_ARGS) diag_fatal(a->loc, "more than %d arguments", MAX_CALL_ARGS);
      args[nargs++] = eval(c, a);
    }
  }
  switch (fn->kind) {
  case OBJ_FUNC: return call_function(c, fn->fn, e, args, nargs, kwnodes, kwargs, nkw);
  case OBJ_BUILTIN: return builtin_call(c, fn->str, e, args, nargs, kwnodes, kwargs, nkw);
  case OBJ_METHOD: {  // x.to(...), x.sum(...): the receiver becomes the first argument
    if (fn->self->kind == OBJ_DTYPE) {
      if (nkw) diag_fatal(kwnodes[0]->loc, "dtype.%s() takes no keyword arguments", fn->str);
      return dtype_call(fn->self, fn->str, nargs, e->loc);
    }
    if (fn->self->kind == OBJ_STR) {
      StrArgs sa = {args, nargs, kwnodes, kwargs, nkw, e->loc};
      return str_method(fn->self, fn->str, &sa);
    }
    Obj *all[MAX_CALL_ARGS + 1];
    all[0] = fn->self;
    for (int i = 0; i < nargs; i++) all[i + 1] = args[i];
    const char *class = fn->self->kind == OBJ_TENSOR_DESC ? "tensor_descriptor" : "tensor";
    return builtin_call(c, xprintf("%s.%s", class, fn->str), e, all, nargs + 1, kwnodes, kwargs, nkw);
  }
  default: diag_fatal(e->a->loc, "%s is not callable in a kernel", obj_kind_name(fn));
  }
}

// ---------------------------------------------------------------- statements

// The loop bounds of range(...) / tl.range(...) / tl.static_range(...).
typedef struct {
  Obj *lo, *hi, *step;
  bool is_static;
  int num_stages;  // tl.range(..., num_stages=N): N, else 0
} RangeSpec;

// tl.range's num_stages=N: a positive constant (the stages of dot.c's pipeline of the loop).
static int range_stages(Ctx *c, Node *kw) {
  Obj *n = eval(c, kw->a);
  if (n->kind != OBJ_INT || n->ival < 1 || n->ival > 64)
    diag_fatal(kw->a->loc, "tl.range's num_stages must be a constant from 1 to 64");
  return (int)n->ival;
}

// Python's range() in a kernel: Triton reads its positional arguments only; keywords are
// evaluated and ignored (code_generator.visit_For), so `range(a, b, step=s)` steps by 1 there:
// said where a keyword would be a bound, not for hints such as flatten=.
static void ignored_range_keyword(Ctx *c, Node *kw) {
  eval(c, kw->a);
  if (strcmp(kw->str, "step") && strcmp(kw->str, "arg1") && strcmp(kw->str, "arg2")) return;  // hints
  diag_warning(kw->loc, "Triton ignores the keyword '%s' of Python's range() (it reads positional "
               "arguments only); tl.range() takes it", kw->str);
}

// tl.range(arg1, arg2=None, step=None, num_stages=None, ...) and tl.static_range(arg1,
// arg2=None, step=None): a keyword names one of the three bounds or a performance hint.
static void range_keyword(Ctx *c, const char *fn, Node *kw, Obj *a[3], RangeSpec *r) {
  static const char *bounds[3] = {"arg1", "arg2", "step"};
  for (int i = 0; i < 3; i++)
    if (!strcmp(kw->str, bounds[i])) {
      if (a[i]) diag_fatal(kw->loc, "%s() got multiple values for argument '%s'", fn, kw->str);
      a[i] = eval(c, kw->a);
      return;
    }
  bool is_static = !strcmp(fn, "tl.static_range");
  if (!is_static && !strcmp(kw->str, "num_stages")) {
    r->num_stages = range_stages(c, kw);
    return;
  }
  static const char *hints[] = {"loop_unroll_factor", "disallow_acc_multi_buffer", "flatten",
                                "warp_specialize", "disable_licm"};
  for (size_t i = 0; !is_static && i < sizeof hints / sizeof *hints; i++)
    if (!strcmp(kw->str, hints[i])) {
      eval(c, kw->a);  // performance hints only
      return;
    }
  diag_fatal(kw->loc, "%s() got an unexpected keyword argument '%s'", fn, kw->str);
}

static RangeSpec range_spec(Ctx *c, Node *iter) {
  RangeSpec r = {0};
  if (iter->kind != ND_CALL) diag_fatal(iter->loc, "for loops must iterate over range(), tl.range() or tl.static_range()");
  Obj *fn = eval(c, iter->a);
  if (fn->kind != OBJ_BUILTIN || (strcmp(fn->str, "range") && strcmp(fn->str, "tl.range") && strcmp(fn->str, "tl.static_range")))
    diag_fatal(iter->loc, "for loops must iterate over range(), tl.range() or tl.static_range()");
  r.is_static = !strcmp(fn->str, "tl.static_range");
  bool builtin = !strcmp(fn->str, "range");
  Obj *a[3] = {0};
  int n = 0;
  for (Node *x = iter->args; x; x = x->next) {
    if (x->kind == ND_KWARG) {
      if (builtin) ignored_range_keyword(c, x);
      else range_keyword(c, fn->str, x, a, &r);
      continue;
    }
    if (n == 3) diag_fatal(x->loc, "%s() takes at most 3 arguments", fn->str);
    if (a[n]) diag_fatal(x->loc, "%s() got multiple values for argument '%s'", fn->str, n == 1 ? "arg2" : "step");
    a[n++] = eval(c, x);
  }
  if (!a[0]) diag_fatal(iter->loc, "%s() needs at least 1 argument", fn->str);
  r.lo = a[1] ? a[0] : obj_int(0);
  r.hi = a[1] ? a[1] : a[0];
  r.step = a[2] ? a[2] : obj_int(1);
  Obj *parts[3] = {r.lo, r.hi, r.step};
  for (int i = 0; i < 3; i++) {
    Obj *p = parts[i];
    bool ok = p->kind == OBJ_INT || p->kind == OBJ_BOOL ||
              (p->kind == OBJ_VALUE && p->val->shape.rank == 0 && scalar_is_int(p->val->ty.kind));
    if (!ok) diag_fatal(iter->loc, "%s() bounds must be integer scalars", fn->str);
    if (r.is_static && p->kind == OBJ_VALUE)
      diag_fatal(iter->loc, "tl.static_range() bounds must be compile-time constants");
  }
  if (r.step->kind == OBJ_INT && r.step->ival == 0) diag_fatal(iter->loc, "range() step must not be zero");
  return r;
}

// The bindings above `base` with each name once (its latest), then base: an unrolled
// iteration's shadowed bindings dropped, so that the environment, a list read from the top,
// stays as long as the names it binds (it grew by every iteration's assignments, and
// lookups with it: FlagGems' 32 x 32 max pool took 25 s). Nodes at and below base are kept,
// as the loops and branches around the static loop saved them.
static Binding *without_shadowed(Binding *env, Binding *base) {
  NameSet seen = {0};
  Binding *top = NULL, **tail = &top;
  for (Binding *b = env; b && b != base; b = b->next) {
    if (nameset_find(&seen, b->name, false)) continue;
    (*nameset_find(&seen, b->name, true))++;
    Binding *copy = xmalloc(sizeof(Binding));
    *copy = (Binding){b->name, b->obj, NULL};
    *tail = copy;
    tail = &copy->next;
  }
  *tail = base;
  return top;
}

static void trace_static_for(Ctx *c, Node *s, RangeSpec r) {
  if (s->a->kind != ND_NAME) diag_fatal(s->a->loc, "the loop variable must be a name");
  int64_t lo = r.lo->ival, hi = r.hi->ival, step = r.step->ival;
  int64_t count = 0;
  Binding *base = c->env;
  for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) {
    if (++count > 4096) diag_fatal(s->b->loc, "tl.static_range() unrolls more than 4096 iterations");
    c->env = bind(c->env, s->a->str, obj_int(i));
    trace_block(c, s->body);
    if (c->returned) return;
    c->env = without_shadowed(c->env, base);
  }
}

static void trace_for(Ctx *c, Node *s) {
  RangeSpec r = range_spec(c, s->b);
  if (r.is_static) {
    trace_static_for(c, s, r);
    return;
  }
  if (s->a->kind != ND_NAME) diag_fatal(s->a->loc, "the loop variable must be a name");
  if (r.step->kind == OBJ_VALUE && r.step->val->kind == V_CONST) r.step = obj_int(r.step->val->ival);
  // the induction variable's type: integer promotion of the bounds (int32 unless one is 64-bit)
  Obj *probe = sem_binary(c, OP_ADD, obj_value(sem_to_value(c, r.lo, s->loc)), r.hi, s->loc);
  probe = sem_binary(c, OP_ADD, probe, r.step, s->loc);
  Scalar ivt = probe->val->ty.kind;
  Value *lo = sem_cast(c, sem_to_value(c, r.lo, s->loc), ivt, s->loc);
  Value *hi = sem_cast(c, sem_to_value(c, r.hi, s->loc), ivt, s->loc);
  Value *step = sem_cast(c, sem_to_value(c, r.step, s->loc), ivt, s->loc);
  Carried *cr = carry_into_loop(c, s->body, s->a->str, s->loc);
  Binding *outer = c->env;
  Stmt *loop = add_stmt(c, S_FOR);
  carry_mark_loop(cr, loop);
  loop->lo = lo, loop->hi = hi, loop->step = step;
  loop->num_stages = r.num_stages;
  lo->uses++, hi->uses++, step->uses++;
  Value *iv = sem_new(c, V_VAR, type_scalar(ivt), (Shape){0, {0}}, s->a->loc);
  iv->cname = unique_cname(c, s->a->str);
  loop->var = iv;
  Stmt **saved_tail = c->tail;
  c->tail = &loop->body;
  loop->bb_first = ++c->bb;
  c->env = bind(c->env, s->a->str, obj_value(iv));
  trace_block(c, s->body);
  yield_carried(c, s, cr);
  c->tail = saved_tail;
  loop->bb_last = c->bb++;
  c->env = outer;
  carry_out_of_loop(c, cr);
}

// while cond: body  ->  for (;;) { if (!cond) break; body }, with the names the
// body assigns carried like a for loop's; the condition is a run-time scalar.
static void trace_while(Ctx *c, Node *s) {
  Carried *cr = carry_into_loop(c, s->body, NULL, s->loc);
  Binding *outer = c->env;
  Stmt *loop = add_stmt(c, S_WHILE);
  carry_mark_loop(cr, loop);
  Stmt **saved_tail = c->tail;
  c->tail = &loop->body;
  loop->bb_first = ++c->bb;
  Obj *cond = eval(c, s->a);
  if (sem_is_block(cond))
    diag_fatal(s->a->loc, "a while loop over a block condition (shape %s) is not supported: a loop condition must be a scalar",
               shape_text(cond->val->shape));
  Value *cv = sem_to_value(c, cond, s->a->loc);
  if (cv->ty.kind != TY_I1) cv = sem_binary(c, OP_NE, obj_value(cv), obj_int(0), s->a->loc)->val;
  Stmt *brk = add_stmt(c, S_BREAK_UNLESS);
  brk->cond = cv;
  cv->uses++;
  trace_block(c, s->body);
  yield_carried(c, s, cr);
  c->tail = saved_tail;
  loop->bb_last = c->bb++;
  c->env = outer;
  carry_out_of_loop(c, cr);
}

static void trace_branch(Ctx *c, Stmt **list, Node *body, Binding *start, Binding **end) {
  Stmt **saved = c->tail;
  c->tail = list;
  c->env = start;
  c->bb++;
  trace_block(c, body);
  *end = c->env;
  c->tail = saved;
}

static bool contains_return(Node *stmts) {
  for (Node *s = stmts; s; s = s->next)
    if (s->kind == ND_RETURN || contains_return(s->body) || contains_return(s->orelse)) return true;
  return false;
}

// The rest of the function being traced, after the statement being traced: the
// statements after it in its block, then those after each enclosing statement.
static void trace_rest(Ctx *c) {
  int len = c->rest.len;
  Node **levels = xmalloc(sizeof(Node *) * (size_t)(len + 1));
  memcpy(levels, c->rest.items, sizeof(Node *) * (size_t)len);
  for (int i = len - 1; i >= c->rest_base && !c->returned; i--) {
    c->rest.len = i;  // (tracing level i pushes over the levels inside it)
    trace_block(c, levels[i]);
  }
  memcpy(c->rest.items, levels, sizeof(Node *) * (size_t)len);  // for the other branch
  c->rest.len = len;
}

// A run-time `if` with a `return` in it, in an inlined function (Triton's
// visit_if_top_level branches to the function's end): each branch goes on with the rest
// of the function until it returns, and what the two return is merged.
static void trace_returning_if(Ctx *c, Node *s, Value *cv) {
  const char *fname = c->inlined->name;
  if (c->loop_depth) diag_fatal(s->loc, "'return' inside a loop is not supported ('%s')", fname);  // nor in Triton
  Binding *before = c->env;
  int first_id = sem_next_id();
  Stmt *lists[2] = {NULL, NULL};
  Node *bodies[2] = {s->body, s->orelse};
  Obj *returned[2];
  for (int i = 0; i < 2; i++) {
    Stmt **saved = c->tail;
    c->tail = &lists[i];
    c->env = before;
    c->bb++;
    trace_block(c, bodies[i]);
    c->bb++;  // (the rest is in another basic block: Triton's join block)
    trace_rest(c);
    returned[i] = c->returned ? c->returned : obj_none();
    c->returned = NULL;
    c->tail = saved;
  }
  c->env = before;
  c->loc = s->loc;
  c->src = diag_line_text(s->loc);
  Obj *r = merge_returns(c, s, fname, first_id, &lists[0], returned[0], &lists[1], returned[1]);
  Stmt *st = add_stmt(c, S_IF);
  st->cond = cv;
  cv->uses++;
  st->body = lists[0];
  st->orelse = lists[1];
  c->bb++;
  c->returned = r;
}

static void trace_if(Ctx *c, Node *s) { trace_if_on(c, s, eval(c, s->a)); }

// The if statement s whose condition s->a has been evaluated to cond.
static void trace_if_on(Ctx *c, Node *s, Obj *cond) {
  if (cond->kind != OBJ_VALUE) {  // compile-time: only the taken branch exists
    trace_block(c, obj_truthy(cond, s->a->loc) ? s->body : s->orelse);
    return;
  }
  if (cond->val->shape.rank)
    diag_fatal(s->a->loc, "a block of shape %s used as an 'if' condition: use tl.where for elementwise choice",
               shape_text(cond->val->shape));
  Value *cv = cond->val;
  if (cv->ty.kind != TY_I1) cv = sem_binary(c, OP_NE, cond, obj_int(0), s->a->loc)->val;
  if (c->inline_depth && (contains_return(s->body) || contains_return(s->orelse))) {
    trace_returning_if(c, s, cv);
    return;
  }
  Binding *before = c->env;
  int first_id = sem_next_id(), before_bb = c->bb;
  Stmt *then_list = NULL, *else_list = NULL;
  Binding *then_env, *else_env;
  bool returned_then, returned_else;
  trace_branch(c, &then_list, s->body, before, &then_env);
  returned_then = c->returned != NULL;
  c->returned = NULL;
  trace_branch(c, &else_list, s->orelse, before, &else_env);
  returned_else = c->returned != NULL;
  c->returned = NULL;
  c->env = before;
  c->loc = s->loc;
  c->src = diag_line_text(s->loc);
  merge_branches(c, s, first_id, before, &then_list, then_env, returned_then, &else_list, else_env, returned_else);
  Stmt *st = add_stmt(c, S_IF);
  st->cond = cv;
  cv->uses++;
  st->body = then_list;
  st->orelse = else_list;
  st->bb_first = before_bb;
  st->bb_last = ++c->bb;
}

// A helper's value that the caller's statement will name is computed at the `return`: the
// printed CUDA says so under the caller's line (emit.c source_comment).
static void mark_returned(Obj *o, Loc at) {
  if (o->kind == OBJ_VALUE && !o->val->cname && !o->val->returned_at.line) o->val->returned_at = at;
  for (int i = 0; o->kind == OBJ_TUPLE && i < o->items.len; i++) mark_returned(o->items.items[i], at);
}

static void trace_return(Ctx *c, Node *s) {
  Obj *v = s->a ? eval(c, s->a) : obj_none();
  if (c->inline_depth == 0) {
    if (v->kind != OBJ_NONE) diag_fatal(s->loc, "a kernel cannot return a value");
    add_stmt(c, S_RETURN);
  }
  c->returned = c->inline_depth ? as_tensors(c, v, s->loc) : v;
  mark_returned(c->returned, s->loc);
}

// `assert cond, msg` is tl.device_assert(cond, msg) (code_generator.py visit_Assert):
// the condition is traced, and checked in debug mode only.
static void trace_assert(Ctx *c, Node *s) {
  Obj *cond = eval(c, s->a);
  Obj *msg = s->b ? eval(c, s->b) : NULL;
  if (msg && msg->kind != OBJ_STR) diag_fatal(s->b->loc, "the message of an assert must be a string");
  if (debug_mode(c)) sem_assert(c, cond, NULL, msg ? msg->str : "", s->loc);
}

static void trace_stmt(Ctx *c, Node *s) {
  c->loc = s->loc;
  c->src = diag_line_text(s->loc);
  switch (s->kind) {
  case ND_EXPR_STMT:
    if (s->a->kind == ND_STR) return;  // docstring
    eval(c, s->a);
    return;
  case ND_ASSIGN:
    if (!s->b) diag_fatal(s->loc, "annotation without a value");
    Obj *value = s->a->kind == ND_NAME && s->b->kind == ND_COND && !s->c ? eval_conditional(c, s->b, s->a->str)
                                                                         : eval(c, s->b);
    assign_target(c, s->a, assigned_value(c, value, s->c, s->b->loc));
    return;
  case ND_AUGASSIGN: {
    if (s->a->kind != ND_NAME) diag_fatal(s->a->loc, "augmented assignment needs a name on the left");
    Obj *r = obj_binary(c, s->op, lookup_name(c, s->a), eval(c, s->b), s->loc);
    assign_name(c, s->a->str, r);
    return;
  }
  case ND_FOR:
    c->loop_depth++;
    trace_for(c, s);
    c->loop_depth--;
    return;
  case ND_IF: trace_if(c, s); return;
  case ND_RETURN: trace_return(c, s); return;
  case ND_PASS: case ND_IMPORT: return;
  case ND_ASSERT: trace_assert(c, s); return;
  case ND_WHILE:
    c->loop_depth++;
    trace_while(c, s);
    c->loop_depth--;
    return;
  case ND_FUNCDEF: diag_fatal(s->loc, "unsupported construct: a nested function definition");
  case ND_UNSUPPORTED_STMT: diag_fatal(s->loc, "unsupported construct: %s", s->str);
  default: diag_fatal(s->loc, "unsupported statement");
  }
}

static void trace_block(Ctx *c, Node *stmts) {
  for (Node *s = stmts; s && !c->returned; s = s->next) {
    vec_push(&c->rest, s->next);  // (for an `if` that returns on one path only: trace_rest)
    trace_stmt(c, s);
    c->rest.len--;
  }
}

// ---------------------------------------------------------------- calls to jit functions

// Binds call arguments to a function's parameters (positional, keyword, default).
// A host value entering a kernel (a default, a config's, a heuristic's): its ints in int64,
// as the kernel's are (host code may hold Python's bigger ones).
static Obj *check_int64_value(Obj *o, const char *name, Loc loc) {
  if (o && obj_is_big_int(o))
    diag_fatal(loc, "'%s' is %s, beyond the int64 range of a kernel's integers", name, o->str);
  for (int i = 0; o && (o->kind == OBJ_TUPLE || o->kind == OBJ_DICT) && i < o->items.len; i++)
    check_int64_value(o->items.items[i], name, loc);
  return o;
}

static void bind_params(Ctx *c, Func *f, Node *call, Obj **args, int nargs, Node **kwnodes, Obj **kwargs,
                        int nkw, Binding **env) {
  int np = 0;
  for (Node *p = f->def->a; p; p = p->next) np++;
  if (nargs > np)
    diag_fatal(call->loc, "%s() takes %d arguments but %d were given", f->name, np, nargs);
  int i = 0;
  for (Node *p = f->def->a; p; p = p->next, i++) {
    Obj *v = i < nargs ? args[i] : NULL;
    for (int k = 0; k < nkw; k++)
      if (!strcmp(kwnodes[k]->str, p->str)) {
        if (v) diag_fatal(kwnodes[k]->loc, "%s() got multiple values for argument '%s'", f->name, p->str);
        v = kwargs[k];
      }
    if (!v && p->b) v = check_int64_value(module_eval(c->m, p->b, NULL), p->str, p->b->loc);
    if (!v) diag_fatal(call->loc, "%s() missing argument '%s'", f->name, p->str);
    if (v->kind == OBJ_VALUE) v = obj_value(materialize(c, v->val, p->str));
    else name_parts(c, p->str, v);  // a tuple's items too: computed at the call, not where read
    *env = bind(*env, p->str, v);
  }
  for (int k = 0; k < nkw; k++) {
    bool found = false;
    for (Node *p = f->def->a; p; p = p->next) found |= !strcmp(p->str, kwnodes[k]->str);
    if (!found) diag_fatal(kwnodes[k]->loc, "%s() got an unexpected keyword argument '%s'", f->name, kwnodes[k]->str);
  }
}

// A host function called while module-level values are computed (autotune configs from
// a helper, as in Triton's tutorial 03): plain Python run here, statement by statement.
// Returns whether the block returned (its value in *ret).
static bool exec_host_block(Ctx *c, Node *stmts, Obj **ret) {
  for (Node *s = stmts; s; s = s->next) {
    c->loc = s->loc;
    switch (s->kind) {
    case ND_PASS: case ND_IMPORT: break;
    case ND_RETURN: *ret = s->a ? eval(c, s->a) : obj_none(); return true;
    case ND_IF:
      if (exec_host_block(c, obj_truthy(eval(c, s->a), s->a->loc) ? s->body : s->orelse, ret)) return true;
      break;
    case ND_ASSIGN:
      if (s->a->kind != ND_NAME && s->a->kind != ND_TUPLE && s->a->kind != ND_LIST)
        diag_fatal(s->a->loc, "host code: only assignments to names are evaluated");
      c->env = bind_target(c->env, s->a, eval(c, s->b));
      break;
    case ND_AUGASSIGN: {  // configs += [...]: a new list, as the name is the only one bound to it here
      if (s->a->kind != ND_NAME) diag_fatal(s->a->loc, "host code: only NAME op= x is evaluated");
      Obj *old = eval(c, s->a);
      c->env = bind(c->env, s->a->str, obj_binary(c, s->op, old, eval(c, s->b), s->loc));
      break;
    }
    case ND_FOR: {
      Obj *it = eval(c, s->b);
      if (it->kind != OBJ_TUPLE)
        diag_fatal(s->loc, "host code: only for loops over a list, tuple, range, zip or itertools.product are "
                           "evaluated");
      for (int i = 0; i < it->items.len; i++) {
        c->env = bind_target(c->env, s->a, it->items.items[i]);
        if (exec_host_block(c, s->body, ret)) return true;
      }
      break;
    }
    case ND_EXPR_STMT: {  // LIST.append(x), LIST.extend(xs)
      Node *e = s->a;
      if (e->kind == ND_STR) break;  // a docstring
      const char *method = e->kind == ND_CALL && e->a->kind == ND_ATTR && e->args && !e->args->next ? e->a->str : "";
      bool append = !strcmp(method, "append"), extend = !strcmp(method, "extend");
      Obj *list = append || extend ? eval(c, e->a->a) : NULL;
      if (!list || list->kind != OBJ_TUPLE)
        diag_fatal(s->loc, "host code: only LIST.append(x) and LIST.extend(xs) are evaluated as statements");
      Obj *x = eval(c, e->args);
      if (extend && x->kind != OBJ_TUPLE) diag_fatal(e->args->loc, "LIST.extend needs a list or tuple");
      for (int i = 0; extend && i < x->items.len; i++) vec_push(&list->items, x->items.items[i]);
      if (append) vec_push(&list->items, x);
      break;
    }
    default:
      diag_fatal(s->loc, "host code: this statement is not evaluated (return, if, for, assignments, LIST.append and "
                         "LIST.extend are)");
    }
  }
  return false;
}

// A function of another file reads that file's names, as they are at its end (imported: run whole).
// An error in it is said in its file, with a note at the call.
static Module *enter_module(Ctx *c, Func *f, Node *call, int64_t *saved_pos) {
  Module *saved = c->m;
  *saved_pos = f->module && f->module != c->m ? module_read_pos(INT64_MAX) : -1;
  if (*saved_pos >= 0) diag_context(call->loc, xprintf("in '%s' of %s, called here", f->name,
                                                       diag_file_path(f->def->loc.file)));
  if (f->module) c->m = f->module;
  return saved;
}

static void leave_module(Ctx *c, Module *saved, int64_t saved_pos) {
  c->m = saved;
  if (saved_pos < 0) return;
  module_read_pos(saved_pos);
  diag_context((Loc){0}, NULL);
}

static Obj *call_host_function(Ctx *c, Func *f, Node *call, Obj **args, int nargs, Node **kwnodes, Obj **kwargs, int nkw) {
  if (c->inline_depth > 32) diag_fatal(call->loc, "recursion is not supported ('%s')", f->name);
  if (f->def->args && !f->runs_as_written) diag_fatal(call->loc, "'%s' has decorators: tl2cu does not run it", f->name);
  Binding *env = NULL;
  int64_t saved_pos;
  Module *saved_m = enter_module(c, f, call, &saved_pos);
  bind_params(c, f, call, args, nargs, kwnodes, kwargs, nkw, &env);
  Binding *saved_env = c->env;
  Loc saved_loc = c->loc;
  c->env = env;
  c->inline_depth++;
  Obj *ret = obj_none();
  exec_host_block(c, f->def->body, &ret);
  c->inline_depth--;
  c->env = saved_env;
  c->loc = saved_loc;
  leave_module(c, saved_m, saved_pos);
  return ret;
}

// A plain Python function called from a kernel: Triton calls it while compiling, with the
// compile-time values it is given (FlagGems: `acc: tl.constexpr = get_scan_accum_type(
// in_ptr.type.element_ty)`); a tensor argument would need Triton's builder, which a plain
// function has not.
static Obj *call_python_at_compile_time(Ctx *c, Func *f, Node *call, Obj **args, int nargs, Node **kwnodes,
                                        Obj **kwargs, int nkw) {
  for (int i = 0; i < nargs + nkw; i++)
    if ((i < nargs ? args[i] : kwargs[i - nargs])->kind == OBJ_VALUE)
      diag_fatal(call->loc, "'%s' is a plain Python function (not @triton.jit): Triton runs it while compiling, so its "
                 "arguments must be compile-time values (constexprs, dtypes, numbers), not tensors", f->name);
  bool saved = c->in_kernel;
  c->in_kernel = false;
  c->compile_time_calls++;
  Obj *ret = call_host_function(c, f, call, args, nargs, kwnodes, kwargs, nkw);
  c->compile_time_calls--;
  c->in_kernel = saved;
  return ret;
}

Obj *call_function(Ctx *c, Func *f, Node *call, Obj **args, int nargs, Node **kwnodes, Obj **kwargs, int nkw) {
  if (!f->is_jit && !c->in_kernel) return call_host_function(c, f, call, args, nargs, kwnodes, kwargs, nkw);
  if (!f->is_jit) return call_python_at_compile_time(c, f, call, args, nargs, kwnodes, kwargs, nkw);
  if (c->inline_depth > 32) diag_fatal(call->loc, "recursion is not supported ('%s')", f->name);
  Binding *env = f->closure;  // (a function defined inside another reads its variables)
  int64_t saved_pos;
  Module *saved_m = enter_module(c, f, call, &saved_pos);
  bind_params(c, f, call, args, nargs, kwnodes, kwargs, nkw, &env);
  Binding *saved_env = c->env;
  Loc saved_loc = c->loc;
  const char *saved_src = c->src;
  Func *saved_inlined = c->inlined;
  int saved_base = c->rest_base, saved_loops = c->loop_depth;
  c->env = env;
  c->inlined = f;
  c->rest_base = c->rest.len;
  c->loop_depth = 0;
  c->inline_depth++;
  trace_block(c, f->def->body);
  c->inline_depth--;
  c->inlined = saved_inlined;
  c->rest_base = saved_base;
  c->loop_depth = saved_loops;
  Obj *r = c->returned ? c->returned : obj_none();
  c->returned = NULL;
  c->env = saved_env;
  c->loc = saved_loc;
  c->src = saved_src;
  leave_module(c, saved_m, saved_pos);
  return r;
}

// ---------------------------------------------------------------- combine functions

Obj *lower_scalar_fn(Ctx *c, Func *f, const Type *types, int nparams, Node *call, Combine *cb) {
  cb->nparams = nparams;
  cb->params = xmalloc(sizeof(Value *) * (size_t)nparams);
  Obj **objs = xmalloc(sizeof(Obj *) * (size_t)nparams);
  int i = 0;
  for (Node *p = f->def->a; p; p = p->next, i++) {
    Value *arg = sem_new(c, V_PARAM, types[i], (Shape){0, {0}}, p->loc);
    arg->cname = user_cname(p->str);
    arg->param_index = -1;
    objs[i] = obj_value(arg);
    cb->params[i] = arg;
  }
  Stmt **saved_tail = c->tail;
  c->tail = &cb->body;
  // (Triton compiles a combine function as a jit function: a plain one is an error there)
  if (!f->is_jit) diag_fatal(call->loc, "'%s' is not a @triton.jit function", f->name);
  Obj *r = call_function(c, f, call, objs, nparams, NULL, NULL, 0);
  c->tail = saved_tail;
  return r;
}

int func_param_count(const Func *f) {
  int np = 0;
  for (Node *p = f->def->a; p; p = p->next) np++;
  return np;
}

// Triton calls it with the n left values, then the n right ones, and takes one scalar
// back (n = 1) or a tuple of n.
Combine *lower_combine(Ctx *c, Func *f, const Type *types, int n, Node *call) {
  int np = func_param_count(f);
  if (np != 2 * n)
    diag_fatal(call->loc, "combine function '%s' takes %d parameters: it must take %d scalars (%s)", f->name, np, 2 * n,
               n == 1 ? "the two values combined" : xprintf("the %d values of the left tuple, then the right's", n));
  Combine *cb = xmalloc(sizeof(Combine));
  const char *owner = c->k->config_index >= 0 ? xprintf("%s_config%d", c->k->func->name, c->k->config_index)
                                              : c->k->func->name;  // (each config's variant has its own)
  cb->name = xprintf("_%s_%s", owner, unique_cname(c, xprintf("combine_%s", f->name)));
  cb->n = n;
  Type *param_types = xmalloc(sizeof(Type) * (size_t)(2 * n));
  for (int i = 0; i < 2 * n; i++) param_types[i] = types[i % n];
  Obj *r = lower_scalar_fn(c, f, param_types, 2 * n, call, cb);
  Obj **items = &r;
  if (n > 1) {
    if (r->kind != OBJ_TUPLE || r->items.len != n)
      diag_fatal(call->loc, "combine function '%s' must return a tuple of %d scalars", f->name, n);
    items = (Obj **)r->items.items;
  }
  cb->result = xmalloc(sizeof(Value *) * (size_t)n);
  for (int j = 0; j < n; j++) {
    if (items[j]->kind != OBJ_VALUE && !obj_is_const_number(items[j]))
      diag_fatal(call->loc, "combine function '%s' must return %s", f->name, n == 1 ? "one scalar" : xprintf("%d scalars", n));
    Value *rv = sem_cast(c, sem_to_value(c, items[j], call->loc), types[j].kind, call->loc);
    if (rv->shape.rank) diag_fatal(call->loc, "combine function '%s' must return %s", f->name, n == 1 ? "a scalar" : "scalars");
    cb->result[j] = rv;
    rv->uses++;
  }
  vec_push(&c->k->combines, cb);
  return cb;
}

// ---------------------------------------------------------------- the kernel

// The value a -D option or a signature's literal entry gives: NULL if it is none.
static Vec split_commas(const char *s);

// "(a, b, ...)" of literals: a tuple constexpr ("(1,)" has one element, "()" none).
static Obj *tuple_literal(const char *text) {  // (or a list: [4, 8], as a module's NUM_WARPS = [4, 8])
  size_t n = strlen(text);
  if (n < 2 || !((text[0] == '(' && text[n - 1] == ')') || (text[0] == '[' && text[n - 1] == ']'))) return NULL;
  char *inner = xstrndup(text + 1, n - 2);
  Vec split = split_commas(inner);
  char **parts = (char **)split.items;
  int count = split.len;
  Obj *t = obj_new(OBJ_TUPLE);
  for (int i = 0; i < count; i++) {
    if (!parts[i][0] && (i == count - 1 && (i > 0 || !strchr(inner, ',')))) break;  // "(1,)", "()"
    Obj *item = literal_value(parts[i]);
    if (!item) return NULL;
    vec_push(&t->items, item);
  }
  return t;
}

// A dtype as Triton prints one (repr: "triton.language.float16"), as written in Python
// ("tl.float16", "torch.float16") or by its name ("fp16", "float16"); else NULL.
static Obj *dtype_literal(const char *text) {
  Scalar s;
  const char *t = !strncmp(text, "triton.language.", 16) ? text + 16 : !strncmp(text, "tl.", 3) ? text + 3 : text;
  if (scalar_from_name(t, &s)) return obj_dtype(s);
  if (!strncmp(text, "torch.", 6)) return torch_dtype(text + 6);
  return NULL;
}

Obj *literal_value(const char *text) {
  Obj *tuple = tuple_literal(text);
  if (tuple) return tuple;
  char *end;
  long long iv = strtoll(text, &end, 0);
  if (*text && !*end) return obj_int(iv);
  double fv = strtod(text, &end);
  if (*text && !*end) return obj_float(fv);
  if (!strcmp(text, "True")) return obj_bool(true);
  if (!strcmp(text, "False")) return obj_bool(false);
  if (!strcmp(text, "None")) return obj_none();
  Obj *dtype = dtype_literal(text);
  if (dtype) return dtype;
  size_t n = strlen(text);
  if (n >= 2 && (text[0] == '\'' || text[0] == '"') && text[n - 1] == text[0])  // 'leaky_relu'
    return obj_str(xprintf("%.*s", (int)(n - 2), text + 1));
  return NULL;
}

typedef struct {
  const char *path;
  Obj *result;
} FunctionPath;

static void follow_function_path(void *arg) {  // (for diag_attempt: an unknown member is an error)
  FunctionPath *f = arg;
  static const struct { const char *prefix, *module; } roots[] = {
      {"triton.language.extra.cuda.libdevice.", "libdevice"}, {"tl.extra.cuda.libdevice.", "libdevice"},
      {"libdevice.", "libdevice"}, {"triton.language.math.", "tl.math"}, {"tl.math.", "tl.math"},
      {"triton.language.", "tl"}, {"tl.", "tl"}};
  for (size_t i = 0; i < sizeof roots / sizeof *roots; i++) {
    size_t n = strlen(roots[i].prefix);
    if (strncmp(f->path, roots[i].prefix, n) || strchr(f->path + n, '.')) continue;
    f->result = builtin_attr(NULL, obj_module(roots[i].module), f->path + n, (Loc){0});
    return;
  }
}

// -D NAME=libdevice.tanh (tl.exp, triton.language.extra.cuda.libdevice.tanh): the Triton
// function, as a module global the program chose at import is (unsloth's triton_tanh); NULL
// if text names none.
static Obj *triton_function_literal(const char *text) {
  FunctionPath f = {text, NULL};
  if (!diag_attempt(follow_function_path, &f) || !f.result || f.result->kind != OBJ_BUILTIN) return NULL;
  return f.result;
}

// A -D value: a literal, a Triton function, a Triton module by its dotted name (FlagGems'
// tl_extra_shim, triton.language.extra.cuda.libdevice as the program imported it), or else
// a string as written (-D ACTIVATION=leaky_relu, as tutorial 08's string constexpr; -D
// ACTIVATION= is the empty string).
Obj *define_literal(const char *text) {
  Obj *v = literal_value(text);
  if (!v) v = triton_function_literal(text);
  const char *module = !v && strchr(text, '.') ? known_module(text) : NULL;
  if (module) v = obj_module(module);
  return v ? v : obj_str(text);
}

static const SigOpt *find_sig(Options *o, const char *kernel, int nkernels) {
  for (int i = 0; i < o->sigs.len; i++) {
    SigOpt *s = o->sigs.items[i];
    if (s->kernel ? !strcmp(s->kernel, kernel) : nkernels == 1) return s;
  }
  return NULL;
}

// Splits "a, b, c" at top-level commas, every part kept (a fixed array had dropped the
// entries past 64 of mamba's 77-parameter step kernel's signature).
static Vec split_commas(const char *s) {
  Vec parts = {0};
  int depth = 0;
  const char *start = s;
  for (const char *p = s;; p++) {
    if (*p == '(' || *p == '[') depth++;
    if (*p == ')' || *p == ']') depth--;
    if ((*p == ',' && depth == 0) || !*p) {
      const char *a = start, *b = p;
      while (a < b && (*a == ' ' || *a == '\t')) a++;
      while (b > a && (b[-1] == ' ' || b[-1] == '\t')) b--;
      vec_push(&parts, xstrndup(a, (size_t)(b - a)));
      if (!*p) break;
      start = p + 1;
    }
  }
  return parts;
}

static Loc sig_loc(Func *f) { return f->def->loc; }

// One signature entry: "*fp32:16", "i32", "fp32", or a constexpr literal.
// A constexpr keeps its place in the signature (with -D too): a type there usually means
// the entries after it are one place off.
static _Noreturn void refuse_type_for_constexpr(Param *p, const char *entry, Func *f) {
  diag_fatal(sig_loc(f), "signature entry '%s' gives a type to constexpr parameter '%s': a constexpr keeps its place in "
                         "the signature, with its value there (a number, True, None, tl.float16...)", entry, p->name);
}

static void apply_sig_entry(Param *p, const char *entry, Func *f) {
  char *e = xstrdup(entry);
  char *colon = strchr(e, ':');
  if (colon) {
    *colon = 0;
    if (strcmp(colon + 1, "16") && strcmp(colon + 1, "1"))
      diag_fatal(sig_loc(f), "signature entry '%s' for '%s': only ':16' and ':1' hints exist", entry, p->name);
    if (!strcmp(colon + 1, "16")) p->divisibility = 16;
  }
  Scalar s;
  if (e[0] == '*') {
    if (p->is_constexpr) refuse_type_for_constexpr(p, entry, f);
    const char *t = e + 1;
    if (!strncmp(t, "k", 1) && scalar_from_name(t + 1, &s)) t++;
    if (fp8_refused(t)) diag_fatal(sig_loc(f), "signature entry '%s' for '%s': %s", entry, p->name, fp8_refused(t));
    if (!scalar_from_name(t, &s)) diag_fatal(sig_loc(f), "signature entry '%s' for '%s': unknown pointer type", entry, p->name);
    p->ty = type_ptr(s);
    return;
  }
  if (scalar_from_name(e, &s)) {
    if (p->is_constexpr) refuse_type_for_constexpr(p, entry, f);
    if (scalar_is_fp8(s))
      diag_fatal(sig_loc(f), "signature entry '%s' for '%s': fp8 scalar arguments are not supported by tl2cu (fp8 pointers are)",
                 entry, p->name);
    p->ty = type_scalar(s);
    return;
  }
  Obj *v = literal_value(e);
  if (!v)
    diag_fatal(sig_loc(f), "signature entry '%s' for '%s' is neither a type nor a number, True, False, None or a dtype",
               entry, p->name);
  p->is_constexpr = true;
  p->constval = v;
}

static bool annotation_type(Node *ann, Type *out) {
  if (!ann) return false;
  Scalar s;
  if (ann->kind == ND_CALL && ann->a->kind == ND_ATTR && !strcmp(ann->a->str, "pointer_type") && ann->args &&
      ann->args->kind == ND_ATTR && scalar_from_name(ann->args->str, &s))  // tl.pointer_type(tl.float32)
    return *out = type_ptr(s), true;
  const char *name = NULL;
  if (ann->kind == ND_ATTR && ann->a->kind == ND_NAME) name = ann->str;
  else if (ann->kind == ND_STR) name = ann->str;
  if (!name) return false;
  if (name[0] == '*' && scalar_from_name(name + 1, &s)) return *out = type_ptr(s), true;
  if (!strncmp(name, "const *", 7) && scalar_from_name(name + 7, &s)) return *out = type_ptr(s), true;
  if (scalar_from_name(name, &s)) return *out = type_scalar(s), true;
  return false;
}

// A config's num_stages, 0 where it gives none (Triton's default then: 3).
static int config_stages(Obj *cfg) { return (int)((Obj *)cfg->items.items[1])->ival; }
static int effective_stages(Obj *cfg) { return config_stages(cfg) ? config_stages(cfg) : 3; }

// Does -D give every meta-parameter the autotune configs set? Triton refuses such keywords
// on a launch through the autotuner (conflicting meta-parameters): they come from a launch of
// the kernel itself, `kernel.fn[grid](...)`, which no config touches.
static bool defines_every_config_key(Func *f, Options *o) {
  Obj *configs = f->autotune_configs;
  for (int i = 0; i < configs->items.len; i++) {
    Obj *kw = ((Obj *)configs->items.items[i])->items.items[0];
    for (int j = 0; j + 1 < kw->items.len; j += 2)
      if (!option_define(o, ((Obj *)kw->items.items[j])->str)) return false;
  }
  return true;
}

// The autotune config whose values the -D options name, else the first; NULL where -D
// gives every value a config would (defines_every_config_key) and no config has them.
static Obj *chosen_config(Func *f, Options *o) {
  Obj *configs = f->autotune_configs;
  if (!configs || !configs->items.len) return NULL;
  for (int i = 0; i < configs->items.len; i++) {
    Obj *cfg = configs->items.items[i];
    Obj *kw = cfg->items.items[0];
    bool match = true;
    for (int j = 0; j + 1 < kw->items.len; j += 2) {
      Obj *key = kw->items.items[j], *val = kw->items.items[j + 1];
      const char *d = option_define(o, key->str);
      if (d && !obj_truthy(const_binary(OP_EQ, define_literal(d), val, false, f->def->loc), f->def->loc)) match = false;
    }
    if (o->num_warps && o->num_warps != cfg->ival) match = false;
    if (o->num_stages && o->num_stages != effective_stages(cfg)) match = false;
    if (match) return cfg;
  }
  if (defines_every_config_key(f, o)) {  // kernel.fn[grid](..., BLOCK_M=16, num_warps=1): past the autotuner
    diag_note(f->autotune_loc->loc, "no autotune config of '%s' has these -D / --num-warps / --num-stages values: "
              "translated with them, as a launch of '%s.fn' runs past the autotuner", f->name, f->name);
    return NULL;
  }
  diag_fatal(f->autotune_loc->loc, "no autotune config of '%s' matches the -D / --num-warps / --num-stages options",
             f->name);
}

// A constexpr's literal value in the file's own launch: kernel[grid](..., BLOCK=1024).
static Obj *launch_value(Ctx *c, Launch *l, int index, const char *name) {
  Node *v = launch_literal(l, launch_arg(l, index, name));
  return v ? module_eval(c->m, v, NULL) : NULL;
}

static const char *config_text(Obj *cfg) {
  Str t = {0};
  str_add(&t, "");
  Obj *kw = cfg->items.items[0];
  for (int j = 0; j + 1 < kw->items.len; j += 2)
    str_addf(&t, "%s=%s, ", ((Obj *)kw->items.items[j])->str, obj_repr(kw->items.items[j + 1]));
  str_addf(&t, "num_warps=%lld", (long long)cfg->ival);
  if (config_stages(cfg)) str_addf(&t, ", num_stages=%d", config_stages(cfg));
  return t.buf;
}

Param *kernel_param(Kernel *k, const char *name) {
  for (int i = 0; i < k->params.len; i++) {
    Param *p = k->params.items[i];
    if (!p->desc && !strcmp(p->name, name)) return p;  // a descriptor's parts have no Python name
  }
  return NULL;
}

// A host tensor descriptor's parts, each a parameter of the kernel (tl2cu.h DescParam).
static void push_descriptor_params(Kernel *k, DescParam *d) {
  int rank = d->block.rank;
  for (int part = DESC_BASE; part <= DESC_PADDING; part++) {
    int count = part == DESC_SHAPE ? rank : part == DESC_STRIDE ? rank - 1 : 1;
    for (int dim = 0; dim < count; dim++) {
      Param *p = xmalloc(sizeof(Param));
      p->desc = d;
      p->desc_part = part;
      p->desc_dim = dim;
      switch (part) {
      case DESC_BASE: p->name = xprintf("%s_base", d->name), p->ty = type_ptr(d->elem), p->divisibility = 16; break;
      case DESC_SHAPE: p->name = xprintf("%s_shape%d", d->name, dim), p->ty = type_scalar(TY_I32); break;
      case DESC_STRIDE: p->name = xprintf("%s_stride%d", d->name, dim), p->ty = type_scalar(TY_I64); break;
      default: p->name = xprintf("%s_padding", d->name), p->ty = type_scalar(TY_I32); break;
      }
      vec_push(&k->params, p);
    }
  }
}

// A num_warps (a power of two up to 32) or num_stages (1 to most) a launch would be given: an
// error at loc, saying what gave it, where it is not one.
static void check_count(const char *name, int64_t v, int most, Loc loc, const char *what) {
  bool fits = v >= 1 && v <= most && (strcmp(name, "num_warps") || !(v & (v - 1)));
  if (!fits)
    diag_fatal(loc, "%s: %s", what,
               !strcmp(name, "num_warps") ? "Triton takes a power of two from 1 to 32" : "tl2cu takes 1 to 64");
}

// num_warps= or num_stages= of the file's own launch, kernel[grid](..., num_warps=8): its count
// where the file fixes it, 0 where the launch does not say; an error where it says something
// tl2cu cannot read (`num_warps=num_warps`, a parameter of the host function), rather than
// Triton's default in silence.
static int launch_count(Ctx *c, Func *f, const char *name, int most) {
  (void)c;
  Node *kw = f->launch ? call_keyword(f->launch->call, name) : NULL;
  if (!kw) return 0;
  Node *value = launch_literal(f->launch, kw->a);  // (`num_warps = 8` before the launch too)
  if (value && value->kind != ND_INT) value = NULL;
  const char *option = !strcmp(name, "num_warps") ? "--num-warps" : "--num-stages";
  if (!value)
    diag_fatal(kw->loc, "the launch's %s= is not a number tl2cu can read here: give it with %s N (on the command line "
               "or a '# tl2cu: %s N' line)", name, option, option);
  check_count(name, value->ival, most, value->loc, xprintf("%s=%lld", name, (long long)value->ival));
  return (int)value->ival;
}

// A @triton.heuristics value for num_warps or num_stages: Triton passes it to the launch as
// that keyword (Heuristics.run), over the autotune config's and the call's. 0 where none.
static int heuristic_count(Func *f, Binding *fixed, const char *name, int most) {
  Obj *v = lookup(fixed, name);
  if (!v) return 0;
  Loc at = f->def->loc;
  for (int i = 0; i < f->heuristics.len; i++)
    if (!strcmp(((Heuristic *)f->heuristics.items[i])->name, name)) at = ((Heuristic *)f->heuristics.items[i])->lambda->loc;
  check_count(name, v->kind == OBJ_INT ? v->ival : 0, most, at, xprintf("heuristic '%s' gives %s", name, obj_repr(v)));
  return (int)v->ival;
}

static void setup_params(Ctx *c, Kernel *k, Func *f, Options *o, int nkernels, Obj *cfg, Binding *fixed) {
  // the command line, else a heuristic, else the autotune config, else the file's own launch,
  // else Triton's defaults
  int heuristic_warps = o->num_warps ? 0 : heuristic_count(f, fixed, "num_warps", 32);
  int heuristic_stages = o->num_stages ? 0 : heuristic_count(f, fixed, "num_stages", 64);
  int launch_warps = cfg || o->num_warps || heuristic_warps ? 0 : launch_count(c, f, "num_warps", 32);
  int launch_stages = cfg || o->num_stages || heuristic_stages ? 0 : launch_count(c, f, "num_stages", 64);
  k->num_warps = o->num_warps        ? o->num_warps
                 : heuristic_warps ? heuristic_warps
                 : cfg             ? (int)cfg->ival
                 : launch_warps    ? launch_warps
                                   : 4;
  // Triton's default num_stages (3 on NVIDIA GPUs): the stages of its loop pipeliner, of dot.c's pipelines here
  k->num_stages = o->num_stages        ? o->num_stages
                  : heuristic_stages ? heuristic_stages
                  : cfg              ? effective_stages(cfg)
                  : launch_stages    ? launch_stages
                                     : 3;
  k->wgmma = !o->target || !strcmp(o->target, "sm_90a");  // (the default: the H200, where Triton's tl.dot is wgmma)
  k->fp8 = !o->target || (strcmp(o->target, "sm_80") && strcmp(o->target, "sm_86"));
  k->sm90 = !o->target || !strncmp(o->target, "sm_90", 5);
  const SigOpt *sig_opt = find_sig(o, f->name, nkernels);
  const char *sig = sig_opt ? sig_opt->sig : f->signature;
  bool sig_on_command_line = sig_opt && !sig_opt->loc.line;
  Vec split = sig ? split_commas(sig) : (Vec){0};
  char **entries = (char **)split.items;
  int nentries = split.len;
  if (nentries == 1 && !entries[0][0]) nentries = 0;
  int i = 0;
  Str from_launch = {0};  // the parameters typed from the file's launch, for a note
  str_add(&from_launch, "");
  for (Node *pn = f->def->a; pn; pn = pn->next, i++) {
    if (pn->kind == ND_UNSUPPORTED) diag_fatal(pn->loc, "unsupported construct: %s", pn->str);
    Param *p = xmalloc(sizeof(Param));
    p->name = pn->str;
    p->is_constexpr = is_constexpr_annotation(c->m, pn->a);
    bool typed = annotation_type(pn->a, &p->ty);
    if (typed && scalar_is_fp8(p->ty.kind))
      diag_fatal(pn->loc, "parameter '%s': fp8 scalar arguments are not supported by tl2cu (fp8 pointers are)", p->name);
    DescParam *desc = i < nentries ? tensordesc_signature(entries[i], sig_loc(f)) : NULL;
    if (desc) {
      if (p->is_constexpr) diag_fatal(pn->loc, "constexpr parameter '%s' cannot be a tensor descriptor", p->name);
      desc->name = p->name;
      push_descriptor_params(k, desc);
      continue;
    }
    if (i < nentries) {
      apply_sig_entry(p, entries[i], f);
      typed = !p->is_constexpr;
    }
    const Define *d = option_define_entry(o, p->name);
    Obj *defined = d ? define_literal(d->value) : NULL;
    bool differ = defined && i < nentries && p->constval && strcmp(obj_repr(p->constval), obj_repr(defined));
    if (differ && !(sig_on_command_line && d->loc.line))  // (a command-line -s wins over a file's -D)
      diag_fatal(sig_loc(f), "parameter '%s' of '%s': the signature gives %s and -D gives %s: give one value", p->name,
                 f->name, obj_repr(p->constval), obj_repr(defined));
    if (defined && !differ) {
      p->is_constexpr = true;
      p->constval = defined;
    }
    if (lookup(fixed, p->name)) {  // a heuristic's value
      p->is_constexpr = true;
      p->constval = lookup(fixed, p->name);
    }
    if (p->is_constexpr && !p->constval && cfg) {
      Obj *kw = cfg->items.items[0];
      for (int j = 0; j + 1 < kw->items.len; j += 2)
        if (!strcmp(((Obj *)kw->items.items[j])->str, p->name)) p->constval = kw->items.items[j + 1];
    }
    if (p->is_constexpr && !p->constval && f->launch) p->constval = launch_value(c, f->launch, i, p->name);
    if (p->is_constexpr && !p->constval && pn->b) p->constval = module_eval(c->m, pn->b, NULL);
    if (p->is_constexpr && !p->constval)
      diag_fatal(pn->loc, "constexpr parameter '%s' of '%s' has no value: give it with -D %s=VALUE", p->name,
                 f->name, p->name);
    if (!p->is_constexpr && !typed && pn->a && pn->a->kind == ND_NAME)  // (x: int, x: float)
      diag_fatal(pn->loc, "parameter '%s' of '%s' has no Triton type: Triton takes an argument annotated '%s' by its "
                          "value at each launch (i32 or i64, fp32): give one in the signature (-s '%s:...')",
                 p->name, f->name, pn->a->str, f->name);
    if (!p->is_constexpr && !typed && f->launch && launch_arg_type(c->m, f->launch, i, p->name, &p->ty)) {
      typed = true;
      str_addf(&from_launch, "%s%s %s", from_launch.len ? ", " : "", p->name, type_name(p->ty));
    }
    if (!p->is_constexpr && !typed)
      diag_fatal(pn->loc, "parameter '%s' of '%s' has no type: give it in the signature (-s '%s:...') or annotate it",
                 p->name, f->name, f->name);
    vec_push(&k->params, p);
  }
  if (from_launch.len && !f->launch_typed_noted) {
    f->launch_typed_noted = true;
    diag_note(f->launch->call->loc, "types of '%s' from this launch's arguments: %s (an int as i32, as Triton types "
              "one that fits; -s gives others)", f->name, from_launch.buf);
  }
  if (nentries > i) diag_fatal(f->def->loc, "the signature of '%s' has %d entries but the kernel has %d parameters", f->name, nentries, i);
}

// ---------------------------------------------------------------- dead values
// A named value nothing reads (uses 1: its own definition) is not emitted; neither
// is what only it read, as Triton's dead-code elimination drops it (an unused
// tl.load reads no memory there either). Releasing a dead value's operands can
// kill their definitions in turn, so the sweep repeats until nothing changes.

static void release_operands(Value *v) {
  Value *operands[3] = {v->a, v->b, v->c};
  for (int i = 0; i < 3; i++) {
    Value *o = operands[i];
    if (!o) continue;
    o->uses--;
    if (o->uses == 0 && !is_materialized(o)) release_operands(o);  // inline: read only by v
  }
}

void lower_discard(Value *v) {
  if (v->uses == 0 && !is_materialized(v)) release_operands(v);
}

// Values nothing reads, dropped (their operands released), and variables nothing reads (a
// name merged after an `if` or carried through a loop, never used after): their
// declarations and assignments go, releasing what they assign. nvcc drops both as well;
// left in, a variable would be "set but never used".
static bool drop_dead_values(Stmt **list) {
  bool dropped = false;
  for (Stmt **p = list; *p;) {
    Stmt *s = *p;
    if ((s->kind == S_VARDEF || s->kind == S_ASSIGN) && s->var->uses == 0) {
      if (s->v && --s->v->uses == 0 && !is_materialized(s->v)) release_operands(s->v);
      *p = s->next;
      dropped = true;
      continue;
    }
    // (an atomic is an effect, and so is inline asm that is not pure)
    if (s->kind == S_LET && s->v->uses == 1 && s->v->kind != V_ATOMIC && !asm_has_effect(s->v)) {
      s->v->uses = 0;  // released: emit_let says it is never used
      release_operands(s->v);
      dropped = true;
    }
    dropped |= drop_dead_values(&s->body);
    dropped |= drop_dead_values(&s->orelse);
    p = &s->next;
  }
  return dropped;
}

// ---------------------------------------------------------------- dead ifs
// An `if` whose branches hold only values nothing reads (merged results nobody uses, loads
// included) is erased by Triton's dead-code elimination (an scf.if with read effects only),
// so the code before it and after it are one basic block for LLVM's contraction (fuzz k2406:
// a product before such an if is fused into a subtract after it). Such ifs go, and the
// blocks around each are joined (Value.bb renumbered) before contract.c reads them.

static bool only_dead(Stmt *s) {
  for (; s; s = s->next)
    if (!(s->kind == S_LET && s->v->uses == 0) && !(s->kind == S_IF && only_dead(s->body) && only_dead(s->orelse)))
      return false;
  return true;
}

static int joined_block(int *alias, int bb) {
  while (alias[bb] != bb) bb = alias[bb];
  return bb;
}

static bool drop_dead_ifs(Stmt **list, int *alias) {
  bool dropped = false;
  for (Stmt **p = list; *p;) {
    Stmt *s = *p;
    if (s->kind == S_IF && only_dead(s->body) && only_dead(s->orelse)) {
      alias[s->bb_last] = joined_block(alias, s->bb_first);  // (the join block is the block before)
      s->cond->uses--;
      lower_discard(s->cond);
      *p = s->next;
      dropped = true;
      continue;
    }
    dropped |= drop_dead_ifs(&s->body, alias);
    dropped |= drop_dead_ifs(&s->orelse, alias);
    p = &s->next;
  }
  return dropped;
}

// Dead values and dead ifs, until neither is left (a dropped if's condition may be the
// last reader of a named value); then every value's block is the one it was joined into.
static void drop_dead_code(Kernel *k, int blocks) {
  int *alias = xmalloc(sizeof(int) * (size_t)(blocks + 1));
  for (int i = 0; i <= blocks; i++) alias[i] = i;
  do {
    while (drop_dead_values(&k->body)) continue;
  } while (drop_dead_ifs(&k->body, alias));
  for (int i = 0; i < k->values.len; i++) {
    Value *v = k->values.items[i];
    if (v->bb >= 0 && v->bb <= blocks) v->bb = joined_block(alias, v->bb);
  }
}

static Kernel *lower_with_config(Module *m, Func *f, Options *opt, Obj *cfg, int index, Binding *fixed) {
  Kernel *k = xmalloc(sizeof(Kernel));
  k->func = f;
  k->config_index = index;
  k->config_text = cfg ? config_text(cfg) : NULL;
  Ctx c = {.m = m, .opt = opt, .k = k, .tail = &k->body, .in_kernel = true, .env = f->closure};
  int nkernels = opt->kernels.len ? opt->kernels.len : 1;
  setup_params(&c, k, f, opt, nkernels, cfg, fixed);
  Vec desc_parts = {0};
  for (int i = 0; i < k->params.len; i++) {
    Param *p = k->params.items[i];
    if (p->is_constexpr) {
      check_int64_value(p->constval, p->name, f->def->loc);
      c.env = bind(c.env, p->name, p->constval);
      vec_push(&k->constexprs, (void *)xprintf("%s=%s", p->name, obj_repr(p->constval)));
      continue;
    }
    Value *v = sem_new(&c, V_PARAM, p->ty, (Shape){0, {0}}, f->def->loc);
    v->cname = p->cname = unique_cname(&c, p->name);
    v->ival = p->divisibility;  // a ":16" hint: 16-byte aligned pointer, or integer divisible by 16
    v->param_index = i;
    p->value = v;
    if (p->desc) {  // a part of a host descriptor: the name holds the descriptor once its last part is made
      if (p->desc_part == DESC_BASE) p->desc->cname = unique_cname(&c, p->desc->name), desc_parts.len = 0;
      vec_push(&desc_parts, v);
      if (p->desc_part == DESC_PADDING)
        c.env = bind(c.env, p->desc->name, tensordesc_of_params(&c, p->desc, (Value **)desc_parts.items, f->def->loc));
      continue;
    }
    c.env = bind(c.env, p->name, obj_value(v));
  }
  trace_block(&c, f->def->body);
  c.returned = NULL;
  drop_dead_code(k, c.bb);
  return k;
}

Kernel *lower_kernel(Module *m, Func *f, Options *opt) {
  return lower_with_config(m, f, opt, chosen_config(f, opt), -1, NULL);
}

// -D values for a config's meta-parameters, --num-warps or --num-stages pick one config.
static bool config_pinned(Func *f, Options *o) {
  if (o->num_warps || o->num_stages) return true;
  for (int i = 0; i < f->autotune_configs->items.len; i++) {
    Obj *kw = ((Obj *)f->autotune_configs->items.items[i])->items.items[0];
    for (int j = 0; j + 1 < kw->items.len; j += 2)
      if (option_define(o, ((Obj *)kw->items.items[j])->str)) return true;
  }
  return false;
}

// A config's value of a meta-parameter, or NULL.
static Obj *config_value(Obj *cfg, const char *name) {
  Obj *kw = cfg->items.items[0];
  for (int j = 0; j + 1 < kw->items.len; j += 2)
    if (!strcmp(((Obj *)kw->items.items[j])->str, name)) return kw->items.items[j + 1];
  return NULL;
}

// What a heuristic's args holds in one variant: the constexprs given with -D, by earlier
// heuristics, by the autotune config (when the heuristics are under @triton.autotune, as
// Triton calls them with the config's values), in the file's launch, or by defaults.
static Obj *heuristic_args(Module *m, Func *f, Options *opt, Obj *cfg, Binding *earlier) {
  Obj *args = obj_new(OBJ_DICT);
  Ctx c = {.m = m, .opt = opt, .in_kernel = false};
  int index = 0;
  for (Node *p = f->def->a; p; p = p->next, index++) {
    const char *d = option_define(opt, p->str);
    Obj *v = d ? define_literal(d) : lookup(earlier, p->str);
    if (!v && cfg && !f->heuristics_outside) v = config_value(cfg, p->str);
    if (!v && f->launch) v = launch_value(&c, f->launch, index, p->str);
    if (!v && p->b) v = module_eval(m, p->b, NULL);
    if (!v) continue;
    vec_push(&args->items, obj_str(p->str));
    vec_push(&args->items, v);
  }
  return args;
}

// The heuristics' values in variant `pick` of config cfg: run-time ones from their value
// sets (mixed radix, the first fastest), the others computed in order, each seeing those before.
static Binding *heuristic_bindings(Module *m, Func *f, Options *opt, Obj *cfg, Heuristic **rt, Obj **values, int nrt,
                                   int pick, Str *text) {
  Binding *vals = NULL;
  for (int i = 0, r = 0; i < f->heuristics.len; i++) {
    Heuristic *h = f->heuristics.items[i];
    if (heuristic_given(opt, h)) continue;
    if (r < nrt && rt[r] == h) {
      Obj *v = values[r]->items.items[pick % values[r]->items.len];
      pick /= values[r++]->items.len;
      str_addf(text, "%s%s=%s", text->len ? ", " : "", h->name, obj_repr(v));
      vals = bind(vals, h->name, v);
    } else {
      vals = bind(vals, h->name, heuristic_value(m, f, h, heuristic_args(m, f, opt, cfg, vals)));
    }
  }
  return vals;
}

// The values each run-time heuristic takes under config cfg (computed once, with the
// earlier heuristics' values of the first variant); their product, the variants per config.
static int runtime_values(Module *m, Func *f, Options *opt, Obj *cfg, Heuristic **rt, int nrt, Obj **values) {
  int picks = 1;
  Binding *vals = NULL;
  for (int i = 0, r = 0; i < f->heuristics.len; i++) {
    Heuristic *h = f->heuristics.items[i];
    if (heuristic_given(opt, h)) continue;
    Obj *args = heuristic_args(m, f, opt, cfg, vals);
    if (r < nrt && rt[r] == h) {
      values[r] = heuristic_runtime_values(m, f, h, opt, args);
      vals = bind(vals, h->name, values[r]->items.items[0]);
      picks *= values[r++]->items.len;
      if (picks > 256)
        diag_fatal(h->lambda->loc, "the run-time heuristics give more than 256 kernel variants: fix some with -D");
    } else {
      vals = bind(vals, h->name, heuristic_value(m, f, h, args));
    }
  }
  return picks;
}

// "16, 32, 64": the values as C, for the launcher's pick.
static const char *values_c(Obj *values) {
  Str s = {0};
  str_add(&s, "");
  for (int i = 0; i < values->items.len; i++) {
    Obj *v = values->items.items[i];
    str_addf(&s, "%s%lld", i ? ", " : "", (long long)v->ival);
  }
  return s.buf;
}

static void note_pow2_values(Heuristic *h, Obj *values) {
  diag_note(h->lambda->loc, "heuristic '%s' takes %d values here (%s; triton.next_power_of_2 of run-time arguments up "
            "to %d): a kernel variant each, picked at launch; arguments giving another value make the launcher "
            "return cudaErrorInvalidValue", h->name, values->items.len, values_c(values), HEURISTIC_POW2_MAX);
}

// Heuristics known now become fixed constexprs; those that read run-time arguments give
// one variant per combination of their values, under each autotune config if tuned.
static Vec lower_heuristics(Module *m, Func *f, Options *opt) {
  Heuristic *rt[8];
  int nrt = 0;
  for (int i = 0; i < f->heuristics.len; i++) {
    Heuristic *h = f->heuristics.items[i];
    if (heuristic_given(opt, h) || !heuristic_is_runtime(m, f, h, opt)) continue;
    if (nrt == 8) diag_fatal(h->lambda->loc, "at most 8 heuristics may depend on run-time arguments");
    rt[nrt++] = h;
  }
  Obj *configs = f->autotune_configs;
  bool tuned = configs && configs->items.len >= 2 && !config_pinned(f, opt);
  int ncfg = tuned ? configs->items.len : 1, picks = 1;
  Obj *values[8];
  Vec out = {0};
  for (int ci = 0; ci < ncfg; ci++) {
    Obj *cfg = tuned ? configs->items.items[ci] : configs ? chosen_config(f, opt) : NULL;
    int n = runtime_values(m, f, opt, cfg, rt, nrt, values);
    if (ci && n != picks) diag_fatal(f->def->loc, "the run-time heuristics of '%s' take a different number of values "
                                     "under each autotune config: fix them with -D", f->name);
    picks = n;
    for (int r = 0; ci == 0 && r < nrt; r++)
      if (((Obj *)values[r]->items.items[0])->kind != OBJ_BOOL) note_pow2_values(rt[r], values[r]);
    for (int v = 0; v < picks; v++) {
      Str text = {0};
      str_add(&text, tuned ? config_text(cfg) : "");
      Binding *vals = heuristic_bindings(m, f, opt, cfg, rt, values, nrt, v, &text);
      int index = ci * picks + v;
      Kernel *k = lower_with_config(m, f, opt, cfg, nrt || tuned ? index : -1, vals);
      k->nconfigs = ncfg * picks;
      if (nrt) {
        k->config_text = text.buf;
        k->nselect = nrt;
        k->ntuned = tuned ? ncfg : 0;
        for (int i = 0; i < nrt; i++) k->select_name[i] = rt[i]->name;
        for (int i = 0; i < nrt; i++) {
          k->select[i] = heuristic_c(k, rt[i]);
          k->select_reads_selected[i] = heuristic_reads_selected(k, rt[i]);
          k->select_count[i] = values[i]->items.len;
          bool cond = ((Obj *)values[i]->items.items[0])->kind == OBJ_BOOL;
          k->select_values[i] = cond ? NULL : values_c(values[i]);
        }
      }
      vec_push(&out, k);
    }
  }
  return out;
}

Vec lower_function(Module *m, Func *f, Options *opt) {
  if (f->heuristics.len) return lower_heuristics(m, f, opt);
  Vec out = {0};
  Obj *configs = f->autotune_configs;
  if (!configs || configs->items.len < 2 || config_pinned(f, opt)) {
    vec_push(&out, lower_kernel(m, f, opt));
    return out;
  }
  for (int i = 0; i < configs->items.len; i++) {
    Kernel *k = lower_with_config(m, f, opt, configs->items.items[i], i, NULL);
    k->nconfigs = configs->items.len;
    vec_push(&out, k);
  }
  return out;
}

// Runs one module-level statement that changes the list NAME holds (`for b in ...:
// NAME.append(x)`), as Python did before any kernel ran; NAME's value after it.
Obj *module_exec(Module *m, Node *stmt, const char *name, Obj *value) {
  Kernel k = {0};
  Stmt *sink = NULL;
  Ctx c = {.m = m, .k = &k, .tail = &sink, .env = bind(NULL, name, value), .in_kernel = false};
  Node one = *stmt;
  one.next = NULL;
  Obj *ret = NULL;
  if (exec_host_block(&c, &one, &ret)) diag_fatal(stmt->loc, "'return' outside a function");
  return lookup(c.env, name);
}

// Evaluates a module-level expression (decorator arguments, defaults, constants).
Obj *module_eval(Module *m, Node *e, Binding *env) {
  Kernel k = {0};
  Stmt *sink = NULL;
  Ctx c = {.m = m, .k = &k, .tail = &sink, .env = env, .in_kernel = false};
  return eval(&c, e);
}
