// random.c: tl.rand and the rest of Triton's counter-based Philox generator
// (python/triton/language/random.py of Triton 3.6; TRITON_SEMANTICS.md section 8).
//
// Triton writes these as @triton.jit functions: wrapping uint32 (or uint64)
// arithmetic, tl.umulhi, casts, tl.where and fp32 math. This file builds the same
// operations, in the same order and dtypes, through semantic.c, so the emitter
// computes what Triton's compiled kernel computes, and contracts a multiply into a
// following add (rand's scale, a user's `x + tl.rand(...)`) where Triton's inlined
// code would. Two liberties, both exact: integer operations on known constants
// are folded (the first round of randint4x on a 32-bit offset reads three zero
// counters; a constant seed gives constant keys), and the key raise after the last
// round, which nothing reads, is not built.
// Input: the call's arguments as the tracer evaluated them. Output: a value, or a
// tuple of them for the *4x functions, tl.philox and tl.philox_impl.
#include "tl2cu.h"

#define N_ROUNDS_DEFAULT 10
#define N_ROUNDS_MAX 1024  // rounds are unrolled here, as Triton's tl.static_range does

// One width of Philox-4x: the dtype of its counters and key, and its constants.
typedef struct {
  Scalar t;
  uint64_t key_a, key_b;      // added to k0, k1 after each round
  uint64_t round_a, round_b;  // the multipliers of c0 and c2
} Philox;

static const Philox philox32 = {TY_U32, 0x9E3779B9, 0xBB67AE85, 0xD2511F53, 0xCD9E8D57};
static const Philox philox64 = {TY_U64, 0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B, 0xD2E7470EE14C6C93,
                                0xCA5A826395121157};

static const Shape scalar_shape = {0, {0}};

static void need_kernel(Ctx *c, Node *call) {
  if (!c->in_kernel) diag_fatal(call->loc, "%s can only be called inside a @triton.jit function", c->callee);
}

static Obj *tuple_of(Value **v, int n) {
  Obj *t = obj_new(OBJ_TUPLE);
  for (int i = 0; i < n; i++) vec_push(&t->items, obj_value(v[i]));
  return t;
}

static Value *item(Obj *tuple, int i) { return ((Obj *)tuple->items.items[i])->val; }

// ---------------------------------------------------------------- wrapping integer steps

// A constant of the unsigned dtype t, seen with shape s.
static Value *uconst(Ctx *c, Scalar t, uint64_t bits, Shape s, Loc loc) {
  Value *k = sem_new(c, V_CONST, type_scalar(t), scalar_shape, loc);
  k->ival = (int64_t)(t == TY_U32 ? (uint32_t)bits : bits);
  return sem_broadcast_to(c, k, s, loc);
}

// The bits of an integer constant, broadcast or not.
static bool known(Value *v, uint64_t *bits) {
  v = unbroadcast(v);
  if (v->kind != V_CONST || !scalar_is_int(v->ty.kind)) return false;
  int w = scalar_bits(v->ty.kind);
  *bits = w == 64 ? (uint64_t)v->ival : (uint64_t)v->ival & ((UINT64_C(1) << w) - 1);
  return true;
}

static Shape joint_shape(Value *a, Value *b, Loc loc) {
  Shape s;
  if (!shape_broadcast(a->shape, b->shape, &s))
    diag_fatal(loc, "shapes %s and %s cannot be broadcast together", shape_text(a->shape), shape_text(b->shape));
  return s;
}

// a ^ b, a + b or a * b on two values of one unsigned dtype (wrapping), folded where
// an operand is a known constant: 0 ^ x and 0 + x are x, 0 * x is 0.
static Value *wrap_op(Ctx *c, Op op, Value *a, Value *b, Loc loc) {
  Scalar t = a->ty.kind;
  Shape s = joint_shape(a, b, loc);
  uint64_t x, y;
  bool ka = known(a, &x), kb = known(b, &y);
  if (ka && kb) return uconst(c, t, op == OP_XOR ? x ^ y : op == OP_ADD ? x + y : x * y, s, loc);
  if (op == OP_MUL && ((ka && !x) || (kb && !y))) return uconst(c, t, 0, s, loc);
  if (op != OP_MUL && ka && !x) return sem_broadcast_to(c, b, s, loc);
  if (op != OP_MUL && kb && !y) return sem_broadcast_to(c, a, s, loc);
  return sem_binary(c, op, obj_value(a), obj_value(b), loc)->val;
}

