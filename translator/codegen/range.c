// range.c: bounds of integer values, known from their definitions.
//
// Triton's + - * wrap, and tl2cu emits them through tl2cu_add & co. (runtime/tl2cu.cuh),
// which nvcc cannot fold into the sign extension of a 64-bit address: x_ptr + (start +
// i) then costs a 32-bit add and a wide multiply per element. Where the operands'
// bounds show that the result stays in its type, the operation cannot wrap and plain
// C computes the same value, foldable. Bounds come from constants, aranges, program
// ids, counters of loops with bounded ranges, and + - * & % // >> of those, a few
// levels deep (the walk is not memoized); any other integer has its type's.
#include "emit.h"

typedef struct {
  int64_t lo, hi;
} Range;

enum { MAX_DEPTH = 8 };

// The values of type t, where int64 holds them all (not uint64).
static bool type_range(Scalar t, Range *r) {
  int bits = scalar_bits(t);
  if (t == TY_I1) return *r = (Range){0, 1}, true;
  if (!scalar_is_int(t) || (!scalar_is_signed(t) && bits == 64)) return false;
  if (!scalar_is_signed(t)) return *r = (Range){0, (INT64_C(1) << bits) - 1}, true;
  int64_t max = bits == 64 ? INT64_MAX : (INT64_C(1) << (bits - 1)) - 1;
  return *r = (Range){-max - 1, max}, true;
}

static bool fits(Scalar t, Range r) {
  Range all;
  return type_range(t, &all) && r.lo >= all.lo && r.hi <= all.hi;
}

static int64_t min2(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max2(int64_t a, int64_t b) { return a > b ? a : b; }

static bool mul_range(Range a, Range b, Range *r) {
  int64_t p[4];
  if (__builtin_mul_overflow(a.lo, b.lo, &p[0]) || __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
      __builtin_mul_overflow(a.hi, b.lo, &p[2]) || __builtin_mul_overflow(a.hi, b.hi, &p[3]))
    return false;
  *r = (Range){min2(min2(p[0], p[1]), min2(p[2], p[3])), max2(max2(p[0], p[1]), max2(p[2], p[3]))};
  return true;
}

// The exact result range of a op b (computed in int64), or false.
static bool binary_range(Op op, Range a, Range b, Range *r) {
  bool b_const = b.lo == b.hi;
  switch (op) {
  case OP_ADD: return !__builtin_add_overflow(a.lo, b.lo, &r->lo) && !__builtin_add_overflow(a.hi, b.hi, &r->hi);
  case OP_SUB: return !__builtin_sub_overflow(a.lo, b.hi, &r->lo) && !__builtin_sub_overflow(a.hi, b.lo, &r->hi);
  case OP_MUL: return mul_range(a, b, r);
  case OP_AND:  // with a non-negative value: between 0 and it
    if (a.lo < 0 && b.lo < 0) return false;
    return *r = (Range){0, a.lo < 0 ? b.hi : b.lo < 0 ? a.hi : min2(a.hi, b.hi)}, true;
  case OP_MOD:  // by a positive constant: C's remainder takes the dividend's sign
    if (!b_const || b.lo <= 0) return false;
    return *r = (Range){a.lo >= 0 ? 0 : -(b.lo - 1), a.hi <= 0 ? 0 : b.lo - 1}, true;
  case OP_FLOORDIV:  // truncating division by a positive constant is monotonic
    if (!b_const || b.lo <= 0) return false;
    return *r = (Range){a.lo / b.lo, a.hi / b.lo}, true;
  case OP_RSHIFT:
    if (!b_const || b.lo < 0 || b.lo > 62 || a.lo < 0) return false;
    return *r = (Range){a.lo >> b.lo, a.hi >> b.lo}, true;
  default: return false;
  }
}

// The bounds of v: from its definition where that tells, else its type's (false
// only for uint64 and floats, whose bounds int64 does not hold).
static bool range_at(Value *v, Range *r, int depth) {
  if (depth > MAX_DEPTH || !scalar_is_int(v->ty.kind)) return type_range(v->ty.kind, r);
  Range a, b;
  switch (v->kind) {
  case V_CONST:
    *r = (Range){v->ival, v->ival};
    return fits(v->ty.kind, *r) || type_range(v->ty.kind, r);
  case V_ARANGE: return *r = (Range){v->ival, v->ival + v->shape.dim[0] - 1}, true;
  case V_PROGRAM_ID: return *r = (Range){0, v->ival == 0 ? INT32_MAX : 65534}, true;  // gridDim.y, z <= 65535
  case V_VAR:
    if (!v->counter.known) return type_range(v->ty.kind, r);
    return *r = (Range){v->counter.lo, v->counter.hi}, true;
  case V_BROADCAST: case V_EXPAND: case V_PERMUTE: case V_FLIP: case V_RESHAPE: case V_SPLIT:
    return range_at(v->a, r, depth + 1);
  case V_JOIN:
    if (!range_at(v->a, &a, depth + 1) || !range_at(v->b, &b, depth + 1)) return type_range(v->ty.kind, r);
    return *r = (Range){min2(a.lo, b.lo), max2(a.hi, b.hi)}, true;
  case V_CAST:  // an integer cast keeps the values its target type holds (and wraps others)
    return (range_at(v->a, r, depth + 1) && fits(v->ty.kind, *r)) || type_range(v->ty.kind, r);
  case V_BINARY:  // (an arithmetic shift of an unsigned value can grow it)
    if (v->op == OP_RSHIFT && v->arith_shift != scalar_is_signed(v->ty.kind)) return type_range(v->ty.kind, r);
    if (range_at(v->a, &a, depth + 1) && range_at(v->b, &b, depth + 1) && binary_range(v->op, a, b, r) &&
        fits(v->ty.kind, *r))
      return true;
    return type_range(v->ty.kind, r);
  default: return type_range(v->ty.kind, r);
  }
}

// Can this integer + - * (or unary minus: 0 - a) not wrap, by its operands' bounds?
bool cannot_wrap(Value *v) {
  bool neg = v->kind == V_UNARY;
  Range a = {0, 0}, b, r;
  if (!neg && !range_at(v->a, &a, 1)) return false;
  return range_at(neg ? v->a : v->b, &b, 1) && binary_range(neg ? OP_SUB : v->op, a, b, &r) && fits(v->ty.kind, r);
}

// Before a for loop's body: the counter's bounds, where the step is a constant and
// the counter cannot wrap (i < hi: i + step <= hi - 1 + step; going down, the same
// with >). A bound of unknown bounds has its type's: so a step of 1 never wraps.
// Returns whether i += step cannot wrap.
bool bound_counter(Stmt *s) {
  Range lo, hi, step, type;
  s->var->counter.known = false;
  if (!range_at(s->step, &step, 0) || step.lo != step.hi || step.lo == 0 || !type_range(s->var->ty.kind, &type) ||
      !range_at(s->hi, &hi, 0))
    return false;
  bool up = step.lo > 0;
  int64_t last;  // the largest (smallest, going down) value i + step can take
  if (up ? __builtin_add_overflow(hi.hi, step.lo - 1, &last) || last > type.hi
         : __builtin_add_overflow(hi.lo, step.lo + 1, &last) || last < type.lo)
    return false;
  if (range_at(s->lo, &lo, 0)) {
    s->var->counter.known = true;
    s->var->counter.lo = up ? lo.lo : hi.lo + 1;
    s->var->counter.hi = up ? hi.hi - 1 : lo.hi;
  }
  return true;
}
