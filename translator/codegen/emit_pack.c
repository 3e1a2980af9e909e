// emit_pack.c: printing packed 8-bit values (pack.c decides which): four to a 32-bit word,
// their elementwise arithmetic through CUDA's SIMD intrinsics (__vadd4, __vseteq4...), bools
// as the top bit of each byte where that saves instructions.
#include "emit.h"

const char *packed_decl(Value *v) {
  return xprintf("uint32_t %s[%lld] = {};  %s, four to a word", v->cname, (long long)v->layout->per_thread / 4, shape_comment(v));
}

const char *packed_elem(Value *v, const char *k) { return xprintf("tl2cu_byte<%s>(%s, %s)", ctype(v->ty), v->cname, k); }
const char *packed_lvalue(Value *v, const char *k) { return xprintf("tl2cu_byte_of<%s>(%s, %s)", ctype(v->ty), v->cname, k); }

static const char *simd_name(Op op, bool is_signed) {
  switch (op) {
  case OP_ADD: return "__vadd4";
  case OP_SUB: return "__vsub4";
  case OP_EQ: return "__vseteq4";
  case OP_NE: return "__vsetne4";
  case OP_LT: return is_signed ? "__vsetlts4" : "__vsetltu4";
  case OP_LE: return is_signed ? "__vsetles4" : "__vsetleu4";
  case OP_GT: return is_signed ? "__vsetgts4" : "__vsetgtu4";
  case OP_GE: return is_signed ? "__vsetges4" : "__vsetgeu4";
  default: return NULL;
  }
}

// A uniform operand, as C: a scalar, a literal, or any one element of a single-element
// block (element 0: a packed loop has no element index k).
static const char *uniform_text(Em *em, Value *v, Cx *cx) {
  while (!is_materialized(v) && (v->kind == V_BROADCAST || v->kind == V_EXPAND)) v = v->a;
  if (is_materialized(v) && v->kind != V_PARAM && v->shape.rank) return elem_at(v, "0");
  return ex(em, v, cx);
}

static const char *px(Em *em, Value *v, Cx *cx, bool top);

// ---- bools as top bits
// A bool expression of several comparisons is computed with 0x80/0 bytes (the
// tl2cu_msb_* comparisons, runtime/tl2cu.cuh) and shifted to 0/1 bytes once, at
// its root: __vset* shift every comparison, and where() widens a 0/1 condition
// with a multiply. On the Game of Life's rule: 4.14 -> 3.95 ms (docs/NOTES.md 16).

// Is bool v computed in the top-bit form, rather than read as a 0/1 leaf?
static bool msb_node(Value *v, bool top) {
  if (v->ty.kind != TY_I1 || (!top && (pack_uniform_scalar(v) || is_materialized(v)))) return false;
  return v->kind == V_BINARY || v->kind == V_UNARY || v->kind == V_WHERE || v->kind == V_CAST || v->kind == V_BROADCAST;
}

// Instructions the top-bit form saves under v: a shift per comparison, a multiply
// per where, less a shift for each 0/1 leaf brought into the form.
static int msb_gain(Value *v, bool top) {
  if (!msb_node(v, top)) return -1;
  switch (v->kind) {
  case V_BINARY: return is_compare(v->op) ? 1 : msb_gain(v->a, false) + msb_gain(v->b, false);
  case V_UNARY: return v->a->ty.kind == TY_I1 ? msb_gain(v->a, false) : 1;  // not x on bytes: x == 0
  case V_WHERE: return 1 + msb_gain(v->a, false) + msb_gain(v->b, false) + msb_gain(v->c, false);
  case V_CAST: return v->a->ty.kind == TY_I1 ? msb_gain(v->a, false) : 1;  // bytes to bool: x != 0
  default: return msb_gain(v->a, false);                                   // a broadcast of the same shape
  }
}

static const char *msb_comparison(Op op, bool is_signed) {
  const char *s = is_signed ? "s" : "u";
  switch (op) {
  case OP_EQ: return "tl2cu_msb_eq4";
  case OP_NE: return "tl2cu_msb_ne4";
  case OP_LT: return xprintf("tl2cu_msb_lt%s4", s);
  case OP_LE: return xprintf("tl2cu_msb_le%s4", s);
  case OP_GT: return xprintf("tl2cu_msb_gt%s4", s);
  default: return xprintf("tl2cu_msb_ge%s4", s);
  }
}

