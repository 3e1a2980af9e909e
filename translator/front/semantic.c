// semantic.c: building runtime IR values with Triton's typing rules
// (python/triton/language/semantic.py; TRITON_SEMANTICS.md sections 2-4).
//
// Input: objects from the tracer, at least one of them a runtime value.
// Output: Values with their dtype and block shape fixed; every implicit
// conversion (promotion, broadcasting, the weak typing of Python scalars) is
// an explicit V_CAST / V_BROADCAST node, so later stages never re-derive types.
#include "tl2cu.h"

#include <math.h>
#include <string.h>

static int next_id;

Value *sem_new(Ctx *c, VKind kind, Type ty, Shape shape, Loc loc) {
  Value *v = xmalloc(sizeof(Value));
  v->kind = kind;
  v->ty = ty;
  v->shape = shape;
  v->loc = loc;
  v->bb = c->bb;
  v->id = ++next_id;
  if (c->k) vec_push(&c->k->values, v);
  return v;
}

int sem_next_id(void) { return next_id + 1; }
int sem_new_id(void) { return ++next_id; }

static Shape scalar_shape(void) { return (Shape){0, {0}}; }

bool sem_is_block(const Obj *o) { return o->kind == OBJ_VALUE && o->val->shape.rank > 0; }

static Value *use(Value *v) {
  v->uses++;
  return v;
}

// A Python number materialized in dtype `ty` (range-checked for integers).
Value *sem_const(Ctx *c, Obj *o, Scalar ty, Loc loc) {
  if (!obj_is_const_number(o)) diag_fatal(loc, "expected a number or a tensor, got %s", obj_kind_name(o));
  Value *v = sem_new(c, V_CONST, type_scalar(ty), scalar_shape(), loc);
  double f = o->kind == OBJ_FLOAT ? o->fval : (double)o->ival;
  if (scalar_is_fp8(ty)) {  // semantic.py scalar_constant: 0 is the null value (all bits 0, +0.0 even for -0.0)
    if (f != 0)
      diag_fatal(loc, "a Python scalar as %s: Triton makes fp8 constants only of 0; convert the fp8 block with "
                      ".to(tl.float32) and compute there", scalar_name(ty));
    return v;
  }
  if (scalar_is_float(ty)) {
    v->fval = f;
    return v;
  }
  if (o->kind == OBJ_FLOAT) v->ival = (int64_t)f;
  else v->ival = o->ival;
  int bits = scalar_bits(ty);
  if (ty != TY_I1 && bits < 64 && o->kind == OBJ_INT) {
    int64_t lo = scalar_is_signed(ty) ? -((int64_t)1 << (bits - 1)) : 0;
    int64_t hi = scalar_is_signed(ty) ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
    if (v->ival < lo || v->ival > hi)
      diag_fatal(loc, "scalar %lld is out of range for type %s", (long long)v->ival, scalar_name(ty));
  } else if (!scalar_is_signed(ty) && o->kind == OBJ_INT && v->ival < 0 && ty != TY_I1) {
    diag_fatal(loc, "scalar %lld is out of range for type %s", (long long)v->ival, scalar_name(ty));
  }
  return v;
}

// The dtype of a Python literal used on its own (semantic.py to_tensor).
static Scalar literal_type(Obj *o) {
  if (o->kind == OBJ_BOOL) return TY_I1;
  if (o->kind == OBJ_FLOAT) {
    double a = fabs(o->fval);
    if (a == 0 || isinf(a) || isnan(a) || (a >= 1.17549435e-38 && a <= 3.4028234663852886e38))
      return TY_F32;
    return TY_F64;
  }
  int64_t v = o->ival;
  if (v >= INT32_MIN && v <= INT32_MAX) return TY_I32;
  if (v >= 0 && v <= (int64_t)UINT32_MAX) return TY_U32;
  return TY_I64;
}

Value *sem_to_value(Ctx *c, Obj *o, Loc loc) {
  if (o->kind == OBJ_VALUE) return o->val;
  if (!obj_is_const_number(o))
    diag_fatal(loc, "expected a number or a tensor, got %s", obj_kind_name(o));
  return sem_const(c, o, literal_type(o), loc);
}

// Conversions to and from fp8 (semantic.py cast: FpToFpOp between fp8 and another float;
// ElementwiseOpToLLVM.cpp FpToFpOpConversion on sm_90 lowers only fp16, bf16 and fp32 to
// or from fp8e4nv and fp8e5, and rounding other than RTNE only from fp32 to fp8e5).
static Value *fp8_cast(Ctx *c, Value *v, Scalar to, CastRounding rounding, Loc loc) {
  Scalar from = v->ty.kind, other = scalar_is_fp8(from) ? to : from;
  if (c->k && !c->k->fp8)
    diag_fatal(loc, "cannot cast %s to %s: fp8 conversions (cvt ... e4m3x2 / e5m2x2) need sm_89 or later, and "
                    "--target names an earlier one", scalar_name(from), scalar_name(to));
  if (from == TY_PTR || to == TY_PTR || scalar_is_int(other))
    diag_fatal(loc, "cannot cast %s to %s: fp8 converts only to and from floating-point types", type_name(v->ty),
               scalar_name(to));
  if (scalar_is_fp8(other))
    diag_fatal(loc, "cannot cast %s to %s: Triton has no conversion between fp8 formats on sm_90 (go through tl.float16)",
               scalar_name(from), scalar_name(to));
  if (other == TY_F64)
    diag_fatal(loc, "cannot cast %s to %s: Triton's sm_90 backend converts fp8 only to and from fp16, bf16 and fp32",
               scalar_name(from), scalar_name(to));
  if (rounding == ROUND_RTZ && !(from == TY_F32 && to == TY_F8E5))
    diag_fatal(loc, "fp_downcast_rounding='rtz' from %s to %s: Triton's sm_90 backend rounds toward zero into fp8 only "
                    "from fp32 to fp8e5", scalar_name(from), scalar_name(to));
  Value *r = sem_new(c, V_CAST, type_scalar(to), v->shape, loc);
  r->a = use(v);
  r->ival = rounding == ROUND_RTZ;
  return r;
}

// x.to(to, fp_downcast_rounding=...): semantic.py cast. A cast to the type x has is x,
// whatever the rounding mode (Triton returns before it reads the mode: FLA's
// `.to(dtype, fp_downcast_rounding="rtne")` with dtype fp32). Otherwise a rounding mode is
// allowed only where a float narrows (RTNE is the default there); 'rtz' is a conversion of its own.
Value *sem_cast_rounded(Ctx *c, Value *v, Scalar to, CastRounding rounding, Loc loc) {
  Scalar from = v->ty.kind;
  if (from == to) return v;
  bool floats = (scalar_is_float(from) || scalar_is_fp8(from)) && (scalar_is_float(to) || scalar_is_fp8(to));
  if (rounding != ROUND_DEFAULT && !(floats && scalar_bits(to) < scalar_bits(from)))
    diag_fatal(loc, "fp_downcast_rounding should be set only for truncating fp conversions (%s to %s)",
               type_name(v->ty), scalar_name(to));
  if (scalar_is_fp8(from) || scalar_is_fp8(to)) return fp8_cast(c, v, to, rounding, loc);
  if (rounding != ROUND_RTZ) return sem_cast(c, v, to, loc);
  if (from != TY_F32)
    diag_fatal(loc, "fp_downcast_rounding='rtz' from %s: Triton's sm_90 backend rounds toward zero only from fp32",
               scalar_name(from));
  Value *r = sem_new(c, V_CAST, type_scalar(to), v->shape, loc);  // cvt.rz.f16.f32 / cvt.rz.bf16.f32
  r->a = use(v);
  r->ival = 1;
  return r;
}

Value *sem_cast(Ctx *c, Value *v, Scalar to, Loc loc) {
  if (v->ty.kind == to) return v;
  if (scalar_is_fp8(v->ty.kind) || scalar_is_fp8(to)) return fp8_cast(c, v, to, ROUND_DEFAULT, loc);
  if (v->kind == V_CONST && v->shape.rank == 0) {  // fold: a literal typed directly
    Obj o = {.kind = scalar_is_float(v->ty.kind) ? OBJ_FLOAT : OBJ_INT, .ival = v->ival, .fval = v->fval};
    if (scalar_is_float(to) || o.kind == OBJ_INT) {
      Value *r = sem_new(c, V_CONST, type_scalar(to), scalar_shape(), loc);
      if (scalar_is_float(to)) r->fval = o.kind == OBJ_FLOAT ? o.fval : (double)o.ival;
      else if (to == TY_I1) r->ival = o.ival != 0;
      else r->ival = o.ival;
      if (!scalar_is_float(to) && to != TY_I1 && scalar_bits(to) < 64) {  // wrap like the cast would
        int bits = scalar_bits(to);
        uint64_t m = ((uint64_t)1 << bits) - 1, u = (uint64_t)r->ival & m;
        r->ival = scalar_is_signed(to) && (u >> (bits - 1)) ? (int64_t)(u | ~m) : (int64_t)u;
      }
      return r;
    }
  }
  if (v->ty.kind == TY_PTR) return sem_cast_pointer(c, v, type_scalar(to), loc);
  Value *r = sem_new(c, V_CAST, type_scalar(to), v->shape, loc);
  r->a = use(v);
  return r;
}

