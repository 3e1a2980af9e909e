// emit_asm.c: printing a tl.inline_asm_elementwise call (asm.c builds it): a thread's
// elements handed to the asm `pack` at a time, each operand's narrow elements packed into
// 32-bit registers and each result unpacked, as Triton's ElementwiseInlineAsmOpConversion
// does (asm.c's opening comment says how and why).
#include "emit.h"

#include <string.h>

// The unsigned integer type that holds `bits` (bools: a 32-bit word), its width and its C name.
static int uint_bits(int bits) { return bits < 8 ? 32 : bits; }
static const char *uint_of(int bits) { return xprintf("uint%d_t", uint_bits(bits)); }

// The bits of element x (of type t) as an unsigned integer of its width (bools: 0 or 1).
static const char *bits_of(Type t, const char *x) {
  if (t.kind == TY_PTR) return xprintf("(uint64_t)%s", x);
  if (t.kind == TY_I1) return xprintf("(uint32_t)%s", x);
  if (scalar_is_float(t.kind)) return xprintf("tl2cu_bitcast<%s>(%s)", uint_of(scalar_bits(t.kind)), x);
  if (!scalar_is_signed(t.kind)) return x;  // uint8_t ... uint64_t already
  return xprintf("(%s)%s", uint_of(scalar_bits(t.kind)), x);
}

typedef struct {
  const Layout *l;  // the call's layout, NULL for scalars
  int64_t per_thread;
  int groups;       // calls of the asm per thread
  int pack;
} Groups;

// The thread's element index of position j of the current group (a constant when there
// is one group), and whether it is a padding position (NULL: known real; "": padding).
static const char *position(const Groups *g, int j, const char **real) {
  *real = NULL;
  if (g->groups == 1) {
    if (j >= g->per_thread) *real = "";
    return xprintf("%d", j);
  }
  const char *k = g->pack == 1 ? "_g" : j ? xprintf("_g * %d + %d", g->pack, j) : xprintf("_g * %d", g->pack);
  if (g->per_thread % g->pack) *real = xprintf("%s < %lld", k, (long long)g->per_thread);
  return k;
}

// Operand i's element at position j of the group, as bits (padding: NULL, the bits 0).
static const char *operand_bits(const Groups *g, Type t, int i, int j) {
  const char *real, *k = position(g, j, &real);
  if (real && !*real) return NULL;
  const char *x = bits_of(t, g->l ? xprintf("_a%d[%s]", i, k) : xprintf("_a%d", i));
  return real ? xprintf("(%s ? %s : 0u)", real, x) : x;
}

// The C expression for input register `reg`: elements j0 .. j0+n-1 of operand i.
static const char *input_reg(const Groups *g, Reg *reg, Type t, int i, int j0, int n) {
  int bw = asm_value_bits(t);
  if (n == 1 && reg->is_float && scalar_is_float(t.kind) && bw == reg->bits) {  // the value as it is
    const char *real, *k = position(g, j0, &real);
    const char *x = g->l ? xprintf("_a%d[%s]", i, k) : xprintf("_a%d", i);
    if (real) return *real ? xprintf("(%s ? %s : 0)", real, x) : (reg->bits == 32 ? "0.0f" : "0.0");
    return x;
  }
  Str w = {0};
  str_add(&w, "");
  for (int m = 0; m < n; m++) {
    const char *b = operand_bits(g, t, i, j0 + m);
    if (n == 1) str_add(&w, b ? b : "0u");
    else if (b) str_addf(&w, "%s(uint32_t)%s%s", w.len ? " | " : "", b, m ? xprintf(" << %d", m * bw) : "");
  }
  if (!w.len) str_add(&w, "0u");  // a register of padding alone
  else if (n > 1) w.buf = (char *)xprintf("(%s)", w.buf);
  int word_bits = n > 1 || t.kind == TY_I1 ? 32 : uint_bits(bw);  // w's unsigned type (an int register's own)
  if (reg->is_float)
    return word_bits != reg->bits ? xprintf("tl2cu_bitcast<%s>((%s)%s)", reg->ctype, uint_of(reg->bits), w.buf)
                                   : xprintf("tl2cu_bitcast<%s>(%s)", reg->ctype, w.buf);
  return word_bits != reg->bits ? xprintf("(%s)%s", reg->ctype, w.buf) : w.buf;
}

