// builtins.c: the functions a kernel may call: tl.*, triton.*, tensor methods
// and the few Python builtins Triton allows (TRITON_SEMANTICS.md section 11).
//
// One table row per builtin: its qualified name, its parameters as Triton
// spells them (so keyword arguments work and arity errors name them), and the
// function that builds its IR through semantic.c. A name missing here is an
// error that names it ("unknown function tl.foo").
#include "tl2cu.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *name;    // "tl.load"
  const char *params;  // "pointer, mask=, other=": '=' marks an optional parameter
  BuiltinFn fn;
} Builtin;

static Loc call_loc(Node *call) { return call->loc; }

static void need_kernel(Ctx *c, Node *call, const char *name) {
  if (!c->in_kernel) diag_fatal(call->loc, "%s can only be called inside a @triton.jit function", name);
}

static int64_t const_int(Obj *o, Node *call, const char *what) {
  if (o->kind == OBJ_INT || o->kind == OBJ_BOOL) return o->ival;
  diag_fatal(call->loc, "%s must be a compile-time integer (tl.constexpr), not %s", what, obj_kind_name(o));
}

static Scalar dtype_arg(Obj *o, Node *call, const char *what) {
  if (o->kind != OBJ_DTYPE || o->ival == TY_PTR) diag_fatal(call->loc, "%s must be a dtype such as tl.float32", what);
  return (Scalar)o->ival;
}