// Casts to and from pointers (semantic.py cast): a pointer to another element type, a
// 64-bit integer to a pointer (int_to_ptr) and back (ptr_to_int), a pointer to bool (!= 0).
Value *sem_cast_pointer(Ctx *c, Value *v, Type to, Loc loc) {
  bool from_ptr = v->ty.kind == TY_PTR, to_ptr = to.kind == TY_PTR;
  if (from_ptr && to_ptr && v->ty.pointee == to.pointee) return v;
  bool int64 = !from_ptr && (v->ty.kind == TY_I64 || v->ty.kind == TY_U64);
  bool ok = to_ptr ? from_ptr || int64 : from_ptr && (to.kind == TY_I64 || to.kind == TY_U64 || to.kind == TY_I1);
  if (!ok)
    diag_fatal(loc, "cannot cast %s to %s: pointers convert to and from 64-bit integers, to bool, and to other pointers",
               type_name(v->ty), type_name(to));
  Value *r = sem_new(c, V_CAST, to, v->shape, loc);
  r->a = use(v);
  return r;
}

Value *sem_broadcast_to(Ctx *c, Value *v, Shape s, Loc loc) {
  if (shape_eq(v->shape, s)) return v;
  Shape check;
  if (!shape_broadcast(v->shape, s, &check) || !shape_eq(check, s))
    diag_fatal(loc, "cannot broadcast a block of shape %s to %s", shape_text(v->shape), shape_text(s));
  Value *r = sem_new(c, V_BROADCAST, v->ty, s, loc);
  r->a = use(v);
  return r;
}

Value *sem_expand(Ctx *c, Value *v, int axis, Loc loc) {
  if (v->shape.rank >= MAX_RANK) diag_fatal(loc, "blocks of more than %d dimensions are not supported", MAX_RANK);
  Shape s = {v->shape.rank + 1, {0}};
  for (int i = 0, j = 0; i < s.rank; i++) s.dim[i] = i == axis ? 1 : v->shape.dim[j++];
  Value *r = sem_new(c, V_EXPAND, v->ty, s, loc);
  r->a = use(v);
  r->ival = axis;
  return r;
}

// bool < int < float, as Triton ranks the kinds of Python scalars.
static int kind_rank(Scalar s) { return s == TY_I1 ? 0 : scalar_is_int(s) ? 1 : 2; }
static int obj_kind_rank(Obj *o) { return o->kind == OBJ_BOOL ? 0 : o->kind == OBJ_INT ? 1 : 2; }

static bool is_div_like(Op op) { return op == OP_DIV || op == OP_MOD; }

// Result dtype of arithmetic on two dtypes (semantic.py computation_type_impl).
static Scalar promote(Op op, Scalar a, Scalar b, Loc loc) {
  if (a == TY_F64 || b == TY_F64) return TY_F64;
  if (a == TY_F32 || b == TY_F32) return TY_F32;
  if (a == TY_F16 || b == TY_F16) return is_div_like(op) ? TY_F32 : TY_F16;
  if (a == TY_BF16 && b == TY_BF16) return is_div_like(op) ? TY_F32 : TY_BF16;
  if (a == TY_BF16 || b == TY_BF16) return TY_F32;
  if (scalar_is_fp8(a) && scalar_is_fp8(b)) return a == b ? a : TY_F16;
  if (scalar_is_fp8(a) || scalar_is_fp8(b)) diag_fatal(loc, "unexpected types %s and %s", scalar_name(a), scalar_name(b));
  // both integers
  bool sa = scalar_is_signed(a), sb = scalar_is_signed(b);
  if ((op == OP_DIV || op == OP_FLOORDIV || op == OP_MOD) && sa != sb)
    diag_fatal(loc, "cannot use '%s' between %s and %s: their signedness differs", op_text(op),
               scalar_name(a), scalar_name(b));
  if (op == OP_DIV) return TY_F32;
  int wa = scalar_bits(a), wb = scalar_bits(b);
  if (sa == sb) return wa >= wb ? a : b;
  Scalar u = sa ? b : a, s = sa ? a : b;
  return scalar_bits(u) >= scalar_bits(s) ? u : s;
}

bool is_compare(Op op) { return op >= OP_LT && op <= OP_NE; }

Scalar sem_promote(Scalar a, Scalar b, Loc loc) {
  return a == TY_I1 && b == TY_I1 ? TY_I1 : promote(OP_ADD, a, b, loc);
}

// Turns a Python-scalar operand into a value, typed "weakly" by the other side.
static Value *weak_operand(Ctx *c, Obj *lit, Value *other, Loc loc) {
  Scalar t = other->ty.kind == TY_PTR ? TY_I32 : other->ty.kind;
  if (other->ty.kind != TY_PTR && obj_kind_rank(lit) <= kind_rank(t)) return sem_const(c, lit, t, loc);
  return sem_to_value(c, lit, loc);
}

static Value *pointer_arith(Ctx *c, Op op, Value *a, Value *b, Loc loc) {
  if (op == OP_ADD && b->ty.kind == TY_PTR) {
    Value *t = a;
    a = b;
    b = t;
  }
  if ((op != OP_ADD && op != OP_SUB) || a->ty.kind != TY_PTR || !scalar_is_int(b->ty.kind) ||
      b->ty.kind == TY_I1)
    diag_fatal(loc, "invalid operands of '%s': %s and %s", op_text(op), type_name(a->ty), type_name(b->ty));
  if (op == OP_SUB) b = (Value *)sem_unary(c, OP_NEG, obj_value(b), loc)->val;
  Shape s;
  if (!shape_broadcast(a->shape, b->shape, &s))
    diag_fatal(loc, "shapes %s and %s cannot be broadcast together", shape_text(a->shape), shape_text(b->shape));
  Value *r = sem_new(c, V_BINARY, a->ty, s, loc);
  r->op = OP_ADD;
  r->a = use(sem_broadcast_to(c, a, s, loc));
  r->b = use(sem_broadcast_to(c, b, s, loc));
  return r;
}

static bool is_const(Value *v, int64_t k) {
  return v->kind == V_CONST && v->shape.rank == 0 && scalar_is_int(v->ty.kind) && v->ival == k;
}

// x + 0, 0 + x, x - 0, x * 1, 1 * x on integers (pid * BLOCK with BLOCK = 1): x itself,
// when x already has the result's type and shape.
static Value *int_identity_operand(Op op, Value *a, Value *b, Scalar ct, Shape s) {
  Value *x = NULL;
  if ((op == OP_ADD && is_const(b, 0)) || (op == OP_SUB && is_const(b, 0)) || (op == OP_MUL && is_const(b, 1))) x = a;
  if ((op == OP_ADD && is_const(a, 0)) || (op == OP_MUL && is_const(a, 1))) x = b;
  return x && x->ty.kind == ct && shape_eq(x->shape, s) ? x : NULL;
}

// A float constant k (a literal, a constexpr, a splat of one): -0.0 told from +0.0.
static bool float_const_is(Value *v, double k) {
  v = unbroadcast(v);
  return v->kind == V_CONST && scalar_is_float(v->ty.kind) && v->fval == k && signbit(v->fval) == signbit(k);
}

// The float identities MLIR's arith folders (and LLVM's InstCombine after them) remove,
// exact for every x but a NaN's payload, which the fold keeps as Triton does: x * 1.0,
// 1.0 * x, x / 1.0, x + -0.0, -0.0 + x, x - 0.0 (x + 0.0 is not x for x = -0.0). They
// decide contraction too: `1.0 * g + p * wd` is fma(p, wd, g) in Triton's PTX
// (bitsandbytes' 32-bit optimizers). x is taken to the result's type and shape.
static Value *float_identity_operand(Op op, Value *a, Value *b) {
  if ((op == OP_MUL || op == OP_DIV) && float_const_is(b, 1.0)) return a;
  if (op == OP_MUL && float_const_is(a, 1.0)) return b;
  if (op == OP_ADD && float_const_is(b, -0.0)) return a;
  if (op == OP_ADD && float_const_is(a, -0.0)) return b;
  if (op == OP_SUB && float_const_is(b, 0.0)) return a;
  return NULL;
}

// Arithmetic in an fp8 type: Triton types it so (computation_type_impl), but no backend
// instruction computes it; tl2cu refuses it rather than guess.
static _Noreturn void fp8_arith(Op op, Scalar t, Loc loc) {
  diag_fatal(loc, "'%s' on %s is not supported by tl2cu: fp8 is a storage type here; convert with .to(tl.float32) "
                  "(or tl.float16) first", op_text(op), scalar_name(t));
}