// Element m of output register temp `o` (register reg, n elements of type t).
static const char *output_elem(Reg *reg, const char *o, Type t, int n, int m) {
  int bw = asm_value_bits(t);
  if (n == 1 && reg->is_float && scalar_is_float(t.kind) && bw == reg->bits) return o;
  const char *word = reg->is_float ? xprintf("tl2cu_bitcast<%s>(%s)", uint_of(reg->bits), o) : o;
  const char *shifted = m == 0 ? word : xprintf("(%s >> %d)", word, m * bw);
  if (t.kind == TY_I1) return xprintf("((%s & 1u) != 0)", shifted);
  // (word's type: the register's unsigned type of reg->bits)
  if (scalar_is_float(t.kind) && m == 0 && reg->bits == uint_bits(bw)) return xprintf("tl2cu_bitcast<%s>(%s)", ctype(t), shifted);
  if (scalar_is_float(t.kind)) return xprintf("tl2cu_bitcast<%s>((%s)%s)", ctype(t), uint_of(bw), shifted);
  bool unsigned_int = scalar_is_int(t.kind) && !scalar_is_signed(t.kind) && t.kind != TY_I1;
  if (m == 0 && unsigned_int && scalar_bits(t.kind) == reg->bits) return shifted;  // (ctype(t) is word's type)
  return xprintf("(%s)%s", ctype(t), shifted);
}

// Every operand's elements, into the arrays _a0, _a1... (scalars: variables) of the call's layout.
static const char *operand_values(Em *em, Stmt *s, Cx *cx) {
  Str t = {0};
  str_add(&t, "");
  int i = 0;
  for (Value *n = s->v->a; n; n = n->b, i++) {
    Cx ci = child(cx);
    str_addf(&t, "%s%s = %s;", i ? " " : "", cx->lay ? xprintf("_a%d[_k]", i) : xprintf("_a%d", i), ex(em, n->a, &ci));
  }
  return t.buf;
}

void emit_call_operands(Em *em, Stmt *s, const Layout *l, int64_t per_thread) {
  int i = 0;
  for (Value *n = s->v->a; n; n = n->b, i++) {
    const char *t = n->a->ty.kind == TY_PTR ? ctype(n->a->ty) : xprintf("%s ", ctype(n->a->ty));
    line(em, l ? "%s_a%d[%lld];" : "%s_a%d;", t, i, (long long)per_thread);
  }
  if (s->v->a) elementwise(em, s, l, operand_values, "%s", NULL);
}

// The asm string as C string literals, a line of asm to a line of C.
static void emit_text(Em *em, const char *text) {
  const char *p = text;
  do {
    Str lit = {0};
    str_add(&lit, "\"");
    for (; *p && *p != '\n'; p++) {
      if (*p == '"' || *p == '\\') str_addf(&lit, "\\%c", *p);
      else if (*p == '\t') str_add(&lit, "\\t");
      else if ((unsigned char)*p < 32) str_addf(&lit, "\\%03o", (unsigned char)*p);
      else str_addf(&lit, "%c", *p);
    }
    if (*p == '\n') str_add(&lit, "\\n"), p++;
    str_add(&lit, "\"");
    line(em, "%s", lit.buf);
  } while (*p);
}

static bool live(Value *r) { return !never_read(r); }

// Is output register q one of a result nothing reads (written by the asm, then dropped)?
static bool unused_out(Value *call, int q) {
  AsmCall *ac = call->asm_call;
  for (int i = 0; i < call->results.len; i++) {
    Value *r = call->results.items[i];
    int regs = ac->pack / asm_per_reg(r->ty, ac->pack);
    if (q < regs) return !live(r);
    q -= regs;
  }
  unreachable();
}