static bool is_pow2(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

static Shape shape_arg(Obj *o, Node *call) {
  Shape s = {0, {0}};
  if (o->kind == OBJ_INT) {
    s.rank = 1;
    s.dim[0] = o->ival;
  } else if (o->kind == OBJ_TUPLE) {
    if (o->items.len > MAX_RANK) diag_fatal(call->loc, "blocks of more than %d dimensions are not supported", MAX_RANK);
    s.rank = o->items.len;
    for (int i = 0; i < s.rank; i++) s.dim[i] = const_int(o->items.items[i], call, "a shape dimension");
  } else {
    diag_fatal(call->loc, "a shape must be a tuple of compile-time integers");
  }
  check_block_shape(s, "shape", call->loc);
  return s;
}

static Value *value_arg(Ctx *c, Obj *o, Node *call) { return sem_to_value(c, o, call_loc(call)); }

// ---------------------------------------------------------------- program and blocks

static Obj *b_program_id(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.program_id");
  int64_t axis = const_int(a[0], call, "the axis of tl.program_id");
  if (axis < 0 || axis > 2) diag_fatal(call->loc, "program_id axis must be 0, 1, or 2 but got %lld", (long long)axis);
  Value *v = sem_new(c, V_PROGRAM_ID, type_scalar(TY_I32), (Shape){0, {0}}, call->loc);
  v->ival = axis;
  return obj_value(v);
}

static Obj *b_num_programs(Ctx *c, Node *call, Obj **a) {
  Obj *r = b_program_id(c, call, a);
  r->val->kind = V_NUM_PROGRAMS;
  return r;
}

static Obj *b_arange(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.arange");
  Obj *start = a[1] ? a[0] : obj_int(0), *end = a[1] ? a[1] : a[0];
  if (start->kind != OBJ_INT || end->kind != OBJ_INT)
    diag_fatal(call->loc, "arange's arguments must be of type tl.constexpr");
  int64_t n = end->ival - start->ival;
  if (end->ival <= start->ival) diag_fatal(call->loc, "arange's end argument must be greater than the start argument");
  if (!is_pow2(n)) diag_fatal(call->loc, "arange's range must be a power of 2, got %lld", (long long)n);
  if (n > 1048576) diag_fatal(call->loc, "arange's range must be at most 2^20, got %lld", (long long)n);
  Value *v = sem_new(c, V_ARANGE, type_scalar(TY_I32), (Shape){1, {n}}, call->loc);
  v->ival = start->ival;
  return obj_value(v);
}

static Obj *full(Ctx *c, Node *call, Shape s, Obj *value, Scalar dt) {
  need_kernel(c, call, "tl.full");
  Value *v = value->kind == OBJ_VALUE ? sem_cast(c, value->val, dt, call->loc) : sem_const(c, value, dt, call->loc);
  if (v->shape.rank) diag_fatal(call->loc, "tl.full: the value must be a scalar");
  return obj_value(sem_broadcast_to(c, v, s, call->loc));
}

static Obj *b_full(Ctx *c, Node *call, Obj **a) {
  return full(c, call, shape_arg(a[0], call), a[1], dtype_arg(a[2], call, "tl.full's dtype"));
}

static Obj *b_zeros(Ctx *c, Node *call, Obj **a) {
  return full(c, call, shape_arg(a[0], call), obj_int(0), dtype_arg(a[1], call, "tl.zeros's dtype"));
}

static Obj *b_zeros_like(Ctx *c, Node *call, Obj **a) {
  Value *v = value_arg(c, a[0], call);
  return full(c, call, v->shape, obj_int(0), v->ty.kind);
}

// ---------------------------------------------------------------- memory

static bool given(Obj *o) {  // an optional argument other than its default (None, "", ())
  return o && o->kind != OBJ_NONE && !(o->kind == OBJ_STR && !*o->str) && !(o->kind == OBJ_TUPLE && !o->items.len);
}

static Obj *b_load(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.load");
  // volatile=True: Triton's ld.volatile, which a spin-wait on a flag another program
  // writes depends on (a plain load may be read once, before the loop)
  bool is_volatile = given(a[7]) && const_int(a[7], call, "tl.load's volatile") != 0;
  if (a[0]->kind == OBJ_BLOCK_PTR) {
    if (is_volatile) diag_fatal(call->loc, "tl.load: volatile=True through a block pointer is not supported");
    return obj_value(blockptr_load(c, a[0], a[1], a[2], a[3], a[4], call->loc));
  }
  if (given(a[3]) || given(a[4]))
    diag_fatal(call->loc, "tl.load: boundary_check and padding_option are only for block pointers (tl.make_block_ptr)");
  Value *v = sem_load(c, a[0], a[1], a[2], call->loc);
  v->volatile_load = is_volatile;
  return obj_value(v);
}

static Obj *b_store(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.store");
  if (a[0]->kind == OBJ_BLOCK_PTR) {
    blockptr_store(c, a[0], a[1], a[2], a[3], call->loc);
    return obj_none();
  }
  if (given(a[3])) diag_fatal(call->loc, "tl.store: boundary_check is only for block pointers (tl.make_block_ptr)");
  sem_store(c, a[0], a[1], a[2], call->loc);
  return obj_none();
}

// ---------------------------------------------------------------- atomics

// One of the strings `names` (n of them) given as `what`, or `dflt` when absent.
static int string_choice(Obj *o, const char *const *names, int n, int dflt, const char *what, Node *call) {
  if (!o || o->kind == OBJ_NONE) return dflt;
  if (o->kind != OBJ_STR) diag_fatal(call->loc, "%s must be a string such as \"%s\"", what, names[dflt]);
  const char *allowed = "";
  for (int i = 0; i < n; i++) {
    if (!strcmp(o->str, names[i])) return i;
    allowed = xprintf("%s%s%s", allowed, i ? ", " : "", names[i]);
  }
  diag_fatal(call->loc, "Memory %s %s not supported (%s)", !strcmp(what, "sem") ? "semantic" : "scope", o->str, allowed);
}

// sem= and scope= as semantic.py's _str_to_sem and _str_to_scope take them.
static int atomic_order(Obj *sem, Obj *scope, Node *call) {
  static const char *const sems[] = {"relaxed", "acquire", "release", "acq_rel"}, *const scopes[] = {"cta", "gpu", "sys"};
  return string_choice(sem, sems, 4, SEM_ACQ_REL, "sem", call) |
         string_choice(scope, scopes, 3, SCOPE_GPU, "scope", call) << 4;
}

// The atomic happens where it is called, once, whether its result is read or not.
static Obj *atomic_result(Ctx *c, Value *v) { return obj_value(lower_materialize(c, v, "atomic_old")); }

static Obj *b_atomic_rmw(Ctx *c, Node *call, Obj **a) {  // tl.atomic_add ... tl.atomic_xchg
  need_kernel(c, call, c->callee);
  const char *op = c->callee + strlen("tl.atomic_");
  return atomic_result(c, sem_atomic_rmw(c, op, a[0], a[1], a[2], atomic_order(a[3], a[4], call), call->loc));
}

static Obj *b_atomic_cas(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.atomic_cas");
  return atomic_result(c, sem_atomic_cas(c, a[0], a[1], a[2], atomic_order(a[3], a[4], call), call->loc));
}

// ---------------------------------------------------------------- elementwise

static Obj *b_where(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.where");
  if (a[0]->kind != OBJ_VALUE && a[1]->kind != OBJ_VALUE && a[2]->kind != OBJ_VALUE) {
    Obj *t = a[0];
    bool cond = t->kind == OBJ_FLOAT ? t->fval != 0 : t->ival != 0;
    return cond ? a[1] : a[2];
  }
  return obj_value(sem_where(c, a[0], a[1], a[2], call->loc));
}

static bool propagate_nan(Obj *o) { return o && o->kind == OBJ_INT && o->ival == 1; }

static Obj *b_maximum(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.maximum");
  return obj_value(sem_minmax(c, true, a[0], a[1], propagate_nan(a[2]), call->loc));
}

static Obj *b_minimum(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.minimum");
  return obj_value(sem_minmax(c, false, a[0], a[1], propagate_nan(a[2]), call->loc));
}

// tl.swizzle2d(i, j, size_i, size_j, size_g): standard.py's @jit function, operation by
// operation (constexpr arithmetic in Python, the rest as Triton traces it).
static Obj *b_swizzle2d(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.swizzle2d");
  Loc at = call->loc;
  Obj *i = a[0], *j = a[1], *size_i = a[2], *size_j = a[3], *size_g = a[4];
  Obj *ij = obj_binary(c, OP_ADD, obj_binary(c, OP_MUL, i, size_j, at), j, at);
  Obj *size_gj = obj_binary(c, OP_MUL, size_g, size_j, at);
  Obj *group_id = obj_binary(c, OP_FLOORDIV, ij, size_gj, at);
  Obj *off_i = obj_binary(c, OP_MUL, group_id, size_g, at);
  Obj *rows = obj_value(sem_minmax(c, false, obj_binary(c, OP_SUB, size_i, off_i, at), size_g, false, at));
  Obj *pair = obj_new(OBJ_TUPLE);
  vec_push(&pair->items, obj_binary(c, OP_ADD, off_i, obj_binary(c, OP_MOD, ij, rows, at), at));
  vec_push(&pair->items, obj_binary(c, OP_FLOORDIV, obj_binary(c, OP_MOD, ij, size_gj, at), rows, at));
  return pair;
}

static Obj *b_clamp(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.clamp");
  return obj_value(sem_clamp(c, a[0], a[1], a[2], propagate_nan(a[3]), call->loc));
}

static Obj *b_umulhi(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.umulhi");
  return obj_value(sem_umulhi(c, value_arg(c, a[0], call), value_arg(c, a[1], call), call->loc));
}

// min()/max() builtins: Python's on constexprs (any number of them, or one tuple),
// tl.minimum/maximum on two values one of which is a tensor (Triton maps the names to those).
static Obj *py_minmax(Ctx *c, Node *call, Obj *values, bool is_max) {
  const char *name = is_max ? "max" : "min";
  int n = values->items.len;
  Obj **v = (Obj **)values->items.items;
  if (!n) diag_fatal(call->loc, "%s() of nothing: Python raises ValueError", name);
  if (c->in_kernel && n < 2)  // (Triton's min/max in a kernel take values, not one tuple)
    diag_fatal(call->loc, "%s() in a Triton kernel needs at least 2 values (Triton's builtin takes no tuple)", name);
  bool runtime = false;
  for (int i = 0; i < n; i++) runtime |= v[i]->kind == OBJ_VALUE;
  if (runtime && n != 2)
    diag_fatal(call->loc, "%s() of %d values with a tensor among them is not supported by tl2cu (Triton calls "
                          "tl.%s of two)", name, n, is_max ? "maximum" : "minimum");
  if (runtime) return obj_value(sem_minmax(c, is_max, v[0], v[1], false, call->loc));
  Obj *best = v[0];
  for (int i = 0; i < n; i++) {
    if (!obj_is_const_number(v[i])) diag_fatal(call->loc, "%s() needs numbers, not %s", name, obj_kind_name(v[i]));
    double x = best->kind == OBJ_FLOAT ? best->fval : (double)best->ival;
    double y = v[i]->kind == OBJ_FLOAT ? v[i]->fval : (double)v[i]->ival;
    if (is_max ? y > x : y < x) best = v[i];  // the first of equal ones, as Python
  }
  return best;
}
static Obj *b_py_min(Ctx *c, Node *call, Obj **a) { return py_minmax(c, call, a[0], false); }
static Obj *b_py_max(Ctx *c, Node *call, Obj **a) { return py_minmax(c, call, a[0], true); }

static Obj *b_math(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl math functions");
  const char *name = c->callee + strlen("tl.");  // tl.exp, however it was imported
  return obj_value(sem_math(c, name, value_arg(c, a[0], call), call->loc));
}

static Obj *b_sigmoid(Ctx *c, Node *call, Obj **a) {  // standard.py: 1 / (1 + exp(-x))
  need_kernel(c, call, "tl.sigmoid");
  Value *x = value_arg(c, a[0], call);
  Obj *neg = sem_unary(c, OP_NEG, obj_value(x), call->loc);
  Obj *e = obj_value(sem_math(c, "exp", neg->val, call->loc));
  return obj_binary(c, OP_DIV, obj_int(1), obj_binary(c, OP_ADD, obj_int(1), e, call->loc), call->loc);
}

static Obj *b_fdiv(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.fdiv");
  Value *x = value_arg(c, a[0], call), *y = value_arg(c, a[1], call);
  if (!scalar_is_float(x->ty.kind) || !scalar_is_float(y->ty.kind))
    diag_fatal(call->loc, "tl.fdiv needs floating-point operands, got %s and %s", type_name(x->ty), type_name(y->ty));
  return obj_value(sem_binary_fresh(c, OP_DIV, obj_value(x), obj_value(y), call->loc));  // (div_rn retypes it)
}

static Obj *b_div_rn(Ctx *c, Node *call, Obj **a) {
  Obj *r = b_fdiv(c, call, a);
  if (r->val->ty.kind != TY_F32) diag_fatal(call->loc, "tl.div_rn needs fp32 operands");
  r->val->kind = V_MATH;
  r->val->fn = "div_rn";
  return r;
}

static Obj *b_fma(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.fma");
  Obj *xy = obj_value(sem_binary_fresh(c, OP_MUL, a[0], a[1], call->loc));
  Obj *r = obj_value(sem_binary_fresh(c, OP_ADD, xy, a[2], call->loc));
  if (!scalar_is_float(r->val->ty.kind)) diag_fatal(call->loc, "tl.fma needs floating-point operands");
  r->val->kind = V_MATH;  // fma(x, y, z) with the operands as promoted
  r->val->fn = "fma";
  r->val->c = r->val->b;
  r->val->a = xy->val->a;
  r->val->b = xy->val->b;
  return r;
}

static Obj *b_cdiv(Ctx *c, Node *call, Obj **a) {  // standard.py: (x + (div - 1)) // div
  Obj *t = obj_binary(c, OP_SUB, a[1], obj_int(1), call->loc);
  return obj_binary(c, OP_FLOORDIV, obj_binary(c, OP_ADD, a[0], t, call->loc), a[1], call->loc);
}

static Obj *b_triton_cdiv(Ctx *c, Node *call, Obj **a) {
  if (a[0]->kind == OBJ_VALUE || a[1]->kind == OBJ_VALUE) return b_cdiv(c, call, a);
  (void)const_int(a[0], call, "cdiv's x");  // only integers
  (void)const_int(a[1], call, "cdiv's y");
  return b_cdiv(c, call, a);  // on Python integers: Python's floor division, int64 overflow checked
}

static Obj *b_next_power_of_2(Ctx *c, Node *call, Obj **a) {
  (void)c;
  int64_t n = const_int(a[0], call, "next_power_of_2's argument"), p = 1;
  while (p < n) p <<= 1;
  return obj_int(p);
}

// standard.py's private constexpr functions, which kernels reach as tl.standard._log2.
static Obj *b_std_log2(Ctx *c, Node *call, Obj **a) {
  (void)c;
  int64_t n = const_int(a[0], call, "_log2's argument"), log2 = 0;
  while (n > 1) n >>= 1, log2++;
  return obj_int(log2);
}

static Obj *b_std_is_power_of_two(Ctx *c, Node *call, Obj **a) {
  (void)c;
  int64_t n = const_int(a[0], call, "_is_power_of_two's argument");
  return obj_bool((n & (n - 1)) == 0 && n != 0);
}

// core.py's get_int_dtype(bitwidth, signed): the integer dtype of that width and sign
// (LightLLM's bitonic sort: `tl.core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)`).
static Obj *b_get_int_dtype(Ctx *c, Node *call, Obj **a) {
  (void)c;
  int64_t bits = const_int(a[0], call, "get_int_dtype's bitwidth");
  bool is_signed = const_int(a[1], call, "get_int_dtype's signed") != 0;
  static const Scalar sint[] = {TY_I8, TY_I16, TY_I32, TY_I64}, uint[] = {TY_U8, TY_U16, TY_U32, TY_U64};
  if (bits == 1) return obj_dtype(TY_I1);
  for (int i = 0; i < 4; i++)
    if (bits == 8 << i) return obj_dtype(is_signed ? sint[i] : uint[i]);
  diag_fatal(call->loc, "get_int_dtype: unsupported bitwidth %lld and signedness %s (Triton's ValueError)", (long long)bits,
             is_signed ? "True" : "False");
}

// What torch tells the host code tl2cu runs (configs, heuristics' helpers) about the device:
// the --target's compute capability, CUDA present, and deterministic algorithms off (torch's
// default; a program that turns them on chooses among the same configs, said in a note).
static Obj *b_device_capability(Ctx *c, Node *call, Obj **a) {
  (void)c, (void)call, (void)a;
  int major, minor;
  imports_device_capability(&major, &minor);
  Obj *t = obj_new(OBJ_TUPLE);
  vec_push(&t->items, obj_int(major));
  vec_push(&t->items, obj_int(minor));
  return t;
}

static Obj *b_device_properties(Ctx *c, Node *call, Obj **a) {
  (void)c, (void)call, (void)a;
  return torch_device_properties();
}

static Obj *b_current_device(Ctx *c, Node *call, Obj **a) {
  (void)c, (void)call, (void)a;
  return obj_int(0);
}

// getattr(o, name[, default]) in host code, of the objects tl2cu models by their attributes
// (torch.finfo, device properties, triton.Config). The default is never taken for an attribute
// tl2cu does not model: the real object may have it.
static Obj *b_getattr(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (a[1]->kind != OBJ_STR) diag_fatal(call->loc, "getattr(): attribute name must be a string");
  Obj *o = a[0];
  if (o->kind == OBJ_DICT && o->str) return torch_info_attr(o, a[1]->str, call->loc);
  diag_fatal(call->loc, "getattr() of %s is not supported by tl2cu", obj_kind_name(o));
}

// isinstance(x, C). Triton hands a compile-time function the constants of jit code wrapped
// as tl.constexpr, and tl2cu does not track the wrapping: whether a number, bool, string or
// None is a tl.constexpr (or, wrapped, not an int) is undecided (obj_undecided). A conditional
// whose arms agree either way takes them (FlagGems' `o.value if isinstance(o, tl.constexpr)
// else o`: .value of an unwrapped constant is itself); any other read of it is an error.
// Dtypes, tuples, tensors and functions are never wrapped: answered.
static bool maybe_wrapped(Obj *o) {
  return o->kind == OBJ_INT || o->kind == OBJ_FLOAT || o->kind == OBJ_BOOL || o->kind == OBJ_STR || o->kind == OBJ_NONE;
}

static int instance_of(Ctx *c, Node *call, Obj *o, Obj *cls) {  // 1, 0, or -1: undecided
  if (cls->kind == OBJ_TUPLE) {
    int any = 0;
    for (int i = 0; i < cls->items.len && any != 1; i++) {
      int r = instance_of(c, call, o, cls->items.items[i]);
      any = r == 1 ? 1 : r == -1 ? -1 : any;
    }
    return any;
  }
  const char *n = cls->kind == OBJ_BUILTIN ? cls->str : "";
  if (!strcmp(n, "tl.constexpr")) return maybe_wrapped(o) ? -1 : 0;
  bool is_int = o->kind == OBJ_INT || o->kind == OBJ_BOOL;
  int plain = !strcmp(n, "int") ? is_int : !strcmp(n, "float") ? o->kind == OBJ_FLOAT
              : !strcmp(n, "bool") ? o->kind == OBJ_BOOL : !strcmp(n, "str") ? o->kind == OBJ_STR
              : !strcmp(n, "tuple") || !strcmp(n, "list") ? o->kind == OBJ_TUPLE : -2;
  if (!strcmp(n, "tl.dtype")) plain = o->kind == OBJ_DTYPE;
  if (plain == -2)
    diag_fatal(call->loc, "isinstance() with %s as the class is not supported by tl2cu", obj_kind_name(cls));
  return plain && maybe_wrapped(o) && (c->in_kernel || c->compile_time_calls) ? -1 : plain;
}

// bool(x) of a compile-time value (Python's truth); a class for isinstance() too.
static Obj *b_py_bool(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (a[0] && a[0]->kind == OBJ_VALUE) diag_fatal(call->loc, "bool() of a run-time value: compare it (x != 0)");
  return obj_bool(a[0] && obj_truthy(a[0], call->loc));
}

static Obj *b_isinstance(Ctx *c, Node *call, Obj **a) {
  int r = instance_of(c, call, a[0], a[1]);
  return r < 0 ? obj_undecided(call) : obj_bool(r == 1);
}

// x.logical_and(y), x.logical_or(y) (core.py, semantic.py): each operand bitcast to int1, which
// Triton allows for int1 only (a wider type's bitcast fails there), then & or |.
static Obj *logical(Ctx *c, Node *call, Obj **a, Op op, const char *fn) {
  need_kernel(c, call, fn);
  for (int i = 0; i < 2; i++) {
    Value *v = value_arg(c, a[i], call);
    if (v->ty.kind != TY_I1)
      diag_fatal(call->loc, "%s of %s: Triton bitcasts each operand to int1, which fails for a %d-bit type; "
                 "compare it first (x != 0)", fn, scalar_name(v->ty.kind), scalar_bits(v->ty.kind));
  }
  return obj_binary(c, op, a[0], a[1], call->loc);
}
static Obj *b_logical_and(Ctx *c, Node *call, Obj **a) { return logical(c, call, a, OP_AND, "logical_and"); }
static Obj *b_logical_or(Ctx *c, Node *call, Obj **a) { return logical(c, call, a, OP_OR, "logical_or"); }

static Obj *b_cuda_is_available(Ctx *c, Node *call, Obj **a) {
  (void)c, (void)call, (void)a;
  return obj_bool(true);
}

static Obj *b_deterministic_enabled(Ctx *c, Node *call, Obj **a) {
  (void)c, (void)a;
  diag_note(call->loc, "torch.are_deterministic_algorithms_enabled() is taken as False, torch's default");
  return obj_bool(false);
}

static Obj *cast_to(Ctx *c, Node *call, Obj *x, Obj *dt, Obj *rounding, Obj *bitcast) {
  need_kernel(c, call, "a cast");
  if (dt->kind == OBJ_DTYPE && dt->ival == TY_PTR)  // (a bitcast to a pointer is this cast too, as in Triton)
    return obj_value(sem_cast_pointer(c, value_arg(c, x, call), type_ptr((Scalar)(int)dt->fval), call->loc));
  Scalar to = dtype_arg(dt, call, "the target type");
  Value *v = value_arg(c, x, call);
  if (v->ty.kind == to) return obj_value(v);  // (as Triton: before it reads the rounding mode)
  CastRounding mode = ROUND_DEFAULT;
  if (rounding && rounding->kind != OBJ_NONE) {
    if (rounding->kind != OBJ_STR || (strcmp(rounding->str, "rtne") && strcmp(rounding->str, "rtz")))
      diag_fatal(call->loc, "Invalid rounding mode: %s. Supported rounding modes are 'rtne' and 'rtz'.", obj_repr(rounding));
    mode = strcmp(rounding->str, "rtz") ? ROUND_RTNE : ROUND_RTZ;
  }
  if (bitcast && bitcast->kind == OBJ_BOOL && bitcast->ival) return obj_value(sem_bitcast(c, v, to, call->loc));
  return obj_value(sem_cast_rounded(c, v, to, mode, call->loc));
}

static Obj *b_cast(Ctx *c, Node *call, Obj **a) { return cast_to(c, call, a[0], a[1], a[2], a[3]); }

// tl.pointer_type(element_ty): the dtype of pointers to element_ty (global memory only).
static Obj *b_pointer_type(Ctx *c, Node *call, Obj **a) {
  (void)c;
  Obj *t = obj_dtype(TY_PTR);
  t->fval = dtype_arg(a[0], call, "tl.pointer_type's element type");
  if (a[1] && a[1]->kind != OBJ_NONE && const_int(a[1], call, "address_space") != 1)
    diag_fatal(call->loc, "tl.pointer_type: address spaces other than 1 (global) are not supported by tl2cu");
  return t;
}

// ---------------------------------------------------------------- compile-time helpers

static Obj *b_constexpr(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (a[0]->kind == OBJ_VALUE) diag_fatal(call->loc, "tl.constexpr() needs a compile-time value");
  return a[0];
}

// tl.static_print: Python's print of the values while the kernel is traced (Triton prints
// when it compiles), to stderr so that `-o -` keeps stdout for the CUDA.
static Obj *b_static_print(Ctx *c, Node *call, Obj **a) {
  (void)c;
  Obj *values = a[0];
  const char *sep = " ", *end = "\n";
  for (int i = 0; i < values->items.len; i++) {
    Obj *o = values->items.items[i];
    const char *text = o->kind == OBJ_STR ? o->str
                       : o->kind == OBJ_VALUE ? xprintf("%s%s", type_name(o->val->ty), o->val->shape.rank ? shape_text(o->val->shape) : "")
                       : o->kind == OBJ_DTYPE && !o->str ? dtype_attr(o, "name", call->loc)->str  // str(dtype): "fp32"
                                              : obj_repr(o);
    fprintf(stderr, "%s%s", i ? sep : "", text);
  }
  fputs(end, stderr);
  return obj_none();
}

// Triton completes a device_print prefix (semantic.py device_print): ": " before the
// values, a leading space when it says something.
static const char *complete_prefix(const char *prefix, bool has_values) {
  Str s = {0};
  str_add(&s, prefix);
  if (has_values && (!s.len || s.buf[s.len - 1] != ' ')) str_add(&s, " ");
  if (has_values && (s.len < 2 || strcmp(s.buf + s.len - 2, ": "))) {
    s.buf[s.len - 1] = '\0', s.len--;
    str_add(&s, ": ");
  }
  return s.len > 2 && s.buf[0] != ' ' ? xprintf(" %s", s.buf) : s.buf;
}

// print(...) and tl.device_print(prefix, *args, hex=False): printf on the device, each
// thread printing the elements it holds, in Triton's format (debug.c).
static Obj *b_device_print(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, c->callee);
  Obj *prefix = a[0], *values = a[1];
  if (prefix->kind != OBJ_STR)
    diag_fatal(call->loc, "%s: the first argument must be a string prefix, not %s", c->callee, obj_kind_name(prefix));
  for (const char *p = prefix->str; *p; p++)
    if (!isprint((unsigned char)*p) && !strchr(" \t\n\r\v\f", *p))
      diag_fatal(call->loc, "%s: the prefix is not an ASCII string", c->callee);
  bool hex = a[2] && a[2]->kind != OBJ_NONE && const_int(a[2], call, "hex");
  sem_print(c, complete_prefix(prefix->str, values->items.len > 0), (Obj **)values->items.items, values->items.len,
            hex, call->loc);
  return obj_none();
}