static Value *binary(Ctx *c, Op op, Obj *ao, Obj *bo, bool fold_identity, Loc loc) {
  if (op == OP_POW) diag_fatal(loc, "'**' is not supported on tensors");
  if (op == OP_IS || op == OP_ISNOT || op == OP_IN)
    diag_fatal(loc, "'%s' is only supported on compile-time values", op_text(op));
  Value *a = ao->kind == OBJ_VALUE ? ao->val : NULL, *b = bo->kind == OBJ_VALUE ? bo->val : NULL;
  if (!a && !b) internal_error(__FILE__, __LINE__, "sem_binary on two compile-time values");
  if (!a && !obj_is_const_number(ao)) diag_fatal(loc, "unsupported operand for '%s': %s", op_text(op), obj_kind_name(ao));
  if (!b && !obj_is_const_number(bo)) diag_fatal(loc, "unsupported operand for '%s': %s", op_text(op), obj_kind_name(bo));
  // core.py tensor.__rshift__ (and __rrshift__ for `literal >> tensor`) picks ashr or lshr
  // by the tensor operand's own signedness, before promotion: int8 >> uint8 is a uint8
  // shifted arithmetically.
  bool arith_shift = op == OP_RSHIFT && scalar_is_signed((a ? a : b)->ty.kind);
  if ((!a || !b) && scalar_is_fp8((a ? a : b)->ty.kind)) fp8_arith(op, (a ? a : b)->ty.kind, loc);  // weakly typed fp8
  if (!a) a = weak_operand(c, ao, b, loc);
  if (!b) b = weak_operand(c, bo, a, loc);
  if (a->ty.kind == TY_PTR || b->ty.kind == TY_PTR) {
    if (is_compare(op) && a->ty.kind == TY_PTR && b->ty.kind == TY_PTR) {
      a = sem_cast(c, a, TY_I64, loc), b = sem_cast(c, b, TY_I64, loc);
    } else {
      return pointer_arith(c, op, a, b, loc);
    }
  }
  Scalar ta = a->ty.kind, tb = b->ty.kind;
  bool bitwise = op == OP_AND || op == OP_OR || op == OP_XOR || op == OP_LSHIFT || op == OP_RSHIFT;
  if (bitwise && (!scalar_is_int(ta) || !scalar_is_int(tb)))
    diag_fatal(loc, "'%s' needs integer operands, got %s and %s", op_text(op), scalar_name(ta), scalar_name(tb));
  if (op == OP_FLOORDIV && (!scalar_is_int(ta) || !scalar_is_int(tb)))
    diag_fatal(loc, "'//' needs integer operands, got %s and %s (use tl.floor(a / b))", scalar_name(ta), scalar_name(tb));
  Scalar ct = (ta == TY_I1 && tb == TY_I1) ? TY_I1 : promote(is_compare(op) ? OP_ADD : op, ta, tb, loc);
  if (scalar_is_fp8(ct)) fp8_arith(op, ct, loc);
  if (ct == TY_I1 && !bitwise && !is_compare(op)) ct = TY_I1;
  Shape s;
  if (!shape_broadcast(a->shape, b->shape, &s))
    diag_fatal(loc, "shapes %s and %s cannot be broadcast together", shape_text(a->shape), shape_text(b->shape));
  Value *same = NULL;
  if (fold_identity && scalar_is_int(ct) && ct != TY_I1) same = int_identity_operand(op, a, b, ct, s);
  if (same) return same;
  if (fold_identity && scalar_is_float(ct) && (same = float_identity_operand(op, a, b)))
    return sem_broadcast_to(c, sem_cast(c, same, ct, loc), s, loc);
  Value *r = sem_new(c, V_BINARY, type_scalar(is_compare(op) ? TY_I1 : ct), s, loc);
  r->op = op;
  r->arith_shift = arith_shift;
  r->a = use(sem_broadcast_to(c, sem_cast(c, a, ct, loc), s, loc));
  r->b = use(sem_broadcast_to(c, sem_cast(c, b, ct, loc), s, loc));
  return r;
}

Obj *sem_binary(Ctx *c, Op op, Obj *a, Obj *b, Loc loc) { return obj_value(binary(c, op, a, b, true, loc)); }

// A new value of a binary operation's type and shape, its operands promoted and broadcast,
// never one of them folded away (x + 0 is x): for callers that make it another operation
// (tl.maximum(0, x - 1) had turned x - 1 itself into the maximum: liger's neighborhood mask).
Value *sem_binary_fresh(Ctx *c, Op op, Obj *a, Obj *b, Loc loc) { return binary(c, op, a, b, false, loc); }

Obj *sem_unary(Ctx *c, Op op, Obj *ao, Loc loc) {
  Value *a = sem_to_value(c, ao, loc);
  Scalar t = a->ty.kind;
  if (t == TY_PTR) diag_fatal(loc, "'%s' is not defined on pointers", op_text(op));
  if (op == OP_POS) return obj_value(a);
  if (scalar_is_fp8(t)) fp8_arith(op, t, loc);
  if (op == OP_INVERT && !scalar_is_int(t)) diag_fatal(loc, "'~' needs an integer operand, got %s", scalar_name(t));
  if (op == OP_LAND) {  // `not x`
    if (t != TY_I1) a = (Value *)sem_binary(c, OP_NE, obj_value(a), obj_int(0), loc)->val;
    Value *r = sem_new(c, V_UNARY, type_scalar(TY_I1), a->shape, loc);
    r->op = OP_LAND;
    r->a = use(a);
    return obj_value(r);
  }
  Value *r = sem_new(c, V_UNARY, a->ty, a->shape, loc);
  r->op = op;
  r->a = use(a);
  return obj_value(r);
}

Value *sem_where(Ctx *c, Obj *cond, Obj *x, Obj *y, Loc loc) {
  Value *cv = sem_to_value(c, cond, loc);
  if (cv->ty.kind != TY_I1) cv = (Value *)sem_binary(c, OP_NE, obj_value(cv), obj_int(0), loc)->val;
  Value *xv = x->kind == OBJ_VALUE ? x->val : NULL, *yv = y->kind == OBJ_VALUE ? y->val : NULL;
  if (!xv && !yv) xv = sem_to_value(c, x, loc);
  if (!xv) xv = weak_operand(c, x, yv, loc);
  if (!yv) yv = weak_operand(c, y, xv, loc);
  Scalar t;
  if (xv->ty.kind == TY_PTR || yv->ty.kind == TY_PTR) {
    if (!type_eq(xv->ty, yv->ty)) diag_fatal(loc, "tl.where: operands %s and %s differ", type_name(xv->ty), type_name(yv->ty));
    t = TY_PTR;
  } else {
    t = xv->ty.kind == TY_I1 && yv->ty.kind == TY_I1 ? TY_I1 : promote(OP_ADD, xv->ty.kind, yv->ty.kind, loc);
    xv = sem_cast(c, xv, t, loc);
    yv = sem_cast(c, yv, t, loc);
  }
  Shape s;
  if (!shape_broadcast(cv->shape, xv->shape, &s) || !shape_broadcast(s, yv->shape, &s))
    diag_fatal(loc, "tl.where: shapes %s, %s and %s cannot be broadcast together", shape_text(cv->shape),
               shape_text(xv->shape), shape_text(yv->shape));
  Value *r = sem_new(c, V_WHERE, xv->ty, s, loc);
  r->a = use(sem_broadcast_to(c, cv, s, loc));
  r->b = use(sem_broadcast_to(c, xv, s, loc));
  r->c = use(sem_broadcast_to(c, yv, s, loc));
  return r;
}

// An operation on fp8 values other than moving and converting them.
static _Noreturn void fp8_refuse(const char *what, Loc loc) {
  diag_fatal(loc, "%s on fp8 is not supported by tl2cu: fp8 is a storage type here; convert with .to(tl.float32) first",
             what);
}

Value *sem_minmax(Ctx *c, bool is_max, Obj *x, Obj *y, bool propagate_nan, Loc loc) {
  Value *xv = sem_to_value(c, x, loc), *yv = sem_to_value(c, y, loc);  // no weak scalars here
  if (scalar_is_fp8(xv->ty.kind) || scalar_is_fp8(yv->ty.kind)) fp8_refuse(is_max ? "tl.maximum" : "tl.minimum", loc);
  // core.py maximum/minimum: _promote_bfloat16_to_float32 on both operands
  if (xv->ty.kind == TY_BF16) xv = sem_cast(c, xv, TY_F32, loc);
  if (yv->ty.kind == TY_BF16) yv = sem_cast(c, yv, TY_F32, loc);
  Value *v = sem_binary_fresh(c, OP_ADD, obj_value(xv), obj_value(yv), loc);  // for type and shape
  v->kind = V_MATH;
  v->fn = is_max ? (propagate_nan ? "maximum_nan" : "maximum") : (propagate_nan ? "minimum_nan" : "minimum");
  return v;
}

// Is x fp32/fp64 bits reinterpreted from an integer in the basic block of its user r: a
// bitcast, or a load (Triton's loads are inline PTX returning integers, bitcast to float)?
// LLVM's DAG combine then turns a sign operation on x into integer logic: fabs(bitcast(i))
// -> bitcast(i & ~sign), fneg(bitcast(i)) -> bitcast(i ^ sign). abs.f32 would make a NaN
// canonical, abs.f64 and a negated fma operand leave its sign (fuzz kernels k2400:
// |bitcast(-3)|, k2112: |a loaded NaN|, k3415: -(a loaded NaN * b)).
bool float_bits_in_block(Value *x, int bb) {
  bool float32_or_64 = x->ty.kind == TY_F32 || x->ty.kind == TY_F64;
  bool int_bits = x->kind == V_LOAD || (x->kind == V_BITCAST && !scalar_is_float(x->a->ty.kind));
  return float32_or_64 && int_bits && x->bb == bb;
}

