// canon.c: integer index arithmetic in one normal form, before any analysis reads it.
// Input: a traced kernel. Output: the same kernel where every integer sum (+, -, unary -,
// multiplication by a constant) and every pointer sum is rebuilt as
//   (loop-invariant terms: program-invariant ones first) + (loop-variant terms) + constant
// each term an atom (anything else: a parameter, a cast, a load, a product of two
// non-constants with its factors ordered) times a folded coefficient, so that
// `x + offs`, `offs + x`, `x + (a + b)`, `(x + a) + b`, `-1 * s`, `0 * s + x`, `dc + c +
// dr * s` read alike to axisinfo.c, loads.c and access.c, whatever the source's order.
// Exactness: wrapping two's-complement + and * reassociate and distribute exactly in one
// type, so a sum is flattened only through operations of its own type (a cast is an atom,
// except of a constant); floats, division and modulo are never touched. A pointer's
// offsets are merged as Triton's CombineAddPtrPattern merges them (Combine.td,
// isAddPtrOffsetCombinable): 64-bit offsets always, constants always (summed in 64 bits,
// as the address is), narrower offsets each kept as its own addend, since sext(a) +
// sext(b) is not sext(a + b) when a + b wraps. Named values (S_LET) keep their name and
// are atoms to the sums that read them.
// Also here, Triton's CombineDotAdd patterns (below): `acc += tl.dot(a, b)` accumulates
// in the dot.
#include "tl2cu.h"

#include <stdlib.h>
#include <string.h>

// ---------------------------------------------------------------- affine forms

// c as a value of type t: wrapped to its width (two's complement).
static int64_t wrap(int64_t c, Scalar t) {
  int bits = t == TY_PTR ? 64 : scalar_bits(t);
  if (bits >= 64) return c;
  uint64_t m = ((uint64_t)1 << bits) - 1, u = (uint64_t)c & m;
  if (scalar_is_signed(t) && (u >> (bits - 1))) u |= ~m;
  return (int64_t)u;
}