// a ^ b ^ k, in random.py's order.
static Value *xor3(Ctx *c, Value *a, Value *b, Value *k, Loc loc) {
  return wrap_op(c, OP_XOR, wrap_op(c, OP_XOR, a, b, loc), k, loc);
}

// tl.umulhi(m, x) with m a constant of x's dtype; umulhi(m, 0) is 0.
static Value *mulhi(Ctx *c, uint64_t m, Value *x, Loc loc) {
  uint64_t v;
  if (known(x, &v) && !v) return uconst(c, x->ty.kind, 0, x->shape, loc);
  return sem_umulhi(c, uconst(c, x->ty.kind, m, scalar_shape, loc), x, loc);
}

// Cheap to read where it is used: a constant, a variable, or a cast of one.
static bool cheap(Value *v) {
  v = unbroadcast(v);
  if (v->kind == V_CONST || v->cname) return true;
  return (v->kind == V_CAST || v->kind == V_BITCAST) && cheap(v->a);
}

// A value read more than once gets a C variable (the tracer's name, which a user's
// assignment of it replaces), unless it is cheap to read where it is.
static Value *named(Ctx *c, Value *v, const char *name) {
  return cheap(v) ? v : lower_materialize(c, v, name);
}

// ---------------------------------------------------------------- Philox

// The input counters no round reads (n_rounds below 3) stop counting as readers of
// their operands; a value two counters share (randint4x's zeros) is let go once, and
// not at all while a counter that is read holds it.
static void drop_unread_inputs(Value *ctr[4], unsigned read) {
  for (int i = 0; i < 4; i++) {
    if (read >> i & 1) continue;
    bool shared = false;
    for (int j = 0; j < 4; j++) shared |= j != i && ctr[j] == ctr[i] && ((read >> j & 1) || j > i);
    if (!shared) lower_discard(ctr[i]);
  }
  for (int i = 0; i < 4; i++)
    if (!(read >> i & 1)) ctr[i] = NULL;
}

// The counters of the round before that the counters in `mask` read (bit i: ci).
static unsigned reads(unsigned mask) {
  unsigned r = 0;
  if (mask & 1) r |= 2 | 4;  // c0 = umulhi(B, c2) ^ c1 ^ k0
  if (mask & 2) r |= 4;      // c1 = B * c2
  if (mask & 4) r |= 1 | 8;  // c2 = umulhi(A, c0) ^ c3 ^ k1
  if (mask & 8) r |= 1;      // c3 = A * c0
  return r;
}

