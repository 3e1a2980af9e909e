// asm.c: tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack), as
// Triton 3.6 builds it (core.py: the args broadcast together, one result per dtype) and
// lowers it on NVIDIA (ElementwiseInlineAsmOpConversion, ElementwiseOpToLLVM.cpp).
//
// Triton's lowering walks a thread's elements of the result in register order and hands
// them to the asm `pack` at a time: elements k..k+pack-1 of the thread, each operand's
// elements narrower than 32 bits packed into 32-bit registers (min(32/bits, pack) to a
// register, element 0 in the low bits; a pointer counts as 64 bits), and each result
// unpacked the same way. The last group is padded (undef there, 0 here) when pack does
// not divide the thread's element count (Triton's verifier wants pack to divide the
// block's, so this happens when a thread holds fewer elements than pack). The asm's operands are numbered as LLVM numbers
// them: every output register first (result 0's, then result 1's...), then every input
// register (operand 0's, ...). tl2cu's per-thread arrays are in the register order of
// Triton's blocked layout (element k of a thread: run k / vec, element k % vec of it),
// so a group is `pack` consecutive elements of the array: contiguous elements of the
// block when the layout's runs hold a multiple of pack, as Triton's do wherever its
// sizePerThread does. An asm that treats the elements of a group alike (the usual case,
// and the only one Triton's documentation promises: "which set of inputs a block
// receives is unspecified") computes the same whatever the grouping.
//
// The asm string is LLVM's: `$N` (or `${N}`) names operand N, `$$` is a `$`, and `%` is
// plain text (PTX registers such as %laneid). CUDA's inline asm names operands `%N` and
// writes a `%` as `%%`; the text is rewritten so. Constraints: LLVM NVPTX's r (32-bit),
// h and c (16-bit registers), l (64-bit), f (fp32), d (fp64), outputs with '=' (an early
// clobber '&' changes nothing in PTX, whose registers are all distinct), and the clobber
// ~{memory}. A value narrower than its integer register is zero-extended going in (LLVM
// extends it with undefined high bits) and truncated coming out. A pure asm is CUDA's
// plain asm (nvcc may drop it when nothing reads its results, as Triton does); one that
// is not pure is `asm volatile` with a memory clobber: kept, and ordered with the
// kernel's memory accesses, as LLVM orders a call that has side effects.
//
// Refused, with an error that names it: other constraint letters (b, n, i, q...), tied
// operands ("0"), modifiers (`${0:x}`), operand counts that differ from what pack and
// the dtypes make, a value wider than its register or of another width than its float
// register, packed bools, pointer results; and, as Triton refuses it, a block whose size
// pack does not divide.
//
// This file builds the call (V_ASM) and checks it; emit_asm.c prints it.
#include "tl2cu.h"

#include <ctype.h>
#include <string.h>

bool asm_has_effect(const Value *v) { return v->kind == V_ASM && !v->asm_call->pure; }

int asm_value_bits(Type t) { return t.kind == TY_PTR ? 64 : scalar_bits(t.kind); }

// How many elements of a value of type t share one register (Triton: narrower than 32
// bits packed into 32, at most pack).
int asm_per_reg(Type t, int pack) {
  int bits = asm_value_bits(t), n = bits < 32 ? 32 / bits : 1;
  return n < pack ? n : pack;
}

static Reg *reg_of(const char *tok, char letter, Loc loc) {
  Reg *r = xmalloc(sizeof(Reg));
  r->letter = letter;
  switch (letter) {
  case 'r': r->ctype = "uint32_t", r->bits = 32; break;
  case 'h': case 'c': r->letter = 'h', r->ctype = "uint16_t", r->bits = 16; break;
  case 'l': r->ctype = "uint64_t", r->bits = 64; break;
  case 'f': r->ctype = "float", r->bits = 32, r->is_float = true; break;
  case 'd': r->ctype = "double", r->bits = 64, r->is_float = true; break;
  default:
    diag_fatal(loc, "tl.inline_asm_elementwise: constraint '%s' is not supported by tl2cu (r, h, c, l, f and d are)", tok);
  }
  return r;
}