static int64_t mul_wrap(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static int64_t add_wrap(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }

static bool is_index_int(Scalar t) { return scalar_is_int(t) && t != TY_I1; }

static Value *strip_broadcast(Value *v) {
  while (v->kind == V_BROADCAST && !is_materialized(v)) v = v->a;
  return v;
}

// Whether v is an integer + - * or unary - that a sum of type t flattens (as an operand).
static bool is_sum_node(Value *v, Scalar t) {
  if (v->ty.kind != t || !is_index_int(t)) return false;
  if (v->kind == V_UNARY) return v->op == OP_NEG;
  return v->kind == V_BINARY && (v->op == OP_ADD || v->op == OP_SUB || v->op == OP_MUL);
}

// Whether two atoms compute the same elements (as MLIR's CSE would merge them): pure
// operations on the same operands, with the same shape after their broadcasts (unlike
// semantic.c's same_value, an expand_dims along another axis is another value).
bool affine_same_atom(Value *a, Value *b, int depth) {
  a = strip_broadcast(a), b = strip_broadcast(b);
  if (a == b) return true;
  if (depth > 8 || a->kind != b->kind || !type_eq(a->ty, b->ty) || !shape_eq(a->shape, b->shape) || a->op != b->op ||
      a->ival != b->ival)
    return false;
  switch (a->kind) {
  case V_CONST: return a->fval == b->fval;
  case V_PARAM: return a->param_index >= 0 && a->param_index == b->param_index;
  case V_PROGRAM_ID: case V_NUM_PROGRAMS: case V_ARANGE: return true;
  case V_EXPAND: case V_BROADCAST: case V_CAST: case V_UNARY: return affine_same_atom(a->a, b->a, depth + 1);
  case V_BINARY:
    return a->arith_shift == b->arith_shift && affine_same_atom(a->a, b->a, depth + 1) &&
           affine_same_atom(a->b, b->b, depth + 1);
  default: return false;  // loads, variables, ...: only the value itself
  }
}

static void add_term(Affine *f, Value *atom, int64_t coef) {
  for (int i = 0; i < f->n; i++)
    if (affine_same_atom(f->t[i].atom, atom, 0)) {
      f->t[i].coef = add_wrap(f->t[i].coef, coef);
      return;
    }
  if (f->n == AFFINE_TERMS) {
    f->overflow = true;
    return;
  }
  f->t[f->n++] = (AffineTerm){atom, coef};
}

// Coefficients wrapped to the type; terms that cancel dropped.
static void normalize(Affine *f) {
  int n = 0;
  f->constant = wrap(f->constant, f->ty);
  for (int i = 0; i < f->n; i++) {
    f->t[i].coef = wrap(f->t[i].coef, f->ty);
    if (f->t[i].coef) f->t[n++] = f->t[i];
  }
  f->n = n;
}

static void collect(Value *v, int64_t scale, Affine *f, bool through_names, int depth);

// A * B: a constant side scales the other; otherwise the product is an atom.
static void collect_product(Value *v, int64_t scale, Affine *f, bool through_names, int depth) {
  Affine l = {.ty = f->ty}, r = {.ty = f->ty};
  collect(v->a, 1, &l, through_names, depth + 1);
  collect(v->b, 1, &r, through_names, depth + 1);
  if (l.overflow || r.overflow || (l.n && r.n)) {
    add_term(f, v, scale);
    return;
  }
  Affine *k = l.n ? &r : &l, *x = l.n ? &l : &r;  // k: the constant side
  for (int i = 0; i < x->n; i++) add_term(f, x->t[i].atom, mul_wrap(scale, mul_wrap(k->constant, x->t[i].coef)));
  f->constant = add_wrap(f->constant, mul_wrap(scale, mul_wrap(k->constant, x->constant)));
}

// An integer widened (sext or zext to more bits).
static bool widening(Value *v) {
  return v->kind == V_CAST && is_index_int(v->ty.kind) && is_index_int(v->a->ty.kind) &&
         scalar_bits(v->a->ty.kind) < scalar_bits(v->ty.kind);
}

// The analyses' view of a widened sum: the sum of its widened terms, as if it did not wrap
// (Triton's AxisInfo assumes so; a window checks its addresses at run time): p + i and
// p + i.to(tl.int64) + 1 are one element apart.
static void collect_widened(Value *v, int64_t scale, Affine *f, int depth) {
  Affine inner = {.ty = v->a->ty.kind};
  collect(v->a, 1, &inner, true, depth + 1);
  normalize(&inner);
  if (inner.overflow) {
    add_term(f, v, scale);
    return;
  }
  for (int i = 0; i < inner.n; i++) add_term(f, inner.t[i].atom, mul_wrap(scale, inner.t[i].coef));
  f->constant = add_wrap(f->constant, mul_wrap(scale, inner.constant));
}

// v * scale added to f, v of f's type. through_names: look into named values too (the
// analyses' view); the rewrite stops at them, keeping the C variable the source named.
static void collect(Value *v, int64_t scale, Affine *f, bool through_names, int depth) {
  Value *s = strip_broadcast(v);
  bool opaque = depth > 32 || (s != f->root && is_materialized(s) && !through_names);
  if (s->kind == V_CONST && is_index_int(s->ty.kind)) {
    f->constant = add_wrap(f->constant, mul_wrap(scale, s->ival));
  } else if (s->kind == V_CAST && s->a->kind == V_CONST && is_index_int(s->a->ty.kind) && is_index_int(s->ty.kind)) {
    f->constant = add_wrap(f->constant, mul_wrap(scale, wrap(s->a->ival, s->ty.kind)));
  } else if (through_names && !opaque && widening(s)) {
    collect_widened(s, scale, f, depth);
  } else if (opaque || !is_sum_node(s, f->ty)) {
    add_term(f, s, scale);
  } else if (s->kind == V_UNARY) {
    collect(s->a, -scale, f, through_names, depth + 1);
  } else if (s->op == OP_MUL) {
    collect_product(s, scale, f, through_names, depth);
  } else {
    collect(s->a, scale, f, through_names, depth + 1);
    collect(s->b, s->op == OP_SUB ? -scale : scale, f, through_names, depth + 1);
  }
}

// A pointer's offsets, in elements: its base pointer, the sum of its offsets (as if no
// offset wrapped: the analyses' view, as Triton's AxisInfo assumes).
static void collect_pointer(Value *p, Affine *f) {
  for (int depth = 0; depth < 64; depth++) {
    p = strip_broadcast(p);
    if (p->kind != V_BINARY || p->op != OP_ADD || p->a->ty.kind != TY_PTR) break;
    Affine o = {.ty = p->b->ty.kind, .root = p->b};
    collect(p->b, 1, &o, true, 0);
    if (o.overflow) add_term(f, strip_broadcast(p->b), 1);
    for (int i = 0; i < o.n && !o.overflow; i++) add_term(f, o.t[i].atom, o.t[i].coef);
    if (!o.overflow) f->constant = add_wrap(f->constant, o.constant);
    p = p->a;
  }
  f->base = p;
}

bool affine_form(Value *v, Affine *f) {
  memset(f, 0, sizeof *f);
  f->ty = v->ty.kind == TY_PTR ? TY_I64 : v->ty.kind;
  f->root = v;
  if (v->ty.kind == TY_PTR) collect_pointer(v, f);
  else if (is_index_int(v->ty.kind)) collect(v, 1, f, true, 0);
  else return false;
  normalize(f);
  return !f->overflow;
}

// ---------------------------------------------------------------- the order of terms

// A deterministic order of atoms that does not depend on the order the source wrote
// them in: program-invariant (scalar) atoms first, then by what they compute.
static int atom_cmp(Value *a, Value *b, int depth) {
  if (a == b) return 0;
  int ra = strip_broadcast(a)->shape.rank, rb = strip_broadcast(b)->shape.rank;
  if ((ra > 0) != (rb > 0)) return ra > 0 ? 1 : -1;
  int keys_a[] = {a->kind, a->ty.kind, a->op, a->shape.rank, a->kind == V_PARAM ? a->param_index : 0};
  int keys_b[] = {b->kind, b->ty.kind, b->op, b->shape.rank, b->kind == V_PARAM ? b->param_index : 0};
  for (size_t i = 0; i < sizeof keys_a / sizeof *keys_a; i++)
    if (keys_a[i] != keys_b[i]) return keys_a[i] < keys_b[i] ? -1 : 1;
  if (a->ival != b->ival) return a->ival < b->ival ? -1 : 1;
  for (int d = 0; d < a->shape.rank; d++)
    if (a->shape.dim[d] != b->shape.dim[d]) return a->shape.dim[d] < b->shape.dim[d] ? -1 : 1;
  if (depth < 6 && !a->cname && !b->cname) {
    Value *oa[3] = {a->a, a->b, a->c}, *ob[3] = {b->a, b->b, b->c};
    for (int i = 0; i < 3; i++) {
      if (!oa[i] || !ob[i]) {
        if (oa[i] != ob[i]) return oa[i] ? 1 : -1;
        continue;
      }
      int c = atom_cmp(oa[i], ob[i], depth + 1);
      if (c) return c;
    }
  }
  return a->id < b->id ? -1 : a->id > b->id;  // (the same computation twice is one term: affine_same_atom)
}

// Value.named_in_loop, which term_cmp (a qsort comparator) reads through loop_variant.
static void mark_loop_names(Stmt *s, bool in_loop) {
  for (; s; s = s->next) {
    if (s->kind == S_LET) s->v->named_in_loop = in_loop;
    mark_loop_names(s->body, in_loop || s->kind == S_FOR || s->kind == S_WHILE);
    mark_loop_names(s->orelse, in_loop);
  }
}

// Whether v may change from one iteration of a loop to the next: it reads a variable or a
// value named inside a loop. (Past 16 levels: taken as yes.)
static bool loop_variant(Value *v, int depth) {
  if (!v) return false;
  if (v->kind == V_VAR || depth > 16) return true;
  if (is_materialized(v)) return v->named_in_loop;
  return loop_variant(v->a, depth + 1) || loop_variant(v->b, depth + 1) || loop_variant(v->c, depth + 1);
}

// Loop-invariant terms before loop-variant ones (nvcc can hoist their sum), and in each
// group: the program-invariant (scalar) terms, then strided ones (a product, or a
// coefficient other than +-1: `rows * stride`) before unit ones (`cols`), the outer dims'
// first (`rows[:, None] * stride + cols[None, :]`), as indices are usually written.
static int term_class(const AffineTerm *t) {
  Value *a = strip_broadcast(t->atom);
  int innermost = -1;  // the last dim it varies along, counted from the right
  for (int d = 0; d < a->shape.rank; d++)
    if (a->shape.dim[d] != 1) innermost = a->shape.rank - 1 - d;
  bool strided = (t->coef != 1 && t->coef != -1) || (a->kind == V_BINARY && a->op == OP_MUL);
  int within = innermost < 0 ? 0 : 2 * (MAX_RANK - innermost) + !strided;
  return (loop_variant(a, 0) ? 2 * MAX_RANK + 2 : 0) + within;
}

static int term_cmp(const void *x, const void *y) {
  const AffineTerm *a = x, *b = y;
  int ca = term_class(a), cb = term_class(b);
  return ca != cb ? ca - cb : atom_cmp(a->atom, b->atom, 0);
}

// ---------------------------------------------------------------- rebuilding

static Value *fresh(Value *like, VKind kind, Type ty, Shape shape) {
  Value *v = xmalloc(sizeof *v);
  v->kind = kind;
  v->ty = ty;
  v->shape = shape;
  v->loc = like->loc;
  v->bb = like->bb;
  v->id = sem_new_id();
  return v;
}

static Value *use(Value *v) {
  v->uses++;
  return v;
}

static Value *constant(Value *like, Scalar t, int64_t c) {
  Value *v = fresh(like, V_CONST, type_scalar(t), (Shape){0, {0}});
  v->ival = c;
  return v;
}

static Value *bcast(Value *like, Value *v, Shape s) {
  if (shape_eq(v->shape, s)) return v;
  Value *r = fresh(like, V_BROADCAST, v->ty, s);
  r->a = use(v);
  return r;
}

static Value *binary(Value *like, Op op, Value *a, Value *b) {
  Shape s;
  if (!shape_broadcast(a->shape, b->shape, &s)) internal_error(__FILE__, __LINE__, "canon: shapes do not broadcast");
  Value *r = fresh(like, V_BINARY, a->ty.kind == TY_PTR ? a->ty : b->ty, s);
  r->op = op;
  r->a = use(bcast(like, a, s));
  r->b = use(bcast(like, b, s));
  return r;
}

// coef * atom, the factors of a product ordered.
static Value *term_value(Value *like, Scalar t, Value *atom, int64_t coef) {
  if (coef == 1) return atom;
  if (coef == -1) {
    Value *r = fresh(like, V_UNARY, atom->ty, atom->shape);
    r->op = OP_NEG;
    r->a = use(atom);
    return r;
  }
  return binary(like, OP_MUL, atom, constant(like, t, coef));
}

// The sum's value: invariant terms, varying terms, then the constant; a negative
// coefficient as a subtraction. NULL for an empty sum.
static Value *sum_value(Value *like, Affine *f) {
  qsort(f->t, (size_t)f->n, sizeof *f->t, term_cmp);
  for (int i = 0; i < f->n; i++)  // a term with a positive coefficient first: b - a, not -a + b
    if (f->t[i].coef > 0) {
      AffineTerm first = f->t[i];
      memmove(f->t + 1, f->t, (size_t)i * sizeof *f->t);
      f->t[0] = first;
      break;
    }
  bool all_negative = f->n && f->t[0].coef < 0;
  Value *acc = all_negative && f->constant > 0 ? constant(like, f->ty, f->constant) : NULL;  // 1023 - i
  if (acc) f->constant = 0;
  for (int i = 0; i < f->n; i++) {
    int64_t c = f->t[i].coef;
    bool minus = acc && c < 0 && c != INT64_MIN && wrap(-c, f->ty) == -c;
    Value *t = term_value(like, f->ty, f->t[i].atom, minus ? -c : c);
    acc = !acc ? t : binary(like, minus ? OP_SUB : OP_ADD, acc, t);
  }
  if (!f->constant) return acc;
  int64_t c = f->constant;
  bool minus = acc && c < 0 && wrap(-c, f->ty) == -c;
  Value *k = constant(like, f->ty, minus ? -c : c);
  return !acc ? k : binary(like, minus ? OP_SUB : OP_ADD, acc, k);
}

// An integer sum rebuilt; NULL if it cannot be (too many terms).
static Value *canon_sum(Value *v) {
  Affine f = {.ty = v->ty.kind, .root = v};
  collect(v, 1, &f, false, 0);
  if (f.overflow) return NULL;
  normalize(&f);
  Value *r = sum_value(v, &f);
  if (!r) r = constant(v, f.ty, 0);
  return bcast(v, r, v->shape);
}

// A pointer sum rebuilt: base + (64-bit offsets) + (each narrower offset) + constant.
static Value *canon_pointer(Value *v) {
  Affine wide = {.ty = TY_I64, .root = v};
  Value *narrow[64];
  int nnarrow = 0;
  int64_t k = 0;
  Value *p = v;
  for (int depth = 0; depth < 64; depth++) {
    p = p == v ? p : strip_broadcast(p);
    if (p->kind != V_BINARY || p->op != OP_ADD || p->a->ty.kind != TY_PTR || (p != v && is_materialized(p))) break;
    Value *o = p->b;
    Affine one = {.ty = o->ty.kind, .root = NULL};
    collect(o, 1, &one, false, 0);
    normalize(&one);
    if (one.overflow) return NULL;
    if (!one.n) k = add_wrap(k, one.constant);
    else if (o->ty.kind == TY_I64) collect(o, 1, &wide, false, 0);
    else narrow[nnarrow++] = o;
    p = p->a;
  }
  normalize(&wide);
  if (wide.overflow) return NULL;
  k = add_wrap(k, wide.constant);
  wide.constant = 0;
  Value *acc = strip_broadcast(p), *w = sum_value(v, &wide);
  if (w) acc = binary(v, OP_ADD, acc, w);
  for (int i = nnarrow - 1; i >= 0; i--) acc = binary(v, OP_ADD, acc, narrow[i]);
  if (k) acc = binary(v, OP_ADD, acc, constant(v, k == (int32_t)k ? TY_I32 : TY_I64, k));
  return bcast(v, acc, v->shape);
}

// ---------------------------------------------------------------- the pass

typedef struct {
  Value **memo;  // by value id: what the value became
  int nmemo;
  unsigned char *index;  // by value id: bit 0 visited, bit 1 visited as index arithmetic
  Vec named;             // Value*: the kernel body's named values so far, at its top level
  int depth;             // of the statement being rewritten (0: the kernel body's own)
} Canon;

// ---- which integer sums are index arithmetic: a pointer's offsets and what they are made
// of, and the sides of a comparison over program ids or aranges (masks). Sums of data (a
// hash, an integer accumulation) are left as written.

static bool index_source(Value *v, int depth) {
  if (!v || depth > 16) return false;
  if (v->kind == V_ARANGE || v->kind == V_PROGRAM_ID) return true;
  bool passes = v->kind == V_BROADCAST || v->kind == V_EXPAND || v->kind == V_CAST || is_sum_node(v, v->ty.kind);
  return passes && (index_source(v->a, depth + 1) || (v->kind == V_BINARY && index_source(v->b, depth + 1)));
}

static bool index_node(Value *v) {
  bool int_cast = v->kind == V_CAST && is_index_int(v->ty.kind) && is_index_int(v->a->ty.kind);
  return v->kind == V_BROADCAST || v->kind == V_EXPAND || int_cast || is_sum_node(v, v->ty.kind);
}

static void mark_index(Canon *cn, Value *v, bool in_index) {
  if (!v || v->id >= cn->nmemo) return;
  in_index = in_index && index_node(v);
  unsigned bit = in_index ? 2 : 1;
  if (cn->index[v->id] & bit) return;
  cn->index[v->id] |= bit;
  if (v->kind == V_VAR) return;
  bool ptr_add = v->kind == V_BINARY && v->op == OP_ADD && v->ty.kind == TY_PTR;
  bool compare = v->kind == V_BINARY && is_compare(v->op) && is_index_int(v->a->ty.kind) &&
                 (index_source(v->a, 0) || index_source(v->b, 0));
  mark_index(cn, v->a, in_index || compare);
  mark_index(cn, v->b, in_index || compare || ptr_add);
  mark_index(cn, v->c, false);
}

static void mark_index_in(Canon *cn, Stmt *s) {
  for (; s; s = s->next) {
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) mark_index(cn, vs[i], false);
    mark_index_in(cn, s->body);
    mark_index_in(cn, s->orelse);
  }
}