// philox_impl: n rounds on the counters ctr[4] with the key (k0, k1), all of p's dtype.
//   c0, c2 <- umulhi(B, c2) ^ c1 ^ k0, umulhi(A, c0) ^ c3 ^ k1
//   c1, c3 <- B * c2, A * c0  (of the counters before this round)
//   k0, k1 <- k0 + KEY_A, k1 + KEY_B
// Only the results in `wanted` (bit i: ci) are left in ctr, the others NULL: what
// they alone read in the last rounds is not built (tl.rand reads c0 only), so no
// value is left over holding its operands. c0 and c2, read twice by the next round,
// get variables named after their round: philox_r3_c0 is c0 after round 3.
static void philox_rounds(Ctx *c, const Philox *p, Value *ctr[4], Value *k0, Value *k1, int64_t n,
                          unsigned wanted, Loc loc) {
  unsigned *need = xmalloc((size_t)(n + 1) * sizeof *need);  // need[r]: the counters of round r read
  int64_t last_k0 = 0, last_k1 = 0;                            // the last rounds reading k0, k1
  need[n] = wanted;
  for (int64_t r = n; r > 0; r--) {
    need[r - 1] = reads(need[r]);
    if (!last_k0 && (need[r] & 1)) last_k0 = r;
    if (!last_k1 && (need[r] & 4)) last_k1 = r;
  }
  drop_unread_inputs(ctr, need[0]);
  if (need[0] & 1) ctr[0] = named(c, ctr[0], "philox_c0");
  if (need[0] & 4) ctr[2] = named(c, ctr[2], "philox_c2");
  Value *a = uconst(c, p->t, p->round_a, scalar_shape, loc), *b = uconst(c, p->t, p->round_b, scalar_shape, loc);
  for (int64_t r = 1; r <= n; r++) {
    unsigned m = need[r];
    Value *next[4] = {NULL, NULL, NULL, NULL};
    if (m & 1) next[0] = xor3(c, mulhi(c, p->round_b, ctr[2], loc), ctr[1], k0, loc);
    if (m & 2) next[1] = wrap_op(c, OP_MUL, b, ctr[2], loc);
    if (m & 4) next[2] = xor3(c, mulhi(c, p->round_a, ctr[0], loc), ctr[3], k1, loc);
    if (m & 8) next[3] = wrap_op(c, OP_MUL, a, ctr[0], loc);
    if (m & 1) next[0] = named(c, next[0], xprintf("philox_r%lld_c0", (long long)r));
    if (m & 4) next[2] = named(c, next[2], xprintf("philox_r%lld_c2", (long long)r));
    for (int i = 0; i < 4; i++) ctr[i] = next[i];
    if (r < last_k0)
      k0 = named(c, wrap_op(c, OP_ADD, k0, uconst(c, p->t, p->key_a, scalar_shape, loc), loc),
                 xprintf("philox_r%lld_k0", (long long)r + 1));
    if (r < last_k1)
      k1 = named(c, wrap_op(c, OP_ADD, k1, uconst(c, p->t, p->key_b, scalar_shape, loc), loc),
                 xprintf("philox_r%lld_k1", (long long)r + 1));
  }
}

static int64_t rounds_arg(Ctx *c, Obj *o, Node *call) {
  if (!o) return N_ROUNDS_DEFAULT;
  if (o->kind != OBJ_INT && o->kind != OBJ_BOOL)
    diag_fatal(call->loc, "%s: n_rounds must be a compile-time integer (tl.constexpr), not %s", c->callee,
               obj_kind_name(o));
  if (o->ival < 0 || o->ival > N_ROUNDS_MAX)
    diag_fatal(call->loc, "%s: n_rounds must be between 0 and %d (the rounds are unrolled), got %lld", c->callee,
               N_ROUNDS_MAX, (long long)o->ival);
  return o->ival;
}

// The seed as uint64 (semantic.py's cast: an int32 seed is sign-extended, so -1 keys
// with 0xFFFFFFFF twice); a Python int is typed as a literal first (tl.to_tensor).
static Value *seed_arg(Ctx *c, Obj *o, Node *call) {
  Value *v = sem_to_value(c, o, call->loc);
  if (v->ty.kind == TY_PTR || !scalar_is_int(v->ty.kind))
    diag_fatal(call->loc, "%s: the seed must be an integer, got %s", c->callee, type_name(v->ty));
  return sem_cast(c, v, TY_U64, call->loc);
}

// The 32-bit key: (low, high) half of the uint64 seed.
static void seed_halves(Ctx *c, Value *seed, Value **k0, Value **k1, Loc loc) {
  uint64_t s;
  if (known(seed, &s)) {
    *k0 = uconst(c, TY_U32, s, seed->shape, loc);
    *k1 = uconst(c, TY_U32, s >> 32, seed->shape, loc);
    return;
  }
  Value *high = sem_binary(c, OP_RSHIFT, obj_value(seed), obj_int(32), loc)->val;
  *k0 = named(c, sem_cast(c, seed, TY_U32, loc), "seed_lo");
  *k1 = named(c, sem_cast(c, high, TY_U32, loc), "seed_hi");
}