bool float_from_int_bits(Value *x, Value *r) { return float_bits_in_block(x, r->bb); }

// Elementwise math on floats (math.py): fp32 / fp64 only, as Triton checks.
Value *sem_math(Ctx *c, const char *fn, Value *x, Loc loc) {
  bool any_type = !strcmp(fn, "abs");
  if (scalar_is_fp8(x->ty.kind)) fp8_refuse(xprintf("tl.%s", fn), loc);
  if (!any_type && x->ty.kind != TY_F32 && x->ty.kind != TY_F64)
    diag_fatal(loc, "tl.%s: expected dtype fp32 or fp64 but got %s", fn, type_name(x->ty));
  if (x->ty.kind == TY_PTR) diag_fatal(loc, "tl.%s is not defined on pointers", fn);
  Value *r = sem_new(c, V_MATH, x->ty, x->shape, loc);
  r->fn = !strcmp(fn, "abs") && float_from_int_bits(x, r) ? "abs_bits" : fn;
  r->a = use(x);
  return r;
}

static Value *pointer_operand(Ctx *c, Obj *ptr, const char *what, Loc loc) {
  if (ptr->kind != OBJ_VALUE || ptr->val->ty.kind != TY_PTR)
    diag_fatal(loc, "%s: the first argument must be a pointer or a block of pointers, not %s", what,
               ptr->kind == OBJ_VALUE ? type_name(ptr->val->ty) : obj_kind_name(ptr));
  (void)c;
  return ptr->val;
}

static Value *mask_operand(Ctx *c, Obj *mask, Shape s, const char *what, Loc loc) {
  if (!mask || mask->kind == OBJ_NONE) return NULL;
  Value *m = sem_to_value(c, mask, loc);
  if (m->ty.kind != TY_I1)
    diag_fatal(loc, "%s: the mask must be a boolean (int1), got %s", what, type_name(m->ty));
  Shape b;
  if (!shape_broadcast(m->shape, s, &b) || !shape_eq(b, s))
    diag_fatal(loc, "%s: a mask of shape %s does not fit pointers of shape %s", what, shape_text(m->shape), shape_text(s));
  return use(sem_broadcast_to(c, m, s, loc));
}

// A Python number loaded as `other` or stored: typed as the pointee, except into fp8,
// where Triton makes it a tensor first (core.py load/store: to_tensor) and converts that
// (1.0 -> fp32 -> fp8 at run time; an int is refused, as Triton's cast refuses it).
static Value *pointee_number(Ctx *c, Obj *o, Scalar pointee, Loc loc) {
  return scalar_is_fp8(pointee) ? sem_to_value(c, o, loc) : sem_const(c, o, pointee, loc);
}

Value *sem_load(Ctx *c, Obj *ptr, Obj *mask, Obj *other, Loc loc) {
  Value *p = pointer_operand(c, ptr, "tl.load", loc);
  Value *r = sem_new(c, V_LOAD, type_scalar(p->ty.pointee), p->shape, loc);
  r->a = use(p);
  r->b = mask_operand(c, mask, p->shape, "tl.load", loc);
  if (other && other->kind != OBJ_NONE) {
    if (!r->b) diag_fatal(loc, "tl.load: 'other' needs a 'mask'");
    Value *o = other->kind == OBJ_VALUE ? other->val : pointee_number(c, other, p->ty.pointee, loc);
    r->c = use(sem_broadcast_to(c, sem_cast(c, o, p->ty.pointee, loc), p->shape, loc));
  }
  return r;
}

// A value written through p (tl.store, atomics): broadcast to the pointer's shape and
// cast to its element type; Python numbers take that type.
static Value *pointee_operand(Ctx *c, Obj *o, Value *p, const char *what, Loc loc) {
  Value *v = o->kind == OBJ_VALUE ? o->val : pointee_number(c, o, p->ty.pointee, loc);
  Shape b;
  if (!shape_broadcast(v->shape, p->shape, &b) || !shape_eq(b, p->shape))
    diag_fatal(loc, "%s: a value of shape %s does not fit pointers of shape %s", what, shape_text(v->shape),
               shape_text(p->shape));
  return use(sem_broadcast_to(c, sem_cast(c, v, p->ty.pointee, loc), p->shape, loc));
}

void sem_store(Ctx *c, Obj *ptr, Obj *val, Obj *mask, Loc loc) {
  Value *p = pointer_operand(c, ptr, "tl.store", loc);
  if (val->kind == OBJ_VALUE && val->val->ty.kind == TY_PTR) diag_fatal(loc, "tl.store: storing pointers is not supported");
  Stmt *s = add_stmt(c, S_STORE);
  s->ptr = use(p);
  s->v = pointee_operand(c, val, p, "tl.store", loc);
  s->mask = mask_operand(c, mask, p->shape, "tl.store", loc);
}

// ---------------------------------------------------------------- printing and checking

// tl.device_print (semantic.py device_print): one statement per operand, each printing
// every element its threads hold; the prefix alone when there are none.
void sem_print(Ctx *c, const char *prefix, Obj **args, int n, bool hex, Loc loc) {
  for (int i = 0; i < (n ? n : 1); i++) {
    Stmt *s = add_stmt(c, S_PRINT);
    s->text = prefix;
    s->hex = hex;
    s->operand = i;
    s->operands = n;
    if (!n) continue;
    Value *v = sem_to_value(c, args[i], loc);
    if (scalar_is_fp8(v->ty.kind)) fp8_refuse("tl.device_print", loc);
    if (hex && scalar_is_float(v->ty.kind) && v->ty.kind != TY_F64)
      diag_fatal(loc, "tl.device_print with hex=True of %s is not supported by tl2cu: Triton passes the value to printf "
                      "as a double that a 32-bit %%x reads, so it prints the double's low word or the argument buffer's "
                      "padding, not the value's bits (fp64 is printed as its bits)", type_name(v->ty));
    s->v = use(v);
  }
}

// tl.device_assert in debug mode (semantic.py device_assert): cond, or true where the
// mask is false.
void sem_assert(Ctx *c, Obj *cond, Obj *mask, const char *msg, Loc loc) {
  Value *v = sem_to_value(c, cond, loc);
  if (v->ty.kind != TY_I1)
    diag_fatal(loc, "tl.device_assert: the condition must be a boolean (int1), got %s", type_name(v->ty));
  if (mask && mask->kind != OBJ_NONE) v = sem_where(c, mask, obj_value(v), obj_bool(true), loc);
  Stmt *s = add_stmt(c, S_ASSERT);
  s->v = use(v);
  s->text = msg;
}

// ---------------------------------------------------------------- atomics (semantic.py atomic_*)

// atom_red_typechecking_impl: which element types each operation takes.
static void check_atomic_type(const char *op, Scalar t, Loc loc) {
  bool is_add = !strcmp(op, "add"), ordered = !strcmp(op, "max") || !strcmp(op, "min");
  if ((t == TY_F16 || t == TY_BF16) && !is_add) diag_fatal(loc, "atomic_%s does not support %s", op, scalar_name(t));
  if (t == TY_I16 || t == TY_U16 || scalar_bits(t) < 16)
    diag_fatal(loc, "atomic_%s does not support %s", op, scalar_name(t));
  if (scalar_is_float(t) && !is_add && !ordered && strcmp(op, "xchg"))
    diag_fatal(loc, "atomic_%s needs integer elements, not %s", op, scalar_name(t));
}

static Value *new_atomic(Ctx *c, const char *op, Value *p, int order, Loc loc) {
  Value *r = sem_new(c, V_ATOMIC, type_scalar(p->ty.pointee), p->shape, loc);
  r->fn = op;
  r->ival = order;
  r->a = use(p);
  return r;
}

Value *sem_atomic_rmw(Ctx *c, const char *op, Obj *ptr, Obj *val, Obj *mask, int order, Loc loc) {
  const char *what = xprintf("tl.atomic_%s", op);
  Value *p = pointer_operand(c, ptr, what, loc);
  check_atomic_type(op, p->ty.pointee, loc);
  Value *r = new_atomic(c, op, p, order, loc);
  r->b = pointee_operand(c, val, p, what, loc);
  r->c = mask_operand(c, mask, p->shape, what, loc);
  return r;
}