// tl.device_assert(cond, msg="", mask=None): checked only in Triton's debug mode.
static Obj *b_device_assert(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.device_assert");
  if (a[1] && a[1]->kind != OBJ_STR) diag_fatal(call->loc, "tl.device_assert: the message must be a string");
  if (debug_mode(c)) sem_assert(c, a[0], a[2], a[1] ? a[1]->str : "", call->loc);
  return obj_none();
}

static Obj *b_static_assert(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (a[0]->kind == OBJ_VALUE) diag_fatal(call->loc, "static_assert: the condition could not be determined at compile time");
  bool ok = a[0]->kind == OBJ_FLOAT ? a[0]->fval != 0 : a[0]->ival != 0;
  if (a[0]->kind == OBJ_NONE) ok = false;
  if (!ok) diag_fatal(call->loc, "static_assert failed%s%s", a[1] ? ": " : "", a[1] && a[1]->kind == OBJ_STR ? a[1]->str : "");
  return obj_none();
}

static Obj *b_debug_barrier(Ctx *c, Node *call, Obj **a) {
  (void)a;
  need_kernel(c, call, "tl.debug_barrier");
  add_stmt(c, S_BARRIER);
  return obj_none();
}

static Obj *b_identity_hint(Ctx *c, Node *call, Obj **a) {  // multiple_of & co: facts, not values
  (void)c, (void)call;
  return a[0];
}

// tl.assume(cond): a fact for the optimizer (llvm.assume); nothing to compute.
static Obj *b_assume(Ctx *c, Node *call, Obj **a) {
  (void)c, (void)call, (void)a;
  return obj_none();
}

static Obj *b_config(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (a[0]->kind != OBJ_DICT) diag_fatal(call->loc, "triton.Config needs a dict of meta-parameters");
  Obj *cfg = obj_new(OBJ_CONFIG);
  vec_push(&cfg->items, a[0]);
  cfg->ival = a[1] ? const_int(a[1], call, "num_warps") : 4;
  vec_push(&cfg->items, obj_int(a[2] ? const_int(a[2], call, "num_stages") : 0));
  if (a[5] && a[5]->kind != OBJ_NONE)
    diag_warning(call->loc, "triton.Config's pre_hook is ignored by tl2cu: host code is not run");
  return cfg;
}

static Obj *py_number(Node *call, Obj *x, const char *what) {
  if (x->kind == OBJ_VALUE) diag_fatal(call->loc, "%s() on a tensor is not supported: use .to(dtype)", what);
  if (!obj_is_const_number(x)) diag_fatal(call->loc, "%s() needs a number", what);
  return x;
}

static int py_digits(const char *t, Str *out);

// int("128"), int(" -7 "), int("1_000"): decimal text as Python reads it (os.getenv values).
static Obj *int_of_text(Node *call, const char *t) {
  while (isspace((unsigned char)*t)) t++;
  bool negative = *t == '-';
  if (*t == '-' || *t == '+') t++;
  Str digits = {0};
  str_add(&digits, "");
  int n = py_digits(t, &digits);
  const char *rest = t + n;
  while (isspace((unsigned char)*rest)) rest++;
  errno = 0;
  long long v = n ? strtoll(digits.buf, NULL, 10) : 0;
  if (!n || *rest || errno == ERANGE)
    diag_fatal(call->loc, "int() of '%s': not a decimal integer tl2cu reads (Python: ValueError or a big int)", t);
  return obj_int(negative ? -v : v);
}

static Obj *b_int(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (a[0]->kind == OBJ_STR) return int_of_text(call, a[0]->str);
  Obj *x = py_number(call, a[0], "int");
  return obj_int(x->kind == OBJ_FLOAT ? (int64_t)x->fval : x->ival);
}

// Digits with single underscores between them (Python's 1_000), copied into *out without the
// underscores; how many characters were read.
static int py_digits(const char *t, Str *out) {
  int i = 0;
  while (isdigit((unsigned char)t[i]) || (t[i] == '_' && i && isdigit((unsigned char)t[i - 1]) &&
                                          isdigit((unsigned char)t[i + 1]))) {
    if (t[i] != '_') str_addf(out, "%c", t[i]);
    i++;
  }
  return i;
}

// Is p[0 .. n) the lowercase word w in any case?
static bool word_in_any_case(const char *p, size_t n, const char *w) {
  if (n != strlen(w)) return false;
  for (size_t i = 0; i < n; i++)
    if (tolower((unsigned char)p[i]) != w[i]) return false;
  return true;
}

// Python's float(text): blanks around a sign, then inf, infinity or nan in any case, or a
// decimal number (float('-100000000.0'), float('1e-6')); no hex, unlike strtod.
static bool py_float_text(const char *t, double *value) {
  while (isspace((unsigned char)*t)) t++;
  size_t n = strlen(t);
  while (n && isspace((unsigned char)t[n - 1])) n--;
  const char *end = t + n, *p = t;
  double sign = *p == '-' ? -1.0 : 1.0;
  if (*p == '-' || *p == '+') p++;
  size_t rest = (size_t)(end - p);
  if (word_in_any_case(p, rest, "inf") || word_in_any_case(p, rest, "infinity")) {
    *value = sign * INFINITY;
    return true;
  }
  if (word_in_any_case(p, rest, "nan")) {
    *value = NAN;
    return true;
  }
  Str num = {0};
  str_add(&num, sign < 0 ? "-" : "");
  int whole = py_digits(p, &num), frac = 0;
  p += whole;
  if (*p == '.') {
    str_add(&num, ".");
    frac = py_digits(++p, &num);
    p += frac;
  }
  if (!whole && !frac) return false;
  if (*p == 'e' || *p == 'E') {
    str_add(&num, "e");
    p++;
    if (*p == '-' || *p == '+') str_addf(&num, "%c", *p++);
    int exp = py_digits(p, &num);
    if (!exp) return false;
    p += exp;
  }
  if (p != end) return false;
  *value = strtod(num.buf, NULL);
  return true;
}

static Obj *b_float(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (a[0]->kind == OBJ_STR) {  // float('inf'), float('-inf'), float('nan'), float('-1e8')
    double value;
    if (!py_float_text(a[0]->str, &value)) diag_fatal(call->loc, "float('%s') is not a number", a[0]->str);
    return obj_float(value);
  }
  Obj *x = py_number(call, a[0], "float");
  return obj_float(x->kind == OBJ_FLOAT ? x->fval : (double)x->ival);
}

static Obj *b_len(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (a[0]->kind == OBJ_TUPLE) return obj_int(a[0]->items.len);
  if (a[0]->kind == OBJ_VALUE && a[0]->val->shape.rank) return obj_int(a[0]->val->shape.dim[0]);
  diag_fatal(call->loc, "len() needs a tuple or a block");
}

// abs(): Python's on a number, tl.abs on a tensor (core.py tensor.__abs__).
static Obj *b_py_abs(Ctx *c, Node *call, Obj **a) {
  if (c->in_kernel)  // (not among the builtins Triton's code generator defines: a NameError there)
    diag_fatal(call->loc, "abs() is not defined in a Triton kernel; use tl.abs");
  if (a[0]->kind == OBJ_VALUE) {
    need_kernel(c, call, "abs() of a tensor");
    return obj_value(sem_math(c, "abs", value_arg(c, a[0], call), call->loc));
  }
  Obj *x = py_number(call, a[0], "abs");
  if (x->kind == OBJ_FLOAT) return obj_float(fabs(x->fval));
  if (x->ival == INT64_MIN)
    diag_fatal(call->loc, "abs() of %lld does not fit tl2cu's 64-bit integers", (long long)x->ival);
  return obj_int(x->ival < 0 ? -x->ival : x->ival);  // (abs(True) is 1)
}

// tuple() and list() of a compile-time sequence: the same items (tl2cu has one sequence kind).
static Obj *b_py_sequence(Ctx *c, Node *call, Obj **a) {
  if (c->in_kernel && !strcmp(c->callee, "tuple"))  // (Triton's kernels have list() but no tuple(): a NameError)
    diag_fatal(call->loc, "tuple() is not defined in a Triton kernel; write a tuple literal or use list()");
  if (!a[0]) return obj_new(OBJ_TUPLE);
  if (a[0]->kind != OBJ_TUPLE)
    diag_fatal(call->loc, "%s() needs a compile-time tuple or list, not %s", c->callee, obj_kind_name(a[0]));
  Obj *t = obj_new(OBJ_TUPLE);
  for (int i = 0; i < a[0]->items.len; i++) vec_push(&t->items, a[0]->items.items[i]);
  return t;
}