static Value *canon(Canon *cn, Value *v);

// A slot that read `old` reads `now`: the uses move, and what only `old` read is released.
static void move_use(Value **slot, Value *now) {
  Value *old = *slot;
  if (old == now) return;
  *slot = use(now);
  old->uses--;
  lower_discard(old);
}

static bool is_sum_root(Canon *cn, Value *v) {
  if (v->ty.kind == TY_PTR) return v->kind == V_BINARY && v->op == OP_ADD && v->a->ty.kind == TY_PTR;
  return is_sum_node(v, v->ty.kind) && v->id < cn->nmemo && (cn->index[v->id] & 2);
}

// The rebuilt form of a sum root: in place for a named value (its C variable stays);
// otherwise a new value its readers take instead.
static Value *rebuild(Value *v) {
  Value *r = v->ty.kind == TY_PTR ? canon_pointer(v) : canon_sum(v);
  if (!r || r == v) return v;
  if (!is_materialized(v)) return r;
  if (r->uses || (r->kind != V_BINARY && r->kind != V_UNARY && r->kind != V_BROADCAST)) {
    if (!r->uses) lower_discard(r);  // (a constant, or a value that exists already: the name keeps its op)
    return v;
  }
  Value *a = v->a, *b = v->b;
  v->kind = r->kind, v->op = r->op, v->a = r->a, v->b = r->b, v->ival = r->ival;
  a->uses--, lower_discard(a);
  if (b) b->uses--, lower_discard(b);
  return v;
}

