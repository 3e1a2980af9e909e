// emit.c: IR with layouts -> CUDA C, plus the C launchers and header. Memory
// accesses (vectors, windows) are in access.c, reductions and scans in reduce.c,
// gathers and histograms in gather.c, sorts in sort.c.
//
// Each Triton program is one thread block of num_warps*32 threads. Scalars are
// plain C variables every thread computes. A block value held in a layout is a
// per-thread array of `per_thread` elements; element k of thread `tid` is
// element e = tl2cu_elem<vec, threads>(tid, k) of the layout's space, and its
// coordinates are read off e with shifts and masks (all dims are powers of 2).
// Expressions not bound to a name are emitted inline, in the element loop of
// the statement that consumes them. Floating-point multiply-adds are contracted
// where Triton's LLVM backend contracts them (same basic block, fmul operand of
// fadd/fsub), explicitly with fmaf(), and other multiplies that feed an add are
// written __fmul_rn so that nvcc cannot contract them differently.
// Shared memory (tl2cu_smem) is one scratch buffer: every use of it (layout
// conversions, cross-warp reductions, scans, gathers, histograms, sorts) starts with
// __syncthreads(), so the readers of the previous use are done before anyone writes.
#include "emit.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

// A coordinate expression is printed: the loop must define _e if it is computed from it.
const char *use_crd(Cx *cx, int i) {
  if (cx->crd_e[i]) *cx->uses_e = true;
  return cx->crd[i];
}

void line(Em *em, const char *fmt, ...) {
  for (int i = 0; i < em->indent; i++) str_add(em->out, "  ");
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *buf = xmalloc((size_t)n + 1);  // generated lines have no length limit
  va_start(ap, fmt);
  vsnprintf(buf, (size_t)n + 1, fmt, ap);
  va_end(ap);
  str_add(em->out, buf);
  str_add(em->out, "\n");
}

// Is l's run printed as kRun (its length differs between the instances of the template being
// printed: emit_run_template)?
bool run_is_symbolic(Em *em, const Layout *l) { return em->run_symbolic && l->kernel_run; }

// This thread's index in its program (C), noted so that the kernel declares it.
const char *tid(Em *em) {
  em->uses_tid = true;
  return "_tid";
}

// Register k (C) of layout l as a register of l's whole space: k itself, unless l is sliced
// (layout.c slice_values), whose registers are the space's bits l->keep.
const char *space_register(const Layout *l, const char *k) {
  return l->keep ? xprintf("tl2cu_deposit<0x%x>(%s)", l->keep, k) : k;
}

// A held value's register (convert.c held_register) as C over the element loop's _k.
static const char *register_text(HeldRegister r) {
  const char *k = r.deposit ? xprintf("tl2cu_deposit<0x%x>(_k)", r.deposit) : "_k";
  return r.squeeze ? xprintf("tl2cu_squeeze<0x%x>(%s)", r.squeeze, k) : k;
}

// The element index e of thread `tid`'s element `k` (C expressions) in layout l.
const char *elem_of_thread(Em *em, const Layout *l, const char *tid, const char *k) {
  k = space_register(l, k);  // (a sliced value's register k: layout.c)
  if (l->kind == LAYOUT_MMA)
    return xprintf("tl2cu_elem_mma<%d, %d, %lld, %lld>(%s, %s)", l->wm, l->wn, (long long)l->space.dim[0],
                   (long long)l->space.dim[1], tid, k);
  int64_t n = shape_numel(l->space);
  if (n < l->threads) return xprintf("(%s & %lld)", tid, (long long)(n - 1));
  bool rows = false;  // an outer dim of more than one element: its coordinate may fold
  for (int i = 0; i + 1 < l->space.rank; i++) rows |= l->space.dim[i] > 1;
  bool symbolic = run_is_symbolic(em, l);
  em->uses_run |= symbolic;
  const char *run = symbolic ? "kRun" : xprintf("%d", l->vec);
  return xprintf("tl2cu_elem%s<%s, %d>(%s, %s)", rows ? "_rows" : "", run, l->threads, tid, k);
}

// The element index e of this thread's element `k` (a C expression) in layout l.
const char *elem_of(Em *em, const Layout *l, const char *k) { return elem_of_thread(em, l, tid(em), k); }

const char *elem_k(Em *em, const Layout *l, int64_t k) { return elem_of(em, l, xprintf("%lld", (long long)k)); }
const char *elem_index(Em *em, const Layout *l) { return elem_of(em, l, "_k"); }

// The coordinate along space dimension d of element e.
const char *coord(const Layout *l, int d) {
  int64_t stride = 1;
  for (int i = d + 1; i < l->space.rank; i++) stride *= l->space.dim[i];
  int s = log2i(stride);
  const char *shifted = s ? xprintf("(_e >> %d)", s) : "_e";
  if (d == 0) return shifted;
  return xprintf("(%s & %lld)", shifted, (long long)(l->space.dim[d] - 1));
}

// ---------------------------------------------------------------- literals

static const char *float_lit(double f, Scalar t) {
  const char *suffix = t == TY_F64 ? "" : "f";
  // (fp16 and bf16 in their own type: a float where a half goes makes `?:` ambiguous)
  const char *ft = t == TY_F64 ? "double" : t == TY_F16 || t == TY_BF16 ? scalar_ctype(t) : "float";
  if (isnan(f)) return xprintf("tl2cu_nan<%s>()", ft);
  if (isinf(f)) return xprintf("%stl2cu_inf<%s>()", f < 0 ? "-" : "", ft);
  char buf[64];
  snprintf(buf, sizeof buf, "%.9g", f);
  if (t == TY_F64 || strtod(buf, NULL) != (double)(float)f) snprintf(buf, sizeof buf, "%.17g", f);
  if (!strpbrk(buf, ".en")) strcat(buf, ".0");
  const char *s = xprintf("%s%s", buf, suffix);
  if (t == TY_F16 || t == TY_BF16) return xprintf("%s(%sf)", scalar_ctype(t), buf);
  return s;
}

static const char *literal(Value *v) {
  Scalar t = v->ty.kind;
  if (scalar_is_float(t)) return float_lit(v->fval, t);
  switch (t) {
  case TY_I1: return v->ival ? "true" : "false";
  case TY_I32: return v->ival == INT32_MIN ? "INT32_MIN" : xprintf("%lld", (long long)v->ival);
  case TY_I64: return v->ival == INT64_MIN ? "INT64_MIN" : xprintf("%lldLL", (long long)v->ival);
  case TY_U32: return xprintf("%lluu", (unsigned long long)(uint32_t)v->ival);
  case TY_U64: return xprintf("%lluull", (unsigned long long)v->ival);
  default: return xprintf("(%s)%lld", scalar_ctype(t), (long long)v->ival);
  }
}

// ---------------------------------------------------------------- expressions

const char *ex(Em *em, Value *v, Cx *cx);

Cx child(Cx *cx) { return *cx; }

static const char *conversion_for(Em *em, Value *v, Cx *cx);

// The coordinates of a value held in layout l, at its own element k.
Cx identity_cx(const Layout *l, bool *uses_e) {
  Cx c = {.lay = l, .uses_e = uses_e};
  for (int i = 0; i < MAX_RANK; i++) {
    c.crd[i] = l && l->map[i] >= 0 ? coord(l, l->map[i]) : "0";
    c.sym[i] = l && l->map[i] >= 0 ? coord_symbol(l->map[i]) : SYM_ZERO;
    c.crd_e[i] = l && l->map[i] >= 0;
    c.crd_zero[i] = !c.crd_e[i];
  }
  return c;
}

static const char *ex_def(Em *em, Value *v, Cx *cx);

// The coordinates of a broadcast's, expand_dims' or permute's operand, as text and symbols.
Cx operand_cx(Value *v, Cx *cx) {
  Cx c = child(cx);
  operand_coords(v, cx->crd, c.crd);
  operand_coords(v, cx->sym, c.sym);
  for (int j = 0; j < v->a->shape.rank; j++) {
    int i = operand_coord_index(v, j);
    c.crd_e[j] = i >= 0 && cx->crd_e[i];
    c.crd_zero[j] = i < 0 || cx->crd_zero[i];
  }
  return c;
}

// Does this thread's element k of v's array hold v at the current coordinates?
bool held_here(Value *v, Cx *cx) { return held_at(v, cx->lay, cx->sym); }

// Is block value v, read at cx outside the elements its own array holds there, recomputed
// from its definition (index math) rather than converted? read_named's choice.
bool recomputed_at(Value *v, Cx *cx) {
  return cx->lay && shape_numel(v->shape) > 1 && !(v->layout && held_here(v, cx)) && recomputable(v);
}

// Element k (C text) of a materialized block value's array.
const char *elem_at(Value *v, const char *k) { return v->packed ? packed_elem(v, k) : xprintf("%s[%s]", v->cname, k); }

// The declaration of a materialized block value's array.
const char *array_decl(Value *v) {
  if (v->packed) return packed_decl(v);
  return xprintf("%s %s[%lld];  %s", ctype(v->ty), v->cname, (long long)v->layout->per_thread, shape_comment(v));
}

static const char *read_named(Em *em, Value *v, Cx *cx) {
  if (v->shape.rank == 0 || v->rolled) return v->cname;
  if (em->rolling && shape_numel(v->shape) == 1) return elem_at(v, "0");  // a rolled loop indexes no array by k
  if (em->rolling && recomputable(v)) return ex_def(em, v, cx);
  if (cx->lay && v->layout) {
    HeldRegister reg = held_register(v, cx->lay, cx->sym);
    if (reg.held) {
      em->reads_k = true;  // (a register of the element loop's _k)
      return elem_at(v, register_text(reg));
    }
  }
  if (shape_numel(v->shape) == 1) return elem_at(v, "0");  // every thread holds the one element
  if (!cx->lay) internal_error(__FILE__, __LINE__, "block value read in scalar code");
  if (recomputed_at(v, cx)) return ex_def(em, v, cx);  // index math: cheaper to redo than to move
  return conversion_for(em, v, cx);
}

// -x in C: a negative literal x needs parentheses (--3.0f is a decrement).
static const char *negated(const char *x) { return xprintf(x[0] == '-' ? "-(%s)" : "-%s", x); }

// The fused multiply-add of type t (fp16/bf16: fma.rn.f16 / .bf16, as Triton).
static const char *fma_name(Scalar t) { return t == TY_F64 ? "fma" : t == TY_F32 ? "fmaf" : "__hfma"; }

// The negated factor of an fma that subtracts a product: contract.c says whether as bits.
static const char *negated_factor(Value *v, const char *factor) {
  return v->negate_bits ? xprintf("tl2cu_neg_bits(%s)", factor) : negated(factor);
}

static const char *binary_float(Em *em, Value *v, const char *A, const char *B, Cx *cx) {
  Scalar t = v->a->ty.kind;
  bool f32 = t == TY_F32, f64 = t == TY_F64;
  if (v->fuse && (v->op == OP_ADD || v->op == OP_SUB)) {
    Value *m = v->fuse == 1 ? v->a : v->b;
    Cx c1 = child(cx), c2 = child(cx);
    const char *ma = ex(em, m->a, &c1), *mb = ex(em, m->b, &c2);
    const char *fma = fma_name(t);
    const char *other = v->fuse == 1 ? B : A;
    if (v->op == OP_ADD) return xprintf("%s(%s, %s, %s)", fma, ma, mb, other);
    if (v->fuse == 1) return xprintf("%s(%s, %s, %s)", fma, ma, mb, negated(other));
    return xprintf("%s(%s, %s, %s)", fma, negated_factor(v, ma), mb, other);
  }
  switch (v->op) {
  case OP_ADD: return xprintf("(%s + %s)", A, B);
  case OP_SUB: return xprintf("(%s - %s)", A, B);
  case OP_MUL:
    if (v->mul_rn) return xprintf("%s(%s, %s)", f64 ? "__dmul_rn" : f32 ? "__fmul_rn" : "__hmul_rn", A, B);
    return xprintf("(%s * %s)", A, B);
  case OP_DIV: return xprintf("tl2cu_div(%s, %s)", A, B);
  case OP_MOD: return xprintf("tl2cu_fmod(%s, %s)", A, B);
  case OP_LT: return xprintf("(%s < %s)", A, B);
  case OP_LE: return xprintf("(%s <= %s)", A, B);
  case OP_GT: return xprintf("(%s > %s)", A, B);
  case OP_GE: return xprintf("(%s >= %s)", A, B);
  case OP_EQ: return xprintf("(%s == %s)", A, B);
  case OP_NE: return xprintf("(%s != %s)", A, B);
  default: break;
  }
  internal_error(__FILE__, __LINE__, "float operator");
}