static Obj *b_torch_finfo(Ctx *c, Node *call, Obj **a) { (void)c; return torch_info(a[0], true, call->loc); }
static Obj *b_torch_iinfo(Ctx *c, Node *call, Obj **a) { (void)c; return torch_info(a[0], false, call->loc); }

// ---- host code's iterables (autotune configs built by comprehensions and helper loops):
// range, zip, itertools.product, list and tuple, on compile-time lists and tuples.

enum { MAX_HOST_ITEMS = 1 << 20 };

static Obj *host_iterable(Node *call, Obj *o, const char *what) {
  if (o->kind != OBJ_TUPLE)
    diag_fatal(call->loc, "%s needs compile-time lists or tuples, not %s", what, obj_kind_name(o));
  return o;
}

// filter(function, iterable) in host code (FlagGems: `list(filter(keep, configs))`): the items
// for which the function (None: the item itself) is true.
static Obj *b_filter(Ctx *c, Node *call, Obj **a) {
  Obj *items = host_iterable(call, a[1], "filter()"), *kept = obj_new(OBJ_TUPLE);
  if (a[0]->kind != OBJ_NONE && a[0]->kind != OBJ_FUNC)
    diag_fatal(call->loc, "filter() needs a Python function or None, not %s", obj_kind_name(a[0]));
  for (int i = 0; i < items->items.len; i++) {
    Obj *item = items->items.items[i];
    Obj *r = a[0]->kind == OBJ_NONE ? item : call_function(c, a[0]->fn, call, &item, 1, NULL, NULL, 0);
    if (obj_truthy(r, call->loc)) vec_push(&kept->items, item);
  }
  return kept;
}

static Obj *b_range_outside_for(Ctx *c, Node *call, Obj **a) {
  if (c->in_kernel) diag_fatal(call->loc, "range() may only be used as the iterable of a for loop");
  Obj *lo = a[1] ? a[0] : obj_int(0), *hi = a[1] ? a[1] : a[0], *step = a[2] ? a[2] : obj_int(1);
  if (lo->kind != OBJ_INT || hi->kind != OBJ_INT || step->kind != OBJ_INT || obj_is_big_int(lo) || obj_is_big_int(hi))
    diag_fatal(call->loc, "range() in host code needs int64 constants");
  if (step->ival == 0) diag_fatal(call->loc, "range() step must not be zero");
  Obj *r = obj_new(OBJ_TUPLE);
  for (int64_t i = lo->ival; step->ival > 0 ? i < hi->ival : i > hi->ival; i += step->ival) {
    if (r->items.len == MAX_HOST_ITEMS)
      diag_fatal(call->loc, "range() of more than %d items in host code", MAX_HOST_ITEMS);
    vec_push(&r->items, obj_int(i));
  }
  return r;
}

// The tuples of one item from each list, the last varying fastest (itertools.product).
static void product_into(Node *call, Obj **lists, int n, int at, Obj *prefix, Obj *out) {
  if (at == n) {
    if (out->items.len == MAX_HOST_ITEMS)
      diag_fatal(call->loc, "itertools.product of more than %d items", MAX_HOST_ITEMS);
    Obj *t = obj_new(OBJ_TUPLE);
    for (int i = 0; i < prefix->items.len; i++) vec_push(&t->items, prefix->items.items[i]);
    vec_push(&out->items, t);
    return;
  }
  for (int i = 0; i < lists[at]->items.len; i++) {
    vec_push(&prefix->items, lists[at]->items.items[i]);
    product_into(call, lists, n, at + 1, prefix, out);
    prefix->items.len--;
  }
}

static Obj *b_product(Ctx *c, Node *call, Obj **a) {
  (void)c;
  Obj *its = a[0];
  int64_t repeat = a[1] ? a[1]->ival : 1;
  if (a[1] && (a[1]->kind != OBJ_INT || repeat < 0 || repeat > 16))
    diag_fatal(call->loc, "product's repeat must be 0 to 16");
  enum { MAX_LISTS = 64 };
  Obj *lists[MAX_LISTS];
  int n = 0;
  for (int64_t r = 0; r < repeat; r++)
    for (int i = 0; i < its->items.len; i++) {
      if (n == MAX_LISTS) diag_fatal(call->loc, "itertools.product of more than %d lists", MAX_LISTS);
      lists[n++] = host_iterable(call, its->items.items[i], "itertools.product");
    }
  Obj *out = obj_new(OBJ_TUPLE);
  product_into(call, lists, n, 0, obj_new(OBJ_TUPLE), out);
  return out;
}

// The str methods host code calls on what it reads (os.environ.get(...).lower() in (...)) and
// builds inline asm text with (fla's softplus: template.format(out_reg=i, ...),
// " ".join(s.split("\n"))), as Python's str does them.
static const char *const str_methods[] = {"lower", "upper",   "strip", "lstrip", "rstrip", "startswith", "endswith",
                                          "isdigit", "join", "split", "replace", "format"};

bool str_method_known(const char *name) {
  for (size_t i = 0; i < sizeof str_methods / sizeof *str_methods; i++)
    if (!strcmp(name, str_methods[i])) return true;
  return false;
}

static bool is_strip_char(char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); }

static const char *py_str(const Obj *o) { return o->kind == OBJ_STR ? o->str : obj_repr(o); }

// Argument i of the call, or its keyword kw (NULL: positional only); NULL if not given.
static Obj *str_call_arg(StrArgs *a, int i, const char *kw) {
  Obj *o = i < a->nargs ? a->args[i] : NULL;
  for (int k = 0; kw && k < a->nkw; k++)
    if (!strcmp(a->kwnodes[k]->str, kw)) o = a->kwargs[k];
  return o;
}

// The value a replacement field names: '' the next positional argument, '2' that one, 'name' a keyword's.
static Obj *format_field(const char *field, StrArgs *a, int *next) {
  if (strpbrk(field, ":!.["))
    diag_fatal(a->loc, "str.format: the field '{%s}' has a conversion, format spec or index, which tl2cu does not apply",
               field);
  if (!*field || isdigit((unsigned char)*field)) {
    int i = *field ? atoi(field) : (*next)++;
    if (i >= a->nargs) diag_fatal(a->loc, "str.format: replacement index %d out of range", i);
    return a->args[i];
  }
  Obj *v = str_call_arg(a, a->nargs, field);  // (a keyword's only)
  if (!v) diag_fatal(a->loc, "str.format: no keyword argument '%s'", field);
  return v;
}

static Obj *str_format(const char *t, StrArgs *a) {
  Str s = {0};
  str_add(&s, "");
  int next = 0;
  for (const char *p = t; *p; p++) {
    if ((*p == '{' || *p == '}') && p[1] == *p) {
      str_addf(&s, "%c", *p++);
    } else if (*p == '}') {
      diag_fatal(a->loc, "str.format: single '}' encountered in format string");
    } else if (*p != '{') {
      str_addf(&s, "%c", *p);
    } else {
      const char *end = strchr(p, '}');
      if (!end) diag_fatal(a->loc, "str.format: single '{' encountered in format string");
      str_add(&s, py_str(format_field(xstrndup(p + 1, (size_t)(end - p - 1)), a, &next)));
      p = end;
    }
  }
  return obj_str(s.buf);
}

static Obj *str_join(const char *sep, Obj *items, Loc loc) {
  if (items->kind != OBJ_TUPLE) diag_fatal(loc, "str.join needs a compile-time list of strings, not %s", obj_kind_name(items));
  Str s = {0};
  str_add(&s, "");
  for (int i = 0; i < items->items.len; i++) {
    Obj *o = items->items.items[i];
    if (o->kind != OBJ_STR) diag_fatal(loc, "sequence item %d: expected str instance, %s found", i, obj_kind_name(o));
    str_addf(&s, "%s%s", i ? sep : "", o->str);
  }
  return obj_str(s.buf);
}

// s.split(sep=None, maxsplit=-1): at each sep, or at runs of whitespace (empty parts dropped).
static Obj *str_split(const char *t, const char *sep, int64_t maxsplit, Loc loc) {
  if (sep && !*sep) diag_fatal(loc, "str.split: empty separator");
  Obj *out = obj_new(OBJ_TUPLE);
  const char *p = t;
  for (;;) {
    if (!sep)
      while (*p && is_strip_char(*p)) p++;
    if (!sep && !*p) break;
    const char *at = NULL;
    if (maxsplit < 0 || out->items.len < maxsplit) {
      if (sep) at = strstr(p, sep);
      else for (at = p; *at && !is_strip_char(*at); at++) {}
    }
    if (!at || !*at) {  // the rest (past maxsplit, trailing blanks and all)
      vec_push(&out->items, obj_str(xstrdup(p)));
      break;
    }
    vec_push(&out->items, obj_str(xstrndup(p, (size_t)(at - p))));
    p = at + (sep ? strlen(sep) : 0);
  }
  return out;
}

static Obj *str_replace(const char *t, const char *old, const char *new, int64_t count) {
  Str s = {0};
  str_add(&s, "");
  for (int64_t done = 0;; done++) {
    const char *at = (count < 0 || done < count) ? strstr(t, old) : NULL;
    if (!*old && at) {  // (Python: the new text before each character and at the end)
      str_add(&s, new);
      if (!*t) break;
      str_addf(&s, "%c", *t++);
      continue;
    }
    if (!at) break;
    str_addf(&s, "%.*s%s", (int)(at - t), t, new);
    t = at + strlen(old);
  }
  str_add(&s, t);
  return obj_str(s.buf);
}

static const char *str_arg(StrArgs *a, int i, const char *kw, const char *name, bool none_ok) {
  Obj *o = str_call_arg(a, i, kw);
  if (!o || (none_ok && o->kind == OBJ_NONE)) return NULL;
  if (o->kind != OBJ_STR) diag_fatal(a->loc, "str.%s: expected a string, not %s", name, obj_kind_name(o));
  return o->str;
}

static int64_t int_arg(StrArgs *a, int i, const char *kw, const char *name) {
  Obj *o = str_call_arg(a, i, kw);
  if (!o) return -1;
  if (o->kind != OBJ_INT) diag_fatal(a->loc, "str.%s: expected an integer, not %s", name, obj_kind_name(o));
  return o->ival;
}

static void str_arity(StrArgs *a, const char *name, int lo, int hi, bool keywords) {
  if (a->nargs < lo || a->nargs > hi || (!keywords && a->nkw))
    diag_fatal(a->loc, "str.%s() here takes %d to %d arguments%s", name, lo, hi, keywords ? "" : ", no keywords");
}

Obj *str_method(Obj *self, const char *name, StrArgs *a) {
  const char *t = self->str;
  size_t n = strlen(t);
  if (!strcmp(name, "format")) return str_format(t, a);
  if (!strcmp(name, "join")) return str_arity(a, name, 1, 1, false), str_join(t, a->args[0], a->loc);
  if (!strcmp(name, "split"))
    return str_arity(a, name, 0, 2, true), str_split(t, str_arg(a, 0, "sep", name, true), int_arg(a, 1, "maxsplit", name), a->loc);
  if (!strcmp(name, "replace")) {
    str_arity(a, name, 2, 3, false);
    return str_replace(t, str_arg(a, 0, NULL, name, false), str_arg(a, 1, NULL, name, false), int_arg(a, 2, NULL, name));
  }
  bool affix = !strcmp(name, "startswith") || !strcmp(name, "endswith");
  str_arity(a, name, affix, affix, false);
  if (affix) {
    const char *with = str_arg(a, 0, NULL, name, false);
    size_t m = strlen(with);
    bool start = name[0] == 's';
    return obj_bool(m <= n && !strncmp(start ? t : t + n - m, with, m));
  }
  if (!strcmp(name, "isdigit")) {
    bool digits = n > 0;
    for (size_t i = 0; i < n; i++) digits &= isdigit((unsigned char)t[i]) != 0;
    return obj_bool(digits);
  }
  bool lower = !strcmp(name, "lower"), upper = !strcmp(name, "upper"), strip = !lower && !upper;
  size_t lo = 0, hi = n;
  if (strip && strcmp(name, "rstrip"))
    while (lo < hi && is_strip_char(t[lo])) lo++;
  if (strip && strcmp(name, "lstrip"))
    while (hi > lo && is_strip_char(t[hi - 1])) hi--;
  char *out = xstrndup(t + lo, hi - lo);
  for (char *p = out; *p && !strip; p++) *p = (char)(lower ? tolower((unsigned char)*p) : toupper((unsigned char)*p));
  return obj_str(out);
}