// ---- named vs inline: an inline computation of what a named value of the kernel's top
// level already holds reads that value, as MLIR's CSE merges the two in Triton. Only names
// of the top level, which every later statement follows, and nothing that reads a variable
// (whose value an assignment between the two may change).

static bool reads_var(Value *v, int depth) {
  if (!v) return false;
  if (v->kind == V_VAR || depth > 12) return true;
  return reads_var(v->a, depth + 1) || reads_var(v->b, depth + 1) || reads_var(v->c, depth + 1);
}

static bool cse_kind(Value *v) {
  bool index_ty = v->ty.kind == TY_PTR || is_index_int(v->ty.kind);
  return index_ty && (v->kind == V_BINARY || v->kind == V_CAST || v->kind == V_EXPAND || v->kind == V_BROADCAST);
}

static Value *named_copy(Canon *cn, Value *v, Value *r) {
  bool index = v->ty.kind == TY_PTR || (v->id < cn->nmemo && (cn->index[v->id] & 2));  // (index math only)
  if (!index || is_materialized(r) || !cse_kind(r) || reads_var(r, 0)) return r;
  for (int i = cn->named.len - 1; i >= 0; i--) {
    Value *n = cn->named.items[i];
    if (n != r && type_eq(n->ty, r->ty) && shape_eq(n->shape, r->shape) && affine_same_atom(n, r, 0)) {
      if (!r->uses) lower_discard(r);  // built here, read by nothing now
      return n;
    }
  }
  return r;
}