// tl.philox(seed, c0, c1, c2, c3, n_rounds): the counters' bits as uint32, keyed by
// the seed's halves; or, for 64-bit counters, as uint64 keyed by (seed, 0), where
// Triton's zero is a block of shape [1] (so scalar counters give [1] blocks).
static Obj *philox(Ctx *c, Node *call, Obj *seed_o, Obj **ctr_o, int64_t n, unsigned wanted) {
  Loc loc = call->loc;
  Value *seed = seed_arg(c, seed_o, call), *ctr[4];
  for (int i = 0; i < 4; i++) ctr[i] = sem_to_value(c, ctr_o[i], loc);
  Type t0 = ctr[0]->ty;
  int bits = t0.kind == TY_PTR ? 0 : scalar_bits(t0.kind);
  if (bits != 32 && bits != 64)
    diag_fatal(loc, "%s: the counters must be 32 or 64 bits wide, got %s", c->callee, type_name(t0));
  const Philox *p = bits == 32 ? &philox32 : &philox64;
  for (int i = 0; i < 4; i++) {
    if (ctr[i]->ty.kind == TY_PTR || scalar_bits(ctr[i]->ty.kind) != bits)
      diag_fatal(loc, "%s: counter c%d is %s but c0 is %s: the four must have one width", c->callee, i,
                 type_name(ctr[i]->ty), type_name(t0));
    ctr[i] = sem_bitcast(c, ctr[i], p->t, loc);
  }
  Value *k0 = seed, *k1;
  if (bits == 32) seed_halves(c, seed, &k0, &k1, loc);
  else k1 = uconst(c, TY_U64, 0, (Shape){1, {1}}, loc);
  philox_rounds(c, p, ctr, k0, k1, n, wanted, loc);
  return tuple_of(ctr, 4);
}

// The offset of randint4x and the functions built on it: a tensor (Triton reads
// offset.dtype); a 64-bit one is split into two 32-bit counters.
static Value *offset_arg(Ctx *c, Obj *o, Node *call) {
  if (o->kind != OBJ_VALUE)
    diag_fatal(call->loc, "%s: the offset must be a tensor (a block or a run-time scalar), not %s", c->callee,
               obj_kind_name(o));
  Value *v = o->val;
  if (v->ty.kind == TY_PTR)
    diag_fatal(call->loc, "%s: the offset must be integers, not pointers (%s)", c->callee, type_name(v->ty));
  if (scalar_bits(v->ty.kind) > 32 && !scalar_is_int(v->ty.kind))  // Triton shifts it right by 32
    diag_fatal(call->loc, "%s: a 64-bit offset must be an integer, not %s", c->callee, type_name(v->ty));
  return v;
}

// randint4x: Philox of the counter (low 32 bits of the offset, its high 32 bits or 0,
// 0, 0): four uint32 results, also for 64-bit offsets.
// MLIR's CSE merges two calls with the same operands in one block (x + tl.rand(s, o)
// and tl.rand(s, o) * 3.0 read one value), and how LLVM contracts a multiply depends
// on its uses (emit.c): a repeated call returns the first one's values, as there.
static Obj *fresh_randint4x(Ctx *c, Node *call, Obj *seed, Obj *offset_o, int64_t n, unsigned wanted);

typedef struct {
  Obj *seed, *offset;
  int64_t rounds;
  unsigned wanted;
  int bb;
  Obj *result;
} Repeat;

static Vec repeats;  // Repeat*

static bool same_operand(Obj *a, Obj *b) {
  if (a->kind == OBJ_VALUE && b->kind == OBJ_VALUE) return a->val == b->val;
  return a->kind == b->kind && (a->kind == OBJ_INT || a->kind == OBJ_BOOL) && a->ival == b->ival;
}

static Obj *repeated(Ctx *c, Obj *seed, Obj *offset, int64_t rounds, unsigned wanted) {
  for (int i = 0; i < repeats.len; i++) {
    Repeat *r = repeats.items[i];
    if (r->bb == c->bb && r->rounds == rounds && r->wanted == wanted && same_operand(r->seed, seed) &&
        same_operand(r->offset, offset))
      return r->result;
  }
  return NULL;
}

static Obj *remember(Ctx *c, Obj *seed, Obj *offset, int64_t rounds, unsigned wanted, Obj *result) {
  Repeat *r = xmalloc(sizeof(Repeat));
  *r = (Repeat){seed, offset, rounds, wanted, c->bb, result};
  vec_push(&repeats, r);
  return result;
}