// str(x) in host code ('{}' in format, str(i) + ...): Python's text of a compile-time value.
static Obj *b_str(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (!a[0]) return obj_str("");
  Obj *o = a[0];
  bool constant = o->kind == OBJ_INT || o->kind == OBJ_FLOAT || o->kind == OBJ_BOOL || o->kind == OBJ_NONE ||
                  o->kind == OBJ_STR || o->kind == OBJ_TUPLE;
  if (!constant) diag_fatal(call->loc, "str() of %s: only compile-time values have a text here", obj_kind_name(o));
  return obj_str(py_str(o));
}

// ---------------------------------------------------------------- the environment
// os.environ and os.getenv read tl2cu's own environment, as importing the module would read
// the program's (flash-linear-attention picks its exp and log by FLA_USE_FAST_OPS): the
// translation is the one for that environment, and a note names each variable read.
Obj *env_value(const char *name, Loc loc) {
  const char *v = getenv(name);
  if (v) diag_note(loc, "reads the environment variable %s, which is '%s' here", name, v);
  else diag_note(loc, "reads the environment variable %s, which is not set here", name);
  return v ? obj_str(v) : NULL;
}

static const char *env_name(Node *call, Obj *key, const char *what) {
  if (key->kind != OBJ_STR) diag_fatal(call->loc, "%s needs the variable's name as a string", what);
  return key->str;
}

static Obj *b_getenv(Ctx *c, Node *call, Obj **a) {  // os.getenv(key, default=None), os.environ.get
  (void)c;
  Obj *v = env_value(env_name(call, a[0], "os.getenv"), call->loc);
  return v ? v : a[1] ? a[1] : obj_none();
}

// packaging.version.parse / packaging.version.Version, in the version checks around kernels
// (mamba's TRITON3, fla's TRITON_ABOVE_3_4_0, beside triton.__version__: Triton 3.6's): a
// release of dot-separated numbers, as a string that orders as the versions do (each number
// zero-padded, trailing zeros dropped: Version("3.0") == Version("3.0.0")). Pre-, post-, dev
// and local versions are refused, so a condition reading one stays undecided.
static Obj *b_version_parse(Ctx *c, Node *call, Obj **a) {
  (void)c;
  if (a[0]->kind != OBJ_STR) diag_fatal(call->loc, "packaging.version.parse needs a string");
  const char *p = a[0]->str + (a[0]->str[0] == 'v');
  Vec parts = {0};
  for (;;) {
    size_t n = strspn(p, "0123456789");
    if (!n || n > 9) diag_fatal(call->loc, "version '%s': only releases such as 3.6.0 are compared here", a[0]->str);
    vec_push(&parts, xprintf("%09d", atoi(p)));
    p += n;
    if (!*p) break;
    if (*p++ != '.') diag_fatal(call->loc, "version '%s': only releases such as 3.6.0 are compared here", a[0]->str);
  }
  while (parts.len > 1 && !strcmp(parts.items[parts.len - 1], "000000000")) parts.len--;
  Str key = {0};
  str_add(&key, "");
  for (int i = 0; i < parts.len; i++) str_addf(&key, "%s%s", i ? "." : "", (const char *)parts.items[i]);
  return obj_str(key.buf);
}

static Obj *b_zip(Ctx *c, Node *call, Obj **a) {
  (void)c;
  Obj *its = a[0], *out = obj_new(OBJ_TUPLE);
  int len = its->items.len ? INT32_MAX : 0;
  bool strict = a[1] && (a[1]->kind == OBJ_BOOL || a[1]->kind == OBJ_INT) && a[1]->ival;
  for (int i = 0; i < its->items.len; i++) {
    Obj *l = host_iterable(call, its->items.items[i], "zip");
    if (strict && len != INT32_MAX && l->items.len != len)
      diag_fatal(call->loc, "zip(strict=True): the lists differ in length");
    if (l->items.len < len) len = l->items.len;
  }
  for (int k = 0; k < len; k++) {
    Obj *t = obj_new(OBJ_TUPLE);
    for (int i = 0; i < its->items.len; i++) vec_push(&t->items, ((Obj *)its->items.items[i])->items.items[k]);
    vec_push(&out->items, t);
  }
  return out;
}



// ---------------------------------------------------------------- reductions, scans, shape ops

static Value *block_arg(Ctx *c, Obj *o, Node *call, const char *what) {
  need_kernel(c, call, what);
  if (o->kind != OBJ_VALUE || o->val->shape.rank == 0) diag_fatal(call->loc, "%s needs a block, not %s", what, obj_kind_name(o));
  return o->val;
}

static bool flag(Obj *o) { return o && o->kind != OBJ_NONE && (o->kind == OBJ_FLOAT ? o->fval != 0 : o->ival != 0); }

static Obj *reduce(Ctx *c, Node *call, Obj *x, Obj *axis, Obj *keep, const char *fn, Combine *cb) {
  Value *v = block_arg(c, x, call, xprintf("tl.%s", fn));
  bool none = !axis || axis->kind == OBJ_NONE;
  int64_t ax = none ? 0 : const_int(axis, call, "the axis");
  return obj_value(sem_reduce(c, v, ax, none, fn, cb, flag(keep), call->loc));
}

static Obj *b_sum(Ctx *c, Node *call, Obj **a) {
  Obj *x = a[0];
  if (a[3] && a[3]->kind != OBJ_NONE) x = obj_value(sem_cast(c, block_arg(c, x, call, "tl.sum"), dtype_arg(a[3], call, "dtype"), call->loc));
  return reduce(c, call, x, a[1], a[2], "sum", NULL);
}

static Obj *max_or_min(Ctx *c, Node *call, Obj **a, const char *fn, const char *arg) {
  if (!flag(a[2])) return reduce(c, call, a[0], a[1], a[4], fn, NULL);
  if (!a[1] || a[1]->kind == OBJ_NONE) diag_fatal(call->loc, "tl.%s with return_indices needs an axis", fn);
  Obj *t = obj_new(OBJ_TUPLE);
  // (standard.py: with return_indices only bf16 is widened, to fp32; the plain tl.max widens
  // fp16 and ints narrower than 32 bits too, and an extremum of them is exact in their type:
  // FlagGems' max_kernel carries an int16 maximum through its loop)
  Obj *value = reduce(c, call, a[0], a[1], a[4], fn, NULL);
  Scalar in = block_arg(c, a[0], call, xprintf("tl.%s", fn))->ty.kind, kept = in == TY_BF16 ? TY_F32 : in;
  if (value->val->ty.kind != kept) value = obj_value(sem_cast(c, value->val, kept, call->loc));
  vec_push(&t->items, value);
  vec_push(&t->items, reduce(c, call, a[0], a[1], a[4], arg, NULL));
  return t;
}
static Obj *b_max(Ctx *c, Node *call, Obj **a) { return max_or_min(c, call, a, "max", "argmax"); }
static Obj *b_min(Ctx *c, Node *call, Obj **a) { return max_or_min(c, call, a, "min", "argmin"); }

// tl.softmax(x, dim=None, keep_dims=False, ieee_rounding=False): standard.py's @jit function,
// operation by operation: x - max(x, dim), exp, sum over dim, fdiv (dim None is 0; Triton's
// fdiv ignores ieee_rounding: it is `/`).
static Obj *b_softmax(Ctx *c, Node *call, Obj **a) {
  Value *x = block_arg(c, a[0], call, "tl.softmax");
  Obj *dim = a[1] && a[1]->kind != OBJ_NONE ? a[1] : obj_int(0);
  Obj *keep = a[2];
  Obj *z = obj_binary(c, OP_SUB, obj_value(x), reduce(c, call, obj_value(x), dim, keep, "max", NULL), call->loc);
  Obj *num = obj_value(sem_math(c, "exp", z->val, call->loc));
  Obj *den = reduce(c, call, num, dim, keep, "sum", NULL);
  return sem_binary(c, OP_DIV, num, den, call->loc);
}
static Obj *b_argmax(Ctx *c, Node *call, Obj **a) { return reduce(c, call, a[0], a[1], a[3], "argmax", NULL); }
static Obj *b_argmin(Ctx *c, Node *call, Obj **a) { return reduce(c, call, a[0], a[1], a[3], "argmin", NULL); }
static Obj *b_xor_sum(Ctx *c, Node *call, Obj **a) { return reduce(c, call, a[0], a[1], a[2], "xor_sum", NULL); }
// tl.dot(input, other, acc=None, input_precision=None, allow_tf32=None,
// max_num_imprecise_acc=None, out_dtype=tl.float32) (core.py dot): input_precision one of
// NVIDIA's "tf32" (the default), "tf32x3", "ieee"; allow_tf32=False is "ieee".
// max_num_imprecise_acc (fp8's reduced-precision accumulation on sm_90) is accepted:
// tl2cu accumulates fp8 products in fp32 throughout.
// Once a run (autotune variants and helpers trace the same call again): a dot on CUDA cores
// is Triton's result within the tolerances of docs/NOTES.md 49, not its speed. (A dot on
// tensor cores that misses wgmma is told at printing, dot.c, once its pipeline is known.)
static void warn_dot_speed(Value *d, Loc loc) {
  static bool warned;
  if (warned || dot_on_tensor_cores(d)) return;
  warned = true;
  diag_warning(loc, "tl.dot runs on CUDA cores in tl2cu: Triton's results within its tolerance, far below its "
                    "tensor-core speed (README, \"Not yet\")");
}

static Obj *b_dot(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.dot");
  Value *x = block_arg(c, a[0], call, "tl.dot"), *y = block_arg(c, a[1], call, "tl.dot");
  Value *acc = a[2] && a[2]->kind != OBJ_NONE ? block_arg(c, a[2], call, "tl.dot's accumulator") : NULL;
  bool precision = a[3] && a[3]->kind != OBJ_NONE, allow = a[4] && a[4]->kind != OBJ_NONE;
  if (precision && allow) diag_fatal(call->loc, "Only one of input_precision and allow_tf32 can be specified");
  DotPrecision p = DOT_TF32;
  if (precision) {
    static const char *const names[] = {"tf32", "tf32x3", "ieee"};
    if (a[3]->kind != OBJ_STR) diag_fatal(call->loc, "input_precision must be a string such as \"tf32\"");
    const char *lower = xstrdup(a[3]->str);
    for (char *q = (char *)lower; *q; q++) *q = (char)tolower((unsigned char)*q);  // (Triton lowers it)
    int i = 0;
    while (i < 3 && strcmp(lower, names[i])) i++;
    if (i == 3) diag_fatal(call->loc, "input_precision must be one of ('tf32', 'tf32x3', 'ieee'). Got %s", a[3]->str);
    p = (DotPrecision)i;
  } else if (allow && !const_int(a[4], call, "allow_tf32")) {
    p = DOT_IEEE;
  }
  bool given = a[5] && a[5]->kind != OBJ_NONE;
  int64_t imprecise = given ? const_int(a[5], call, "max_num_imprecise_acc") : 0;
  Scalar out = a[6] && a[6]->kind != OBJ_NONE ? dtype_arg(a[6], call, "out_dtype") : TY_F32;
  Value *d = sem_dot(c, x, y, acc, p, out, call->loc);
  // (semantic.py: fp8 dots default to the target's value, 2**30 on sm_90, others to 0)
  bool fp8 = scalar_is_fp8(x->ty.kind) && scalar_is_fp8(y->ty.kind);
  d->imprecise_acc = given ? imprecise != 0 : fp8 && c->k && c->k->sm90;
  warn_dot_speed(d, call->loc);
  return obj_value(d);
}

static Obj *b_reduce_or(Ctx *c, Node *call, Obj **a) { return reduce(c, call, a[0], a[1], a[2], "reduce_or", NULL); }

static Func *combine_fn(Obj *o, Node *call) {
  if (o->kind != OBJ_FUNC) diag_fatal(call->loc, "combine_fn must be a @triton.jit function");
  return o->fn;
}