static Value *canon(Canon *cn, Value *v) {
  if (!v) return v;
  if (v->id < cn->nmemo && cn->memo[v->id]) return cn->memo[v->id];
  if (v->id < cn->nmemo) cn->memo[v->id] = v;  // (a cycle through a variable reads v itself)
  if (v->kind != V_VAR) {
    if (v->a) move_use(&v->a, canon(cn, v->a));
    if (v->b) move_use(&v->b, canon(cn, v->b));
    if (v->c) move_use(&v->c, canon(cn, v->c));
  }
  Value *r = named_copy(cn, v, is_sum_root(cn, v) ? rebuild(v) : v);
  if (v->id < cn->nmemo) cn->memo[v->id] = r;
  return r;
}

static void canon_stmts(Canon *cn, Stmt *s) {
  for (; s; s = s->next) {
    // A let nothing reads was released by lower.c, its operands too: rebuilding its sums
    // would take uses of values that are gone (two dead loads of `x + offs` kept offs, and
    // printed it, after the names it reads were dropped: fuzz kernels k131, k222).
    if (s->kind == S_LET && s->v->uses == 0) continue;
    Value **slots[] = {&s->v, &s->ptr, &s->mask, &s->lo, &s->hi, &s->step, &s->cond};
    for (size_t i = 0; i < sizeof slots / sizeof *slots; i++) {
      if (!*slots[i]) continue;
      Value *now = canon(cn, *slots[i]);
      if (s->kind == S_LET && slots[i] == &s->v) continue;  // a named value is rebuilt in place
      move_use(slots[i], now);
    }
    if (s->kind == S_LET && !cn->depth && cse_kind(s->v) && !reads_var(s->v, 0))
      vec_push(&cn->named, s->v);
    cn->depth++;
    canon_stmts(cn, s->body);
    canon_stmts(cn, s->orelse);
    cn->depth--;
  }
}