// semantic.py atomic_cas: no mask; cmp and val as they are (the MLIR op needs the
// element type: Python numbers take it).
Value *sem_atomic_cas(Ctx *c, Obj *ptr, Obj *cmp, Obj *val, int order, Loc loc) {
  Value *p = pointer_operand(c, ptr, "tl.atomic_cas", loc);
  Scalar t = p->ty.pointee;
  if (scalar_bits(t) != 16 && scalar_bits(t) != 32 && scalar_bits(t) != 64)
    diag_fatal(loc, "atomic_cas only supports elements with width {16, 32, 64}, not %s", scalar_name(t));
  Obj *ops[2] = {cmp, val};
  for (int i = 0; i < 2; i++)
    if (ops[i]->kind == OBJ_VALUE && ops[i]->val->ty.kind != t)
      diag_fatal(loc, "tl.atomic_cas: %s is %s but the pointer's elements are %s", i ? "val" : "cmp",
                 type_name(ops[i]->val->ty), scalar_name(t));
  Value *r = new_atomic(c, "cas", p, order, loc);
  r->b = pointee_operand(c, cmp, p, "tl.atomic_cas", loc);
  r->c = pointee_operand(c, val, p, "tl.atomic_cas", loc);
  return r;
}

// ---------------------------------------------------------------- shape ops (semantic.py)

static int norm_axis(int64_t axis, int rank, const char *what, Loc loc) {
  if (axis < -rank || axis >= rank)
    diag_fatal(loc, "%s: axis %lld is out of range for a block of rank %d", what, (long long)axis, rank);
  return (int)(axis < 0 ? axis + rank : axis);
}

static Value *need_block(Value *v, const char *what, Loc loc) {
  if (v->shape.rank == 0) diag_fatal(loc, "%s needs a block, not a scalar", what);
  return v;
}

Value *sem_permute(Ctx *c, Value *x, const int *perm, Loc loc) {
  Shape s = {x->shape.rank, {0}};
  bool seen[MAX_RANK] = {0}, identity = true;
  for (int i = 0; i < s.rank; i++) {
    if (perm[i] < 0 || perm[i] >= s.rank || seen[perm[i]])
      diag_fatal(loc, "the dims of a permutation must be 0..%d, each once", s.rank - 1);
    seen[perm[i]] = true;
    s.dim[i] = x->shape.dim[perm[i]];
    identity &= perm[i] == i;
  }
  if (identity) return x;
  Value *r = sem_new(c, V_PERMUTE, x->ty, s, loc);
  r->a = use(x);
  memcpy(r->perm, perm, sizeof r->perm);
  return r;
}

Value *sem_reshape(Ctx *c, Value *x, Shape s, Loc loc) {
  if (shape_numel(s) != shape_numel(x->shape))
    diag_fatal(loc, "cannot reshape a block of shape %s to %s: the element counts differ", shape_text(x->shape),
               shape_text(s));
  if (shape_eq(s, x->shape)) return x;
  Value *r = sem_new(c, V_RESHAPE, x->ty, s, loc);
  r->a = use(x);
  return r;
}

Value *sem_flip(Ctx *c, Value *x, int64_t axis, Loc loc) {
  int ax = norm_axis(axis, need_block(x, "tl.flip", loc)->shape.rank, "tl.flip", loc);
  Value *r = sem_new(c, V_FLIP, x->ty, x->shape, loc);
  r->a = use(x);
  r->ival = ax;
  return r;
}

// semantic.py join: a and b broadcast to one shape and stacked, no promotion: tt.join
// takes operands of one type, and Python numbers have no shape to broadcast.
Value *sem_join(Ctx *c, Obj *a, Obj *b, const char *what, Loc loc) {
  Obj *number = a->kind != OBJ_VALUE ? a : b->kind != OBJ_VALUE ? b : NULL;
  if (number) diag_fatal(loc, "%s needs tensors, not %s", what, obj_kind_name(number));
  Value *va = a->val, *vb = b->val;
  if (!type_eq(va->ty, vb->ty))
    diag_fatal(loc, "%s: operands of types %s and %s ('tt.join' op requires the same type for all operands)", what,
               type_name(va->ty), type_name(vb->ty));
  Shape s;
  if (!shape_broadcast(va->shape, vb->shape, &s))
    diag_fatal(loc, "shapes %s and %s cannot be broadcast together", shape_text(va->shape), shape_text(vb->shape));
  if (s.rank >= MAX_RANK) diag_fatal(loc, "%s: the result would have more than %d dims", what, MAX_RANK);
  Value *r = sem_new(c, V_JOIN, va->ty, s, loc);
  r->shape.dim[r->shape.rank++] = 2;
  r->a = use(sem_broadcast_to(c, va, s, loc));
  r->b = use(sem_broadcast_to(c, vb, s, loc));
  return r;
}

Value *sem_split(Ctx *c, Value *x, int part, Loc loc) {
  need_block(x, "tl.split", loc);
  if (x->shape.dim[x->shape.rank - 1] != 2)
    diag_fatal(loc, "tl.split needs a last dimension of size 2, got shape %s", shape_text(x->shape));
  Shape s = x->shape;
  s.rank--;
  Value *r = sem_new(c, V_SPLIT, x->ty, s, loc);
  r->a = use(x);
  r->ival = part;
  return r;
}

// ---------------------------------------------------------------- reductions and scans

// Scans, sorts, dots, gathers and histograms go through shared memory: at most sm_90's
// 227 KB each (emit.c asks for it at launch past 48 KB; each checked on the H200 beyond
// 48 KB against Triton, tests/gpu/large_scratch_check.py). The kernel's whole scratch is
// checked again when it is printed.
static const int64_t smem_limit = SMEM_MAX_SM90;

// The input of a reduction, scan, gather or histogram is read by every thread: it lives
// in a variable.
static Value *reduction_input(Ctx *c, Value *x, const char *fn) {
  if (!x->cname) x = lower_materialize(c, x, xprintf("%s_input", fn));
  return x;
}

static Scalar reduce_dtype(const char *fn, Scalar t, Loc loc) {
  bool is_int = scalar_is_int(t);
  if (!strcmp(fn, "sum")) {
    if (t == TY_I1) return TY_U32;
    if (is_int && scalar_bits(t) < 32) return scalar_is_signed(t) ? TY_I32 : TY_U32;
    return t;
  }
  if (!strcmp(fn, "max") || !strcmp(fn, "min")) {
    if (t == TY_BF16 || t == TY_F16) return TY_F32;
    if (is_int && scalar_bits(t) < 32) return TY_I32;
    return t;
  }
  if (!strcmp(fn, "xor_sum") || !strcmp(fn, "reduce_or")) {
    if (!is_int) diag_fatal(loc, "tl.%s needs integers, got %s", fn, scalar_name(t));
    return t;
  }
  if (!strcmp(fn, "argmax") || !strcmp(fn, "argmin")) return t == TY_BF16 ? TY_F32 : t;
  if (!strcmp(fn, "cumsum")) {
    if (t == TY_BF16) return TY_F32;
    if (t == TY_I1) return TY_U32;
    if (is_int && scalar_bits(t) < 32) return scalar_is_signed(t) ? TY_I32 : TY_U32;
    return t;
  }
  if (!strcmp(fn, "cumprod")) return t == TY_BF16 ? TY_F32 : t;
  return t;
}

// A block shape as Triton allows it: each dim a power of two, at most 2^20 elements.
void check_block_shape(Shape s, const char *what, Loc loc) {
  for (int i = 0; i < s.rank; i++)
    if (s.dim[i] <= 0 || (s.dim[i] & (s.dim[i] - 1)))
      diag_fatal(loc, "%s %s: every dimension must be a power of 2", what, shape_text(s));
  if (shape_numel(s) > 1048576) diag_fatal(loc, "%s %s has more than 2^20 elements", what, shape_text(s));
}

// The shape of x without dim ax.
static Shape without_dim(Shape x, int ax) {
  Shape s = {x.rank - 1, {0}};
  for (int i = 0, j = 0; i < x.rank; i++)
    if (i != ax) s.dim[j++] = x.dim[i];
  return s;
}

// keep_dims: the reduced dims back, of size 1.
static Value *keep_reduced_dims(Ctx *c, Value *r, Shape orig, int ax, bool axis_none, Loc loc) {
  if (!axis_none) return sem_expand(c, r, ax, loc);
  Shape ones = {orig.rank, {0}};
  for (int i = 0; i < ones.rank; i++) ones.dim[i] = 1;
  return sem_reshape(c, sem_broadcast_to(c, r, (Shape){1, {1}}, loc), ones, loc);
}

// axis < 0 after normalisation means None: reduce every dim to a scalar.
Value *sem_reduce(Ctx *c, Value *x, int64_t axis, bool axis_none, const char *fn, Combine *combine, bool keep_dims,
                  Loc loc) {
  need_block(x, xprintf("tl.%s", fn), loc);
  if (scalar_is_fp8(x->ty.kind)) fp8_refuse(xprintf("tl.%s", combine ? "reduce" : fn), loc);
  Shape orig = x->shape;
  int ax = 0;
  if (axis_none) {
    if (x->shape.rank > 1) x = sem_reshape(c, x, (Shape){1, {shape_numel(x->shape)}}, loc);
  } else {
    ax = norm_axis(axis, x->shape.rank, xprintf("tl.%s", fn), loc);
  }
  Scalar t = combine ? x->ty.kind : reduce_dtype(fn, x->ty.kind, loc);
  if (!combine) x = sem_cast(c, x, t, loc);
  x = reduction_input(c, x, fn);
  bool is_arg = !strcmp(fn, "argmax") || !strcmp(fn, "argmin");
  if (scalar_is_float(t) && (combine || !strcmp(fn, "sum"))) c->k->float_sums = true;
  Value *r = sem_new(c, V_REDUCE, type_scalar(is_arg ? TY_I32 : t), without_dim(x->shape, ax), loc);
  r->a = use(x);
  r->ival = ax;
  r->fn = fn;
  r->combine = combine;
  r = lower_materialize(c, r, xprintf("%s_%s", x->auto_named ? "t" : x->cname, fn));
  return keep_dims ? keep_reduced_dims(c, r, orig, ax, axis_none, loc) : r;
}