// The blocks of a tuple operand of tl.reduce / tl.associative_scan, and its combine
// function (a[2]) traced on their element types.
static int tuple_blocks(Ctx *c, Obj **a, Node *call, const char *fn, Value **xs, Combine **cb) {
  Obj *t = a[0];
  Type types[MAX_COMBINED];
  if (t->items.len < 1 || t->items.len > MAX_COMBINED)
    diag_fatal(call->loc, "%s over a tuple of %d blocks: tl2cu takes 1 to %d", fn, t->items.len, MAX_COMBINED);
  for (int i = 0; i < t->items.len; i++) {
    xs[i] = block_arg(c, t->items.items[i], call, fn);
    types[i] = xs[i]->ty;
  }
  *cb = lower_combine(c, combine_fn(a[2], call), types, t->items.len, call);
  return t->items.len;
}

// A tuple's results, as Triton returns them: a tuple (also of one).
static Obj *tuple_of(Value **vs, int n) {
  Obj *t = obj_new(OBJ_TUPLE);
  for (int i = 0; i < n; i++) vec_push(&t->items, obj_value(vs[i]));
  return t;
}

static Obj *b_reduce(Ctx *c, Node *call, Obj **a) {
  if (a[0]->kind == OBJ_TUPLE) {
    Value *xs[MAX_COMBINED], *out[MAX_COMBINED];
    Combine *cb;
    int n = tuple_blocks(c, a, call, "tl.reduce", xs, &cb);
    bool none = !a[1] || a[1]->kind == OBJ_NONE;
    int64_t ax = none ? 0 : const_int(a[1], call, "the axis");
    if (n == 1) out[0] = sem_reduce(c, xs[0], ax, none, "reduce", cb, flag(a[3]), call->loc);
    else sem_reduce_tuple(c, xs, n, ax, none, cb, flag(a[3]), call->loc, out);
    return tuple_of(out, n);
  }
  Value *v = block_arg(c, a[0], call, "tl.reduce");
  Combine *cb = lower_combine(c, combine_fn(a[2], call), &v->ty, 1, call);
  return reduce(c, call, a[0], a[1], a[3], "reduce", cb);
}

static Obj *scan(Ctx *c, Node *call, Obj *x, Obj *axis, Obj *reverse, const char *fn, Combine *cb) {
  Value *v = block_arg(c, x, call, xprintf("tl.%s", fn));
  int64_t ax = axis && axis->kind != OBJ_NONE ? const_int(axis, call, "the axis") : 0;
  return obj_value(sem_scan(c, v, ax, fn, cb, flag(reverse), call->loc));
}

static Obj *b_cumsum(Ctx *c, Node *call, Obj **a) {
  Obj *x = a[0];
  if (a[3] && a[3]->kind != OBJ_NONE) x = obj_value(sem_cast(c, block_arg(c, x, call, "tl.cumsum"), dtype_arg(a[3], call, "dtype"), call->loc));
  return scan(c, call, x, a[1], a[2], "cumsum", NULL);
}
static Obj *b_cumprod(Ctx *c, Node *call, Obj **a) { return scan(c, call, a[0], a[1], a[2], "cumprod", NULL); }

static Obj *b_associative_scan(Ctx *c, Node *call, Obj **a) {
  if (a[0]->kind == OBJ_TUPLE) {
    Value *xs[MAX_COMBINED], *out[MAX_COMBINED];
    Combine *cb;
    int n = tuple_blocks(c, a, call, "tl.associative_scan", xs, &cb);
    int64_t ax = a[1] && a[1]->kind != OBJ_NONE ? const_int(a[1], call, "the axis") : 0;
    if (n == 1) out[0] = sem_scan(c, xs[0], ax, "scan", cb, flag(a[3]), call->loc);
    else sem_scan_tuple(c, xs, n, ax, cb, flag(a[3]), call->loc, out);
    return tuple_of(out, n);
  }
  Value *v = block_arg(c, a[0], call, "tl.associative_scan");
  Combine *cb = lower_combine(c, combine_fn(a[2], call), &v->ty, 1, call);
  return scan(c, call, a[0], a[1], a[3], "scan", cb);
}

static int dims_arg(Obj *o, Node *call, int *out, int rank) {
  if (!o || o->kind == OBJ_NONE || (o->kind == OBJ_TUPLE && o->items.len == 0)) return 0;
  if (o->kind == OBJ_INT) {
    out[0] = (int)o->ival;
    return 1;
  }
  if (o->kind != OBJ_TUPLE || o->items.len > rank) diag_fatal(call->loc, "dims must be compile-time integers");
  for (int i = 0; i < o->items.len; i++) out[i] = (int)const_int(o->items.items[i], call, "a dim");
  return o->items.len;
}

static Obj *b_permute(Ctx *c, Node *call, Obj **a) {
  Value *v = block_arg(c, a[0], call, "tl.permute");
  int perm[MAX_RANK];
  int n = dims_arg(a[1], call, perm, v->shape.rank);
  if (n != v->shape.rank) diag_fatal(call->loc, "tl.permute needs %d dims for a block of shape %s", v->shape.rank, shape_text(v->shape));
  return obj_value(sem_permute(c, v, perm, call->loc));
}

static Obj *b_trans(Ctx *c, Node *call, Obj **a) {
  Value *v = block_arg(c, a[0], call, "tl.trans");
  int perm[MAX_RANK];
  int n = dims_arg(a[1], call, perm, v->shape.rank);
  if (n == 0) {  // no dims: swap the last two
    if (v->shape.rank < 2) diag_fatal(call->loc, "tl.trans needs a block of rank 2 or more, got shape %s", shape_text(v->shape));
    for (int i = 0; i < v->shape.rank; i++) perm[i] = i;
    perm[v->shape.rank - 2] = v->shape.rank - 1;
    perm[v->shape.rank - 1] = v->shape.rank - 2;
  } else if (n != v->shape.rank) {
    diag_fatal(call->loc, "tl.trans needs %d dims for a block of shape %s", v->shape.rank, shape_text(v->shape));
  }
  return obj_value(sem_permute(c, v, perm, call->loc));
}

// tl.reshape(input, *shape, can_reorder=False): can_reorder lets Triton's backend hand the
// elements back in an order of its layout's choosing (for order-free uses such as a sum);
// tl2cu keeps them row-major, which is one such order: said where it is asked.
static Obj *b_reshape(Ctx *c, Node *call, Obj **a) {
  Value *v = block_arg(c, a[0], call, "tl.reshape");
  if (a[2] && a[2]->kind != OBJ_NONE && const_int(a[2], call, "can_reorder"))
    diag_warning(call->loc, "tl.reshape(..., can_reorder=True): Triton may place the elements in another order (its "
                            "layout's); tl2cu keeps row-major order: results that depend on where an element lands "
                            "may differ from Triton's");
  if (a[1]->kind == OBJ_TUPLE && a[1]->items.len == 0) {
    if (shape_numel(v->shape) != 1) diag_fatal(call->loc, "tl.reshape to () needs a one-element block");
    diag_fatal(call->loc, "tl.reshape to a scalar is not supported yet");
  }
  return obj_value(sem_reshape(c, v, shape_arg(a[1], call), call->loc));
}

static Obj *b_ravel(Ctx *c, Node *call, Obj **a) {
  Value *v = block_arg(c, a[0], call, "tl.ravel");
  return obj_value(sem_reshape(c, v, (Shape){1, {shape_numel(v->shape)}}, call->loc));
}

static Obj *b_expand_dims(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.expand_dims");
  Value *v = value_arg(c, a[0], call);
  int axes[MAX_RANK];
  int n = a[1]->kind == OBJ_TUPLE ? dims_arg(a[1], call, axes, MAX_RANK) : (axes[0] = (int)const_int(a[1], call, "the axis"), 1);
  int rank = v->shape.rank + n;
  if (rank > MAX_RANK) diag_fatal(call->loc, "tl.expand_dims: more than %d dims", MAX_RANK);
  bool at[MAX_RANK] = {0};
  for (int i = 0; i < n; i++) {
    int ax = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (ax < 0 || ax >= rank) diag_fatal(call->loc, "tl.expand_dims: axis %d is out of range for rank %d", axes[i], rank);
    if (at[ax]) diag_fatal(call->loc, "tl.expand_dims: axis %d given twice", axes[i]);
    at[ax] = true;
  }
  for (int i = 0; i < rank; i++)
    if (at[i]) v = sem_expand(c, v, i, call->loc);
  return obj_value(v);
}

static Obj *b_broadcast_to(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.broadcast_to");
  return obj_value(sem_broadcast_to(c, value_arg(c, a[0], call), shape_arg(a[1], call), call->loc));
}

static Obj *b_broadcast(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.broadcast");
  Value *x = value_arg(c, a[0], call), *y = value_arg(c, a[1], call);
  Shape s;
  if (!shape_broadcast(x->shape, y->shape, &s))
    diag_fatal(call->loc, "shapes %s and %s cannot be broadcast together", shape_text(x->shape), shape_text(y->shape));
  Obj *t = obj_new(OBJ_TUPLE);
  vec_push(&t->items, obj_value(sem_broadcast_to(c, x, s, call->loc)));
  vec_push(&t->items, obj_value(sem_broadcast_to(c, y, s, call->loc)));
  return t;
}

static Obj *b_join(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.join");
  return obj_value(sem_join(c, a[0], a[1], "tl.join", call->loc));
}

// standard.py interleave: join, then the last two dims merged (a0, b0, a1, b1, ...);
// two scalars join into the [2] it returns as it is.
static Obj *b_interleave(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.interleave");
  Value *j = sem_join(c, a[0], a[1], "tl.interleave", call->loc);
  if (j->shape.rank == 1) return obj_value(j);
  Shape s = j->shape;  // [..., n, 2] -> [..., 2n]
  s.rank--;
  s.dim[s.rank - 1] *= 2;
  return obj_value(sem_reshape(c, j, s, call->loc));
}

// tl.cat(input, other, can_reorder=False) (semantic.py cat: 1-D blocks, can_reorder must
// be true, "the implementation may reorder elements"). Triton's lowering puts each thread's
// registers of input, then of other, in the layout its passes give the result: on the
// H200 a block of 1024 fp32 came out neither as input followed by other nor interleaved
// (tests/errors/cat_order.py, docs/NOTES.md 50). Without Triton's layouts that order is
// unknown, so tl.cat is refused rather than guessed.
static Obj *b_cat(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.cat");
  if (!a[2] || a[2]->kind == OBJ_NONE || !const_int(a[2], call, "can_reorder"))
    diag_fatal(call->loc, "current implementation of `cat` always may reorder elements (tl.cat needs can_reorder=True)");
  diag_fatal(call->loc, "tl.cat is not supported by tl2cu: Triton orders the result's elements by the layout its "
                        "passes choose, which tl2cu does not model (README, \"Not yet\")");
}

static Obj *b_gather(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.gather");
  return obj_value(sem_gather(c, a[0], a[1], const_int(a[2], call, "the axis of tl.gather"), call->loc));
}

static Obj *b_histogram(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call, "tl.histogram");
  return obj_value(sem_histogram(c, a[0], const_int(a[1], call, "num_bins"), a[2], call->loc));
}

// standard.py sort, topk, bitonic_merge: dim and descending are constexprs (sem_sort).
static Obj *sort_call(Ctx *c, Node *call, Obj **a, const char *fn, int64_t k, Obj *dim, Obj *desc) {
  Value *v = block_arg(c, a[0], call, xprintf("tl.%s", fn));
  bool has_dim = dim && dim->kind != OBJ_NONE;
  int64_t d = has_dim ? const_int(dim, call, "dim") : 0;
  int64_t descending = desc ? const_int(desc, call, "descending") : fn[0] == 't';
  return obj_value(sem_sort(c, v, fn, k, has_dim, d, descending, call->loc));
}

static Obj *b_sort(Ctx *c, Node *call, Obj **a) { return sort_call(c, call, a, "sort", -1, a[1], a[2]); }
static Obj *b_bitonic_merge(Ctx *c, Node *call, Obj **a) {
  return sort_call(c, call, a, "bitonic_merge", -1, a[1], a[2]);
}
static Obj *b_topk(Ctx *c, Node *call, Obj **a) {
  int64_t k = const_int(a[1], call, "k");
  if (k <= 0) diag_fatal(call->loc, "tl.topk with k=%lld: k must be at least 1 (Triton 3.6 returns the top 1)", (long long)k);
  return sort_call(c, call, a, "topk", k, a[2], NULL);  // always descending
}