// Triton's + - * on integers wrap in two's complement. C wraps unsigned ints of 32
// and 64 bits, and computes narrower types exactly in int, so a cast back wraps them,
// except uint16 * uint16, which can overflow int; signed overflow is undefined in C
// (nvcc folds (x + INT32_MAX) < x to false). Those go through tl2cu_add, tl2cu_sub
// and tl2cu_mul (runtime/tl2cu.cuh), which compute in unsigned bits.
const char *int_arith(Op op, Scalar t, const char *A, const char *B) {
  const char *sym = op == OP_ADD ? "+" : op == OP_SUB ? "-" : "*";
  if (scalar_bits(t) < 32) {
    if (t == TY_U16 && op == OP_MUL) return xprintf("tl2cu_mul<uint16_t>(%s, %s)", A, B);
    return xprintf("(%s)(%s %s %s)", scalar_ctype(t), A, sym, B);
  }
  if (!scalar_is_signed(t)) return xprintf("(%s %s %s)", A, sym, B);
  return xprintf("%s(%s, %s)", op == OP_ADD ? "tl2cu_add" : op == OP_SUB ? "tl2cu_sub" : "tl2cu_mul", A, B);
}

static const char *binary_int(Value *v, const char *A, const char *B) {
  Scalar t = v->a->ty.kind;
  const char *ct = scalar_ctype(t);
  bool narrow = scalar_bits(t) < 32;
  if (t == TY_I1) {
    switch (v->op) {
    case OP_ADD: case OP_SUB: case OP_XOR: return xprintf("(%s != %s)", A, B);
    case OP_MUL: case OP_AND: return xprintf("(%s && %s)", A, B);
    case OP_OR: return xprintf("(%s || %s)", A, B);
    default: break;
    }
  }
  const char *sym = NULL;
  switch (v->op) {
  case OP_ADD: case OP_SUB: case OP_MUL: {
    if (!cannot_wrap(v)) return int_arith(v->op, t, A, B);
    sym = v->op == OP_ADD ? "+" : v->op == OP_SUB ? "-" : "*";  // exact in plain C, and nvcc can fold it
    break;
  }
  case OP_FLOORDIV: sym = "/"; break;  // Triton's // truncates, like C
  case OP_MOD: sym = "%"; break;       // and % takes the dividend's sign, like C
  case OP_AND: sym = "&"; break;
  case OP_OR: sym = "|"; break;
  case OP_XOR: sym = "^"; break;
  case OP_LSHIFT: return xprintf("tl2cu_shl(%s, %s)", A, B);
  case OP_RSHIFT:
    if (v->arith_shift == scalar_is_signed(t)) return xprintf("tl2cu_shr(%s, %s)", A, B);
    return xprintf("%s(%s, %s)", v->arith_shift ? "tl2cu_ashr" : "tl2cu_lshr", A, B);
  case OP_LT: return xprintf("(%s < %s)", A, B);
  case OP_LE: return xprintf("(%s <= %s)", A, B);
  case OP_GT: return xprintf("(%s > %s)", A, B);
  case OP_GE: return xprintf("(%s >= %s)", A, B);
  case OP_EQ: return xprintf("(%s == %s)", A, B);
  case OP_NE: return xprintf("(%s != %s)", A, B);
  default: internal_error(__FILE__, __LINE__, "integer operator");
  }
  if (!narrow) return xprintf("(%s %s %s)", A, sym, B);
  return xprintf("(%s)(%s %s %s)", ct, A, sym, B);
}

static const char *ex_binary(Em *em, Value *v, Cx *cx) {
  Cx ca = child(cx), cb = child(cx);
  bool fused = v->fuse && (v->op == OP_ADD || v->op == OP_SUB);
  // the folded multiply is emitted through its operands, not as a value
  const char *A = fused && v->fuse == 1 ? "" : ex(em, v->a, &ca);
  const char *B = fused && v->fuse == 2 ? "" : ex(em, v->b, &cb);
  if (v->ty.kind == TY_PTR) return xprintf("(%s + %s)", A, B);
  if (scalar_is_float(v->a->ty.kind)) {
    const char *text = binary_float(em, v, A, B, cx);
    cx->lit_known = false;  // (whatever an operand printed inside it)
    return text;
  }
  // arange(0, 1) and friends end as literals: x + 0, x - 0 and x * 1 read better as x
  bool wide = scalar_bits(v->a->ty.kind) >= 32 && v->a->ty.kind != TY_I1;
  bool b0 = cb.lit_known && cb.lit == 0, b1 = cb.lit_known && cb.lit == 1;
  bool a0 = ca.lit_known && ca.lit == 0, a1 = ca.lit_known && ca.lit == 1;
  if (wide && (((v->op == OP_ADD || v->op == OP_SUB) && b0) || (v->op == OP_MUL && b1))) {
    cx->lit_known = ca.lit_known, cx->lit = ca.lit;
    return A;
  }
  if (wide && ((v->op == OP_ADD && a0) || (v->op == OP_MUL && a1))) {
    cx->lit_known = cb.lit_known, cx->lit = cb.lit;
    return B;
  }
  return binary_int(v, A, B);
}

// A float zero of type t, as C.
static const char *float_zero(Scalar t) {
  return t == TY_F64 ? "0.0" : t == TY_F32 ? "0.0f" : xprintf("%s(0.0f)", scalar_ctype(t));
}

static const char *ex_unary(Em *em, Value *v, Cx *cx) {
  Scalar t = v->a->ty.kind;
  if (v->fuse) {  // -(a * b) as Triton's 0 - a * b contracts: fma(-a, b, 0)
    Cx c1 = child(cx), c2 = child(cx);
    const char *ma = ex(em, v->a->a, &c1), *mb = ex(em, v->a->b, &c2);
    return xprintf("%s(%s, %s, %s)", fma_name(t), negated_factor(v, ma), mb, float_zero(t));
  }
  const char *A = ex(em, v->a, cx);
  switch (v->op) {
  case OP_NEG:  // Triton negates as 0 - x (so -(+0.0) is +0.0)
    if (scalar_is_float(t)) return xprintf("(%s - %s)", float_zero(t), A);
    if (t == TY_I1) return A;
    if (scalar_bits(t) < 32 || !scalar_is_signed(t)) return int_arith(OP_SUB, t, "0", A);
    return cannot_wrap(v) ? xprintf("(0 - %s)", A) : xprintf("tl2cu_neg(%s)", A);  // -INT32_MIN wraps
  case OP_INVERT:
    if (t == TY_I1) return xprintf("!%s", A);
    if (scalar_bits(t) < 32) return xprintf("(%s)~%s", scalar_ctype(t), A);
    return xprintf("~%s", A);
  case OP_LAND: return xprintf("!%s", A);
  default: internal_error(__FILE__, __LINE__, "unary operator");
  }
}

static const char *ex_cast(Em *em, Value *v, Cx *cx) {
  const char *A = ex(em, v->a, cx);
  Scalar from = v->a->ty.kind, to = v->ty.kind;
  if (to == TY_PTR) return xprintf("(%s)(uintptr_t)%s", ctype(v->ty), A);  // int_to_ptr, or another element type
  if (from == TY_PTR) return to == TY_I1 ? xprintf("(%s != nullptr)", A) : xprintf("(%s)(uintptr_t)%s", scalar_ctype(to), A);
  // fp8 (bytes) and fp_downcast_rounding='rtz': the runtime's conversions, named by the two types
  if (scalar_is_fp8(from) || scalar_is_fp8(to) || v->ival)
    return xprintf("tl2cu_%s_to_%s%s(%s)", scalar_name(from), scalar_name(to), v->ival ? "_rtz" : "", A);
  bool int_from = scalar_is_int(from), int_to = scalar_is_int(to) && to != TY_I1;
  // exact in plain C: integer widening/narrowing, integer -> fp32/fp64, fp32 -> fp64
  if ((int_from && int_to) || (int_from && (to == TY_F32 || to == TY_F64)) || (from == TY_F32 && to == TY_F64))
    return xprintf("(%s)%s", scalar_ctype(to), A);
  if (to == TY_I1 && int_from) return xprintf("(%s != 0)", A);
  return xprintf("tl2cu_cast<%s>(%s)", scalar_ctype(to), A);
}

// A libdevice function by its own name; the file declares it (emit_file), nvcc links it.
static const char *ex_extern(Em *em, Value *v, const char *A, Cx *cx) {
  Value *ops[4] = {v->a, v->b, v->c};
  if (v->c && v->c->kind == V_ARG) ops[2] = v->c->a, ops[3] = v->c->b->a;  // (norm4d: sem_extern)
  Str types = {0}, args = {0};
  str_addf(&types, "%s", ctype(v->a->ty));
  str_addf(&args, "%s", A);
  for (int i = 1; i < 4 && ops[i]; i++) {
    Cx ci = child(cx);
    str_addf(&types, ", %s", ctype(ops[i]->ty));
    str_addf(&args, ", %s", ex(em, ops[i], &ci));
  }
  bool known = false;  // (a libdevice name has one signature)
  for (int i = 0; i < em->extern_names.len && !known; i++) known = !strcmp(em->extern_names.items[i], v->fn);
  if (!known) {
    vec_push(&em->extern_names, (void *)v->fn);
    vec_push(&em->externs, (void *)xprintf("extern \"C\" __device__ %s %s(%s);", ctype(v->ty), v->fn, types.buf));
  }
  return xprintf("%s(%s)", v->fn, args.buf);
}

static const char *ex_math(Em *em, Value *v, Cx *cx) {
  Cx ca = child(cx), cb = child(cx), cc = child(cx);
  const char *A = ex(em, v->a, &ca);
  if (!strncmp(v->fn, "__nv_", 5)) return ex_extern(em, v, A, cx);
  if (!strcmp(v->fn, "div_rn")) return xprintf("__fdiv_rn(%s, %s)", A, ex(em, v->b, &cb));
  if (v->c) return xprintf("tl2cu_%s(%s, %s, %s)", v->fn, A, ex(em, v->b, &cb), ex(em, v->c, &cc));
  if (v->b) return xprintf("tl2cu_%s(%s, %s)", v->fn, A, ex(em, v->b, &cb));
  return xprintf("tl2cu_%s(%s)", v->fn, A);
}

// base[offset] when the pointer is `scalar pointer + offsets`, else *(p)
const char *deref(Em *em, Value *p, Cx *cx) {
  Value *q = p;
  if (!is_materialized(q) && q->kind == V_BINARY && q->op == OP_ADD) {
    Value *base = q->a;
    while (!is_materialized(base) && (base->kind == V_BROADCAST || base->kind == V_EXPAND)) base = base->a;
    if (base->shape.rank == 0) {
      Cx cb = child(cx);
      return xprintf("%s[%s]", ex(em, base, cx), ex(em, q->b, &cb));
    }
  }
  return xprintf("*%s", ex(em, p, cx));
}

static const char *ex_load(Em *em, Value *v, Cx *cx) {
  Cx cp = child(cx), cm = child(cx), co = child(cx);
  note_access_pointer(em, cx->lay, v->a, v->ty);
  const char *addr = v->ty.kind == TY_I1 ? ex(em, v->a, &cp) : deref(em, v->a, &cp);
  if (v->ty.kind == TY_I1)  // a bool's byte, through a volatile pointer where asked, as tl2cu_load_bool reads it
    addr = v->volatile_load ? xprintf("(*(const volatile uint8_t *)(%s) != 0)", addr) : xprintf("tl2cu_load_bool(%s)", addr);
  else if (v->volatile_load)
    addr = xprintf("*(const volatile %s *)&%s", ctype(v->ty), addr);
  if (!v->b) return addr;
  const char *other = v->c ? ex(em, v->c, &co) : xprintf("%s(0)", ctype(v->ty));
  if (v->ty.kind == TY_F32 && !v->c) other = "0.0f";
  // In a loop, or converted element by element (layout.c), one predicated load
  // (tl2cu_load_masked says why). Elsewhere the branch around the load: predicated,
  // ptxas hoisted all of a kernel's loads (the Game of Life's unaligned variant: 80 ->
  // 227 registers, 16.9 -> 26.9 ms; docs/NOTES.md 17).
  if ((em->loops || v->predicated) && v->ty.kind != TY_I1 && !v->volatile_load)
    return xprintf("tl2cu_load_masked(&%s, %s, %s)", addr, ex(em, v->b, &cm), other);
  return xprintf("(%s ? %s : %s)", ex(em, v->b, &cm), addr, other);
}

static const char *ex_def(Em *em, Value *v, Cx *cx);