void emit_asm(Em *em, Stmt *s) {
  Value *call = s->v;
  AsmCall *ac = call->asm_call;
  int nlive = 0;
  for (int i = 0; i < call->results.len; i++) nlive += live(call->results.items[i]);
  if (ac->pure && !nlive) {
    line(em, "// the results of this pure inline asm are never used");
    return;
  }
  Groups g = {.l = call->shape.rank ? call->layout : NULL, .pack = ac->pack};
  g.per_thread = g.l ? g.l->per_thread : 1;
  g.groups = (int)((g.per_thread + ac->pack - 1) / ac->pack);
  for (int i = 0; i < call->results.len; i++) {
    Value *r = call->results.items[i];
    if (!live(r)) continue;
    line(em, "%s", g.l ? array_decl(r) : xprintf("%s %s;", ctype(r->ty), r->cname));
  }
  line(em, "{  // inline asm%s: %s", ac->pure ? "" : " (not pure: volatile)",
       ac->pack == 1 ? "one element a call"
                     : xprintf("%d elements a call, a thread's elements in that order, as Triton's lowering groups them", ac->pack));
  em->indent++;
  emit_call_operands(em, s, g.l, g.per_thread);
  int i;
  if (g.groups > 1) {
    line(em, "#pragma unroll");
    line(em, "for (int _g = 0; _g < %d; ++_g) {", g.groups);
    em->indent++;
  }
  // the output registers
  Str outs = {0}, ins = {0}, decl = {0};
  str_add(&outs, ""), str_add(&ins, ""), str_add(&decl, "");
  for (int q = 0; q < ac->outs.len; q++) {
    Reg *reg = ac->outs.items[q];
    str_addf(&outs, "%s\"=%c\"(_o%d)", q ? ", " : "", reg->letter, q);
  }
  for (int q = 0; q < ac->outs.len; q++)
    line(em, "%s%s _o%d;", unused_out(call, q) ? "[[maybe_unused]] " : "", ((Reg *)ac->outs.items[q])->ctype, q);
  int q = 0;
  for (i = 0; i < ac->args.len; i++) {
    Type t = ((Value *)ac->args.items[i])->ty;
    int n = asm_per_reg(t, ac->pack);
    for (int j = 0; j < ac->pack; j += n, q++) {
      Reg *reg = ac->ins.items[q];
      str_addf(&ins, "%s\"%c\"(%s)", q ? ", " : "", reg->letter, input_reg(&g, reg, t, i, j, n));
    }
  }
  line(em, "asm%s(", ac->pure ? "" : " volatile");
  em->indent += 2;
  emit_text(em, ac->text);
  line(em, ": %s", outs.buf);
  const char *clobber = !ac->pure || ac->memory ? " : \"memory\"" : "";
  line(em, ": %s%s);", ins.buf, clobber);
  em->indent -= 2;
  // the results, from their registers
  q = 0;
  for (i = 0; i < call->results.len; i++) {
    Value *r = call->results.items[i];
    int n = asm_per_reg(r->ty, ac->pack);
    for (int j = 0; j < ac->pack; j += n, q++) {
      if (!live(r)) continue;
      for (int m = 0; m < n; m++) {
        const char *real, *k = position(&g, j + m, &real);
        if (real && !*real) continue;  // padding
        const char *o = output_elem(ac->outs.items[q], xprintf("_o%d", q), r->ty, n, m);
        const char *set = g.l ? xprintf("%s[%s] = %s;", r->cname, k, o) : xprintf("%s = %s;", r->cname, o);
        line(em, real ? "if (%s) %s" : "%s%s", real ? real : "", set);
      }
    }
  }
  if (g.groups > 1) {
    em->indent--;
    line(em, "}");
  }
  em->indent--;
  line(em, "}");
}