// The constraints, LLVM's comma-separated list: outputs ('=' letter), inputs (letter),
// clobbers ('~{...}').
static void parse_constraints(AsmCall *ac, const char *text, Loc loc) {
  bool inputs_seen = false;
  const char *p = text;
  for (;;) {
    const char *end = strchr(p, ',');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    while (n && isspace((unsigned char)*p)) p++, n--;
    while (n && isspace((unsigned char)p[n - 1])) n--;
    char *tok = xstrndup(p, n);
    if (!n) diag_fatal(loc, "tl.inline_asm_elementwise: empty constraint in \"%s\"", text);
    if (tok[0] == '~') {
      if (strcmp(tok, "~{memory}"))
        diag_fatal(loc, "tl.inline_asm_elementwise: clobber '%s' is not supported by tl2cu (~{memory} is)", tok);
      ac->memory = true;
    } else {
      bool out = tok[0] == '=';
      const char *l = tok + out;
      if (out && *l == '&') l++;  // early clobber: every PTX register is distinct anyway
      if (out && inputs_seen)
        diag_fatal(loc, "tl.inline_asm_elementwise: output constraint '%s' after an input (LLVM lists outputs first)", tok);
      inputs_seen |= !out;
      if (isdigit((unsigned char)*l))
        diag_fatal(loc, "tl.inline_asm_elementwise: tied operand constraint '%s' is not supported by tl2cu", tok);
      if (strlen(l) != 1) reg_of(tok, 0, loc);
      vec_push(out ? &ac->outs : &ac->ins, reg_of(tok, *l, loc));
    }
    if (!end) break;
    p = end + 1;
  }
}

// Does register `reg` (operand number `opnd`) hold `n` elements of type t?
static void check_reg(Reg *reg, int opnd, Type t, int n, const char *what, Loc loc) {
  int bits = asm_value_bits(t) * n;
  const char *held = n > 1 ? xprintf("%d %s elements (%d bits)", n, type_name(t), bits) : xprintf("%s (%d bits)", type_name(t), bits);
  if (reg->is_float && bits != reg->bits)
    diag_fatal(loc, "tl.inline_asm_elementwise: $%d ('%c', %d bits) holds %s of %s: a float register needs a value of its width",
               opnd, reg->letter, reg->bits, held, what);
  if (bits > reg->bits)
    diag_fatal(loc, "tl.inline_asm_elementwise: $%d ('%c', %d bits) is too narrow for %s of %s", opnd, reg->letter, reg->bits,
               held, what);
}

// The registers each result and operand takes, against the constraints.
static void check_registers(AsmCall *ac, const Vec *results, Loc loc) {
  int nout = 0, nin = 0;
  for (int i = 0; i < results->len; i++) nout += ac->pack / asm_per_reg(((Value *)results->items[i])->ty, ac->pack);
  for (int i = 0; i < ac->args.len; i++) nin += ac->pack / asm_per_reg(((Value *)ac->args.items[i])->ty, ac->pack);
  if (nout != ac->outs.len || nin != ac->ins.len)
    diag_fatal(loc, "tl.inline_asm_elementwise: the constraints give %d output%s and %d input%s, but with pack=%d the "
                    "results take %d output register%s and the operands %d input register%s",
               ac->outs.len, ac->outs.len == 1 ? "" : "s", ac->ins.len, ac->ins.len == 1 ? "" : "s", ac->pack, nout,
               nout == 1 ? "" : "s", nin, nin == 1 ? "" : "s");
  int q = 0;
  for (int i = 0; i < results->len; i++) {
    Type t = ((Value *)results->items[i])->ty;
    int n = asm_per_reg(t, ac->pack);
    for (int j = 0; j < ac->pack / n; j++, q++) check_reg(ac->outs.items[q], q, t, n, xprintf("result %d", i), loc);
  }
  q = 0;
  for (int i = 0; i < ac->args.len; i++) {
    Type t = ((Value *)ac->args.items[i])->ty;
    int n = asm_per_reg(t, ac->pack);
    for (int j = 0; j < ac->pack / n; j++, q++) check_reg(ac->ins.items[q], ac->outs.len + q, t, n, xprintf("operand %d", i), loc);
  }
}