// Row-major linear index of the current coordinates in shape s.
const char *linear_of(Cx *cx, Shape s) {
  Str t = {0};
  str_add(&t, "");
  int64_t stride = 1;
  int terms = 0;
  for (int i = s.rank - 1; i >= 0; i--) {
    if (s.dim[i] > 1 && !cx->crd_zero[i]) {
      const char *c = use_crd(cx, i);
      str_addf(&t, "%s%s", terms++ ? " + " : "", stride == 1 ? c : xprintf("%s * %lld", c, (long long)stride));
    }
    stride *= s.dim[i];
  }
  if (!terms) return "0";
  return terms > 1 ? xprintf("(%s)", t.buf) : t.buf;
}

// The value v at the current element: its variable if it has one, else its definition inline.
const char *ex(Em *em, Value *v, Cx *cx) {
  cx->lit_known = false;
  const char *text = is_materialized(v) && v->kind != V_PARAM ? read_named(em, v, cx) : ex_def(em, v, cx);
  // (only these print a bare literal as such: the others wrap what their operands printed)
  switch (v->kind) {
  case V_CONST: case V_ARANGE: case V_BROADCAST: case V_EXPAND: case V_PERMUTE: case V_FLIP: case V_RESHAPE:
  case V_SPLIT: case V_BINARY: break;
  default: cx->lit_known = false;
  }
  return text;
}

// v's operand read at other coordinates (c): its text, whether it is a bare literal too.
static const char *ex_at(Em *em, Value *a, Cx *c, Cx *cx) {
  const char *text = ex(em, a, c);
  cx->lit_known = c->lit_known, cx->lit = c->lit;
  return text;
}

static const char *ex_def(Em *em, Value *v, Cx *cx) {
  switch (v->kind) {
  case V_CONST:
    if (v->ty.kind == TY_I32 && v->ival != INT32_MIN) cx->lit_known = true, cx->lit = v->ival;  // (printed bare)
    return literal(v);
  case V_PARAM: return v->cname;
  case V_PROGRAM_ID:
    if (em->k->program_threads && v->ival == 0) return "_program_x";
    return xprintf("(int32_t)blockIdx.%c", "xyz"[v->ival]);
  case V_NUM_PROGRAMS:
    if (em->k->program_threads && v->ival == 0) return "(int32_t)tl2cu_programs_x";
    return xprintf("(int32_t)gridDim.%c", "xyz"[v->ival]);
  case V_ARANGE: {
    if (!cx->lay || cx->crd_zero[0]) {
      cx->lit_known = true, cx->lit = v->ival;
      return xprintf("%lld", (long long)v->ival);
    }
    const char *c = use_crd(cx, 0);
    return v->ival ? xprintf("(%lld + %s)", (long long)v->ival, c) : c;
  }
  case V_BROADCAST: case V_EXPAND: case V_PERMUTE: {
    Cx c = operand_cx(v, cx);
    return ex_at(em, v->a, &c, cx);
  }
  case V_FLIP: {
    Cx c = child(cx);
    int ax = (int)v->ival;
    c.crd[ax] = xprintf("(%lld - %s)", (long long)(v->shape.dim[ax] - 1), cx->crd[ax]);
    c.sym[ax] = flip_symbol(v->shape.dim[ax], cx->sym[ax]);
    c.crd_e[ax] = cx->crd_e[ax];
    c.crd_zero[ax] = false;
    return ex_at(em, v->a, &c, cx);
  }
  case V_RESHAPE: {  // row-major: the same linear index in both shapes
    Cx c = child(cx);
    bool lin_e = false;  // (marked used only where the operand prints a coordinate made from it)
    Cx unprinted = *cx;
    unprinted.uses_e = &lin_e;
    const char *lin = linear_of(&unprinted, v->shape), *lin_sym = linear_symbol(cx->sym, v->shape);
    int64_t stride = 1;
    for (int j = v->a->shape.rank - 1; j >= 0; j--) {
      int64_t d = v->a->shape.dim[j];
      c.crd[j] = d == 1 ? "0" : xprintf("((%s / %lld) %% %lld)", lin, (long long)stride, (long long)d);
      c.crd_e[j] = d > 1 && lin_e;
      c.crd_zero[j] = d == 1;
      c.sym[j] = reshape_symbol(lin_sym, stride, d);
      stride *= d;
    }
    return ex_at(em, v->a, &c, cx);
  }
  case V_JOIN: {  // stacked on a new last dim of size 2
    Cx ca = child(cx), cb = child(cx);
    const char *last = use_crd(cx, v->shape.rank - 1);
    return xprintf("(%s ? %s : %s)", last, ex(em, v->b, &cb), ex(em, v->a, &ca));
  }
  case V_SPLIT: {  // part ival of the last dim
    Cx c = child(cx);
    c.crd[v->a->shape.rank - 1] = v->ival ? "1" : "0";
    c.sym[v->a->shape.rank - 1] = v->ival ? SYM_ONE : SYM_ZERO;
    c.crd_e[v->a->shape.rank - 1] = false;
    c.crd_zero[v->a->shape.rank - 1] = !v->ival;
    return ex_at(em, v->a, &c, cx);
  }
  case V_REDUCE: case V_SCAN: case V_ATOMIC: case V_GATHER: case V_HISTOGRAM: case V_SORT: case V_ASM: case V_MAP:
  case V_DOT:
  case V_RESULT:
    break;  // always materialized
  case V_ARG: break;  // read by the call's statement only (asm.c)
  case V_BINARY: return ex_binary(em, v, cx);
  case V_UNARY: return ex_unary(em, v, cx);
  case V_CAST: return ex_cast(em, v, cx);
  case V_BITCAST: return xprintf("tl2cu_bitcast<%s>(%s)", ctype(v->ty), ex(em, v->a, cx));
  case V_WHERE: {
    Cx ca = child(cx), cb = child(cx), cc = child(cx);
    return xprintf("(%s ? %s : %s)", ex(em, v->a, &ca), ex(em, v->b, &cb), ex(em, v->c, &cc));
  }
  case V_MATH: return ex_math(em, v, cx);
  case V_LOAD: return ex_load(em, v, cx);
  case V_VAR: break;
  }
  unreachable();
}

// ---------------------------------------------------------------- layout conversions

void open_elem_loop(Em *em, const Layout *l, bool uses_e) {
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; ++_k) {", (long long)l->per_thread);
  em->indent++;
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, l));
}

void close_loop(Em *em) {
  em->indent--;
  line(em, "}");
}

// Is C text one statement (a single ';', at its end, outside brackets and literals)?
static bool one_statement(const char *text) {
  int depth = 0, semicolons = 0;
  char quote = 0;
  for (const char *p = text; *p; p++) {
    if (quote) {
      if (*p == '\\' && p[1]) p++;
      else if (*p == quote) quote = 0;
    } else if (*p == '"' || *p == '\'') {
      quote = *p;
    } else if (strchr("([{", *p)) {
      depth++;
    } else if (strchr(")]}", *p)) {
      depth--;
    } else if (*p == '\n' || (*p == ';' && (depth || p[1]))) {
      return false;
    } else if (*p == ';') {
      semicolons++;
    }
  }
  return semicolons == 1 && depth == 0;
}

// One statement for each of the thread's elements: a loop of one line where the
// statement needs no element index.
void elem_loop_line(Em *em, const Layout *l, bool uses_e, const char *stmt) {
  if (uses_e || !one_statement(stmt)) {
    open_elem_loop(em, l, uses_e);
    line(em, "%s", stmt);
    close_loop(em);
    return;
  }
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; ++_k) %s", (long long)l->per_thread, stmt);
}

// Every use of tl2cu_smem starts at its byte 0 (after a barrier): smem.c sized the buffer
// for the largest use, before printing.
void need_smem(Em *em, int64_t bytes) {
  if (bytes > em->smem_bytes)
    internal_error(__FILE__, __LINE__, xprintf("a use of %lld bytes of shared memory, smem.c allocated %d",
                                               (long long)bytes, em->smem_bytes));
}

// ---------------------------------------------------------------- the conversions pass's, printed

// Every conversion convert.c recorded was printed for its statement: a statement whose
// printer never asked for them (print_conversions) would read those values at its own
// elements, not where they are. (The other way, conversion_for stops on a read the pass
// did not record.)
static void check_conversions_printed(Em *em, Stmt *s, const char *variant) {
  for (; s; s = s->next) {
    bool printed = !s->converts.len;  // (only statements with conversions were printed with them)
    for (int i = 0; i < em->printed.len && !printed; i++) printed = em->printed.items[i] == s;
    if (!printed)
      internal_error(__FILE__, __LINE__, xprintf("%s: convert.c converts %s for line %d, the printer did not print it",
                                                 variant, ((Convert *)s->converts.items[0])->v->cname, s->loc.line));
    check_conversions_printed(em, s->body, variant);
    check_conversions_printed(em, s->orelse, variant);
  }
}

// A value read outside its array's elements: the conversion printed for the statement.
static const char *conversion_for(Em *em, Value *v, Cx *cx) {  // (v in cx's layout)
  for (int i = 0; i < em->conversions.len; i++) {
    Conversion *c = em->conversions.items[i];
    if (c->v != v || !shape_eq(c->to->space, cx->lay->space)) continue;
    bool same = true;
    for (int d = 0; d < v->shape.rank; d++) same &= v->shape.dim[d] == 1 || c->sym[d] == cx->sym[d];
    if (!same) continue;
    em->reads_k = true;
    return xprintf("%s[_k]", c->name);
  }
  internal_error(__FILE__, __LINE__, xprintf("%s is read in another layout, and convert.c recorded no conversion of it there", v->cname));
}

// A coordinate symbol (convert.c) as C over the element index of layout l, as the
// expression printer writes the coordinate it stands for.
static const char *symbol_text(const char *sym, const Layout *l) {
  if (sym == SYM_ZERO || sym == SYM_ONE) return sym;
  const CoordSym *c = coord_sym(sym);
  if (!c) {  // "d<i>": dim i of the space
    for (int d = 0; d < l->space.rank; d++)
      if (sym == coord_symbol(d)) return coord(l, d);
    internal_error(__FILE__, __LINE__, xprintf("coordinate symbol %s", sym));
  }
  switch (c->kind) {
  case SYM_FLIP: return xprintf("(%lld - %s)", (long long)(c->n - 1), symbol_text(c->arg, l));
  case SYM_RESHAPE: return xprintf("((%s / %lld) %% %lld)", symbol_text(c->arg, l), (long long)c->n, (long long)c->size);
  case SYM_LINEAR: {
    bool uses_e = false;
    Cx terms = {.lay = l, .uses_e = &uses_e};
    for (int i = 0; i < c->shape.rank; i++) {
      terms.crd[i] = symbol_text(c->terms[i], l);
      terms.crd_zero[i] = c->terms[i] == SYM_ZERO;
    }
    return linear_of(&terms, c->shape);
  }
  }
  unreachable();
}

// Is a coordinate symbol computed from the element index (not a constant)?
static bool symbol_reads_e(const char *sym) {
  if (sym == SYM_ZERO || sym == SYM_ONE) return false;
  const CoordSym *c = coord_sym(sym);
  if (!c) return true;  // "d<i>": dim i of the space
  if (c->kind != SYM_LINEAR) return symbol_reads_e(c->arg);
  for (int i = 0; i < c->shape.rank; i++)
    if (symbol_reads_e(c->terms[i])) return true;
  return false;
}

static bool same_elements(const Layout *a, const Layout *b) {
  return shape_eq(a->space, b->space) && a->per_thread == b->per_thread && a->vec == b->vec && a->threads == b->threads &&
         a->kind == b->kind && a->wm == b->wm && a->wn == b->wn && a->keep == b->keep;
}

// Is statement s `y = <x rearranged>` (tl.trans, permute, reshape) with x its one
// conversion, into y's layout? Then y is what the conversion reads back.
static bool is_conversion_only(Stmt *s) {
  Value *y = s->v;
  if (s->kind != S_LET || s->converts.len != 1 || (y->kind != V_PERMUTE && y->kind != V_RESHAPE) || y->packed) return false;
  Convert *r = s->converts.items[0];
  return y->a == r->v && !r->v->packed && y->layout && same_elements(&r->to, y->layout);
}