static Obj *randint4x(Ctx *c, Node *call, Obj *seed, Obj *offset_o, Obj *rounds, unsigned wanted) {
  need_kernel(c, call);
  int64_t n_rounds = rounds_arg(c, rounds, call);
  Obj *seen = repeated(c, seed, offset_o, n_rounds, wanted);
  if (seen) return seen;
  return remember(c, seed, offset_o, n_rounds, wanted, fresh_randint4x(c, call, seed, offset_o, n_rounds, wanted));
}

static Obj *fresh_randint4x(Ctx *c, Node *call, Obj *seed, Obj *offset_o, int64_t n, unsigned wanted) {
  Value *offset = offset_arg(c, offset_o, call);
  Value *zero = uconst(c, TY_U32, 0, offset->shape, call->loc), *high = zero;
  if (scalar_bits(offset->ty.kind) > 32)
    high = sem_cast(c, sem_binary(c, OP_RSHIFT, offset_o, obj_int(32), call->loc)->val, TY_U32, call->loc);
  Value *low = sem_cast(c, offset, TY_U32, call->loc);
  Obj *ctr[4] = {obj_value(low), obj_value(high), obj_value(zero), obj_value(zero)};
  return philox(c, call, seed, ctr, n, wanted);
}

// ---------------------------------------------------------------- floats

static Value *tensor_arg(Ctx *c, Obj *o, Node *call, const char *what) {
  if (o->kind != OBJ_VALUE)
    diag_fatal(call->loc, "%s: %s must be a tensor, not %s", c->callee, what, obj_kind_name(o));
  return o->val;
}

// uint_to_uniform_float: the bits as a signed integer x, x < 0 ? -x - 1 : x, times
// the largest scale that keeps 2^31 - 1 (2^63 - 1) below 1.0 in fp32: [0, 1).
static Value *fresh_uniform(Ctx *c, Value *x, Loc loc);

static Value *uniform(Ctx *c, Value *x, Loc loc) {  // the same bits twice: one value (CSE)
  static Vec seen;  // pairs: bits, then their uniform value
  for (int i = 0; i < seen.len; i += 2)
    if (seen.items[i] == x && ((Value *)seen.items[i + 1])->bb == c->bb) return seen.items[i + 1];
  Value *u = fresh_uniform(c, x, loc);
  vec_push(&seen, x);
  vec_push(&seen, u);
  return u;
}

static Value *fresh_uniform(Ctx *c, Value *x, Loc loc) {
  Scalar t = x->ty.kind;
  bool wide = t == TY_I64 || t == TY_U64;
  if (!wide && t != TY_I32 && t != TY_U32)
    diag_fatal(loc, "%s: expected int32, uint32, int64 or uint64, got %s", c->callee, type_name(x->ty));
  Value *signed_x = sem_bitcast(c, x, wide ? TY_I64 : TY_I32, loc);  // read three times: a variable
  Obj *bits = obj_value(unbroadcast(signed_x)->cname ? signed_x : lower_materialize(c, signed_x, "uniform_bits"));
  Obj *negative = sem_binary(c, OP_LT, bits, obj_int(0), loc);
  Obj *flipped = sem_binary(c, OP_SUB, sem_unary(c, OP_NEG, bits, loc), obj_int(1), loc);
  Obj *folded = obj_value(sem_where(c, negative, flipped, bits, loc));
  return sem_binary(c, OP_MUL, folded, obj_float(wide ? 1.0842020432385337e-19 : 4.6566127342e-10), loc)->val;
}

// pair_uniform_to_normal, Box-Muller: u1 = max(1e-7, u1), th = 2 pi u2,
// r = sqrt(-2 log u1); out = r cos th, and r sin th when count is 2. tl.sqrt is
// Triton's sqrt.approx.ftz.f32, tl.log and tl.cos libdevice's: as tl2cu emits them.
static void box_muller(Ctx *c, Value *u1, Value *u2, Value **out, int count, Loc loc) {
  Value *clamped = sem_minmax(c, true, obj_float(1.0e-7), obj_value(u1), false, loc);
  Value *th = sem_binary(c, OP_MUL, obj_float(6.283185307179586), obj_value(u2), loc)->val;
  Obj *log_u1 = obj_value(sem_math(c, "log", clamped, loc));
  Value *r = sem_math(c, "sqrt", sem_binary(c, OP_MUL, obj_float(-2.0), log_u1, loc)->val, loc);
  th = lower_materialize(c, th, "normal_angle");
  r = lower_materialize(c, r, "normal_radius");
  out[0] = sem_binary(c, OP_MUL, obj_value(r), obj_value(sem_math(c, "cos", th, loc)), loc)->val;
  if (count == 2) out[1] = sem_binary(c, OP_MUL, obj_value(r), obj_value(sem_math(c, "sin", th, loc)), loc)->val;
}