static Obj *b_split(Ctx *c, Node *call, Obj **a) {
  Value *v = block_arg(c, a[0], call, "tl.split");
  Obj *t = obj_new(OBJ_TUPLE);
  vec_push(&t->items, obj_value(sem_split(c, v, 0, call->loc)));
  vec_push(&t->items, obj_value(sem_split(c, v, 1, call->loc)));
  return t;
}

static Obj *b_flip(Ctx *c, Node *call, Obj **a) {
  Value *v = block_arg(c, a[0], call, "tl.flip");
  int64_t dim = a[1] && a[1]->kind != OBJ_NONE ? const_int(a[1], call, "dim") : v->shape.rank - 1;
  return obj_value(sem_flip(c, v, dim, call->loc));
}

static const Builtin builtins[] = {
    {"tl.sum", "input, axis=, keep_dims=, dtype=", b_sum},
    {"tl.max", "input, axis=, return_indices=, return_indices_tie_break_left=, keep_dims=", b_max},
    {"tl.min", "input, axis=, return_indices=, return_indices_tie_break_left=, keep_dims=", b_min},
    {"tl.argmax", "input, axis, tie_break_left=, keep_dims=", b_argmax},
    {"tl.argmin", "input, axis, tie_break_left=, keep_dims=", b_argmin},
    {"tl.xor_sum", "input, axis=, keep_dims=", b_xor_sum},
    {"tl.reduce_or", "input, axis, keep_dims=", b_reduce_or},
    {"tl.reduce", "input, axis, combine_fn, keep_dims=", b_reduce},
    {"tl.cumsum", "input, axis=, reverse=, dtype=", b_cumsum},
    {"tl.cumprod", "input, axis=, reverse=", b_cumprod},
    {"tl.associative_scan", "input, axis, combine_fn, reverse=", b_associative_scan},
    {"tl.trans", "input, *dims", b_trans},
    {"tl.permute", "input, *dims", b_permute},
    {"tl.reshape", "input, *shape, can_reorder=", b_reshape},
    {"tl.view", "input, *shape", b_reshape},
    {"tl.ravel", "input, can_reorder=", b_ravel},
    {"tl.expand_dims", "input, axis", b_expand_dims},
    {"tl.broadcast_to", "input, *shape", b_broadcast_to},
    {"tl.broadcast", "input, other", b_broadcast},
    {"tl.join", "a, b", b_join},
    {"tl.split", "a", b_split},
    {"tl.flip", "x, dim=", b_flip},
    {"tl.interleave", "a, b", b_interleave},
    {"tl.cat", "input, other, can_reorder=", b_cat},
    {"tl.gather", "src, index, axis", b_gather},
    {"tl.histogram", "input, num_bins, mask=", b_histogram},
    {"tl.sort", "x, dim=, descending=", b_sort},
    {"tl.topk", "x, k, dim=", b_topk},
    {"tl.bitonic_merge", "x, dim=, descending=", b_bitonic_merge},
    {"tl.inline_asm_elementwise", "asm, constraints, args, dtype, is_pure, pack", asm_elementwise},
    {"tl.map_elementwise", "scalar_fn, *args, pack=", map_elementwise},
    {"tl.dot", "input, other, acc=, input_precision=, allow_tf32=, max_num_imprecise_acc=, out_dtype=", b_dot},
    {"tl.program_id", "axis", b_program_id},
    {"tl.num_programs", "axis", b_num_programs},
    {"tl.arange", "start, end=", b_arange},
    {"tl.full", "shape, value, dtype", b_full},
    {"tl.zeros", "shape, dtype", b_zeros},
    {"tl.zeros_like", "input", b_zeros_like},
    {"tl.load", "pointer, mask=, other=, boundary_check=, padding_option=, cache_modifier=, eviction_policy=, volatile=", b_load},
    {"tl.store", "pointer, value, mask=, boundary_check=, cache_modifier=, eviction_policy=", b_store},
    {"tl.where", "condition, x, y", b_where},
    {"tl.maximum", "x, y, propagate_nan=", b_maximum},
    {"tl.clamp", "x, min, max, propagate_nan=", b_clamp},
    {"tl.swizzle2d", "i, j, size_i, size_j, size_g", b_swizzle2d},
    {"tl.umulhi", "x, y", b_umulhi},
    {"tl.minimum", "x, y, propagate_nan=", b_minimum},
    {"tl.abs", "x", b_math},
    {"tl.exp", "x", b_math},
    {"tl.exp2", "x", b_math},
    {"tl.log", "x", b_math},
    {"tl.log2", "x", b_math},
    {"tl.sqrt", "x", b_math},
    {"tl.sqrt_rn", "x", b_math},
    {"tl.rsqrt", "x", b_math},
    {"tl.sin", "x", b_math},
    {"tl.cos", "x", b_math},
    {"tl.floor", "x", b_math},
    {"tl.ceil", "x", b_math},
    {"tl.erf", "x", b_math},
    {"tl.sigmoid", "x", b_sigmoid},
    {"tl.softmax", "x, dim=, keep_dims=, ieee_rounding=", b_softmax},
    {"tl.fdiv", "x, y, ieee_rounding=", b_fdiv},
    {"tl.div_rn", "x, y", b_div_rn},
    {"tl.fma", "x, y, z", b_fma},
    {"tl.cdiv", "x, div", b_cdiv},
    {"tl.cast", "input, dtype, fp_downcast_rounding=, bitcast=", b_cast},
    {"tensor.to", "self, dtype, fp_downcast_rounding=, bitcast=", b_cast},
    {"tensor.logical_and", "self, other", b_logical_and},
    {"tensor.logical_or", "self, other", b_logical_or},
    {"tl.make_block_ptr", "base, shape, strides, offsets, block_shape, order", blockptr_make},
    {"tl.advance", "base, offsets", blockptr_advance},
    {"tl.make_tensor_descriptor", "base, shape, strides, block_shape, padding_option=", tensordesc_make},
    {"tl.load_tensor_descriptor", "desc, offsets", tensordesc_load},
    {"tl.store_tensor_descriptor", "desc, offsets, value", tensordesc_store},
    {"tensor_descriptor.load", "self, offsets", tensordesc_load},
    {"tensor_descriptor.store", "self, offsets, value", tensordesc_store},
    {"tensor_descriptor.atomic_add", "self, offsets, value", tensordesc_atomic},
    {"tensor_descriptor.atomic_min", "self, offsets, value", tensordesc_atomic},
    {"tensor_descriptor.atomic_max", "self, offsets, value", tensordesc_atomic},
    {"tensor_descriptor.atomic_and", "self, offsets, value", tensordesc_atomic},
    {"tensor_descriptor.atomic_or", "self, offsets, value", tensordesc_atomic},
    {"tensor_descriptor.atomic_xor", "self, offsets, value", tensordesc_atomic},
    {"tl.pointer_type", "element_ty, address_space=, const=", b_pointer_type},
    {"tl.randint", "seed, offset, n_rounds=", random_randint},
    {"tl.randint4x", "seed, offset, n_rounds=", random_randint4x},
    {"tl.rand", "seed, offset, n_rounds=", random_rand},
    {"tl.rand4x", "seed, offsets, n_rounds=", random_rand4x},
    {"tl.randn", "seed, offset, n_rounds=", random_randn},
    {"tl.randn4x", "seed, offset, n_rounds=", random_randn4x},
    {"tl.philox", "seed, c0, c1, c2, c3, n_rounds=", random_philox},
    {"tl.philox_impl", "c0, c1, c2, c3, k0, k1, n_rounds=", random_philox_impl},
    {"tl.uint_to_uniform_float", "x", random_uint_to_uniform_float},
    {"tl.pair_uniform_to_normal", "u1, u2", random_pair_uniform_to_normal},
    {"tl.constexpr", "value", b_constexpr},
    {"tl.static_assert", "cond, msg=", b_static_assert},
    {"tl.static_print", "*values", b_static_print},
    {"tl.device_print", "prefix, *args, hex=", b_device_print},
    {"print", "prefix, *args", b_device_print},
    {"tl.debug_barrier", "", b_debug_barrier},
    {"tl.assume", "cond", b_assume},
    {"tl.atomic_add", "pointer, val, mask=, sem=, scope=", b_atomic_rmw},
    {"tl.atomic_max", "pointer, val, mask=, sem=, scope=", b_atomic_rmw},
    {"tl.atomic_min", "pointer, val, mask=, sem=, scope=", b_atomic_rmw},
    {"tl.atomic_and", "pointer, val, mask=, sem=, scope=", b_atomic_rmw},
    {"tl.atomic_or", "pointer, val, mask=, sem=, scope=", b_atomic_rmw},
    {"tl.atomic_xor", "pointer, val, mask=, sem=, scope=", b_atomic_rmw},
    {"tl.atomic_xchg", "pointer, val, mask=, sem=, scope=", b_atomic_rmw},
    {"tl.atomic_cas", "pointer, cmp, val, sem=, scope=", b_atomic_cas},
    {"tl.multiple_of", "input, values", b_identity_hint},
    {"tl.max_contiguous", "input, values", b_identity_hint},
    {"tl.max_constancy", "input, values", b_identity_hint},
    {"tl.device_assert", "cond, msg=, mask=", b_device_assert},
    {"tl.range", "arg1, arg2=, step=, num_stages=, loop_unroll_factor=", b_range_outside_for},
    {"tl.static_range", "arg1, arg2=, step=", b_range_outside_for},
    {"range", "arg1, arg2=, step=", b_range_outside_for},
    {"min", "*values", b_py_min},
    {"max", "*values", b_py_max},
    {"int", "x", b_int},
    {"float", "x", b_float},
    {"str", "object=", b_str},
    {"len", "x", b_len},
    {"abs", "x", b_py_abs},
    {"tuple", "iterable=", b_py_sequence},
    {"list", "iterable=", b_py_sequence},
    {"torch.finfo", "type", b_torch_finfo},
    {"torch.cuda.get_device_capability", "device=", b_device_capability},
    {"torch.cuda.is_available", "", b_cuda_is_available},
    {"torch.cuda.get_device_properties", "device=", b_device_properties},
    {"torch.cuda.current_device", "", b_current_device},
    {"getattr", "object, name, default=", b_getattr},
    {"isinstance", "object, classinfo", b_isinstance},
    {"bool", "x=", b_py_bool},
    {"torch.are_deterministic_algorithms_enabled", "", b_deterministic_enabled},
    {"torch.iinfo", "type", b_torch_iinfo},
    {"triton.cdiv", "x, y", b_triton_cdiv},
    {"triton.next_power_of_2", "n", b_next_power_of_2},
    {"tl.standard._log2", "i", b_std_log2},
    {"tl.get_int_dtype", "bitwidth, signed", b_get_int_dtype},
    {"tl.standard._get_int_dtype", "bitwidth, signed", b_get_int_dtype},
    {"tl.standard._is_power_of_two", "i", b_std_is_power_of_two},
    {"triton.Config", "kwargs, num_warps=, num_stages=, num_ctas=, maxnreg=, pre_hook=", b_config},
    {"itertools.product", "*iterables, repeat=", b_product},
    {"zip", "*iterables, strict=", b_zip},
    {"filter", "function, iterable", b_filter},
    {"os.getenv", "key, default=", b_getenv},
    {"os.environ.get", "key, default=", b_getenv},
    {"packaging.version.parse", "version", b_version_parse},
};

static const Builtin *find(const char *name) {
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
    if (!strcmp(builtins[i].name, name)) return &builtins[i];
  return NULL;
}

bool builtin_exists(const char *name) { return find(name) != NULL; }

// Splits the parameter spec into names; '=' suffix marks optional ones.
static int param_names(const char *spec, char names[][32], bool *optional) {
  int n = 0;
  const char *p = spec;
  while (*p) {
    while (*p == ' ' || *p == ',') p++;
    if (!*p) break;
    int len = 0;
    while (p[len] && p[len] != ',' && p[len] != '=') len++;
    snprintf(names[n], 32, "%.*s", len, p);
    optional[n] = p[len] == '=';
    p += len;
    if (*p == '=') p++;
    n++;
  }
  return n;
}