// One conversion convert.c recorded: the value stored through shared memory in its own
// layout, and read back where the statement's layout reads it (straight into the
// statement's value where that is all it does).
static void print_conversion(Em *em, Convert *r) {
  Value *v = r->v;
  Conversion *c = xmalloc(sizeof(Conversion));
  c->v = v;
  c->to = &r->to;
  memcpy(c->sym, r->crd, sizeof c->sym);
  bool into = is_conversion_only(em->stmt);
  c->name = into ? em->stmt->v->cname : xprintf("_%s_cvt%d", v->cname, ++em->nconversions);
  vec_push(&em->conversions, c);
  int64_t row = r->row;
  const char *t = ctype(v->ty);
  line(em, "// %s changes layout: through shared memory%s", v->cname, row ? " (rows padded)" : "");
  line(em, "__syncthreads();");
  bool uses_e = false;
  Cx own = identity_cx(v->layout, &uses_e);
  const char *src = linear_of(&own, v->shape);
  if (row) src = xprintf("tl2cu_pad<%lld>(%s)", (long long)row, src);
  elem_loop_line(em, v->layout, uses_e, xprintf("((%s*)tl2cu_smem)[%s] = %s;", t, src, elem_at(v, "_k")));
  line(em, "__syncthreads();");
  if (!into) line(em, "%s %s[%lld];", t, c->name, (long long)r->to.per_thread);
  uses_e = false;
  Cx there = {.lay = &r->to, .uses_e = &uses_e};
  for (int d = 0; d < v->shape.rank; d++) {
    there.crd[d] = symbol_text(r->crd[d], &r->to);
    there.crd_e[d] = symbol_reads_e(r->crd[d]);
    there.crd_zero[d] = r->crd[d] == SYM_ZERO;
  }
  const char *dst = linear_of(&there, v->shape);
  if (row) dst = xprintf("tl2cu_pad<%lld>(%s)", (long long)row, dst);
  elem_loop_line(em, &r->to, uses_e, xprintf("%s[_k] = ((%s*)tl2cu_smem)[%s];", c->name, t, dst));
}

// ---------------------------------------------------------------- statements