// The asm in CUDA's spelling: $N and ${N} -> %N, $$ -> $, % -> %%.
static const char *cuda_text(const char *text, int nops, Loc loc) {
  Str s = {0};
  str_add(&s, "");
  for (const char *p = text; *p; p++) {
    if (*p == '%') {
      str_add(&s, "%%");
      continue;
    }
    if (*p != '$') {
      str_addf(&s, "%c", *p);
      continue;
    }
    if (p[1] == '$') {
      str_add(&s, "$");
      p++;
      continue;
    }
    bool braced = p[1] == '{';
    const char *d = p + 1 + braced;
    if (!isdigit((unsigned char)*d))
      diag_fatal(loc, "tl.inline_asm_elementwise: '$%c' in the asm is not supported by tl2cu ($N, ${N} and $$ are)", p[1] ? p[1] : ' ');
    int n = 0;
    while (isdigit((unsigned char)*d)) n = n < 100000 ? n * 10 + (*d++ - '0') : n;
    if (braced && *d != '}')
      diag_fatal(loc, "tl.inline_asm_elementwise: operand modifier '$%.*s' in the asm is not supported by tl2cu",
                 (int)(strchr(d, '}') ? strchr(d, '}') - p : (long)(d - p)), p + 1);
    if (n >= nops)
      diag_fatal(loc, "tl.inline_asm_elementwise: the asm names $%d, but it has %d operand%s ($0 to $%d)", n, nops,
                 nops == 1 ? "" : "s", nops - 1);
    str_addf(&s, "%%%d", n);
    p = d - 1 + braced;
  }
  return s.buf;
}

static const char *str_arg(Obj *o, const char *what, Loc loc) {
  if (o->kind != OBJ_STR) diag_fatal(loc, "tl.inline_asm_elementwise: %s must be a string, not %s", what, obj_kind_name(o));
  return o->str;
}

// The result dtypes: one dtype, or a tuple of them (then the results are a tuple).
static Vec result_dtypes(Obj *o, bool *several, Loc loc) {
  Vec v = {0};
  *several = o->kind == OBJ_TUPLE;
  if (!*several) vec_push(&v, o);
  for (int i = 0; *several && i < o->items.len; i++) vec_push(&v, o->items.items[i]);
  if (!v.len) diag_fatal(loc, "tl.inline_asm_elementwise: dtype must name at least one result");
  for (int i = 0; i < v.len; i++) {
    Obj *d = v.items[i];
    if (d->kind != OBJ_DTYPE) diag_fatal(loc, "tl.inline_asm_elementwise: dtype must be a dtype or a tuple of them, not %s", obj_kind_name(d));
    if (d->ival == TY_PTR) diag_fatal(loc, "tl.inline_asm_elementwise: pointer results are not supported by tl2cu");
  }
  return v;
}