// ---------------------------------------------------------------- dot + add
// Triton's CombineDotAdd{I,F}[Rev]Pattern (lib/Dialect/Triton/Transforms/Combine.td):
// AddI/AddF(d, dot(a, b, c)) in either order becomes dot(a, b, d) when c is zero and
// the dot has no other use; for floats only when its maxNumImpreciseAcc is 0: what
// semantic.py gives a dot whose operands are not both fp8 unless max_num_imprecise_acc is
// passed, while fp8 dots take the target's default, 2**30 on sm_90 (the NVIDIA back end's
// parse_options), 0 elsewhere (Value.imprecise_acc, builtins.c). Triton does it, so its
// bits are those of the accumulating dot, and so are ours.

static bool is_zero(Value *v) {
  v = strip_broadcast(v);
  return v->kind == V_CONST && v->ival == 0 && v->fval == 0;
}

static bool fusable_dot(Value *d, Value *other, Value *add) {
  if (d->kind != V_DOT || d->uses != 2 || !is_zero(d->c) || add->ty.kind != d->ty.kind) return false;
  if (!shape_eq(other->shape, d->shape) || !type_eq(other->ty, d->ty)) return false;
  return !(scalar_is_float(d->ty.kind) && d->imprecise_acc);
}

// The add becomes the dot (keeping the add's name and place, after the dot's operands),
// and the dot's own statement goes.
static void unlink_let(Stmt **list, Value *v) {
  for (Stmt **p = list; *p; p = &(*p)->next) {
    if ((*p)->kind == S_LET && (*p)->v == v) {
      *p = (*p)->next;
      return;
    }
    unlink_let(&(*p)->body, v);
    unlink_let(&(*p)->orelse, v);
  }
}

