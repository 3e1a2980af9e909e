// pack.c: 8-bit block values (int8, uint8, bool) four to a 32-bit word, and their
// elementwise arithmetic on whole words through CUDA's SIMD intrinsics.
//
// A thread holding int8 elements one per register spends an instruction per element
// per operation, plus one to extract each loaded byte. Held four to a word, an add
// is one __vadd4 for four elements (bytewise, wrapping as Triton's int8 does), a
// comparison one __vseteq4 (0/1 bytes, as Triton's i1). The Game of Life, all int8,
// went from 14.7 to 5.0 ms on the H200 this way, to 4.13 with the window work that
// followed, to 3.95 with bools as top bits (docs/NOTES.md, items 12-16).
//
// A value is packed when its layout gives each thread runs of a multiple of 4
// elements (word j holds elements 4j..4j+3, contiguous along the last dimension)
// and its definition is a load or an operation with a SIMD form whose block
// operands are packed values held in the same layout; scalars are replicated into
// every byte. Loads are packed only when some packed operation reads them. Other
// readers take single elements out of the words (tl2cu_byte).
//
// This file decides which values are packed (Value.packed); emit_pack.c prints them.
#include "tl2cu.h"

static bool byte_type(Scalar t) { return t == TY_I8 || t == TY_U8 || t == TY_I1; }

static bool packable_layout(const Layout *l) {
  return l && l->kind == LAYOUT_BLOCKED && l->vec % 4 == 0 && l->per_thread % 4 == 0 && shape_numel(l->space) >= l->threads;
}

// The same for every element: a scalar, a literal, or one element spread over a block.
bool pack_uniform_scalar(Value *v) {
  if (v->shape.rank == 0 || v->kind == V_CONST) return true;
  if (is_materialized(v)) return v->kind != V_VAR && shape_numel(v->shape) == 1;
  if (v->kind == V_BROADCAST || v->kind == V_EXPAND) return shape_numel(v->a->shape) == 1 && pack_uniform_scalar(v->a);
  return false;
}

static bool simd_binary(Op op, Scalar t) {
  switch (op) {
  case OP_ADD: case OP_SUB: case OP_AND: case OP_OR: case OP_XOR:
  case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: return true;
  case OP_MUL: return t == TY_I1;  // and; no bytewise multiply
  default: return false;
  }
}

// Can v (a statement's value in layout l, or an operand inside it) be computed a
// word at a time? `reads` collects the packed values it reads.
static bool packable(Value *v, const Layout *l, Shape shape, bool top, Vec *reads) {
  if (!byte_type(v->ty.kind)) return false;
  if (!top && pack_uniform_scalar(v)) return true;
  if (!top && is_materialized(v)) {
    if (v->kind == V_VAR || !v->packed || !v->layout || !shape_eq(v->shape, shape) || !layout_same(v->layout, l, &v->shape))
      return false;
    if (reads) vec_push(reads, v);
    return true;
  }
  switch (v->kind) {
  case V_BINARY:
    return byte_type(v->a->ty.kind) && simd_binary(v->op, v->a->ty.kind) && packable(v->a, l, shape, false, reads) &&
           packable(v->b, l, shape, false, reads);
  case V_WHERE:
    return packable(v->a, l, shape, false, reads) && packable(v->b, l, shape, false, reads) &&
           packable(v->c, l, shape, false, reads);
  case V_CAST: return byte_type(v->a->ty.kind) && packable(v->a, l, shape, false, reads);
  case V_UNARY:
    return (v->op == OP_NEG || v->op == OP_INVERT || v->op == OP_LAND) && byte_type(v->a->ty.kind) &&
           packable(v->a, l, shape, false, reads);
  case V_BROADCAST: return shape_eq(v->a->shape, v->shape) && packable(v->a, l, shape, false, reads);
  default: return false;
  }
}

// fn(s, arg) for every statement of this kind, nested ones too.
static void each(Stmt *s, SKind kind, void (*fn)(Stmt *, void *), void *arg) {
  for (; s; s = s->next) {
    if (s->kind == kind) fn(s, arg);
    each(s->body, kind, fn, arg);
    each(s->orelse, kind, fn, arg);
  }
}

// A stored expression (not a named value) that can be computed a word at a time in
// layout l; `reads` collects the packed values it reads.
static bool packable_store_value(Stmt *s, const Layout *l, Vec *reads) {
  Value *v = s->v;
  return !is_materialized(v) && v->shape.rank && packable_layout(l) && shape_eq(v->shape, l->space) &&
         packable(v, l, v->shape, true, reads);
}

bool packs_store_value(Stmt *s, const Layout *l) { return packable_store_value(s, l, NULL); }

static void decide_store(Stmt *s, void *reads) {
  const Layout *l = s->ptr->layout;
  if (!l || !shape_eq(l->space, s->ptr->shape)) return;  // emit_store's own layout: not packed
  Vec mine = {0};
  if (packable_store_value(s, l, &mine))
    for (int i = 0; i < mine.len; i++) vec_push(reads, mine.items[i]);
}

static bool packable_load(Value *v) {
  return v->kind == V_LOAD && (v->ty.kind == TY_I8 || v->ty.kind == TY_U8) && v->uses > 1 && packable_layout(v->layout) &&
         shape_eq(v->shape, v->layout->space);
}

// A named block of one byte value everywhere (`total = tl.zeros(..., dtype=tl.int8)`):
// as a load, packed (its words splat) where packed operations read it.
static bool packable_splat(Value *v) {
  return v->kind == V_BROADCAST && byte_type(v->ty.kind) && pack_uniform_scalar(v->a) && v->uses > 1 && packable_layout(v->layout) &&
         shape_eq(v->shape, v->layout->space);
}

// Loads and splats: candidates until a packed statement reads them.
static bool candidate(Value *v) { return packable_load(v) || packable_splat(v); }

static void unpack(Stmt *s, void *arg) {
  (void)arg;
  s->v->packed = candidate(s->v);
}

static void decide(Stmt *s, void *reads) {
  Value *v = s->v;
  if (candidate(v) || v->kind == V_LOAD || never_read(v) || !packable_layout(v->layout) || !shape_eq(v->shape, v->layout->space))
    return;
  Vec mine = {0};
  v->packed = packable(v, v->layout, v->shape, true, &mine);
  for (int i = 0; v->packed && i < mine.len; i++) vec_push(reads, mine.items[i]);
}

static void keep_read_candidates(Stmt *s, void *reads) {
  Vec *r = reads;
  if (!candidate(s->v) || !s->v->packed) return;
  bool read = false;
  for (int i = 0; i < r->len && !read; i++) read = r->items[i] == s->v;
  s->v->packed = read;
}

// Decides, for the layouts just assigned, which values of the kernel are packed.
void decide_packing(Stmt *body) {
  Vec reads = {0};
  each(body, S_LET, unpack, NULL);
  each(body, S_LET, decide, &reads);
  each(body, S_STORE, decide_store, &reads);
  each(body, S_LET, keep_read_candidates, &reads);
}