Obj *asm_elementwise(Ctx *c, Node *call, Obj **a) {
  Loc loc = call->loc;
  if (!c->in_kernel) diag_fatal(loc, "tl.inline_asm_elementwise can only be called inside a @triton.jit function");
  AsmCall *ac = xmalloc(sizeof(AsmCall));
  const char *text = str_arg(a[0], "asm", loc), *constraints = str_arg(a[1], "constraints", loc);
  if (a[2]->kind != OBJ_TUPLE) diag_fatal(loc, "tl.inline_asm_elementwise: args must be a list or tuple, not %s", obj_kind_name(a[2]));
  bool several;
  Vec dtypes = result_dtypes(a[3], &several, loc);
  if (a[4]->kind != OBJ_BOOL && a[4]->kind != OBJ_INT)
    diag_fatal(loc, "tl.inline_asm_elementwise: is_pure must be a compile-time bool, not %s", obj_kind_name(a[4]));
  if (a[5]->kind != OBJ_INT || a[5]->ival < 1 || a[5]->ival > 64)
    diag_fatal(loc, "tl.inline_asm_elementwise: pack must be a compile-time integer from 1 to 64");
  ac->pure = a[4]->ival != 0;
  ac->pack = (int)a[5]->ival;
  // the operands, broadcast together (core.py: binary_op_type_checking_impl without arithmetic)
  Shape shape = {0, {0}};
  for (int i = 0; i < a[2]->items.len; i++) {
    Value *v = sem_to_value(c, a[2]->items.items[i], loc);
    if (!shape_broadcast(shape, v->shape, &shape))
      diag_fatal(loc, "tl.inline_asm_elementwise: operand %d of shape %s does not broadcast with %s", i, shape_text(v->shape),
                 shape_text(shape));
    vec_push(&ac->args, v);
  }
  // (Triton's verifier: ElementwiseInlineAsmOp::verify)
  if (shape.rank && shape_numel(shape) % ac->pack)
    diag_fatal(loc, "tl.inline_asm_elementwise: the %lld elements of %s are not a multiple of pack=%d", (long long)shape_numel(shape),
               shape_text(shape), ac->pack);
  for (int i = 0; i < ac->args.len; i++) ac->args.items[i] = sem_broadcast_to(c, ac->args.items[i], shape, loc);
  // the IR: the call reads its operands through a list of V_ARGs; each result (V_RESULT) reads the call
  Value *callv = sem_new(c, V_ASM, type_scalar((Scalar)((Obj *)dtypes.items[0])->ival), shape, loc);
  callv->asm_call = ac;
  for (int i = 0; i < dtypes.len; i++) {
    Value *r = sem_new(c, V_RESULT, type_scalar((Scalar)((Obj *)dtypes.items[i])->ival), shape, loc);
    r->ival = i;
    vec_push(&callv->results, r);
  }
  for (int i = 0; i < ac->args.len; i++)
    if (((Value *)ac->args.items[i])->ty.kind == TY_I1 && ac->pack > 1)
      diag_fatal(loc, "tl.inline_asm_elementwise: operand %d is a bool: bools packed (pack > 1) are not supported by tl2cu", i);
  for (int i = 0; i < dtypes.len; i++)
    if (((Value *)callv->results.items[i])->ty.kind == TY_I1 && ac->pack > 1)
      diag_fatal(loc, "tl.inline_asm_elementwise: result %d is a bool: bools packed (pack > 1) are not supported by tl2cu", i);
  parse_constraints(ac, constraints, loc);
  check_registers(ac, &callv->results, loc);
  ac->text = cuda_text(text, ac->outs.len + ac->ins.len, loc);
  Value **slot = &callv->a;
  for (int i = 0; i < ac->args.len; i++) {
    Value *arg = ac->args.items[i];
    Value *n = sem_new(c, V_ARG, arg->ty, shape, loc);
    n->a = arg;
    arg->uses++;
    *slot = n;
    n->uses++;
    slot = &n->b;
  }
  lower_materialize(c, callv, "inline_asm");
  Obj *out = obj_new(OBJ_TUPLE);
  for (int i = 0; i < callv->results.len; i++) {
    Value *r = callv->results.items[i];
    r->a = callv;
    callv->uses++;
    vec_push(&out->items, obj_value(lower_materialize(c, r, "asm_result")));
  }
  return several ? out : out->items.items[0];
}