static void fuse_dot_add(Kernel *k, Value *add, Value *d) {
  Value *acc = add->a == d ? add->b : add->a;
  add->kind = V_DOT;
  add->op = 0;
  add->ival = d->ival;
  add->a = use(d->a), add->b = use(d->b), add->c = acc;  // (acc: the add's read, moved)
  d->uses = 0;  // (the add's read, and its own statement's: both gone)
  unlink_let(&k->body, d);
  Value *operands[3] = {d->a, d->b, d->c};
  for (int i = 0; i < 3; i++) operands[i]->uses--, lower_discard(operands[i]);
}

// An add nothing names (`tl.store(p, tl.dot(a, b) + bias)`) becomes the dot where the dot's
// statement is: only if its other operand is there already (a constant, a parameter, or a
// value named or a variable declared before it, in its list or one around it).
static Stmt *let_of(Stmt *list, Value *v) {
  for (Stmt *s = list; s; s = s->next) {
    if (s->kind == S_LET && s->v == v) return s;
    Stmt *in = let_of(s->body, v);
    if (!in) in = let_of(s->orelse, v);
    if (in) return in;
  }
  return NULL;
}

// 1: `at` is in the list, with o defined before it; -1: without; 0: not in the list.
static int defined_before(Stmt *list, Stmt *at, Value *o, bool defined) {
  for (Stmt *s = list; s; s = s->next) {
    if (s == at) return defined ? 1 : -1;
    int r = defined_before(s->body, at, o, defined || (s->kind == S_FOR && s->var == o));
    if (!r) r = defined_before(s->orelse, at, o, defined);
    if (r) return r;
    defined |= (s->kind == S_LET && s->v == o) || (s->kind == S_VARDEF && s->var == o);
  }
  return 0;
}