// The length of a source line as a // comment may show it: without its trailing backslashes and
// blanks. C splices a line ending in '\' (blanks after it too, for gcc) into the next before comments
// go, so a Python line continued with '\' would swallow the C statement printed under its comment.
static int comment_length(const char *p) {
  int n = (int)strlen(p);
  while (n && (p[n - 1] == '\\' || p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r' || p[n - 1] == '\f')) n--;
  return n;
}

void source_comment(Em *em, Stmt *s) {
  if ((s->loc.line == em->last_line && s->loc.file == em->last_file) || !s->src) return;
  em->last_line = s->loc.line;
  em->last_file = s->loc.file;
  const char *p = s->src;
  while (*p == ' ' || *p == '\t') p++;
  if (em->opt->line_directives) line(em, "#line %d \"%s\"", s->loc.line, diag_file_path(s->loc.file));
  const char *file = diag_file_path(s->loc.file), *base = strrchr(file, '/');  // (an imported file: named)
  line(em, "// %sL%d: %.*s", s->loc.file ? xprintf("%s:", base ? base + 1 : file) : "", s->loc.line,
       comment_length(p), p);
  Loc r = s->kind == S_LET && s->v ? s->v->returned_at : (Loc){0};
  if (r.line && (r.line != s->loc.line || r.file != s->loc.file)) {  // a helper's value: its `return` too
    const char *rfile = diag_file_path(r.file), *rbase = strrchr(rfile, '/');
    const char *rtext = diag_line_text(r);
    while (*rtext == ' ' || *rtext == '\t') rtext++;
    line(em, "//   from %sL%d: %.*s", r.file ? xprintf("%s:", rbase ? rbase + 1 : rfile) : "", r.line,
         comment_length(rtext), rtext);
  }
}

// The conversions the statement being printed needs (convert.c's Stmt.converts), printed
// once, before its first element loop and outside any guard: every thread of the program
// must reach their barriers.
void print_conversions(Em *em) {
  Stmt *s = em->stmt;
  if (!s || em->converted == s) return;
  em->converted = s;
  if (s->converts.len) vec_push(&em->printed, s);
  em->conversions.len = 0;
  for (int i = 0; i < s->converts.len; i++) print_conversion(em, s->converts.items[i]);
}

void elementwise(Em *em, Stmt *s, const Layout *l, ExprFn fn, const char *fmt, Value *target) {
  print_conversions(em);
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  const char *rhs = fn(em, s, &cx);
  const char *lhs = !target ? NULL : !l ? target->cname : target->packed ? packed_lvalue(target, "_k") : xprintf("%s[_k]", target->cname);
  const char *text = !target ? xprintf(fmt, rhs) : xprintf(fmt, lhs, rhs);
  if (!l) {
    line(em, "%s", text);
    return;
  }
  elem_loop_line(em, l, uses_e, text);
}

const char *rhs_value(Em *em, Stmt *s, Cx *cx) { return ex(em, s->v, cx); }
const char *rhs_definition(Em *em, Stmt *s, Cx *cx) { return ex_def(em, s->v, cx); }

const char *shape_comment(Value *v) {
  const Layout *l = v->layout;
  const char *lay = shape_eq(l->space, v->shape) ? "" : xprintf(", held in the layout of %s", shape_text(l->space));
  if (l->keep)  // (one register per distinct element: layout.c slice_values)
    lay = xprintf(", sliced from the layout of %s: registers 0x%x of %lld", shape_text(l->space), l->keep,
                  (long long)(shape_numel(l->space) / l->threads));
  return xprintf("// %s %s%s", shape_text(v->shape), type_name(v->ty), lay);
}

// The plain side of such an access; in a template over runs (emit_run_template)
// predicated as with the plain variant's runs.
static void plain_access(Em *em, Stmt *s, const Layout *l, AccessFn access) {
  bool both = em->run_template || em->project_plain;  // (layout_keep_narrow_predicated marked both)
  if (both) layout_swap_predicated(s);
  access(em, s, l);
  if (both) layout_swap_predicated(s);
}

// An access that the two variants of one template (em->both_facts) do differently:
// each as its variant does it. Projected on the plain instance (em->project_plain), the
// aligned side is printed as in the template but not shown: the plain side then prints
// from the same state as in the template.
void per_variant(Em *em, Stmt *s, const Layout *l, int vectors, AccessFn vector, AccessFn scalar) {
  em->nper_variant++;
  print_conversions(em);
  Str *out = em->out, hidden = {0};
  if (em->project_plain) str_add(&hidden, ""), em->out = &hidden;
  line(em, "if constexpr (kAssumeAligned) {");
  em->indent++;
  (vectors & IN_ALIGNED ? vector : scalar)(em, s, l);
  em->indent--;
  line(em, "} else {");
  em->out = out;
  if (em->project_plain) {
    plain_access(em, s, l, vectors & IN_PLAIN ? vector : scalar);
    return;
  }
  em->indent++;
  plain_access(em, s, l, vectors & IN_PLAIN ? vector : scalar);
  close_loop(em);
}

static void load_elements(Em *em, Stmt *s, const Layout *l) { elementwise(em, s, l, rhs_definition, "%s = %s;", s->v); }

static void emit_let(Em *em, Stmt *s) {
  Value *v = s->v;
  if (v->kind == V_LOAD) source_comment(em, s);
  if (v->kind == V_ATOMIC) {  // (an effect, even when nothing reads the old values)
    emit_atomic(em, s);
    return;
  }
  if (v->kind == V_ASM) {  // (an effect unless pure, even when nothing reads its results)
    emit_asm(em, s);
    return;
  }
  if (v->kind == V_RESULT) return;  // written by its call, above
  if (never_read(v)) {
    line(em, "// %s is never used", v->cname);
    return;
  }
  switch (v->kind) {  // the collective values: their own emitters
  case V_REDUCE: emit_reduce(em, s); return;
  case V_GATHER: emit_gather(em, s); return;
  case V_HISTOGRAM: emit_histogram(em, s); return;
  case V_SORT: emit_sort(em, s); return;
  case V_MAP: emit_map(em, s); return;
  case V_DOT: emit_dot(em, s); return;
  case V_LOAD:
    if (v->into_dot) {
      emit_operand_load(em, s);
      return;
    }
    if (prefetched(v)) {
      line(em, "// %s: loaded ahead, in the iteration before (prefetch.c)", v->cname);
      return;
    }
    emit_load_statement(em, s);
    return;
  default: break;
  }
  if (v->kind == V_SCAN) {
    emit_scan(em, s);
    return;
  }
  if (v->fused_uses && v->fused_uses == v->uses - 1) {  // every use recomputes it inside an fma
    line(em, "// %s: folded into the fused multiply-adds that use it", v->cname);
    return;
  }
  if (v->shape.rank == 0) {
    const char *decl = v->ty.kind == TY_PTR ? xprintf("%sconst", ctype(v->ty)) : xprintf("const %s", ctype(v->ty));
    elementwise(em, s, NULL, rhs_definition, xprintf("%s %%s = %%s;", decl), v);
    return;
  }
  if (v->packed) {
    emit_packed_let(em, s);
    return;
  }
  line(em, "%s", array_decl(v));
  if (is_conversion_only(s)) {
    print_conversions(em);
    return;
  }
  elementwise(em, s, v->layout, rhs_definition, "%s = %s;", v);
}

// A load's array and its loads: vectors where the variant's facts allow.
void emit_load_statement(Em *em, Stmt *s) {
  Value *v = s->v;
  int vectors = load_vectors(em, s);
  if (vectors == (IN_ALIGNED | IN_PLAIN)) {
    line(em, "%s (%d-byte loads)", array_decl(v), layout_chunk(v->layout, v->ty) * elem_bytes(v->ty));
    emit_vector_load(em, s, v->layout);
    return;
  }
  if (vectors) {
    line(em, "%s", array_decl(v));
    per_variant(em, s, v->layout, vectors, emit_vector_load, load_elements);
    return;
  }
  note_scalar_access(em, v->layout, v->ty);
  if (v->shape.rank == 0) {
    const char *decl = v->ty.kind == TY_PTR ? xprintf("%sconst", ctype(v->ty)) : xprintf("const %s", ctype(v->ty));
    elementwise(em, s, NULL, rhs_definition, xprintf("%s %%s = %%s;", decl), v);
    return;
  }
  line(em, "%s", array_decl(v));
  elementwise(em, s, v->layout, rhs_definition, "%s = %s;", v);
}

static void emit_vardef(Em *em, Stmt *s) {
  Value *var = s->var;
  if (!s->v) {  // assigned on every path before it is read
    line(em, "%s", var->shape.rank ? array_decl(var) : xprintf("%s %s;", ctype(var->ty), var->cname));
    return;
  }
  if (var->shape.rank == 0) {
    elementwise(em, s, NULL, rhs_value, xprintf("%s %%s = %%s;", ctype(var->ty)), var);
    return;
  }
  line(em, "%s", array_decl(var));
  elementwise(em, s, var->layout, rhs_value, "%s = %s;", var);
}

static void emit_assign(Em *em, Stmt *s) {
  Value *var = s->var;
  elementwise(em, s, var->shape.rank ? var->layout : NULL, rhs_value, "%s = %s;", var);
}

const char *store_rhs(Em *em, Stmt *s, Cx *cx) {
  Cx cp = *cx, cm = *cx;
  const char *target = deref(em, s->ptr, &cp);
  const char *value = ex(em, s->v, cx);
  if (!s->mask) return xprintf("%s = %s;", target, value);
  if (s->predicated)  // as its load, without a branch (layout.c)
    return xprintf("tl2cu_store_masked(&%s, %s, %s);", target, ex(em, s->mask, &cm), value);
  return xprintf("if (%s) %s = %s;", ex(em, s->mask, &cm), target, value);
}

const char *store_value(Em *em, Stmt *s, Cx *cx) { return ex(em, s->v, cx); }
const char *store_address(Em *em, Stmt *s, Cx *cx) {
  Cx cm = *cx;
  const char *addr = ex(em, s->ptr, cx);
  const char *vt = run_type(s->v->ty, em->vec, em->vec_words);
  return s->mask ? xprintf("if (%s) *(%s *)%s", ex(em, s->mask, &cm), vt, addr) : xprintf("*(%s *)%s", vt, addr);
}

const char *store_value_and_address(Em *em, Stmt *s, Cx *cx) {
  Cx c2 = *cx;
  store_value(em, s, cx);
  return store_address(em, s, &c2);
}

static void emit_scalar_store(Em *em, Stmt *s, const Layout *l);

// A block store in layout l.
static void emit_block_store(Em *em, Stmt *s, const Layout *l) {
  int staged = staged_store_variants(em, s), vectors = store_vectors(em, s, l);
  if (staged == (IN_ALIGNED | IN_PLAIN)) {
    emit_staged_store(em, s, l);
    return;
  }
  if (staged) {  // (the other variant as the direct store's: vectors there too, or element by element)
    per_variant(em, s, l, staged, emit_staged_store, vectors & ~staged ? emit_vector_store : emit_scalar_store);
    return;
  }
  if (vectors == (IN_ALIGNED | IN_PLAIN)) {
    emit_vector_store(em, s, l);
    return;
  }
  if (vectors) {
    per_variant(em, s, l, vectors, emit_vector_store, emit_scalar_store);
    return;
  }
  if (shape_numel(l->space) >= em->threads && emit_store_window(em, s, l)) return;
  emit_scalar_store(em, s, l);
}

// A block store in layout l, element by element.
static void emit_scalar_store(Em *em, Stmt *s, const Layout *l) {
  int64_t n = shape_numel(l->space);
  bool replicated = n < em->threads;
  note_scalar_access(em, l, s->v->ty);
  note_access_pointer(em, l, s->ptr, s->v->ty);
  print_conversions(em);
  if (replicated) {  // fewer elements than threads: only the first n threads own one
    line(em, "if (%s < %lld) {", tid(em), (long long)n);
    em->indent++;
  }
  elementwise(em, s, l, store_rhs, "%s", NULL);
  if (replicated) close_loop(em);
}

static void emit_store(Em *em, Stmt *s) {
  if (s->ptr->shape.rank == 0 && em->k->program_threads == 1) {  // the thread is the program
    elementwise(em, s, NULL, store_rhs, "%s", NULL);
    return;
  }
  if (s->ptr->shape.rank == 0) {  // a scalar store is done once per program
    print_conversions(em);
    line(em, "if (%s == 0) {", tid(em));
    em->indent++;
    elementwise(em, s, NULL, store_rhs, "%s", NULL);
    close_loop(em);
    return;
  }
  Layout own;
  const Layout *l = layout_own_space(s->ptr, em->threads, &own);
  bool packed = begin_packed_store(em, s, l);
  emit_block_store(em, s, l);
  if (packed) end_packed_store(s);
}

static void emit_for(Em *em, Stmt *s) {
  Cx cx = identity_cx(NULL, NULL);
  const char *lo = ex(em, s->lo, &cx), *hi = ex(em, s->hi, &cx), *step = ex(em, s->step, &cx);
  bool down = s->step->kind == V_CONST && s->step->ival < 0;
  const char *t = ctype(s->var->ty);
  bool step_fits = bound_counter(s);
  prefetch_before_loop(em, s);
  dot_before_loop(em, s);
  if (s->step->kind == V_CONST && s->step->ival == 1)  // i < hi: i + 1 cannot wrap
    line(em, "for (%s %s = %s; %s < %s; ++%s) {", t, s->var->cname, lo, s->var->cname, hi, s->var->cname);
  else
    line(em, "for (%s %s = %s; %s %s %s; %s) {", t, s->var->cname, lo, s->var->cname, down ? ">" : "<", hi,
         step_fits ? xprintf("%s += %s", s->var->cname, step)
                   : xprintf("%s = %s", s->var->cname, int_arith(OP_ADD, s->var->ty.kind, s->var->cname, step)));
  em->indent++;
  em->loops++;
  emit_stmts(em, s->body);
  em->loops--;
  close_loop(em);
  dot_after_loop(em, s);
}

static void emit_if(Em *em, Stmt *s) {
  Cx cx = identity_cx(NULL, NULL);
  line(em, "if (%s) {", ex(em, s->cond, &cx));
  em->indent++;
  emit_stmts(em, s->body);
  em->indent--;
  if (s->orelse) {
    line(em, "} else {");
    em->indent++;
    emit_stmts(em, s->orelse);
    em->indent--;
  }
  line(em, "}");
}

static bool is_load(Stmt *s) { return s && s->kind == S_LET && s->v->kind == V_LOAD; }

void emit_stmts(Em *em, Stmt *s) {
  bool after_load = false;
  while (s) {
    if (is_load(s) && !after_load && emit_window_split(em, s)) return;  // the rest, twice
    if (is_load(s) && !after_load) emit_load_windows(em, s);  // at the first of a run of loads
    after_load = is_load(s);
    if (windowed(em, s)) {
      s = s->next;
      continue;
    }
    if (!is_load(s)) source_comment(em, s);
    dot_wait_before(em, s);
    em->stmt = s;
    switch (s->kind) {
    case S_LET:
      emit_let(em, s);
      prefetch_after(em, s);  // (after a dot: the next iteration's operand loads)
      break;
    case S_VARDEF:
      emit_vardef(em, s);
      break;
    case S_ASSIGN: emit_assign(em, s); break;
    case S_STORE: emit_store(em, s); break;
    case S_FOR: emit_for(em, s); break;
    case S_IF: emit_if(em, s); break;
    case S_RETURN: line(em, "return;"); break;
    case S_BARRIER: line(em, "__syncthreads();"); break;
    case S_PRINT: emit_print(em, s); break;
    case S_ASSERT: emit_assert(em, s); break;
    case S_WHILE:
      line(em, "for (;;) {");
      em->indent++;
      em->loops++;
      emit_stmts(em, s->body);
      em->loops--;
      close_loop(em);
      break;
    case S_BREAK_UNLESS: {
      Cx cx = identity_cx(NULL, NULL);
      line(em, "if (!%s) break;", ex(em, s->cond, &cx));
      break;
    }
    }
    s = s->next;
  }
}

// ---------------------------------------------------------------- one element at a time
// The slow branch of a window split (access.c) runs rarely: in warps at the edges of
// the data. Emitted as one rolled loop over the thread's elements, every value a
// scalar and the index math before it recomputed, it needs few registers; unrolled,
// its element arrays raised the register count of the whole kernel (the Game of
// Life's: 77 where the fast branch needs 39).

// Does v read, besides the values of the rolled loop, only scalars, single
// elements and index math (no array a rolled loop would index at run time)?
static bool rollable_reads(Value *v, int depth) {
  if (!v) return true;
  if (depth > 64) return false;
  if (is_materialized(v) && v->kind != V_PARAM)
    return v->rolled || v->shape.rank == 0 || shape_numel(v->shape) == 1 || recomputable(v);
  return rollable_reads(v->a, depth + 1) && rollable_reads(v->b, depth + 1) && rollable_reads(v->c, depth + 1);
}

// The layout every statement from `first` on walks, if they can share one rolled loop.
static const Layout *rollable(Stmt *first) {
  const Layout *l = NULL;
  for (Stmt *s = first; s; s = s->next) {
    const Layout *sl = s->kind == S_STORE ? s->ptr->layout : s->v->shape.rank ? s->v->layout : NULL;
    if (s->kind == S_STORE && !s->ptr->shape.rank) return NULL;  // once per program, not per element
    if (sl && !shape_eq(sl->space, s->kind == S_STORE ? s->ptr->shape : sl->space)) return NULL;
    if (sl && l && !same_elements(l, sl)) return NULL;
    if (sl) l = sl;
    Value *reads[] = {s->kind == S_STORE ? s->ptr : s->v->a, s->kind == S_STORE ? s->mask : s->v->b,
                      s->kind == S_STORE ? s->v : s->v->c};
    for (int i = 0; i < 3; i++)
      if (!rollable_reads(reads[i], 0)) return NULL;
  }
  return l;
}

static void mark_rolled(Stmt *first, bool on, bool *packed) {
  int i = 0;
  for (Stmt *s = first; s; s = s->next, i++) {
    if (s->kind != S_LET) continue;
    s->v->rolled = on;
    if (on) packed[i] = s->v->packed, s->v->packed = false;
    else s->v->packed = packed[i];
  }
}

// The statements from `first` (lets and stores, as a window split's slow branch has)
// in one rolled loop over elements, if they can be.
bool emit_rolled(Em *em, Stmt *first) {
  int n = 0;
  for (Stmt *s = first; s; s = s->next) n++;
  bool *packed = xmalloc(n * sizeof(bool));
  mark_rolled(first, true, packed);
  const Layout *l = rollable(first);
  if (!l) {
    mark_rolled(first, false, packed);
    return false;
  }
  Str body = {0};
  str_add(&body, "");
  Str *saved = em->out;
  em->out = &body;
  em->indent++;
  em->rolling = true;
  bool uses_e = false;
  for (Stmt *s = first; s; s = s->next) {
    source_comment(em, s);
    Cx cx = identity_cx(l, &uses_e);
    if (s->kind == S_STORE) {
      line(em, "%s", store_rhs(em, s, &cx));
    } else if (s->v->uses > 1) {
      const char *t = ctype(s->v->ty);
      const char *decl = s->v->ty.kind == TY_PTR ? xprintf("%sconst", t) : xprintf("const %s", t);
      line(em, "%s %s = %s;", decl, s->v->cname, ex_def(em, s->v, &cx));
    }
  }
  em->rolling = false;
  em->indent--;
  em->out = saved;
  line(em, "#pragma unroll 1  // one element at a time: a rare path, kept small in registers");
  line(em, "for (int _k = 0; _k < %lld; ++_k) {", (long long)l->per_thread);
  if (uses_e) line(em, "  const int _e = %s;", elem_index(em, l));
  str_add(em->out, body.buf);
  line(em, "}");
  mark_rolled(first, false, packed);
  return true;
}

// ---------------------------------------------------------------- kernels and launchers

// The run-time parameters as the kernel declares them or is launched with (a host
// descriptor's parts one by one), or as the launchers declare and pass them (a host
// descriptor as one tl2cu_tensordesc).
typedef enum { KERNEL_PARAMS, KERNEL_ARGS, LAUNCHER_PARAMS, LAUNCHER_ARGS, HEADER_PARAMS } ParamList;

// A launcher parameter's type as the -H header, which C includes too, spells it: fp16 and bf16
// through typedefs that are CUDA's types in C++ and their 16 bits in C (C has no half type).
static const char *header_ctype(Type t) {
  Scalar s = t.kind == TY_PTR ? t.pointee : t.kind;
  const char *name = s == TY_F16 ? "tl2cu_half" : s == TY_BF16 ? "tl2cu_bfloat16" : NULL;
  if (!name) return type_ctype(t);
  return t.kind == TY_PTR ? xprintf("%s *", name) : name;
}

static const char *param_list(Kernel *k, ParamList list) {
  Str t = {0};
  str_add(&t, "");
  bool launcher = list == LAUNCHER_PARAMS || list == LAUNCHER_ARGS || list == HEADER_PARAMS;
  bool names = list == KERNEL_ARGS || list == LAUNCHER_ARGS;
  for (int i = 0; i < k->params.len; i++) {
    Param *p = k->params.items[i];
    if (p->is_constexpr || (launcher && p->desc && p->desc_part != DESC_BASE)) continue;
    const char *ty = launcher && p->desc ? "tl2cu_tensordesc" : list == HEADER_PARAMS ? header_ctype(p->ty) : type_ctype(p->ty);
    const char *name = launcher && p->desc ? p->desc->cname : p->cname;
    if (names) str_addf(&t, "%s%s", t.len ? ", " : "", name);
    else str_addf(&t, "%s%s%s%s", t.len ? ", " : "", ty, ty[strlen(ty) - 1] == '*' ? "" : " ", name);
  }
  return t.buf;
}

// In a launcher: each host descriptor checked as Triton's TensorDescriptor checks it (and
// NaN padding only where tl2cu has TMA's fill), then its parts, named as the kernel's.
static void emit_descriptor_parts(Em *em, Kernel *k) {
  for (int i = 0; i < k->params.len; i++) {
    Param *p = k->params.items[i];
    if (!p->desc) continue;
    DescParam *d = p->desc;
    const char *ty = type_ctype(p->ty);
    switch (p->desc_part) {
    case DESC_BASE:
      line(em, "  if (!tl2cu_tensordesc_valid(%s, %d, %d, %s)) return cudaErrorInvalidValue;", d->cname, d->block.rank,
           scalar_bits(d->elem) / 8, d->elem == TY_F32 ? "true" : "false");
      line(em, "  %s%s%s = (%s)%s.base;", ty, ty[strlen(ty) - 1] == '*' ? "" : " ", p->cname, ty, d->cname);
      break;
    case DESC_SHAPE: line(em, "  const int32_t %s = (int32_t)%s.shape[%d];", p->cname, d->cname, p->desc_dim); break;
    case DESC_STRIDE: line(em, "  const int64_t %s = %s.strides[%d];", p->cname, d->cname, p->desc_dim); break;
    default: line(em, "  const int32_t %s = %s.padding;", p->cname, d->cname); break;
    }
  }
}

// A combine function of tl.reduce / tl.associative_scan, as a device function: over
// one value it returns the result; over a tuple of n it writes the n results into its
// first n (reference) parameters.
static void emit_combine(Em *em, Combine *cb) {
  Str params = {0};
  str_add(&params, "");
  for (int i = 0; cb->n > 1 && i < cb->n; i++) str_addf(&params, "%s &_out%d, ", ctype(cb->result[i]->ty), i);
  for (int i = 0; i < cb->nparams; i++) {
    Value *p = cb->params[i];
    str_addf(&params, "%s %s%s", ctype(p->ty), p->cname, i + 1 < cb->nparams ? ", " : "");
  }
  line(em, "static __device__ __forceinline__ %s %s(%s) {", cb->n > 1 ? "void" : ctype(cb->result[0]->ty), cb->name, params.buf);
  em->indent++;
  emit_stmts(em, cb->body);
  for (int i = 0; i < cb->n; i++) {
    Cx cx = identity_cx(NULL, NULL);
    if (cb->n == 1) line(em, "return %s;", ex(em, cb->result[0], &cx));
    else line(em, "_out%d = %s;", i, ex(em, cb->result[i], &cx));
  }
  em->indent--;
  line(em, "}");
  line(em, "%s", "");
}

static const char *kernel_name(Kernel *k) {
  return k->config_index >= 0 ? xprintf("%s_config%d", k->func->name, k->config_index) : k->func->name;
}

// The C name of one of k's variants.
static const char *variant_name(Kernel *k, int variant) {
  static const char *const suffix[NVARIANTS] = {"", "_aligned", "_pointer_layout"};
  return xprintf("%s%s", kernel_name(k), k->variants == VARIANTS_RUN_TEMPLATE ? "" : suffix[variant]);
}

// The statements of the kernel being printed, in its current layouts.
static Str variant_body(Em *em, Kernel *k, const char *name) {
  Str body = {0};
  str_add(&body, "");
  Str *saved = em->out;
  em->out = &body;
  em->smem_bytes = (int)k->smem;  // (smem.c)
  em->nconversions = 0;
  em->uses_tid = em->uses_run = false;
  em->nvector = 0;
  em->nspread_bytes = 0;
  em->windowed.len = 0;
  em->stored_line = em->nstored = 0;
  em->split = em->no_windows = false;
  em->prechecked.len = 0;
  em->last_line = 0;
  em->indent = 1;
  em->printed.len = 0;
  em->consumed.len = 0;
  em->stmt = em->converted = NULL;
  emit_stmts(em, k->body);
  em->stmt = NULL;  // (combine functions, printed next, read no blocks)
  check_conversions_printed(em, k->body, name);
  em->out = saved;
  em->indent = 0;
  return body;
}

// "autotune config 2: BLOCK=64, num_warps=4", or, with no tuning launcher (one config, or
// the one the options pick), "the autotune config translated: BLOCK=64, num_warps=4".
const char *config_label(const Kernel *k) {
  const char *what = k->nselect ? "heuristics variant" : "autotune config";
  if (k->config_index < 0) return xprintf("the %s translated: %s", what, k->config_text);
  return xprintf("%s %d: %s", what, k->config_index, k->config_text);
}

static void emit_kernel_variant(Em *em, Kernel *k, int variant, const char *note) {
  const char *name = variant_name(k, variant);
  Str body = variant_body(em, k, name);
  Str spec = {0};
  str_addf(&spec, "num_warps=%d", k->num_warps);
  for (int i = 0; i < k->constexprs.len; i++) str_addf(&spec, ", %s", (const char *)k->constexprs.items[i]);
  line(em, "// %s: %s%s", k->func->name, k->config_text ? config_label(k) : spec.buf, note);
  const char *params = param_list(k, KERNEL_PARAMS);
  int t = k->program_threads, block = k->num_warps * 32;
  bool uses_tid = em->uses_tid;  // a kernel without blocks has no element index
  if (em->run_template) {
    line(em, "// kAssumeAligned: the launch found 16-byte aligned pointers and ints divisible by 16");
    line(em, "template <bool kAssumeAligned>");
  } else if (em->both_facts) {
    line(em, "// kAssumeAligned: every assumption above holds; false: only some accesses' pointers are aligned, "
             "no int divisible by 16");
    line(em, "template <bool kAssumeAligned>");
  }
  if (t) {
    line(em, "__global__ void __launch_bounds__(%d) %s(%s%sunsigned tl2cu_programs_x) {", block, name, params,
         *params ? ", " : "");
    em->indent = 1;
    if (t == 1) {
      line(em, "// one program per thread: %d programs along axis 0 share a thread block", block);
      line(em, "const int32_t _program_x = (int32_t)(blockIdx.x * %d + threadIdx.x);", block);
    } else {
      line(em, "// %d programs along axis 0 share a thread block, %d threads each", block / t, t);
      if (uses_tid) line(em, "const int _tid = threadIdx.x %% %d;", t);
      line(em, "const int32_t _program_x = (int32_t)(blockIdx.x * %d + threadIdx.x / %d);", block / t, t);
    }
    line(em, "if ((unsigned)_program_x >= tl2cu_programs_x) return;");
  } else {
    line(em, "__global__ void __launch_bounds__(%d) %s(%s) {", em->threads, name, params);
    em->indent = 1;
    if (uses_tid) line(em, "const int _tid = threadIdx.x;");
  }
  if (em->run_template && em->uses_run)
    line(em, "constexpr int kRun = kAssumeAligned ? %d : %d;  // consecutive elements a thread holds", em->run_wide,
         em->run_narrow);
  if (em->smem_bytes > SMEM_MAX_SM90)
    diag_fatal(k->func->def->loc, "kernel '%s' needs %d bytes of shared memory a program (layout conversions, reductions); sm_90 allows %d",
               k->func->name, em->smem_bytes, SMEM_MAX_SM90);
  // wgmma's swizzled operands repeat every 1024 bytes. The file's every extern declaration
  // must name one alignment (nvcc warns else): the target's, not the kernel's.
  if (em->smem_bytes > STATIC_SMEM_MAX)
    line(em, "extern __shared__ __align__(%d) unsigned char tl2cu_smem[];  // %d bytes, given at launch",
         k->wgmma ? 1024 : 16, em->smem_bytes);
  else if (em->smem_bytes)
    line(em, "__shared__ __align__(%d) unsigned char tl2cu_smem[%d];", dots_on_wgmma(k->body) ? 1024 : 16, em->smem_bytes);
  k->smem_bytes[variant] = em->smem_bytes;
  str_add(em->out, body.buf);
  em->indent = 0;
  line(em, "}");
  line(em, "%s", "");
}

// The largest block of a kernel, or -1 if it synchronizes its threads (barriers,
// reductions, scans): such a kernel needs a thread block per program.
static int64_t largest_block(Stmt *s) {
  int64_t n = 0;
  for (; s; s = s->next) {
    if (s->kind == S_LET && never_read(s->v) && !asm_has_effect(s->v)) continue;  // not emitted
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) {
      if (!vs[i]) continue;
      if (is_collective(vs[i])) return -1;
      if (vs[i]->shape.rank && shape_numel(vs[i]->shape) > n) n = shape_numel(vs[i]->shape);
    }
    int64_t b = largest_block(s->body), o = largest_block(s->orelse);
    // (a print shows which threads hold what: each program keeps Triton's thread count)
    if (s->kind == S_BARRIER || s->kind == S_PRINT || b < 0 || o < 0) return -1;
    n = b > n ? b : n;
    n = o > n ? o : n;
  }
  return n;
}

// Layouts with runs of `run` elements (layout.c), and which byte values are packed in
// them (pack.c): what a variant is printed from.
static void lay_out(Kernel *k, int run, int variant) {
  layout_assign(k, run, variant);
  decide_packing(k->body);
  convert_pass(k);
  smem_pass(k);
  prefetch_pass(k);
}

// Programs whose blocks are smaller than half the thread block, and that never
// synchronize, share thread blocks: one thread per program when they have no
// blocks at all (the seeds' one-pixel Mandelbrot), else a warp or more each.
static int program_threads(Kernel *k) {
  int64_t n = largest_block(k->body), block = k->num_warps * 32;
  if (n < 0 || k->combines.len) return 0;
  if (n == 0) return 1;
  int64_t t = n < 32 ? 32 : n;
  // byte kernels: 16 bytes a thread, one vector of four packed words (pack.c); the
  // Game of Life ran 3.95 ms so against 4.52 with 8 bytes a thread (docs/NOTES.md)
  if (layout_widest_run(k) == 16 && n >= 16 * 32) t = n / 16;
  return t * 2 <= block ? (int)t : 0;
}

// The aligned and the pointer-layout variants share their layouts; where they differ only
// in which accesses move vectors, they are one template over kAssumeAligned, each such
// access printed for both (instead of the aligned variant's text in *aligned).
static bool emit_one_template(Em *em, Kernel *k, int wide, Str *aligned) {
  Str both = {0};
  str_add(&both, "");
  Str *saved = em->out;
  em->out = &both;
  lay_out(k, wide, ALIGNED_VARIANT);
  em->assume_aligned = em->both_facts = true;
  em->both_refused = false;
  em->nper_variant = 0;
  emit_kernel_variant(em, k, ALIGNED_VARIANT,
                      " (variant for 16-byte aligned pointers and ints divisible by 16; and for some aligned pointers, in Triton's layout for them)");
  em->assume_aligned = em->both_facts = false;
  em->out = saved;
  if (em->both_refused) return false;
  if (!em->nper_variant) {  // (never launched: the aligned variant assumes nothing then)
    k->variants = VARIANTS_ALIGNED;
    return false;
  }
  *aligned = both;
  k->smem_bytes[POINTER_LAYOUT_VARIANT] = k->smem_bytes[ALIGNED_VARIANT];
  return true;
}

// Where the plain variant differs from the aligned one only in its accesses and its runs
// (kRun elements: narrow, against the aligned variant's wide), the two as one template
// over kAssumeAligned (instead of the aligned variant's text in *aligned). Exact by
// construction: the template's plain instance, printed alone, must be the plain variant's
// text, runs and all, or the two stay apart.
static bool emit_run_template(Em *em, Kernel *k, int wide, int narrow, Str *aligned) {
  const char *name = variant_name(k, PLAIN_VARIANT);
  em->run_symbolic = true;
  lay_out(k, narrow, PLAIN_VARIANT);
  Str plain = variant_body(em, k, name);
  int plain_smem = em->smem_bytes;
  lay_out(k, wide, ALIGNED_VARIANT);
  layout_keep_narrow_predicated(k, narrow, wide);
  em->assume_aligned = em->both_facts = em->project_plain = true;
  em->run_wide = wide;
  em->run_narrow = narrow;
  em->both_refused = false;
  Str instance = variant_body(em, k, name);
  em->project_plain = false;
  bool same = !em->both_refused && em->smem_bytes == plain_smem && !strcmp(plain.buf, instance.buf);
  if (same) {
    Str both = {0};
    str_add(&both, "");
    Str *saved = em->out;
    em->out = &both;
    em->run_template = true;
    k->variants = VARIANTS_RUN_TEMPLATE;
    lay_out(k, wide, ALIGNED_VARIANT);  // (from the state the projection started from)
    layout_keep_narrow_predicated(k, narrow, wide);
    emit_kernel_variant(em, k, ALIGNED_VARIANT, "");
    em->run_template = false;
    em->out = saved;
    same = !em->both_refused;
    if (same) *aligned = both;
    else k->variants = VARIANTS_ALIGNED;
  }
  em->assume_aligned = em->both_facts = false;
  em->run_symbolic = false;
  k->smem_bytes[PLAIN_VARIANT] = plain_smem;
  return same;
}

// The kernel, and where it gains vector accesses, a second variant that assumes
// what Triton's launch-time specialization checks: 16-byte aligned pointers and
// integer arguments divisible by 16. The launcher picks the variant at run time.
static void emit_kernel(Em *em, Kernel *k) {
  k->program_threads = program_threads(k);
  if (k->program_threads > 1) {  // programs sharing a thread block cannot share its scratch buffer
    lay_out(k, layout_widest_run(k), PLAIN_VARIANT);
    if (k->smem) k->program_threads = 0;
  }
  em->k = k;
  em->threads = k->program_threads ? k->program_threads : k->num_warps * 32;
  for (int i = 0; i < k->combines.len; i++) {
    Combine *cb = k->combines.items[i];
    em->indent = 0;
    em->last_line = 0;
    emit_combine(em, cb);
  }
  // the plain variant: vector accesses where hints prove them (the axisinfo pass's
  // widths), else runs of 4 bytes (one fp32, four int8), so that consecutive threads'
  // scalar accesses coalesce; measured on the H200 (docs/NOTES.md): runs of one byte
  // made the Game of Life 30% slower, runs of 16 bytes made fp32 kernels up to 2x slower
  int wide = layout_widest_run(k), narrow = wide >= 4 ? wide / 4 : 1;  // 4 bytes of the narrowest access
  lay_out(k, wide, ALIGNED_VARIANT);
  k->unit_params = axisinfo_unit_candidates(k, em->threads);
  lay_out(k, wide, PLAIN_VARIANT);
  bool plain_wide = wide == narrow || kernel_has_vectors(k, PLAIN_VARIANT);
  if (!plain_wide) {
    Vec wide_layouts = layout_snapshot(k);
    lay_out(k, narrow, PLAIN_VARIANT);
    plain_wide = layout_snapshots_equal(wide_layouts, layout_snapshot(k));  // (blocks too small for the wider runs)
  }
  Str plain = {0}, aligned = {0};
  str_add(&plain, "");
  str_add(&aligned, "");
  Str *saved = em->out;
  em->out = &plain;
  em->assume_aligned = false;
  emit_kernel_variant(em, k, PLAIN_VARIANT, "");
  int plain_vectors = em->nvector;
  em->out = &aligned;
  em->assume_aligned = true;
  em->assumed = 0;
  em->npointer_needs = 0;
  lay_out(k, wide, ALIGNED_VARIANT);
  emit_kernel_variant(em, k, ALIGNED_VARIANT,
                      " (variant for 16-byte aligned pointers and ints divisible by 16)");
  em->assume_aligned = false;
  k->variants = em->nvector > plain_vectors && !em->nspread_bytes ? VARIANTS_ALIGNED : VARIANTS_PLAIN;
  k->assumed_params = em->assumed;
  // Triton specializes each argument on its own and lays accesses out from their
  // pointers' facts (the widest run of a slice's accesses), masks only narrowing their
  // vectors: where one access's pointer would be aligned but an int bounding a mask is not
  // divisible by 16 (a row of 600 floats in a stride of 640), Triton keeps the aligned
  // layout with element-by-element accesses. The plain variant in that layout, launched
  // when the aligned one is not and some access's pointer needs hold; emitted where the
  // layout decides results (the order of float sums) and differs from the plain one.
  Str wide_plain = {0};
  str_add(&wide_plain, "");
  if (k->variants == VARIANTS_ALIGNED && k->float_sums && !plain_wide) {
    k->variants = VARIANTS_POINTER_LAYOUT;
    k->npointer_needs = em->npointer_needs;
    memcpy(k->pointer_needs, em->pointer_needs, sizeof k->pointer_needs);
    if (emit_one_template(em, k, wide, &aligned)) k->variants = VARIANTS_POINTER_TEMPLATE;
  }
  if (k->variants == VARIANTS_POINTER_LAYOUT) {
    em->out = &wide_plain;
    lay_out(k, wide, POINTER_LAYOUT_VARIANT);
    emit_kernel_variant(em, k, POINTER_LAYOUT_VARIANT,
                        " (variant for some aligned pointers, in Triton's layout for them)");
  }
  if (k->variants == VARIANTS_ALIGNED && !plain_wide && emit_run_template(em, k, wide, narrow, &aligned))
    plain.len = 0, plain.buf[0] = 0;
  em->out = saved;
  str_add(em->out, plain.buf);
  if (k->variants != VARIANTS_PLAIN) str_add(em->out, aligned.buf);
  str_add(em->out, wide_plain.buf);
}

// The parameters a kernel stores through, atomics included (autotuning restores them after
// each trial: a split-K kernel's atomic_add trials would otherwise add up).
static void stored_params(Stmt *s, uint64_t *mask) {
  for (; s; s = s->next) {
    bool atomic = s->kind == S_LET && s->v->kind == V_ATOMIC;
    if (s->kind == S_LET && asm_has_effect(s->v)) *mask = ~(uint64_t)0;  // (inline asm: any pointer)
    if (s->kind == S_STORE || atomic) {
      Value *p = atomic ? s->v->a : s->ptr;
      while (p && p->kind != V_PARAM) p = p->kind == V_BINARY ? (p->a->ty.kind == TY_PTR ? p->a : p->b) : p->a;
      if (p && p->param_index >= 0 && p->param_index < 64) *mask |= (uint64_t)1 << p->param_index;
      else *mask = ~(uint64_t)0;  // through a pointer we cannot trace: restore every pointer
    }
    stored_params(s->body, mask);
    stored_params(s->orelse, mask);
  }
}

// Heuristics whose values are more than a condition's, or that read another's (heuristics.c
// writes it as (_hI)): picked by NAME_pick.
static bool has_value_sets(Kernel *k) {
  for (int i = 0; i < k->nselect; i++)
    if (k->select_values[i] || k->select_reads_selected[i]) return true;
  return false;
}

// NAME_pick(config, args...): the variant (within the config's) whose heuristic values
// these arguments give, each heuristic's value found in the set translated; -1, said on
// stderr, if one is not: no variant was made for it, and none other may run instead.
static void emit_heuristic_pick(Em *em, Kernel *k, const char *params) {
  const char *name = k->launcher;
  int ncfg = k->ntuned ? k->ntuned : 1, per = k->nconfigs / ncfg;
  line(em, "static int %s_pick(int _cfg%s%s) {", name, *params ? ", " : "", params);
  line(em, "  switch (_cfg) {");
  for (int c = 0; c < ncfg; c++) {
    Kernel *kc = em->group[c * per];
    line(em, "  case %d: {", c);
    line(em, "    int _variant = 0, _stride = 1;");
    for (int i = 0; i < kc->nselect; i++) {
      if (!kc->select_values[i]) {
        line(em, "    const int64_t _h%d = %s ? 1 : 0;", i, kc->select[i]);
        line(em, "    _variant += (int)_h%d * _stride;", i);
      } else {
        line(em, "    static const int64_t _values%d[] = {%s};", i, kc->select_values[i]);
        line(em, "    const int64_t _h%d = (int64_t)(%s);", i, kc->select[i]);
        line(em, "    int _at%d = 0;", i);
        line(em, "    while (_at%d < %d && _values%d[_at%d] != _h%d) _at%d++;", i, kc->select_count[i], i, i, i, i);
        line(em, "    if (_at%d == %d) {", i, kc->select_count[i]);
        line(em, "      fprintf(stderr, \"tl2cu: %s: heuristic '%s' is %%lld here, a value no variant was "
                 "translated for (%s)\\n\", (long long)_h%d);", name, kc->select_name[i], kc->select_values[i], i);
        line(em, "      return -1;");
        line(em, "    }");
        line(em, "    _variant += _at%d * _stride;", i);
      }
      line(em, "    _stride *= %d;", kc->select_count[i]);
    }
    line(em, "    return _variant;");
    line(em, "  }");
  }
  line(em, "  }");
  line(em, "  return -1;");
  line(em, "}");
  line(em, "%s", "");
}

// NAME(), NAME_config(), NAME_configs() and NAME_config_name() of an autotuned
// kernel: the first call for each value of the key parameters times every config
// (tl2cu_autotune in the runtime) and keeps the fastest.
static void emit_tuning_launchers(Em *em, Kernel *k) {
  const char *name = k->launcher;
  const char *params = param_list(k, LAUNCHER_PARAMS), *args = param_list(k, LAUNCHER_ARGS);
  const char *sep = *params ? ", " : "";
  int n = k->nconfigs;
  line(em, "extern \"C\" int %s_configs(void) { return %d; }", name, n);
  line(em, "%s", "");
  line(em, "extern \"C\" const char *%s_config_name(int _index) {", name);
  line(em, "  static const char *const _names[%d] = {", n);
  for (int i = 0; i < n; i++) line(em, "      \"%s\",", ((Kernel *)em->group[i])->config_text);
  line(em, "  };");
  line(em, "  return _index >= 0 && _index < %d ? _names[_index] : 0;", n);
  line(em, "}");
  line(em, "%s", "");
  line(em, "extern \"C\" cudaError_t %s_config(int _index, cudaStream_t _stream%s%s) {", name, sep, params);
  line(em, "  switch (_index) {");
  for (int i = 0; i < n; i++) line(em, "  case %d: return %s_config%d(_stream%s%s);", i, name, i, *args ? ", " : "", args);
  line(em, "  }");
  line(em, "  return cudaErrorInvalidValue;");
  line(em, "}");
  line(em, "%s", "");
  uint64_t written = 0;
  for (int i = 0; i < n; i++) stored_params(((Kernel *)em->group[i])->body, &written);
  Str key = {0}, out = {0};
  str_add(&key, "");
  str_add(&out, "");
  Obj *keys = k->func->autotune_keys;
  for (int i = 0; keys && i < keys->items.len; i++) {
    Param *p = kernel_param(k, ((Obj *)keys->items.items[i])->str);
    if (p && !p->is_constexpr && p->ty.kind != TY_PTR) str_addf(&key, "%s(int64_t)%s", key.len ? ", " : "", p->cname);
  }
  for (int j = 0; j < k->params.len; j++) {
    Param *p = k->params.items[j];
    if (!p->is_constexpr && p->ty.kind == TY_PTR && (j >= 64 || (written >> j & 1)))
      str_addf(&out, "%s(void *)%s", out.len ? ", " : "", p->desc ? xprintf("%s.base", p->desc->cname) : p->cname);
  }
  bool picks = k->nselect && (k->ntuned || has_value_sets(k));
  if (picks) emit_heuristic_pick(em, k, params);
  if (picks && !k->ntuned) {  // @triton.heuristics with value sets: the arguments pick the variant, or none
    line(em, "extern \"C\" cudaError_t %s(cudaStream_t _stream%s%s) {", name, sep, params);
    line(em, "  const int _variant = %s_pick(0%s%s);", name, *args ? ", " : "", args);
    line(em, "  if (_variant < 0) return cudaErrorInvalidValue;");
    line(em, "  return %s_config(_variant, _stream%s%s);", name, *args ? ", " : "", args);
    line(em, "}");
    line(em, "%s", "");
    return;
  }
  if (k->nselect && !picks) {  // @triton.heuristics: the arguments pick the variant
    line(em, "extern \"C\" cudaError_t %s(cudaStream_t _stream%s%s) {", name, sep, params);
    Str idx = {0};
    str_add(&idx, "");
    for (int i = 0; i < k->nselect; i++) str_addf(&idx, "%s(%s ? %d : 0)", i ? " | " : "", k->select[i], 1 << i);
    line(em, "  const int _variant = %s;  // bit i: heuristic i holds", idx.buf);
    line(em, "  return %s_config(_variant, _stream%s%s);", name, *args ? ", " : "", args);
    line(em, "}");
    line(em, "%s", "");
    return;
  }
  line(em, "extern \"C\" cudaError_t %s(cudaStream_t _stream%s%s) {", name, sep, params);
  em->tuner = true;
  line(em, "  static tl2cu_tuner _tuner(\"%s\", %d);", name, k->ntuned ? k->ntuned : n);
  line(em, "  const int64_t _key[] = {%s};", key.len ? key.buf : "0");
  line(em, "  void *const _written[] = {%s};", out.len ? out.buf : "nullptr");
  line(em, "  const int _config = _tuner.choose(_key, sizeof _key / sizeof _key[0], _stream, _written,");
  line(em, "                                   sizeof _written / sizeof _written[0], [&](int _i, cudaStream_t _s) {");
  if (picks) {  // each config's variant the heuristics pick
    int per = n / k->ntuned;
    line(em, "    const int _v = %s_pick(_i%s%s);", name, *args ? ", " : "", args);
    line(em, "    return _v < 0 ? cudaErrorInvalidValue : %s_config(_i * %d + _v, _s%s%s);", name, per,
         *args ? ", " : "", args);
    line(em, "  });");
    line(em, "  if (_config < 0) return cudaErrorLaunchFailure;");
    line(em, "  const int _v = %s_pick(_config%s%s);", name, *args ? ", " : "", args);
    line(em, "  if (_v < 0) return cudaErrorInvalidValue;");
    line(em, "  return %s_config(_config * %d + _v, _stream%s%s);", name, per, *args ? ", " : "", args);
    line(em, "}");
    line(em, "%s", "");
    return;
  }
  line(em, "    return %s_config(_i, _s%s%s);", name, *args ? ", " : "", args);
  line(em, "  });");
  line(em, "  if (_config < 0) return cudaErrorLaunchFailure;");
  line(em, "  return %s_config(_config, _stream%s%s);", name, *args ? ", " : "", args);
  line(em, "}");
  line(em, "%s", "");
}

// What Triton's specialization finds at launch for the parameters in `assumed`: 16-byte
// aligned pointers, ints divisible by 16 or equal to 1 ("true" for none).
static const char *launch_condition(Kernel *k, uint64_t assumed) {
  Str cond = {0};
  str_add(&cond, "");
  for (int i = 0; i < k->params.len && i < 64; i++) {
    Param *p = k->params.items[i];
    if (!(assumed >> i & 1)) continue;
    const char *holds = p->ty.kind == TY_PTR ? xprintf("tl2cu_aligned16(%s)", p->cname)
                        : k->unit_params >> i & 1 ? xprintf("%s == 1", p->cname)
                                                  : xprintf("%s %% 16 == 0", p->cname);
    str_addf(&cond, "%s%s", cond.len ? " && " : "", holds);
  }
  return cond.len ? cond.buf : "true";
}

// The launch of one variant over grid gx x gy x gz; over 48 KB of shared memory, the
// kernel's limit raised first (one statement either way: it may follow an if or else).
static void emit_launch(Em *em, Kernel *k, int variant, const char *indent) {
  const char *kernel = xprintf("tl2cu_kernels::%s", variant_name(k, variant));
  if ((k->variants == VARIANTS_POINTER_TEMPLATE && variant != PLAIN_VARIANT) || k->variants == VARIANTS_RUN_TEMPLATE)
    kernel = xprintf("tl2cu_kernels::%s<%s>", variant_name(k, ALIGNED_VARIANT), variant == ALIGNED_VARIANT ? "true" : "false");
  const char *args = param_list(k, KERNEL_ARGS);
  int block = k->num_warps * 32, smem = k->smem_bytes[variant];
  const char *grid = "dim3(_gx, _gy, _gz)";
  if (k->program_threads) {
    int per = block / k->program_threads;
    grid = xprintf("dim3((unsigned)(((uint64_t)_gx + %d) / %d), _gy, _gz)", per - 1, per);
    args = xprintf("%s%s_gx", args, *args ? ", " : "");
  }
  if (smem <= STATIC_SMEM_MAX) {
    line(em, "%s%s<<<%s, %d, 0, _stream>>>(%s);", indent, kernel, grid, block, args);
    return;
  }
  line(em, "%s{", indent);
  line(em, "%s  const cudaError_t _err = cudaFuncSetAttribute(%s, cudaFuncAttributeMaxDynamicSharedMemorySize, %d);", indent,
       kernel, smem);
  line(em, "%s  if (_err != cudaSuccess) return _err;", indent);
  line(em, "%s  %s<<<%s, %d, %d, _stream>>>(%s);", indent, kernel, grid, block, smem, args);
  line(em, "%s}", indent);
}

static void emit_launchers(Em *em, Kernel *k) {
  const char *name = k->config_index >= 0 ? xprintf("%s_config%d", k->launcher, k->config_index) : k->launcher;
  const char *params = param_list(k, LAUNCHER_PARAMS), *args = param_list(k, LAUNCHER_ARGS);
  const char *sep = *params ? ", " : "";
  const char *linkage = k->config_index >= 0 ? "static" : "extern \"C\"";
  line(em, "%s cudaError_t %s_grid(cudaStream_t _stream, unsigned _gx, unsigned _gy, unsigned _gz%s%s) {", linkage, name,
       sep, params);
  emit_descriptor_parts(em, k);
  line(em, "  if (_gx == 0 || _gy == 0 || _gz == 0) return cudaSuccess;  // an empty grid launches nothing");
  if (k->program_threads) line(em, "  // %d programs per thread block", k->num_warps * 32 / k->program_threads);
  if (k->variants != VARIANTS_PLAIN) {
    line(em, "  if (%s)", launch_condition(k, k->assumed_params));
    emit_launch(em, k, ALIGNED_VARIANT, "    ");
    if (k->variants == VARIANTS_POINTER_LAYOUT || k->variants == VARIANTS_POINTER_TEMPLATE) {
      Str any = {0};
      str_add(&any, "");
      for (int i = 0; i < k->npointer_needs; i++)
        str_addf(&any, "%s(%s)", i ? " || " : "", launch_condition(k, k->pointer_needs[i]));
      line(em, "  else if (%s)", k->npointer_needs ? any.buf : "false");
      emit_launch(em, k, POINTER_LAYOUT_VARIANT, "    ");
    }
    line(em, "  else");
    emit_launch(em, k, PLAIN_VARIANT, "    ");
  } else {
    emit_launch(em, k, PLAIN_VARIANT, "  ");
  }
  line(em, "  return cudaGetLastError();");
  line(em, "}");
  line(em, "%s", "");
  if (!k->grid_c[0]) return;
  line(em, "%s cudaError_t %s(cudaStream_t _stream%s%s) {", linkage, name, sep, params);
  for (int d = 0; d < 3; d++)
    line(em, "  const int64_t _g%c = %s;", "xyz"[d], k->grid_c[d] ? k->grid_c[d] : "1");
  line(em, "  if (_gx <= 0 || _gy <= 0 || _gz <= 0) return cudaSuccess;  // an empty grid launches nothing");
  line(em, "  if (_gx > 2147483647 || _gy > 65535 || _gz > 65535) return cudaErrorInvalidConfiguration;");
  line(em, "  return %s_grid(_stream, (unsigned)_gx, (unsigned)_gy, (unsigned)_gz%s%s);", name, *args ? ", " : "", args);
  line(em, "}");
  line(em, "%s", "");
  if (k->config_index >= 0 && k->config_index == k->nconfigs - 1) emit_tuning_launchers(em, k);
}

// The file includes the parts of the runtime it uses, not tl2cu.cuh: nvcc parses the
// autotuner's C++ library headers only for files that autotune (docs/NOTES.md 73).
void emit_file(FILE *out, Vec *kernels, Options *opt) {
  Str s = {0}, body = {0}, launchers = {0};
  Em em = {.out = &body, .opt = opt};
  for (int i = 0; i < kernels->len; i++) emit_kernel(&em, kernels->items[i]);
  em.out = &launchers;
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    if (k->config_index == 0) em.group = kernels->items + i;  // the configs follow each other
    emit_launchers(&em, k);
  }
  em.out = &s;
  line(&em, "// Generated by tl2cu from %s -- do not edit.", diag_path());
  line(&em, "#include \"tl2cu_device.cuh\"");
  line(&em, "#include \"tl2cu_launch.cuh\"");
  if (em.tuner) line(&em, "#include \"tl2cu_autotune.cuh\"");
  line(&em, "%s", "");
  if (em.wgmma) {
    line(&em, "#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)");
    line(&em, "#error \"tl.dot here runs on warpgroup MMA (tl2cu --target sm_90a, the default): compile with "
              "-gencode arch=compute_90a,code=sm_90a, or translate with --target sm_90 for mma.sync\"");
    line(&em, "#endif");
    line(&em, "%s", "");
  } else if (em.mma_arch) {
    line(&em, "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < %d0", em.mma_arch);
    line(&em, "#error \"tl.dot here runs on tensor cores with mma.sync: compile for sm_%d or later\"", em.mma_arch);
    line(&em, "#endif");
    line(&em, "%s", "");
  }
  if (em.externs.len) line(&em, "// libdevice, as Triton links it (triton.language.extra.libdevice)");
  for (int i = 0; i < em.externs.len; i++) line(&em, "%s", (char *)em.externs.items[i]);
  if (em.externs.len) line(&em, "%s", "");
  line(&em, "namespace tl2cu_kernels {");
  line(&em, "%s", "");
  str_add(&s, body.buf ? body.buf : "");
  line(&em, "}  // namespace tl2cu_kernels");
  line(&em, "%s", "");
  str_add(&s, launchers.buf ? launchers.buf : "");
  fputs(s.buf, out);
}