Obj *builtin_call(Ctx *c, const char *name, Node *call, Obj **args, int nargs, Node **kwnodes, Obj **kwargs, int nkw) {
  const Builtin *b = find(name);
  // Triton 3.6's x.sort() fails and x.topk does not exist (measured); bitonic_merge is no
  // tensor member in its standard.py either
  if (!strcmp(name, "tensor.sort"))
    diag_fatal(call->a->loc, "x.sort() fails in Triton 3.6 (\"cannot convert None of type <class 'NoneType'> to "
               "tensor\"); call tl.sort(x)");
  if (!strcmp(name, "tensor.topk") || !strcmp(name, "tensor.bitonic_merge"))
    diag_fatal(call->a->loc, "'tensor' object has no attribute '%s' in Triton 3.6; call tl.%s(x, ...)", name + 7,
               name + 7);
  if (!b && !strncmp(name, "tensor.", 7)) {  // x.sum(1) is tl.sum(x, 1)
    b = find(xprintf("tl.%s", name + 7));
    if (!b) diag_fatal(call->a->loc, "unsupported tensor method '%s'", name + 7);
  }
  if (!b && !strncmp(name, "math.", 5)) {  // Python's math module, on compile-time numbers (pymath.c)
    if (nkw) diag_fatal(kwnodes[0]->loc, "%s(): tl2cu takes its arguments by position only", name);
    return pymath_call(name + 5, args, nargs, call->loc);
  }
  if (!b && !strncmp(name, "libdevice.", 10)) {
    if (nkw) diag_fatal(kwnodes[0]->loc, "%s() takes no keyword arguments", name);
    return libdevice_call(c, name + 10, call, args, nargs);
  }
  if (!b && !strncmp(name, "tensor_descriptor.", 18))
    diag_fatal(call->a->loc, "tensor descriptor method '%s' is not supported by tl2cu (README, \"Not yet\")", name + 18);
  if (!b && !strncmp(name, "class ", 6))
    diag_fatal(call->a->loc, "'%s' is a class: tl2cu runs no class code (its instances, methods and attributes are "
               "host code it does not evaluate; -D gives a value computed from them)", name + 6);
  if (!b) diag_fatal(call->a->loc, "unknown function '%s'", name);
  char names[16][32];
  bool optional[16];
  int np = param_names(b->params, names, optional);
  Obj *bound[16] = {0};
  const char *method = strchr(name, '.');
  bool is_method = !strncmp(name, "tensor.", 7) || !strncmp(name, "tensor_descriptor.", 18);
  const char *shown = is_method ? method + 1 : name;
  int shift = is_method ? 1 : 0;  // the receiver is not counted for the user
  Obj *fixed[16];
  int star = -1;
  for (int i = 0; i < np; i++)
    if (names[i][0] == '*') star = i;
  if (star >= 0) {  // "*dims": the remaining positionals, as a tuple; the parameters after it by keyword only
    Obj *rest = obj_new(OBJ_TUPLE);
    for (int i = star; i < nargs; i++) vec_push(&rest->items, args[i]);
    if (rest->items.len == 1 && ((Obj *)rest->items.items[0])->kind == OBJ_TUPLE)
      rest = rest->items.items[0];  // tl.reshape(x, (2, 3)) as tl.reshape(x, 2, 3)
    for (int i = 0; i < star && i < nargs; i++) fixed[i] = args[i];
    fixed[star] = rest;
    nargs = nargs < star ? nargs : star + 1;
    args = fixed;
    memmove(names[star], names[star] + 1, strlen(names[star]));
    optional[star] = true;
  }
  if (nargs > np)
    diag_fatal(call->loc, "%s() takes at most %d argument%s but %d were given", shown, np - shift,
               np - shift == 1 ? "" : "s", nargs - shift);
  for (int i = 0; i < nargs; i++) bound[i] = args[i];
  for (int k = 0; k < nkw; k++) {
    int i = 0;
    while (i < np && strcmp(names[i], kwnodes[k]->str)) i++;
    if (i == np) diag_fatal(kwnodes[k]->loc, "%s() got an unexpected keyword argument '%s'", shown, kwnodes[k]->str);
    if (bound[i]) diag_fatal(kwnodes[k]->loc, "%s() got multiple values for argument '%s'", shown, names[i]);
    bound[i] = kwargs[k];
  }
  for (int i = 0; i < np; i++)
    if (!bound[i] && !optional[i]) diag_fatal(call->loc, "%s() missing required argument '%s'", shown, names[i]);
  c->callee = b->name;
  return b->fn(c, call, bound);
}

static const char *math_functions[] = {"abs", "exp", "exp2", "log", "log2", "sqrt", "sqrt_rn", "rsqrt",
                                       "sin", "cos", "floor", "ceil", "erf", "fdiv", "div_rn", "fma",
                                       "cdiv", "sigmoid", "maximum", "minimum", "umulhi"};

// tl.random: the module random.py, whose functions tl also exports (tl.random.rand is tl.rand).
static const char *random_functions[] = {"randint", "randint4x", "rand", "rand4x", "randn", "randn4x", "philox",
                                         "philox_impl", "uint_to_uniform_float", "pair_uniform_to_normal"};

// Triton has these; tl2cu does not (the README's "Not yet" list).
static const char *const not_supported[] = {
    "tl.dot_scaled", "tl._experimental_descriptor_load",
    "tl._experimental_descriptor_store", "tl._experimental_make_tensor_descriptor",
    "tl.tensor_descriptor",
};

// A tl.* name tl2cu lacks: said apart from a misspelling, which gets a suggestion.
static _Noreturn void unknown_tl_name(const char *q, Loc loc) {
  for (size_t i = 0; i < sizeof not_supported / sizeof not_supported[0]; i++)
    if (!strcmp(q, not_supported[i])) diag_fatal(loc, "%s is not supported by tl2cu (README, \"Not yet\")", q);
  Vec names = {0};
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
    if (!strncmp(builtins[i].name, "tl.", 3)) vec_push(&names, (void *)builtins[i].name);
  const char *close = closest_name(q, &names);
  diag_fatal(loc, "unknown function '%s'%s", q, close ? xprintf("; did you mean '%s'?", close) : "");
}

const char *builtin_member(const char *module, const char *name) {
  if (!strcmp(module, "tl.math")) {
    for (size_t i = 0; i < sizeof math_functions / sizeof math_functions[0]; i++)
      if (!strcmp(name, math_functions[i])) return xprintf("tl.%s", name);
    return libdevice_has(name) ? xprintf("libdevice.%s", name) : NULL;  // Triton 2.x's tl.math held libdevice
  }
  if (!strcmp(module, "tl.random")) {
    for (size_t i = 0; i < sizeof random_functions / sizeof random_functions[0]; i++)
      if (!strcmp(name, random_functions[i])) return xprintf("tl.%s", name);
  }
  if (!strcmp(module, "tl.standard")) {  // standard.py: what tl exports from it, and its private helpers
    const char *q = xprintf(name[0] == '_' ? "tl.standard.%s" : "tl.%s", name);
    return find(q) ? q : NULL;
  }
  return NULL;
}

Obj *builtin_attr(Ctx *c, Obj *module, const char *name, Loc loc) {
  (void)c;
  const char *m = module->str;
  if (!strcmp(m, "tl") || !strcmp(m, "tl.math")) {
    Scalar s;
    if (!strcmp(m, "tl") && scalar_from_name(name, &s) && strcmp(name, "float") && strcmp(name, "double") &&
        strcmp(name, "half") && strcmp(name, "bool") && !strchr(name, '_'))  // (not torch's float8_e5m2)
      return obj_dtype(s);
    if (!strcmp(m, "tl") && fp8_refused(name)) diag_fatal(loc, "tl.%s: %s", name, fp8_refused(name));
    if (!strcmp(m, "tl") && !strcmp(name, "math")) {
      return obj_module("tl.math");
    }
    if (!strcmp(name, "PropagateNan")) {
      return obj_module("tl.PropagateNan");
    }
    if (!strcmp(m, "tl") && !strcmp(name, "extra")) return obj_module("tl.extra");
    if (!strcmp(m, "tl") && !strcmp(name, "random")) return obj_module("tl.random");
    if (!strcmp(m, "tl") && !strcmp(name, "standard")) return obj_module("tl.standard");
    if (!strcmp(m, "tl") && !strcmp(name, "core")) return obj_module("tl");  // (core.py defines tl's names)
    if (!strcmp(m, "tl") && !strcmp(name, "CONSTEXPR_0")) return obj_int(0);  // core.py's constexpr(0)
    if (!strcmp(m, "tl.math")) {
      const char *member = builtin_member(m, name);
      if (!member) diag_fatal(loc, "unknown function 'tl.math.%s'", name);
      return obj_builtin(member);
    }
    const char *q = xprintf("tl.%s", name);
    if (!find(q)) unknown_tl_name(q, loc);
    return obj_builtin(q);
  }
  if (!strcmp(m, "tl.random") || !strcmp(m, "tl.standard")) {
    const char *member = builtin_member(m, name);
    if (!member) diag_fatal(loc, "unknown function '%s.%s'", m, name);
    return obj_builtin(member);
  }
  if (!strcmp(m, "tl.extra") && !strcmp(name, "cuda")) return obj_module("tl.extra.cuda");
  if ((!strcmp(m, "tl.extra") || !strcmp(m, "tl.extra.cuda")) && !strcmp(name, "libdevice")) return obj_module("libdevice");
  if (!strcmp(m, "libdevice")) {
    if (!libdevice_has(name)) diag_fatal(loc, "unknown function 'libdevice.%s'", name);
    return obj_builtin(xprintf("libdevice.%s", name));
  }
  if (!strcmp(m, "tl.PropagateNan")) {
    if (!strcmp(name, "ALL")) return obj_int(1);
    if (!strcmp(name, "NONE")) return obj_int(0);
    diag_fatal(loc, "unknown member 'tl.PropagateNan.%s'", name);
  }
  if (!strcmp(m, "torch")) {  // torch.float16, torch.finfo, torch.iinfo
    Obj *d = torch_dtype(name);
    if (d) return d;
    if (!strcmp(name, "finfo") || !strcmp(name, "iinfo") || !strcmp(name, "are_deterministic_algorithms_enabled"))
      return obj_builtin(xprintf("torch.%s", name));
    if (!strcmp(name, "cuda") || !strcmp(name, "version")) return obj_module(xprintf("torch.%s", name));
  }
  if (!strcmp(m, "torch.cuda") && (!strcmp(name, "get_device_capability") || !strcmp(name, "is_available") ||
                                    !strcmp(name, "get_device_properties") || !strcmp(name, "current_device")))
    return obj_builtin(xprintf("torch.cuda.%s", name));
  if (!strcmp(m, "torch.version") && !strcmp(name, "hip")) return obj_none();  // (a CUDA build's)
  if (!strcmp(m, "triton")) {
    if (!strcmp(name, "language")) {
      return obj_module("tl");
    }
    // the Triton whose semantics tl2cu follows (version checks in module-level ifs)
    if (!strcmp(name, "__version__")) return obj_str(TRITON_VERSION);
    const char *q = xprintf("triton.%s", name);
    if (!find(q)) diag_fatal(loc, "unsupported function '%s'", q);
    return obj_builtin(q);
  }
  if (!strcmp(m, "math")) {  // Python's (pymath.c)
    Obj *k = pymath_constant(name);
    if (k) return k;
    if (pymath_has(name)) return obj_builtin(xprintf("math.%s", name));
  }
  if (!strcmp(m, "itertools") && !strcmp(name, "product")) return obj_builtin("itertools.product");
  if (!strcmp(m, "os") && !strcmp(name, "getenv")) return obj_builtin("os.getenv");
  if (!strcmp(m, "packaging") && !strcmp(name, "version")) return obj_module("packaging.version");
  if (!strcmp(m, "packaging.version") && (!strcmp(name, "parse") || !strcmp(name, "Version")))
    return obj_builtin("packaging.version.parse");
  if (!strcmp(m, "os") && !strcmp(name, "environ")) return obj_module("os.environ");
  if (!strcmp(m, "os.environ") && !strcmp(name, "get")) return obj_builtin("os.environ.get");
  diag_fatal(loc, "unsupported module member '%s.%s'", m, name);
}