// The blocks of a reduce or scan over a tuple (tl.reduce / tl.associative_scan): one shape
// (Triton's ReduceOp and ScanOp verifiers), no fp8, each materialized.
static void tuple_inputs(Ctx *c, Value **xs, int n, const char *fn, Loc loc) {
  for (int i = 0; i < n; i++) {
    need_block(xs[i], fn, loc);
    if (scalar_is_fp8(xs[i]->ty.kind)) fp8_refuse(fn, loc);
    if (!shape_eq(xs[i]->shape, xs[0]->shape))
      diag_fatal(loc, "%s over a tuple needs blocks of one shape, got %s and %s", fn, shape_text(xs[0]->shape),
                 shape_text(xs[i]->shape));
    if (scalar_is_float(xs[i]->ty.kind)) c->k->float_sums = true;
  }
  for (int i = 0; i < n; i++) xs[i] = reduction_input(c, xs[i], "tuple");
}

// One op over n blocks (a V_ARG list), materialized, and its n results (V_RESULTs) in out.
static void tuple_op(Ctx *c, Value *op, Value **xs, int n, const char *name, Value **out) {
  Value **slot = &op->a;
  for (int i = 0; i < n; i++) {
    Value *arg = sem_new(c, V_ARG, xs[i]->ty, xs[i]->shape, op->loc);
    arg->a = use(xs[i]);
    *slot = use(arg);
    slot = &arg->b;
  }
  lower_materialize(c, op, name);
  for (int i = 0; i < n; i++) {
    Value *r = sem_new(c, V_RESULT, xs[i]->ty, op->shape, op->loc);
    r->a = use(op);
    r->ival = i;
    vec_push(&op->results, r);
    out[i] = lower_materialize(c, r, xprintf("%s_%d", name, i));
  }
}

void sem_reduce_tuple(Ctx *c, Value **xs, int n, int64_t axis, bool axis_none, Combine *combine, bool keep_dims, Loc loc,
                      Value **out) {
  Shape orig = xs[0]->shape;
  int ax = 0;
  for (int i = 0; i < n; i++) {
    need_block(xs[i], "tl.reduce", loc);
    if (axis_none && xs[i]->shape.rank > 1) xs[i] = sem_reshape(c, xs[i], (Shape){1, {shape_numel(xs[i]->shape)}}, loc);
  }
  if (!axis_none) ax = norm_axis(axis, xs[0]->shape.rank, "tl.reduce", loc);
  tuple_inputs(c, xs, n, "tl.reduce", loc);
  Value *r = sem_new(c, V_REDUCE, xs[0]->ty, without_dim(xs[0]->shape, ax), loc);
  r->ival = ax;
  r->fn = "reduce";
  r->combine = combine;
  tuple_op(c, r, xs, n, "reduced", out);
  if (keep_dims)
    for (int i = 0; i < n; i++) out[i] = keep_reduced_dims(c, out[i], orig, ax, axis_none, loc);
}

// A scan's shared memory: the block and the segment totals (as emit_scan lays them out),
// for each of the scanned blocks (bytes: their elements' sizes).
static void check_scan_smem(Ctx *c, Shape shape, int ax, int64_t bytes_per_elem, const char *fn, Loc loc) {
  int64_t numel = shape_numel(shape), n = shape.dim[ax], lines = numel / n, threads = c->k->num_warps * 32;
  int64_t segs = lines >= threads ? 1 : threads / lines;
  if (segs > n) segs = n;
  int64_t bytes = (numel + lines * segs) * bytes_per_elem;
  if (bytes > smem_limit)
    diag_fatal(loc, "tl.%s over a block of %lld bytes: scans go through shared memory, at most 227 KB (sm_90)", fn,
               (long long)bytes);
}

Value *sem_scan(Ctx *c, Value *x, int64_t axis, const char *fn, Combine *combine, bool reverse, Loc loc) {
  need_block(x, xprintf("tl.%s", fn), loc);
  if (scalar_is_fp8(x->ty.kind)) fp8_refuse(xprintf("tl.%s", combine ? "associative_scan" : fn), loc);
  int ax = norm_axis(axis, x->shape.rank, xprintf("tl.%s", fn), loc);
  Scalar t = combine ? x->ty.kind : reduce_dtype(fn, x->ty.kind, loc);
  x = reduction_input(c, sem_cast(c, x, t, loc), fn);
  check_scan_smem(c, x->shape, ax, elem_bytes(type_scalar(t)), fn, loc);
  Value *r = sem_new(c, V_SCAN, type_scalar(t), x->shape, loc);
  r->a = use(x);
  r->ival = ax;
  r->fn = fn;
  r->combine = combine;
  r->reverse = reverse;
  return lower_materialize(c, r, xprintf("%s_%s", x->auto_named ? "t" : x->cname, fn));
}

void sem_scan_tuple(Ctx *c, Value **xs, int n, int64_t axis, Combine *combine, bool reverse, Loc loc, Value **out) {
  need_block(xs[0], "tl.associative_scan", loc);
  int ax = norm_axis(axis, xs[0]->shape.rank, "tl.associative_scan", loc);
  tuple_inputs(c, xs, n, "tl.associative_scan", loc);
  int64_t bytes = 0;
  for (int i = 0; i < n; i++) bytes += elem_bytes(type_scalar(xs[i]->ty.kind));
  check_scan_smem(c, xs[0]->shape, ax, bytes, "associative_scan", loc);
  Value *r = sem_new(c, V_SCAN, xs[0]->ty, xs[0]->shape, loc);
  r->ival = ax;
  r->fn = "scan";
  r->combine = combine;
  r->reverse = reverse;
  tuple_op(c, r, xs, n, "scanned", out);
}

// ---------------------------------------------------------------- gather and histogram

// semantic.py gather, its checks in its order and words: out[i...] is src[i...] with
// i[axis] replaced by index[i...]; the index's shape is the result's. Goes through
// shared memory (gather.c), as Triton's does where the gather crosses warps.
Value *sem_gather(Ctx *c, Obj *src, Obj *index, int64_t axis, Loc loc) {
  if (index->kind != OBJ_VALUE || !scalar_is_int(index->val->ty.kind)) diag_fatal(loc, "index must be an integer tensor");
  if (src->kind != OBJ_VALUE) diag_fatal(loc, "tl.gather needs a tensor to gather from, not %s", obj_kind_name(src));
  Value *x = src->val, *idx = index->val;
  int rank = x->shape.rank;
  if (idx->shape.rank != rank) diag_fatal(loc, "source and index tensors must have the same rank");
  if (axis < -rank || axis >= rank) diag_fatal(loc, "gather axis %lld must be < source rank (%d)", (long long)axis, rank);
  int ax = (int)(axis < 0 ? axis + rank : axis);
  for (int d = 0; d < rank; d++)  // (Triton's message names the axis, not the dim)
    if (d != ax && idx->shape.dim[d] != x->shape.dim[d])
      diag_fatal(loc, "index dim %d must match the corresponding source dim", ax);
  if (x->ty.kind == TY_PTR) diag_fatal(loc, "tl.gather of pointers is not supported by tl2cu");
  int64_t bytes = shape_numel(x->shape) * elem_bytes(type_scalar(x->ty.kind));
  if (bytes > smem_limit)
    diag_fatal(loc, "tl.gather from a block of %lld bytes is not supported by tl2cu: it goes through shared memory, "
               "at most 227 KB (sm_90)", (long long)bytes);
  if (x->shape.dim[ax] == 1) return sem_broadcast_to(c, x, idx->shape, loc);  // every index reads coordinate 0
  x = reduction_input(c, x, "gather");
  Value *r = sem_new(c, V_GATHER, x->ty, idx->shape, loc);
  r->a = use(x);
  r->b = use(idx);
  r->ival = ax;
  return lower_materialize(c, r, xprintf("%s_gathered", x->auto_named ? "t" : x->cname));
}