static bool available_at(Kernel *k, Stmt *at, Value *o) {
  Value *u = strip_broadcast(o);
  if (u->kind == V_CONST || u->kind == V_PARAM) return true;
  return is_materialized(o) && defined_before(k->body, at, o, false) == 1;
}

static void find_dot_adds(Canon *cn, Kernel *k, Value *v, int mark) {
  if (!v || v->visit == mark) return;
  v->visit = mark;
  find_dot_adds(cn, k, v->a, mark), find_dot_adds(cn, k, v->b, mark), find_dot_adds(cn, k, v->c, mark);
  if (v->kind != V_BINARY || v->op != OP_ADD || v->shape.rank < 2) return;
  Value *d = fusable_dot(v->b, v->a, v) ? v->b : fusable_dot(v->a, v->b, v) ? v->a : NULL;
  if (!d) return;
  if (v->cname) {
    fuse_dot_add(k, v, d);
    return;
  }
  Value *o = d == v->b ? v->a : v->b;
  Stmt *at = let_of(k->body, d);
  if (!at || v->id >= cn->nmemo || !available_at(k, at, o)) return;
  move_use(&d->c, o);
  cn->memo[v->id] = d;  // its readers read the dot (canon below)
}

static void find_dot_adds_in(Canon *cn, Kernel *k, Stmt *s, int mark) {
  for (; s; s = s->next) {
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) find_dot_adds(cn, k, vs[i], mark);
    find_dot_adds_in(cn, k, s->body, mark);
    find_dot_adds_in(cn, k, s->orelse, mark);
  }
}

void canon_pass(Kernel *k) {
  Canon cn = {0};
  cn.nmemo = sem_next_id() + 1;
  cn.memo = xmalloc((size_t)cn.nmemo * sizeof *cn.memo);
  memset(cn.memo, 0, (size_t)cn.nmemo * sizeof *cn.memo);
  cn.index = xmalloc((size_t)cn.nmemo);
  memset(cn.index, 0, (size_t)cn.nmemo);
  find_dot_adds_in(&cn, k, k->body, sem_walk_mark());
  mark_index_in(&cn, k->body);
  mark_loop_names(k->body, false);
  canon_stmts(&cn, k->body);
}