// Word w of bool v with its bytes 0x80 (true) or 0 (false), as C.
static const char *msb_word(Em *em, Value *v, Cx *cx, bool top) {
  if (!msb_node(v, top)) return xprintf("(%s << 7)", px(em, v, cx, top));
  switch (v->kind) {
  case V_BINARY: {
    if (is_compare(v->op))
      return xprintf("%s(%s, %s)", msb_comparison(v->op, v->a->ty.kind == TY_I8), px(em, v->a, cx, false), px(em, v->b, cx, false));
    const char *A = msb_word(em, v->a, cx, false), *B = msb_word(em, v->b, cx, false);
    if (v->op == OP_AND || v->op == OP_MUL) return xprintf("(%s & %s)", A, B);
    if (v->op == OP_OR) return xprintf("(%s | %s)", A, B);
    return xprintf("(%s ^ %s)", A, B);  // xor, and i1's + and -, modulo 2
  }
  case V_UNARY:
    if (v->a->ty.kind != TY_I1) return xprintf("tl2cu_msb_eq4(%s, 0u)", px(em, v->a, cx, false));  // not x
    if (v->op == OP_NEG) return msb_word(em, v->a, cx, false);
    return xprintf("(%s ^ TL2CU_MSB4)", msb_word(em, v->a, cx, false));  // not, ~ on i1
  case V_WHERE:
    return xprintf("tl2cu_msb_select4(%s, %s, %s)", msb_word(em, v->a, cx, false), msb_word(em, v->b, cx, false),
                   msb_word(em, v->c, cx, false));
  case V_CAST:
    if (v->a->ty.kind == TY_I1) return msb_word(em, v->a, cx, false);
    return xprintf("tl2cu_msb_ne4(%s, 0u)", px(em, v->a, cx, false));
  default: return msb_word(em, v->a, cx, false);
  }
}

// Word w of v, as C.
static const char *px(Em *em, Value *v, Cx *cx, bool top) {
  if (!top && pack_uniform_scalar(v)) return xprintf("tl2cu_splat4(%s)", uniform_text(em, v, cx));
  if (!top && is_materialized(v)) return xprintf("%s[_w]", v->cname);
  if (msb_gain(v, top) > 1) return xprintf("tl2cu_msb_bool4(%s)", msb_word(em, v, cx, top));  // saves more than its shift
  switch (v->kind) {
  case V_BINARY: {
    const char *A = px(em, v->a, cx, false), *B = px(em, v->b, cx, false);
    bool bools = v->a->ty.kind == TY_I1;
    switch (v->op) {
    case OP_AND: case OP_MUL: return xprintf("(%s & %s)", A, B);
    case OP_OR: return xprintf("(%s | %s)", A, B);
    case OP_XOR: return xprintf("(%s ^ %s)", A, B);
    default:
      if (bools && (v->op == OP_ADD || v->op == OP_SUB)) return xprintf("(%s ^ %s)", A, B);  // i1 arithmetic is modulo 2
      return xprintf("%s(%s, %s)", simd_name(v->op, v->a->ty.kind == TY_I8), A, B);
    }
  }
  case V_WHERE:
    return xprintf("tl2cu_select4(%s, %s, %s)", px(em, v->a, cx, false), px(em, v->b, cx, false), px(em, v->c, cx, false));
  case V_CAST:
    if (v->ty.kind == TY_I1 && v->a->ty.kind != TY_I1) return xprintf("__vsetne4(%s, 0u)", px(em, v->a, cx, false));
    return px(em, v->a, cx, false);  // the same bytes: i8 <-> u8, and i1's 0/1
  case V_UNARY: {
    const char *A = px(em, v->a, cx, false);
    bool bools = v->a->ty.kind == TY_I1;
    if (v->op == OP_NEG) return bools ? A : xprintf("__vneg4(%s)", A);
    if (v->op == OP_INVERT && !bools) return xprintf("~%s", A);
    if (bools) return xprintf("(%s ^ 0x01010101u)", A);  // not, ~ on i1
    return xprintf("__vseteq4(%s, 0u)", A);             // not x
  }
  case V_BROADCAST: return px(em, v->a, cx, false);
  default: internal_error(__FILE__, __LINE__, "value without a packed form");
  }
}

static void emit_words(Em *em, Value *v, const Layout *l) {
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  const char *rhs = px(em, v, &cx, true);
  if (uses_e) internal_error(__FILE__, __LINE__, "packed operand varies along the run");
  line(em, "#pragma unroll");
  line(em, "for (int _w = 0; _w < %lld; ++_w) %s[_w] = %s;", (long long)l->per_thread / 4, v->cname, rhs);
}

// x = <operation>: a word at a time.
void emit_packed_let(Em *em, Stmt *s) {
  line(em, "%s", packed_decl(s->v));
  emit_words(em, s->v, s->v->layout);
}

// tl.store(p, <expression of packed values>): the expression a word at a time, into
// an array named for the line, which the store then reads as a packed value.
// end_packed_store forgets it again (the next variant decides anew).
bool begin_packed_store(Em *em, Stmt *s, const Layout *l) {
  Value *v = s->v;
  if (!packs_store_value(s, l)) return false;
  v->cname = xprintf("_stored_L%d%s", s->loc.line, em->stored_line == s->loc.line ? xprintf("_%d", ++em->nstored) : "");
  em->stored_line = s->loc.line;
  v->layout = (Layout *)l;
  v->packed = true;
  line(em, "%s", packed_decl(v));
  emit_words(em, v, l);
  return true;
}

void end_packed_store(Stmt *s) {
  s->v->cname = NULL;
  s->v->layout = NULL;
  s->v->packed = false;
}