// The launchers' struct of a host tensor descriptor; runtime/tl2cu_launch.cuh has the same text.
static const char TENSORDESC_STRUCT[] =
    "// A tensor descriptor made on the host, as Triton's TensorDescriptor(base, shape, strides,\n"
    "// block_shape, padding): what the launchers of a kernel take for a parameter whose\n"
    "// signature entry is tensordesc<TYPE[BLOCK]> (the block shape is the signature's).\n"
    "// Shapes and strides count elements.\n"
    "#ifndef TL2CU_TENSORDESC_DEFINED\n"
    "#define TL2CU_TENSORDESC_DEFINED\n"
    "typedef struct tl2cu_tensordesc {\n"
    "  void *base;          /* 16-byte aligned */\n"
    "  int64_t shape[5];    /* the first `rank` used, each 1 to 2^31 - 1 */\n"
    "  int64_t strides[5];  /* the last 1, the others multiples of 16 bytes */\n"
    "  int32_t padding;     /* what loads read outside the shape: 0 zeros, 1 NaNs (fp32 only) */\n"
    "} tl2cu_tensordesc;\n"
    "#endif\n";

static bool takes_descriptors(Vec *kernels) {
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    for (int j = 0; j < k->params.len; j++)
      if (((Param *)k->params.items[j])->desc) return true;
  }
  return false;
}