// semantic.py dot, its checks in its order and words (and core.py dot's shape checks):
// two blocks of one dtype (int8, uint8, fp16, bf16, fp32, fp64; or any two fp8), 2-D or
// batched 3-D, K at least 16 (32 for 8-bit elements: the NVIDIA back end's min_dot_size);
// int8 accumulates in int32, fp32 and bf16 in fp32, fp64 in fp64, fp16 and fp8 in
// out_dtype; an accumulator must have the result's shape and type (Triton's assert). Through shared
// memory (dot.c), at most 227 KB.
Value *sem_dot(Ctx *c, Value *a, Value *b, Value *acc, DotPrecision precision, Scalar out_dtype, Loc loc) {
  if (!a->shape.rank || !b->shape.rank) diag_fatal(loc, "tl.dot needs two blocks");
  Scalar ta = a->ty.kind, tb = b->ty.kind;
  if ((scalar_is_fp8(ta) || scalar_is_fp8(tb)) && c->k && !c->k->fp8)
    diag_fatal(loc, "tl.dot of %s and %s: fp8 needs sm_89 or later (its conversions and mma.sync's fp8 types), and "
                    "--target names an earlier one", scalar_name(ta), scalar_name(tb));
  if (!(scalar_is_fp8(ta) && scalar_is_fp8(tb))) {
    static const Scalar ok[] = {TY_I8, TY_U8, TY_F16, TY_BF16, TY_F32, TY_F64};
    bool a_ok = false, b_ok = false;
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) a_ok |= ta == ok[i], b_ok |= tb == ok[i];
    if (!a_ok) diag_fatal(loc, "Unsupported lhs dtype %s", scalar_name(ta));
    if (!b_ok) diag_fatal(loc, "Unsupported rhs dtype %s", scalar_name(tb));
    if (ta != tb) diag_fatal(loc, "Both operands must be same dtype. Got %s and %s", scalar_name(ta), scalar_name(tb));
  }
  int rank = a->shape.rank;
  if (rank != b->shape.rank || (rank != 2 && rank != 3))
    diag_fatal(loc, "Both inputs must be either 2D or 3D; (lhs: %s vs rhs: %s)", shape_text(a->shape), shape_text(b->shape));
  if (rank == 3 && a->shape.dim[0] != b->shape.dim[0]) diag_fatal(loc, "input and other must have equal batch shapes");
  int64_t M = a->shape.dim[rank - 2], K = a->shape.dim[rank - 1], N = b->shape.dim[rank - 1];
  if (b->shape.dim[rank - 2] != K)
    diag_fatal(loc, "First input shape (%s) and second input shape %s are not compatible for matmul (second index of "
                    "first shape (%lld) must be equal to first index of second shape (%lld)",
               shape_text(a->shape), shape_text(b->shape), (long long)K, (long long)b->shape.dim[rank - 2]);
  int64_t min_k = scalar_bits(ta) == 8 ? 32 : 16;
  if (K < min_k) diag_fatal(loc, "Input shapes should have M >= 1, N >= 1 and K >= %lld", (long long)min_k);
  Scalar ret;
  if (scalar_is_int(ta)) {
    if (ta != TY_I8) diag_fatal(loc, "only int8 supported!");
    ret = TY_I32;
  } else if (out_dtype == TY_BF16) {
    diag_fatal(loc, "out_dtype=bfloat16 is unsupported. Please use out_dtype=float32/float16 and cast with `.to(tl.bfloat16)`");
  } else if (ta == TY_F32 || ta == TY_BF16) {
    ret = TY_F32;
  } else if (ta == TY_F64) {
    ret = TY_F64;
  } else {
    ret = out_dtype;
  }
  Shape shape = rank == 3 ? (Shape){3, {a->shape.dim[0], M, N}} : (Shape){2, {M, N}};
  if (acc && (!shape_eq(acc->shape, shape) || acc->ty.kind != ret))
    diag_fatal(loc, "the accumulator must be a %s block of %s (the result's type), not %s of %s", shape_text(shape),
               scalar_name(ret), shape_text(acc->shape), type_name(acc->ty));
  if (acc && acc->ty.kind != out_dtype)  // (Triton asserts this too: int8 and fp64 dots name their out_dtype)
    diag_fatal(loc, "tl.dot's accumulator is a block of %s but out_dtype is %s: Triton requires the two equal (give "
                    "out_dtype the accumulator's type)",
               scalar_name(acc->ty.kind), scalar_name(out_dtype));
  int64_t bytes = (shape_numel(a->shape) + shape_numel(b->shape)) * elem_bytes(type_scalar(ta));
  if (bytes > smem_limit)
    diag_fatal(loc, "tl.dot of blocks of %lld bytes together is not supported by tl2cu: they go through shared memory, "
                    "at most 227 KB (sm_90)", (long long)bytes);
  if (!acc) acc = sem_broadcast_to(c, sem_const(c, obj_int(0), ret, loc), shape, loc);
  Value *r = sem_new(c, V_DOT, type_scalar(ret), shape, loc);
  r->a = use(reduction_input(c, a, "dot"));
  r->b = use(reduction_input(c, b, "dot"));
  r->c = use(acc);
  r->ival = precision;
  return lower_materialize(c, r, "dot");
}

// semantic.py histogram (and core.py's to_tensor of the mask, block_type's shape check):
// int32 counts of num_bins bins of width 1 from 0. Triton 3.6's lowering takes 32-bit
// values only: it tests their bits against 32-bit constants.
Value *sem_histogram(Ctx *c, Obj *input, int64_t num_bins, Obj *mask, Loc loc) {
  if (input->kind != OBJ_VALUE || input->val->shape.rank != 1) diag_fatal(loc, "histogram only supports 1D input");
  Value *x = input->val;
  if (!scalar_is_int(x->ty.kind)) diag_fatal(loc, "histogram only supports integer input");
  Value *m = NULL;
  if (mask && mask->kind != OBJ_NONE) {
    m = sem_to_value(c, mask, loc);
    if (m->shape.rank && m->shape.rank != 1)
      diag_fatal(loc, "Cannot broadcast, rank mismatch: %s, %s", shape_text(m->shape), shape_text(x->shape));
    if (m->shape.rank && m->shape.dim[0] != 1 && m->shape.dim[0] != x->shape.dim[0])
      diag_fatal(loc, "Cannot broadcast, the expanded size of the tensor (%lld) must match the existing size (%lld) at "
                 "non-singleton dimension 0: %s, %s", (long long)x->shape.dim[0], (long long)m->shape.dim[0],
                 shape_text(m->shape), shape_text(x->shape));
    if (m->ty.kind != TY_I1) diag_fatal(loc, "Mask must have boolean scalar type");
    m = sem_broadcast_to(c, m, x->shape, loc);
  }
  if (num_bins <= 0) diag_fatal(loc, "tl.histogram with %lld bins is not supported by tl2cu", (long long)num_bins);
  if (num_bins & (num_bins - 1)) diag_fatal(loc, "Shape element 0 must be a power of 2");
  if (num_bins > 1048576) diag_fatal(loc, "numel (%lld) exceeds triton maximum tensor numel (1048576)", (long long)num_bins);
  if (scalar_bits(x->ty.kind) != 32)
    diag_fatal(loc, "tl.histogram of %s values is not supported by tl2cu (Triton 3.6 lowers 32-bit integers only)",
               scalar_name(x->ty.kind));
  if (num_bins * 4 > smem_limit)
    diag_fatal(loc, "tl.histogram with %lld bins is not supported by tl2cu: its counts live in shared memory, at most "
               "227 KB (sm_90)", (long long)num_bins);
  x = reduction_input(c, x, "histogram");
  Value *r = sem_new(c, V_HISTOGRAM, type_scalar(TY_I32), (Shape){1, {num_bins}}, loc);
  r->a = use(x);
  r->b = m ? use(m) : NULL;
  r->ival = num_bins;
  return lower_materialize(c, r, xprintf("%s_histogram", x->auto_named ? "t" : x->cname));
}