// ---------------------------------------------------------------- the builtins (table in builtins.c)

Obj *random_randint4x(Ctx *c, Node *call, Obj **a) { return randint4x(c, call, a[0], a[1], a[2], 0xF); }

Obj *random_randint(Ctx *c, Node *call, Obj **a) {
  return obj_value(item(randint4x(c, call, a[0], a[1], a[2], 1), 0));
}

Obj *random_rand(Ctx *c, Node *call, Obj **a) {
  return obj_value(uniform(c, item(randint4x(c, call, a[0], a[1], a[2], 1), 0), call->loc));
}

Obj *random_rand4x(Ctx *c, Node *call, Obj **a) {
  Obj *ints = randint4x(c, call, a[0], a[1], a[2], 0xF);
  Value *u[4];
  for (int i = 0; i < 4; i++) u[i] = uniform(c, item(ints, i), call->loc);
  return tuple_of(u, 4);
}

Obj *random_randn(Ctx *c, Node *call, Obj **a) {
  Obj *ints = randint4x(c, call, a[0], a[1], a[2], 3);
  Value *u1 = uniform(c, item(ints, 0), call->loc), *u2 = uniform(c, item(ints, 1), call->loc), *n;
  box_muller(c, u1, u2, &n, 1, call->loc);
  return obj_value(n);
}

Obj *random_randn4x(Ctx *c, Node *call, Obj **a) {
  Obj *u = random_rand4x(c, call, a);
  Value *n[4];
  box_muller(c, item(u, 0), item(u, 1), n, 2, call->loc);
  box_muller(c, item(u, 2), item(u, 3), n + 2, 2, call->loc);
  return tuple_of(n, 4);
}

Obj *random_philox(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call);
  return philox(c, call, a[0], a + 1, rounds_arg(c, a[5], call), 0xF);
}

// tl.philox_impl(c0, c1, c2, c3, k0, k1, n_rounds): the rounds alone. Triton mixes
// other dtypes in by promotion; tl2cu asks for all six in c0's dtype.
Obj *random_philox_impl(Ctx *c, Node *call, Obj **a) {
  static const char *names[6] = {"c0", "c1", "c2", "c3", "k0", "k1"};
  need_kernel(c, call);
  int64_t n = rounds_arg(c, a[6], call);
  Value *v[6];
  for (int i = 0; i < 6; i++) v[i] = tensor_arg(c, a[i], call, names[i]);
  Scalar t = v[0]->ty.kind;
  if (t != TY_U32 && t != TY_U64)
    diag_fatal(call->loc, "%s: c0 must be uint32 or uint64, got %s", c->callee, type_name(v[0]->ty));
  for (int i = 1; i < 6; i++)
    if (v[i]->ty.kind != t)
      diag_fatal(call->loc, "%s: %s is %s but c0 is %s: tl2cu needs c0..c3, k0 and k1 of one dtype", c->callee,
                 names[i], type_name(v[i]->ty), type_name(v[0]->ty));
  philox_rounds(c, t == TY_U32 ? &philox32 : &philox64, v, v[4], v[5], n, 0xF, call->loc);
  return tuple_of(v, 4);
}

Obj *random_uint_to_uniform_float(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call);
  return obj_value(uniform(c, tensor_arg(c, a[0], call, "x"), call->loc));
}

Obj *random_pair_uniform_to_normal(Ctx *c, Node *call, Obj **a) {
  need_kernel(c, call);
  Value *n[2];
  box_muller(c, tensor_arg(c, a[0], call, "u1"), tensor_arg(c, a[1], call, "u2"), n, 2, call->loc);
  return tuple_of(n, 2);
}