static bool uses_type(Vec *kernels, Scalar t) {
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    for (int j = 0; j < k->params.len; j++) {
      Param *p = k->params.items[j];
      if (!p->is_constexpr && (p->ty.kind == t || (p->ty.kind == TY_PTR && p->ty.pointee == t))) return true;
    }
  }
  return false;
}

void emit_header(FILE *out, Vec *kernels, Options *opt) {
  (void)opt;
  fprintf(out, "// Generated by tl2cu from %s -- do not edit.\n", diag_path());
  fprintf(out, "#pragma once\n#include <cuda_runtime.h>\n#include <stdint.h>\n");
  fprintf(out, "#ifndef __cplusplus\n#include <stdbool.h>\n#endif\n");
  if (uses_type(kernels, TY_F16))
    fprintf(out, "#ifndef TL2CU_HALF_DEFINED\n#define TL2CU_HALF_DEFINED\n#ifdef __cplusplus\n#include <cuda_fp16.h>\n"
                 "typedef half tl2cu_half;\n#else\ntypedef uint16_t tl2cu_half;  // C has no half: its 16 bits, as torch "
                 "stores float16\n#endif\n#endif\n");
  if (uses_type(kernels, TY_BF16))
    fprintf(out, "#ifndef TL2CU_BFLOAT16_DEFINED\n#define TL2CU_BFLOAT16_DEFINED\n#ifdef __cplusplus\n"
                 "#include <cuda_bf16.h>\ntypedef __nv_bfloat16 tl2cu_bfloat16;\n#else\ntypedef uint16_t tl2cu_bfloat16;"
                 "  // its 16 bits, as torch stores bfloat16\n#endif\n#endif\n");
  fprintf(out, "\n");
  if (takes_descriptors(kernels)) fprintf(out, "%s\n", TENSORDESC_STRUCT);
  fprintf(out, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    const char *params = param_list(k, HEADER_PARAMS), *sep = *params ? ", " : "";
    if (k->config_index > 0) continue;
    if (k->config_index == 0) {
      if (k->nselect && k->ntuned) {
        fprintf(out, "// Launches %s with the fastest of its %d autotune configs (timed on the first call for each\n",
                k->func->name, k->ntuned);
        fprintf(out, "// value of the autotune key), in the variant its @triton.heuristics pick for these arguments.\n");
      } else if (k->nselect) {
        fprintf(out, "// Launches the variant of %s that its @triton.heuristics pick for these arguments.\n", k->func->name);
      } else {
        fprintf(out, "// Launches %s with the fastest of its %d autotune configs (timed on the first call\n", k->func->name, k->nconfigs);
        fprintf(out, "// for each value of the autotune key; TL2CU_CONFIG_%s=i pins config i).\n", k->launcher);
      }
      fprintf(out, "cudaError_t %s(cudaStream_t _stream%s%s);\n", k->launcher, sep, params);
      fprintf(out, "// Launches config `index` (0 .. %s_configs() - 1).\n", k->launcher);
      fprintf(out, "cudaError_t %s_config(int _index, cudaStream_t _stream%s%s);\n", k->launcher, sep, params);
      fprintf(out, "int %s_configs(void);\n", k->launcher);
      fprintf(out, "const char *%s_config_name(int _index);\n\n", k->launcher);
      continue;
    }
    if (k->grid_c[0]) {
      fprintf(out, "// Launches %s over the grid of %s.\n", k->func->name, k->grid_from ? k->grid_from : "--grid");
      fprintf(out, "cudaError_t %s(cudaStream_t _stream%s%s);\n", k->launcher, sep, params);
    }
    fprintf(out, "// Launches %s over a grid of _gx * _gy * _gz programs.\n", k->func->name);
    fprintf(out, "cudaError_t %s_grid(cudaStream_t _stream, unsigned _gx, unsigned _gy, unsigned _gz%s%s);\n\n",
            k->launcher, sep, params);
  }
  fprintf(out, "#ifdef __cplusplus\n}\n#endif\n");
}