// standard.py sort_impl, Triton 3.6: the bitonic network of tl.sort, tl.topk and
// tl.bitonic_merge, along the last dim only (dim None or exactly rank - 1: not even -1).
// topk keeps the top 2^floor(log2 k) (Triton's _log2) and, where it must reduce (k < n),
// reduces with tl.max, which widens what is narrower than 32 bits: fp16 and bf16 to fp32,
// integers and bools to int32. Widening first selects the same elements (the casts are
// exact and keep the order), so the whole network runs in the wider type.
Value *sem_sort(Ctx *c, Value *x, const char *fn, int64_t k, bool has_dim, int64_t dim, int64_t descending, Loc loc) {
  const char *what = xprintf("tl.%s", fn);
  int rank = x->shape.rank;
  if (has_dim && dim != rank - 1)
    diag_fatal(loc, "%s along dim %lld of a block of shape %s: only minor dimension is currently supported (Triton "
               "3.6 takes dim=None or dim=%d)", what, (long long)dim, shape_text(x->shape), rank - 1);
  if (x->ty.kind == TY_PTR) diag_fatal(loc, "%s of pointers: Triton 3.6 compares and swaps numbers only", what);
  if (descending != 0 && descending != 1)
    diag_fatal(loc, "%s: descending must be True or False (0 or 1), not %lld", what, (long long)descending);
  int64_t n = x->shape.dim[rank - 1], numel = shape_numel(x->shape);
  int log_n = 0, log_k;
  while ((int64_t)1 << (log_n + 1) <= n) log_n++;
  if (k < 0) {
    log_k = log_n;
  } else {
    if (k > n)
      diag_fatal(loc, "tl.topk with k=%lld of a block of shape %s: k is larger than the last dim", (long long)k,
                 shape_text(x->shape));
    for (log_k = 0; (int64_t)1 << (log_k + 1) <= k; log_k++) {}
    if (k != (int64_t)1 << log_k)
      diag_warning(loc, "tl.topk with k=%lld returns the top %lld: Triton 3.6 rounds k down to a power of two",
                   (long long)k, (long long)1 << log_k);
    if (log_k == 0 && log_n > 0 && numel == n)
      diag_fatal(loc, "tl.topk with k=1 of a block of shape %s fails in Triton 3.6 (its last reduction leaves a "
                 "scalar, which it cannot reshape); use tl.max", shape_text(x->shape));
  }
  if (log_n == 0) return x;  // one element a row: nothing to compare
  const char *name = x->cname && !x->auto_named ? x->cname : "t";
  if (log_k < log_n) {       // reduced with tl.max
    Scalar t = x->ty.kind, to = t;
    if (t == TY_F16 || t == TY_BF16) to = TY_F32;
    else if (scalar_is_int(t) && scalar_bits(t) < 32) to = TY_I32;
    if (to != t) x = lower_materialize(c, sem_cast(c, x, to, loc), xprintf("%s_%s", name, scalar_name(to)));
  }
  int64_t bytes = numel * elem_bytes(type_scalar(x->ty.kind));
  if (bytes > smem_limit)
    diag_fatal(loc, "%s of a block of %lld bytes is not supported by tl2cu: it goes through shared memory, at most "
               "227 KB (sm_90)", what, (long long)bytes);
  x = reduction_input(c, x, fn);
  Shape s = x->shape;
  s.dim[rank - 1] = (int64_t)1 << log_k;
  Value *r = sem_new(c, V_SORT, x->ty, s, loc);
  r->a = use(x);
  r->fn = fn;
  r->ival = descending;
  const char *suffix = !strcmp(fn, "sort") ? "sorted" : !strcmp(fn, "topk") ? "top" : "merged";
  return lower_materialize(c, r, xprintf("%s_%s", name, suffix));
}

// tl.umulhi (math.py): the high half of the unsigned product, in the promoted type.
Value *sem_umulhi(Ctx *c, Value *x, Value *y, Loc loc) {
  Scalar t = sem_promote(x->ty.kind, y->ty.kind, loc);
  if (t != TY_I32 && t != TY_U32 && t != TY_I64 && t != TY_U64)
    diag_fatal(loc, "tl.umulhi: expected dtype int32, uint32, int64 or uint64 but got %s", scalar_name(t));
  bool wide = scalar_bits(t) == 64;
  Scalar u = wide ? TY_U64 : TY_U32;
  Value *args[2] = {sem_cast(c, sem_cast(c, x, t, loc), u, loc), sem_cast(c, sem_cast(c, y, t, loc), u, loc)};
  Value *r = sem_extern(c, wide ? "__nv_umul64hi" : "__nv_umulhi", u, args, 2, loc);
  return sem_cast(c, r, t, loc);
}

// x.to(to, bitcast=True): the same bits read as another dtype of the same width.
Value *sem_bitcast(Ctx *c, Value *v, Scalar to, Loc loc) {
  if (v->ty.kind == TY_PTR || scalar_bits(v->ty.kind) != scalar_bits(to))
    diag_fatal(loc, "cannot bitcast %s to %s: their sizes differ", type_name(v->ty), scalar_name(to));
  if (v->ty.kind == to) return v;
  Value *r = sem_new(c, V_BITCAST, type_scalar(to), v->shape, loc);
  r->a = use(v);
  return r;
}

// A call of an external device function (libdevice's __nv_*), on arguments already of
// the parameter types: broadcast together, as extern_elementwise does.
Value *sem_extern(Ctx *c, const char *symbol, Scalar ret, Value **args, int n, Loc loc) {
  Shape s = args[0]->shape;
  for (int i = 1; i < n; i++)
    if (!shape_broadcast(s, args[i]->shape, &s))
      diag_fatal(loc, "%s: shapes %s and %s cannot be broadcast together", symbol, shape_text(s), shape_text(args[i]->shape));
  Value *r = sem_new(c, V_MATH, type_scalar(ret), s, loc);
  r->fn = symbol;
  Value **slot[3] = {&r->a, &r->b, &r->c};
  for (int i = 0; i < n && i < 3; i++) *slot[i] = use(sem_broadcast_to(c, args[i], s, loc));
  if (n == 4) {  // (norm4d, rnorm4d) a value has three operands: the last two as a V_ARG list in c
    Value *third = r->c, *fourth = use(sem_broadcast_to(c, args[3], s, loc));
    r->c = use(sem_new(c, V_ARG, third->ty, s, loc));
    r->c->a = third;
    r->c->b = use(sem_new(c, V_ARG, fourth->ty, s, loc));
    r->c->b->a = fourth;
  }
  return r;
}

Value *unbroadcast(Value *v) {
  while (v->kind == V_BROADCAST || v->kind == V_EXPAND) v = v->a;
  return v;
}

static bool is_float_const(Value *v, double *f) {
  v = unbroadcast(v);
  if (v->kind != V_CONST || !scalar_is_float(v->ty.kind)) return false;
  *f = v->fval;
  return true;
}

// Whether a and b compute the same value from the same operands, as MLIR's CSE merges
// them before Triton's lowering looks at them (pure operations only: not loads).
bool same_value(Value *a, Value *b, int depth) {
  a = unbroadcast(a), b = unbroadcast(b);
  if (a == b) return true;
  if (depth > 8 || a->kind != b->kind || !type_eq(a->ty, b->ty) || !shape_eq(a->shape, b->shape)) return false;
  switch (a->kind) {
  case V_CONST: return a->ival == b->ival && (a->fval == b->fval || (a->fval != a->fval && b->fval != b->fval));
  case V_BINARY: case V_UNARY: case V_CAST: case V_MATH:
    if (a->op != b->op || (a->kind == V_CAST && a->ival != b->ival) || (a->fn != b->fn && (!a->fn || !b->fn || strcmp(a->fn, b->fn)))) return false;
    return (!a->a || same_value(a->a, b->a, depth + 1)) && (!a->b || same_value(a->b, b->b, depth + 1)) &&
           (!a->c || same_value(a->c, b->c, depth + 1));
  default: return false;
  }
}

// clamp(x, -m, m) as Triton's NVIDIA lowering recognizes it (ClampFOpConversion, sm_90):
// lo is -m or 0 - m of the same m, or both are constants with lo == -hi.
static bool is_clip(Value *lo, Value *hi) {
  Value *l = unbroadcast(lo), *h = unbroadcast(hi);
  double zero, a, b;
  if (l->kind == V_UNARY && l->op == OP_NEG && same_value(l->a, h, 0)) return true;
  if (l->kind == V_BINARY && l->op == OP_SUB && same_value(l->b, h, 0) && is_float_const(l->a, &zero) && zero == 0)
    return true;
  return is_float_const(lo, &a) && is_float_const(hi, &b) && a == -b;
}

// tl.clamp (core.py, semantic.py): bf16 promoted to fp32, then the pairwise arithmetic
// promotion of (min, max), (x, min), (x, max); floats only. The clip pattern becomes
// min.xorsign.abs, which gives other results for a NaN x or a negative max: as Triton.
Value *sem_clamp(Ctx *c, Obj *xo, Obj *lo_o, Obj *hi_o, bool propagate_nan, Loc loc) {
  Value *x = sem_to_value(c, xo, loc), *lo = sem_to_value(c, lo_o, loc), *hi = sem_to_value(c, hi_o, loc);
  if (x->ty.kind == TY_BF16) x = sem_cast(c, x, TY_F32, loc);
  if (lo->ty.kind == TY_BF16) lo = sem_cast(c, lo, TY_F32, loc);
  if (hi->ty.kind == TY_BF16) hi = sem_cast(c, hi, TY_F32, loc);
  Scalar t = sem_promote(lo->ty.kind, hi->ty.kind, loc);
  lo = sem_cast(c, lo, t, loc), hi = sem_cast(c, hi, t, loc);
  t = sem_promote(x->ty.kind, lo->ty.kind, loc);
  x = sem_cast(c, x, t, loc), lo = sem_cast(c, lo, t, loc);
  t = sem_promote(x->ty.kind, hi->ty.kind, loc);
  x = sem_cast(c, x, t, loc), hi = sem_cast(c, hi, t, loc);
  if (!scalar_is_float(t)) diag_fatal(loc, "tl.clamp: unexpected dtype %s: only floating-point clamp is supported", scalar_name(t));
  if ((t == TY_F32 || t == TY_F16) && is_clip(lo, hi)) {
    Value *r = sem_binary_fresh(c, OP_ADD, obj_value(x), obj_value(hi), loc);  // for the shape
    r->kind = V_MATH;
    r->fn = propagate_nan ? "clip_nan" : "clip";
    return r;
  }
  Value *low = sem_minmax(c, true, obj_value(x), obj_value(lo), propagate_nan, loc);
  return sem_minmax(c, false, obj_value(low), obj_value(hi), propagate_nan, loc);
}
