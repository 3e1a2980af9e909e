// emit.c: IR with layouts -> CUDA C, plus the C launchers and header.
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
// conversions, cross-warp reductions, scans) starts with __syncthreads(), so the
// readers of the previous use are done before anyone writes.
#include "tl2cu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  Value *v;
  const Layout *to;
  const char *crd[MAX_RANK];
  const char *name;
} Conversion;

typedef struct {
  Str *out;
  int indent;
  Kernel *k;
  Options *opt;
  int threads;
  Vec conversions;  // Conversion*, valid for the statement being emitted
  bool scanning;    // first pass over a statement: only find conversions
  int smem_bytes;
  int last_line;
  int nconversions;  // per kernel, for unique names
  bool prepared;     // the current statement's conversions are already emitted
  int vec;           // the run length of the vector store being emitted
  bool assume_aligned;  // emitting the variant for aligned pointers and ints divisible by 16
  uint64_t assumed;     // the parameters that variant's decisions relied on
  uint64_t probed;      // the parameters whose assumed divisibility the current query used
  uint64_t denied;      // parameters the current query may not assume divisible by 16
  int nvector;          // vector accesses emitted in the current kernel
  int nspread_bytes;    // byte accesses element by element in runs of more than 4 (poorly coalesced)
  void **group;         // the kernels of the autotune group being emitted
  Vec windowed;         // loads already emitted with their window's anchor
} Em;

typedef struct {
  const Layout *lay;          // the space whose element loop we are in; NULL: scalar code
  const char *crd[MAX_RANK];  // the current value's coordinates, as C over e ("0" for size-1 dims)
  bool *uses_e;               // set when the expression reads the element index
} Cx;

// A coordinate expression is read: the loop must define e unless it is a constant.
static const char *use_crd(Cx *cx, int i) {
  const char *c = cx->crd[i];
  if (strchr(c, 'e')) *cx->uses_e = true;
  return c;
}

static void line(Em *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void line(Em *em, const char *fmt, ...) {
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

static const char *ctype(Type t) { return type_ctype(t); }

static int log2i(int64_t n) {
  int r = 0;
  while ((int64_t)1 << r < n) r++;
  return r;
}

// The element index e of this thread's element `k` (a C expression) in layout l.
static const char *elem_of(const Layout *l, const char *k) {
  int64_t n = shape_numel(l->space);
  if (n < l->threads) return xprintf("(tid & %lld)", (long long)(n - 1));
  bool rows = false;  // an outer dim of more than one element: its coordinate may fold
  for (int i = 0; i + 1 < l->space.rank; i++) rows |= l->space.dim[i] > 1;
  return xprintf("tl2cu_elem%s<%d, %d>(tid, %s)", rows ? "_rows" : "", l->vec, l->threads, k);
}

static const char *elem_k(const Layout *l, int64_t k) { return elem_of(l, xprintf("%lld", (long long)k)); }
static const char *elem_index(const Layout *l) { return elem_of(l, "k"); }

// The coordinate along space dimension d of element e.
static const char *coord(const Layout *l, int d) {
  int64_t stride = 1;
  for (int i = d + 1; i < l->space.rank; i++) stride *= l->space.dim[i];
  int s = log2i(stride);
  const char *shifted = s ? xprintf("(e >> %d)", s) : "e";
  if (d == 0) return shifted;
  return xprintf("(%s & %lld)", shifted, (long long)(l->space.dim[d] - 1));
}

// ---------------------------------------------------------------- literals

static const char *float_lit(double f, Scalar t) {
  const char *suffix = t == TY_F64 ? "" : "f";
  if (isnan(f)) return t == TY_F64 ? "tl2cu_nan<double>()" : "tl2cu_nan<float>()";
  if (isinf(f)) return xprintf("%stl2cu_inf<%s>()", f < 0 ? "-" : "", t == TY_F64 ? "double" : "float");
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

static const char *ex(Em *em, Value *v, Cx *cx);

static Cx child(Cx *cx) { return *cx; }

static bool is_materialized(Value *v) { return v->cname != NULL || v->kind == V_VAR; }

static const char *conversion_for(Em *em, Value *v, Cx *cx);
static int elem_bytes(Type t) { return t.kind == TY_I1 ? 1 : t.kind == TY_PTR ? 8 : scalar_bits(t.kind) / 8; }

// The coordinates of a value held in layout l, at its own element k.
static Cx identity_cx(const Layout *l, bool *uses_e) {
  Cx c = {.lay = l, .uses_e = uses_e};
  for (int i = 0; i < MAX_RANK; i++) c.crd[i] = l && l->map[i] >= 0 ? coord(l, l->map[i]) : "0";
  return c;
}

static const char *ex_def(Em *em, Value *v, Cx *cx);

// Pure functions of coordinates, parameters and scalars: no loads, no variables.
static bool recomputable_tree(Value *v) {
  if (!v) return true;
  if (v->kind == V_LOAD || v->kind == V_VAR) return false;
  if (v->cname && v->kind != V_PARAM && v->shape.rank == 0) return true;
  return recomputable_tree(v->a) && recomputable_tree(v->b) && recomputable_tree(v->c);
}
static bool recomputable(Value *v) { return v->kind != V_VAR && recomputable_tree(v); }

// Does this thread's element k of v's array hold v at the current coordinates?
static bool held_here(Value *v, Cx *cx) {
  const Layout *l = v->layout;
  if (!shape_eq(l->space, cx->lay->space)) return false;
  for (int i = 0; i < v->shape.rank; i++)
    if (v->shape.dim[i] > 1 && (l->map[i] < 0 || strcmp(cx->crd[i], coord(l, l->map[i])))) return false;
  return true;
}

static const char *read_named(Em *em, Value *v, Cx *cx) {
  if (v->shape.rank == 0) return v->cname;
  if (cx->lay && v->layout && held_here(v, cx)) return xprintf("%s[k]", v->cname);
  if (shape_numel(v->shape) == 1) return xprintf("%s[0]", v->cname);  // every thread holds the one element
  if (!cx->lay) internal_error(__FILE__, __LINE__, "block value read in scalar code");
  if (recomputable(v)) return ex_def(em, v, cx);  // index math: cheaper to redo than to move
  return conversion_for(em, v, cx);
}

static bool no_loads(Value *v) {
  if (!v || is_materialized(v) || v->kind == V_PARAM || v->kind == V_CONST) return true;
  if (v->kind == V_LOAD) return false;
  return no_loads(v->a) && no_loads(v->b) && no_loads(v->c);
}

static const char *binary_float(Em *em, Value *v, const char *A, const char *B, Cx *cx) {
  Scalar t = v->a->ty.kind;
  bool f32 = t == TY_F32, f64 = t == TY_F64;
  if (v->fuse && (v->op == OP_ADD || v->op == OP_SUB)) {
    Value *m = v->fuse == 1 ? v->a : v->b;
    Cx c1 = child(cx), c2 = child(cx);
    const char *ma = ex(em, m->a, &c1), *mb = ex(em, m->b, &c2);
    const char *fma = f64 ? "fma" : "fmaf";
    const char *other = v->fuse == 1 ? B : A;
    if (v->op == OP_ADD) return xprintf("%s(%s, %s, %s)", fma, ma, mb, other);
    if (v->fuse == 1) return xprintf("%s(%s, %s, -%s)", fma, ma, mb, other);
    return xprintf("%s(-%s, %s, %s)", fma, ma, mb, other);
  }
  switch (v->op) {
  case OP_ADD: return xprintf("(%s + %s)", A, B);
  case OP_SUB: return xprintf("(%s - %s)", A, B);
  case OP_MUL:
    if (v->mul_rn && (f32 || f64)) return xprintf("%s(%s, %s)", f64 ? "__dmul_rn" : "__fmul_rn", A, B);
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
  case OP_ADD: sym = "+"; break;
  case OP_SUB: sym = "-"; break;
  case OP_MUL: sym = "*"; break;
  case OP_FLOORDIV: sym = "/"; break;  // Triton's // truncates, like C
  case OP_MOD: sym = "%"; break;       // and % takes the dividend's sign, like C
  case OP_AND: sym = "&"; break;
  case OP_OR: sym = "|"; break;
  case OP_XOR: sym = "^"; break;
  case OP_LSHIFT: return xprintf("tl2cu_shl(%s, %s)", A, B);
  case OP_RSHIFT: return xprintf("tl2cu_shr(%s, %s)", A, B);
  case OP_LT: return xprintf("(%s < %s)", A, B);
  case OP_LE: return xprintf("(%s <= %s)", A, B);
  case OP_GT: return xprintf("(%s > %s)", A, B);
  case OP_GE: return xprintf("(%s >= %s)", A, B);
  case OP_EQ: return xprintf("(%s == %s)", A, B);
  case OP_NE: return xprintf("(%s != %s)", A, B);
  default: internal_error(__FILE__, __LINE__, "integer operator");
  }
  if (!narrow) {  // arange(0, 1) and friends end as literals: x + 0 and x * 1 read better as x
    bool b0 = !strcmp(B, "0"), a0 = !strcmp(A, "0"), b1 = !strcmp(B, "1"), a1 = !strcmp(A, "1");
    if (((v->op == OP_ADD || v->op == OP_SUB) && b0) || (v->op == OP_MUL && b1)) return A;
    if ((v->op == OP_ADD && a0) || (v->op == OP_MUL && a1)) return B;
    return xprintf("(%s %s %s)", A, sym, B);
  }
  return xprintf("(%s)(%s %s %s)", ct, A, sym, B);
}

static const char *ex_binary(Em *em, Value *v, Cx *cx) {
  Cx ca = child(cx), cb = child(cx);
  bool fused = v->fuse && (v->op == OP_ADD || v->op == OP_SUB);
  // the folded multiply is emitted through its operands, not as a value
  const char *A = fused && v->fuse == 1 ? "" : ex(em, v->a, &ca);
  const char *B = fused && v->fuse == 2 ? "" : ex(em, v->b, &cb);
  if (v->ty.kind == TY_PTR) return xprintf("(%s + %s)", A, B);
  if (scalar_is_float(v->a->ty.kind)) return binary_float(em, v, A, B, cx);
  return binary_int(v, A, B);
}

static const char *ex_unary(Em *em, Value *v, Cx *cx) {
  const char *A = ex(em, v->a, cx);
  Scalar t = v->a->ty.kind;
  switch (v->op) {
  case OP_NEG:  // Triton negates as 0 - x (so -(+0.0) is +0.0)
    if (scalar_is_float(t)) return xprintf("(%s - %s)", t == TY_F64 ? "0.0" : t == TY_F32 ? "0.0f" : xprintf("%s(0.0f)", scalar_ctype(t)), A);
    if (t == TY_I1) return A;
    if (scalar_bits(t) < 32) return xprintf("(%s)(0 - %s)", scalar_ctype(t), A);
    return xprintf("(0 - %s)", A);
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
  bool int_from = scalar_is_int(from), int_to = scalar_is_int(to) && to != TY_I1;
  // exact in plain C: integer widening/narrowing, integer -> fp32/fp64, fp32 -> fp64
  if ((int_from && int_to) || (int_from && (to == TY_F32 || to == TY_F64)) || (from == TY_F32 && to == TY_F64))
    return xprintf("(%s)%s", scalar_ctype(to), A);
  if (to == TY_I1 && int_from) return xprintf("(%s != 0)", A);
  return xprintf("tl2cu_cast<%s>(%s)", scalar_ctype(to), A);
}

static const char *ex_math(Em *em, Value *v, Cx *cx) {
  Cx ca = child(cx), cb = child(cx), cc = child(cx);
  const char *A = ex(em, v->a, &ca);
  if (!strcmp(v->fn, "div_rn")) return xprintf("__fdiv_rn(%s, %s)", A, ex(em, v->b, &cb));
  if (v->c) return xprintf("tl2cu_%s(%s, %s, %s)", v->fn, A, ex(em, v->b, &cb), ex(em, v->c, &cc));
  if (v->b) return xprintf("tl2cu_%s(%s, %s)", v->fn, A, ex(em, v->b, &cb));
  return xprintf("tl2cu_%s(%s)", v->fn, A);
}

// base[offset] when the pointer is `scalar pointer + offsets`, else *(p)
static const char *deref(Em *em, Value *p, Cx *cx) {
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
  const char *addr = v->ty.kind == TY_I1 ? xprintf("tl2cu_load_bool(%s)", ex(em, v->a, &cp)) : deref(em, v->a, &cp);
  if (!v->b) return addr;
  const char *other = v->c ? ex(em, v->c, &co) : xprintf("%s(0)", ctype(v->ty));
  if (v->ty.kind == TY_F32 && !v->c) other = "0.0f";
  return xprintf("(%s ? %s : %s)", ex(em, v->b, &cm), addr, other);
}

static const char *ex_def(Em *em, Value *v, Cx *cx);

// Row-major linear index of the current coordinates in shape s.
static const char *linear_of(Cx *cx, Shape s) {
  Str t = {0};
  str_add(&t, "");
  int64_t stride = 1;
  for (int i = s.rank - 1; i >= 0; i--) {
    if (s.dim[i] > 1 && strcmp(cx->crd[i], "0")) {
      const char *c = use_crd(cx, i);
      str_addf(&t, "%s%s", t.len ? " + " : "", stride == 1 ? c : xprintf("%s * %lld", c, (long long)stride));
    }
    stride *= s.dim[i];
  }
  if (!t.len) return "0";
  return strstr(t.buf, " + ") ? xprintf("(%s)", t.buf) : t.buf;
}

// The value v at the current element: its variable if it has one, else its definition inline.
static const char *ex(Em *em, Value *v, Cx *cx) {
  if (is_materialized(v) && v->kind != V_PARAM) return read_named(em, v, cx);
  return ex_def(em, v, cx);
}

static const char *ex_def(Em *em, Value *v, Cx *cx) {
  switch (v->kind) {
  case V_CONST: return literal(v);
  case V_PARAM: return v->cname;
  case V_PROGRAM_ID:
    if (em->k->program_threads && v->ival == 0) return "program_x";
    return xprintf("(int32_t)blockIdx.%c", "xyz"[v->ival]);
  case V_NUM_PROGRAMS:
    if (em->k->program_threads && v->ival == 0) return "(int32_t)tl2cu_programs_x";
    return xprintf("(int32_t)gridDim.%c", "xyz"[v->ival]);
  case V_ARANGE: {
    const char *c = cx->lay ? use_crd(cx, 0) : "0";
    if (!strcmp(c, "0")) return xprintf("%lld", (long long)v->ival);
    return v->ival ? xprintf("(%lld + %s)", (long long)v->ival, c) : c;
  }
  case V_BROADCAST: {
    Cx c = child(cx);
    int off = v->shape.rank - v->a->shape.rank;
    for (int j = 0; j < v->a->shape.rank; j++) c.crd[j] = v->a->shape.dim[j] == 1 ? "0" : cx->crd[j + off];
    return ex(em, v->a, &c);
  }
  case V_EXPAND: {
    Cx c = child(cx);
    for (int j = 0; j < v->a->shape.rank; j++) c.crd[j] = cx->crd[j < v->ival ? j : j + 1];
    return ex(em, v->a, &c);
  }
  case V_PERMUTE: {  // result dim i is source dim perm[i]
    Cx c = child(cx);
    for (int i = 0; i < v->shape.rank; i++) c.crd[v->perm[i]] = cx->crd[i];
    return ex(em, v->a, &c);
  }
  case V_FLIP: {
    Cx c = child(cx);
    int ax = (int)v->ival;
    c.crd[ax] = xprintf("(%lld - %s)", (long long)(v->shape.dim[ax] - 1), cx->crd[ax]);
    return ex(em, v->a, &c);
  }
  case V_RESHAPE: {  // row-major: the same linear index in both shapes
    Cx c = child(cx);
    const char *lin = linear_of(cx, v->shape);
    int64_t stride = 1;
    for (int j = v->a->shape.rank - 1; j >= 0; j--) {
      int64_t d = v->a->shape.dim[j];
      c.crd[j] = d == 1 ? "0" : xprintf("((%s / %lld) %% %lld)", lin, (long long)stride, (long long)d);
      stride *= d;
    }
    return ex(em, v->a, &c);
  }
  case V_JOIN: {  // stacked on a new last dim of size 2
    Cx ca = child(cx), cb = child(cx);
    const char *last = use_crd(cx, v->shape.rank - 1);
    return xprintf("(%s ? %s : %s)", last, ex(em, v->b, &cb), ex(em, v->a, &ca));
  }
  case V_SPLIT: {  // part ival of the last dim
    Cx c = child(cx);
    c.crd[v->a->shape.rank - 1] = v->ival ? "1" : "0";
    return ex(em, v->a, &c);
  }
  case V_REDUCE: case V_SCAN: break;  // always materialized
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



static void open_elem_loop(Em *em, const Layout *l, bool uses_e) {
  line(em, "#pragma unroll");
  line(em, "for (int k = 0; k < %lld; ++k) {", (long long)l->per_thread);
  em->indent++;
  if (uses_e) line(em, "const int e = %s;", elem_index(l));
}

static void close_loop(Em *em) {
  em->indent--;
  line(em, "}");
}

static const char *conversion_for(Em *em, Value *v, Cx *cx) {
  for (int i = 0; i < em->conversions.len; i++) {
    Conversion *c = em->conversions.items[i];
    if (c->v != v || !shape_eq(c->to->space, cx->lay->space)) continue;
    bool same = true;
    for (int d = 0; d < v->shape.rank; d++) same &= v->shape.dim[d] == 1 || !strcmp(c->crd[d], cx->crd[d]);
    if (same) return xprintf("%s[k]", c->name);
  }
  if (!em->scanning) internal_error(__FILE__, __LINE__, "conversion not prepared");
  Conversion *c = xmalloc(sizeof(Conversion));
  c->v = v;
  c->to = cx->lay;
  memcpy(c->crd, cx->crd, sizeof c->crd);
  c->name = xprintf("%s__cvt%d", v->cname, ++em->nconversions);
  vec_push(&em->conversions, c);
  int bytes = (int)shape_numel(v->shape) * elem_bytes(v->ty);
  if (bytes > em->smem_bytes) em->smem_bytes = bytes;
  const char *t = ctype(v->ty);
  line(em, "// %s changes layout: through shared memory", v->cname);
  line(em, "__syncthreads();");
  bool uses_e = false;
  Cx own = identity_cx(v->layout, &uses_e);
  const char *src = linear_of(&own, v->shape);
  open_elem_loop(em, v->layout, uses_e);
  line(em, "((%s*)tl2cu_smem)[%s] = %s[k];", t, src, v->cname);
  close_loop(em);
  line(em, "__syncthreads();");
  line(em, "%s %s[%lld];", t, c->name, (long long)cx->lay->per_thread);
  uses_e = false;
  Cx there = *cx;
  there.uses_e = &uses_e;
  const char *dst = linear_of(&there, v->shape);
  open_elem_loop(em, cx->lay, uses_e);
  line(em, "%s[k] = ((%s*)tl2cu_smem)[%s];", c->name, t, dst);
  close_loop(em);
  return xprintf("%s[k]", c->name);
}

// ---------------------------------------------------------------- statements

static void source_comment(Em *em, Stmt *s) {
  if (s->loc.line == em->last_line || !s->src) return;
  em->last_line = s->loc.line;
  const char *p = s->src;
  while (*p == ' ' || *p == '\t') p++;
  if (em->opt->line_directives) line(em, "#line %d \"%s\"", s->loc.line, diag_path());
  line(em, "// L%d: %s", s->loc.line, p);
}



// Emits `target = expr` for every element of layout l (or once, for scalars).
typedef const char *(*ExprFn)(Em *em, Stmt *s, Cx *cx);

// Layout conversions a statement needs go before it, outside any guard: every
// thread of the program must reach their barriers.
static void prepare_conversions(Em *em, Stmt *s, const Layout *l, ExprFn fn) {
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  em->scanning = true;
  em->conversions.len = 0;
  fn(em, s, &cx);
  em->scanning = false;
  em->prepared = true;
}

static void elementwise(Em *em, Stmt *s, const Layout *l, ExprFn fn, const char *fmt, const char *target)
    __attribute__((format(printf, 5, 0)));
static void elementwise(Em *em, Stmt *s, const Layout *l, ExprFn fn, const char *fmt, const char *target) {
  if (!em->prepared) prepare_conversions(em, s, l, fn);
  em->prepared = false;
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  const char *rhs = fn(em, s, &cx);
  const char *text = !target ? xprintf(fmt, rhs) : xprintf(fmt, l ? xprintf("%s[k]", target) : target, rhs);
  if (!l) {
    line(em, "%s", text);
    return;
  }
  open_elem_loop(em, l, uses_e);
  line(em, "%s", text);
  close_loop(em);
}

static const char *rhs_value(Em *em, Stmt *s, Cx *cx) { return ex(em, s->v, cx); }
static const char *rhs_definition(Em *em, Stmt *s, Cx *cx) { return ex_def(em, s->v, cx); }

static const char *shape_comment(Value *v) {
  const Layout *l = v->layout;
  const char *lay = shape_eq(l->space, v->shape) ? "" : xprintf(", held in the layout of %s", shape_text(l->space));
  return xprintf("// %s %s%s", shape_text(v->shape), type_name(v->ty), lay);
}

static void emit_reduce(Em *em, Stmt *s);
static void emit_scan(Em *em, Stmt *s);

// ---------------------------------------------------------------- vector accesses
// Triton's AxisInfo, reduced to what 16-byte loads and stores need: along a run
// of `vec` elements that a thread holds contiguously in the last space dim, is
// the address contiguous and aligned, and is the mask the same for the whole run?

typedef struct {
  int coef;     // 0: constant along a run, 1: +1 per element, -1: anything else
  int64_t div;  // a power of two: at each run start the value is rem modulo div
  bool uniform; // booleans: the same for the whole run
  int64_t rem;  // (pointers: in bytes; rem 0 means aligned to div bytes)
} Axis;

static int64_t pow2_dividing(int64_t x) {
  if (x == 0) return 64;
  int64_t d = 1;
  while (d < 64 && x % (d * 2) == 0) d *= 2;
  return d;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

static int64_t mod(int64_t x, int64_t m) { return ((x % m) + m) % m; }

// The largest power of two that divides the value at every run start.
static int64_t divides(Axis a) { return a.rem ? min64(a.div, pow2_dividing(a.rem)) : a.div; }

static Axis axis_of(Em *em, Value *v, Cx *cx);

static Axis axis_binary(Em *em, Value *v, Cx *cx) {
  Cx ca = child(cx), cb = child(cx);
  Axis a = axis_of(em, v->a, &ca), b = axis_of(em, v->b, &cb), r = {-1, 1, false, 0};
  if (v->ty.kind == TY_PTR) {  // pointer + offset: the offset counts elements
    int64_t size = elem_bytes(type_scalar(v->ty.pointee));
    bool a_ptr = v->a->ty.kind == TY_PTR;
    Axis p = a_ptr ? a : b, o = a_ptr ? b : a;
    int64_t m = min64(p.div, o.div * size);
    bool known = p.coef >= 0 && o.coef >= 0 && p.coef + o.coef <= 1;
    return (Axis){known ? p.coef + o.coef : -1, m, false, mod(p.rem + o.rem * size, m)};
  }
  bool known = a.coef >= 0 && b.coef >= 0;
  switch (v->op) {
  case OP_ADD: case OP_SUB:
    if (known && a.coef + b.coef <= 1 && (v->op == OP_ADD || b.coef == 0)) {
      int64_t m = min64(a.div, b.div);
      r = (Axis){a.coef + b.coef, m, false, mod(v->op == OP_ADD ? a.rem + b.rem : a.rem - b.rem, m)};
    }
    break;
  case OP_MUL:
    if (known && a.coef == 0 && b.coef == 0) r = (Axis){0, min64(64, divides(a) * divides(b)), false, 0};
    break;
  case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: {
    int vec = cx->lay ? cx->lay->vec : 1;
    bool flat = known && a.coef == 0 && b.coef == 0;
    bool edge = known && a.coef + b.coef == 1 && divides(a) >= vec && divides(b) >= vec;  // no boundary inside a run
    r.uniform = flat || (edge && v->op != OP_EQ && v->op != OP_NE);
    break;
  }
  case OP_AND: case OP_OR: r.uniform = a.uniform && b.uniform; break;
  default: break;
  }
  if (known && a.coef == 0 && b.coef == 0) r.uniform = true;
  return r;
}

static Axis axis_def(Em *em, Value *v, Cx *cx);

static Axis axis_of(Em *em, Value *v, Cx *cx) {
  if (is_materialized(v) && v->kind != V_PARAM) {
    if (v->axis.known && (v->axis.params & em->denied)) return axis_def(em, v, cx);  // facts without them
    bool known = v->axis.known;
    if (known) em->probed |= v->axis.params;
    if (v->shape.rank == 0) return known ? (Axis){0, v->axis.div, true, v->axis.rem} : (Axis){0, 1, true, 0};
    if (known && cx->lay && v->layout && held_here(v, cx))
      return (Axis){v->axis.coef, v->axis.div, v->axis.uniform, v->axis.rem};
    return (Axis){-1, 1, false, 0};
  }
  return axis_def(em, v, cx);
}

// The facts of v's own definition (not of the variable holding it).
static Axis axis_def(Em *em, Value *v, Cx *cx) {
  const char *run = cx->lay ? coord(cx->lay, cx->lay->space.rank - 1) : NULL;
  switch (v->kind) {
  case V_PARAM: {
    // the aligned variant assumes what Triton's specialization would find at launch
    bool assumed = em->assume_aligned && v->ival < 16 && v->param_index >= 0 && v->param_index < 64 &&
                   (v->ty.kind == TY_PTR || scalar_is_int(v->ty.kind)) && !(em->denied >> v->param_index & 1);
    if (assumed) em->probed |= (uint64_t)1 << v->param_index;
    bool div16 = v->ival >= 16 || assumed;
    if (v->ty.kind == TY_PTR) return (Axis){0, div16 ? 16 : elem_bytes(type_scalar(v->ty.pointee)), true, 0};
    return (Axis){0, div16 ? 16 : 1, true, 0};
  }
  case V_CONST: return scalar_is_float(v->ty.kind) ? (Axis){0, 1, true, 0} : (Axis){0, 64, true, mod(v->ival, 64)};
  case V_PROGRAM_ID: case V_NUM_PROGRAMS: return (Axis){0, 1, true, 0};
  case V_ARANGE: {
    const char *c = cx->lay ? cx->crd[0] : "0";
    if (!strcmp(c, "0")) return (Axis){0, 64, true, mod(v->ival, 64)};
    if (run && !strcmp(c, run)) return (Axis){1, cx->lay->vec, false, mod(v->ival, cx->lay->vec)};
    for (int d = 0; d + 1 < cx->lay->space.rank; d++)
      if (!strcmp(c, coord(cx->lay, d))) return (Axis){0, 1, true, 0};  // another dim: fixed within a run
    return (Axis){-1, 1, false, 0};
  }
  case V_BROADCAST: case V_EXPAND: case V_PERMUTE: {
    Cx c = child(cx);
    if (v->kind == V_BROADCAST) {
      int off = v->shape.rank - v->a->shape.rank;
      for (int j = 0; j < v->a->shape.rank; j++) c.crd[j] = v->a->shape.dim[j] == 1 ? "0" : cx->crd[j + off];
    } else if (v->kind == V_EXPAND) {
      for (int j = 0; j < v->a->shape.rank; j++) c.crd[j] = cx->crd[j < v->ival ? j : j + 1];
    } else {
      for (int i = 0; i < v->shape.rank; i++) c.crd[v->perm[i]] = cx->crd[i];
    }
    return axis_of(em, v->a, &c);
  }
  case V_BINARY: return axis_binary(em, v, cx);
  case V_UNARY: {  // -x: constant along a run if x is
    Axis a = axis_of(em, v->a, cx);
    if (v->op != OP_NEG || a.coef != 0) return (Axis){-1, 1, false, 0};
    return (Axis){0, a.div, a.uniform, mod(-a.rem, a.div)};
  }
  case V_CAST:
    if (scalar_is_int(v->ty.kind) && (scalar_is_int(v->a->ty.kind) || v->ty.kind == TY_I1)) return axis_of(em, v->a, cx);
    return (Axis){-1, 1, false, 0};
  default: return (Axis){-1, 1, false, 0};
  }
}

// Can this access of layout l go 16 bytes (or 8) at a time?
// A run moves in chunks of at most 16 bytes.
static int chunk_elems(const Layout *l, Type elem) {
  int size = elem_bytes(elem);
  return l->vec * size > 16 ? 16 / size : l->vec;
}

// shift: the run starts this many elements past an aligned address (0: aligned).
static bool vector_facts(Em *em, const Layout *l, Value *ptr, Value *mask, Value *other, Type elem, int64_t shift) {
  int size = elem_bytes(elem), vec = chunk_elems(l, elem);
  if (elem.kind == TY_I1 || vec < 2 || size * vec < 4) return false;
  if (l->space.dim[l->space.rank - 1] % vec || shape_numel(l->space) < l->threads) return false;
  if (other && !(other->kind == V_CONST || (other->kind == V_BROADCAST && other->a->shape.rank == 0))) return false;
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  Axis p = axis_of(em, ptr, &cx);
  if (p.coef != 1 || p.div < size * vec || mod(p.rem, size * vec) != shift * size) return false;
  if (mask && !axis_of(em, mask, &cx).uniform) return false;
  return true;
}

// vector_facts, and in the aligned variant the launch-time condition it needs: only
// the parameters without which the access would not vectorize (as Triton specializes
// each argument on its own: T % 16 must not hinge on N0 % 16 that only bounds a mask).
static bool vector_access(Em *em, const Layout *l, Value *ptr, Value *mask, Value *other, Type elem, int64_t shift) {
  em->probed = 0;
  if (!vector_facts(em, l, ptr, mask, other, elem, shift)) return false;
  uint64_t need = em->probed;
  for (int i = 0; i < 64; i++) {
    uint64_t bit = (uint64_t)1 << i;
    if (!(need & bit)) continue;
    em->denied |= bit;
    if (vector_facts(em, l, ptr, mask, other, elem, shift)) need &= ~bit;
    else em->denied &= ~bit;
  }
  em->denied = 0;
  em->assumed |= need;
  return true;
}

// Remembers a materialized value's axis facts, for the accesses that use it.
static void note_axis(Em *em, Value *v) {
  bool uses_e = false;
  Cx cx = identity_cx(v->layout, &uses_e);
  if (!v->layout && v->shape.rank) return;
  em->probed = 0;
  Axis a = axis_def(em, v, &cx);
  v->axis.params = em->probed;
  v->axis.known = true;
  v->axis.coef = a.coef;
  v->axis.div = a.div;
  v->axis.rem = a.rem;
  v->axis.uniform = a.uniform;
}

// Byte accesses element by element in runs of 8 or 16: a warp's access spans 256 or
// 512 bytes (the Game of Life's aligned variant, with three of its nine loads
// vectorized and the rest so, ran 18.9 ms against 14.7 for the runs of 4 bytes).
static void note_scalar_access(Em *em, const Layout *l, Type t) {
  if (l && elem_bytes(t) == 1 && l->vec > 4) em->nspread_bytes++;
}

static const char *vec_type(Type t, int vec) { return xprintf("tl2cu_vec<%s, %d>", ctype(t), vec); }

// x = tl.load(...) with contiguous, aligned addresses: one vector load per run.
static bool emit_vector_load(Em *em, Stmt *s) {
  Value *v = s->v;
  const Layout *l = v->layout;
  if (v->kind != V_LOAD || !l || !vector_access(em, l, v->a, v->b, v->c, v->ty, 0)) return false;
  int vec = chunk_elems(l, v->ty);
  const char *vt = vec_type(v->ty, vec);
  em->scanning = true;
  em->conversions.len = 0;
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  Cx cp = cx, cm = cx, co = cx;
  deref(em, v->a, &cp);
  if (v->b) ex(em, v->b, &cm);
  if (v->c) ex(em, v->c, &co);
  em->scanning = false;
  uses_e = false;
  cp = cx, cm = cx, co = cx;
  const char *addr = ex(em, v->a, &cp);
  const char *mask = v->b ? ex(em, v->b, &cm) : NULL;
  const char *other = v->c ? ex(em, v->c, &co) : xprintf("%s(0)", ctype(v->ty));
  em->nvector++;
  line(em, "%s %s[%lld];  %s (%d-byte loads)", ctype(v->ty), v->cname, (long long)l->per_thread, shape_comment(v),
       vec * elem_bytes(v->ty));
  line(em, "#pragma unroll");
  line(em, "for (int k = 0; k < %lld; k += %d) {", (long long)l->per_thread, vec);
  em->indent++;
  if (uses_e) line(em, "const int e = %s;", elem_index(l));
  if (mask) {
    line(em, "%s t;", vt);
    line(em, "if (%s) t = *(const %s *)%s;", mask, vt, addr);
    line(em, "else for (int j = 0; j < %d; ++j) t.v[j] = %s;", vec, other);
  } else {
    line(em, "const %s t = *(const %s *)%s;", vt, vt, addr);
  }
  line(em, "for (int j = 0; j < %d; ++j) %s[k + j] = t.v[j];", vec, v->cname);
  close_loop(em);
  return true;
}

// ---------------------------------------------------------------- load windows
// Stencils load one row at several constant offsets (x[i-1], x[i], x[i+1]). When
// one of those loads is aligned (the anchor) and the others are it shifted by c
// elements, |c| < run length, a thread's run of a shifted load is the anchor's run
// moved by c: its own elements and the neighbouring lane's first (or last) |c|. One
// vector load per run and a shuffle then serve the whole group, where each load
// alone would go element by element. This holds when every mask of the group is
// true over the warp and every address is the anchor's plus c: both are checked
// at run time, and otherwise the loads run element by element as written.
// Not for 1-byte elements: each becomes a byte extracted from a word, and the Game
// of Life with windows ran 16.7 ms against 14.7 without (more registers, half the
// warps resident); its byte loads in runs of 4 coalesce already.

// An integer constant, possibly broadcast or folded from constants (x - 1 is x + (0 - 1)).
static bool const_scalar(Value *v, int64_t *c) {
  int64_t a, b;
  while (v->kind == V_BROADCAST || v->kind == V_EXPAND) v = v->a;
  if (!scalar_is_int(v->ty.kind)) return false;
  if (v->kind == V_CONST) return *c = v->ival, true;
  if (v->kind == V_UNARY && v->op == OP_NEG && const_scalar(v->a, &a)) return *c = -a, true;
  if (v->kind != V_BINARY || !const_scalar(v->a, &a) || !const_scalar(v->b, &b)) return false;
  if (v->op == OP_ADD) return *c = a + b, true;
  if (v->op == OP_SUB) return *c = a - b, true;
  return false;
}

// p - q, when the two differ only by added integer constants (in elements for
// pointers of the same type). False when that cannot be shown.
static bool const_diff(Value *p, Value *q, int64_t *d) {
  int64_t c, e;
  if (p == q) return *d = 0, true;
  bool p_sum = p->kind == V_BINARY && (p->op == OP_ADD || p->op == OP_SUB) && p->a->ty.kind == p->ty.kind;
  bool q_sum = q->kind == V_BINARY && (q->op == OP_ADD || q->op == OP_SUB) && q->a->ty.kind == q->ty.kind;
  if (p_sum && const_scalar(p->b, &c) && const_diff(p->a, q, &e)) return *d = e + (p->op == OP_ADD ? c : -c), true;
  if (q_sum && const_scalar(q->b, &c) && const_diff(p, q->a, &e)) return *d = e - (q->op == OP_ADD ? c : -c), true;
  if (p->kind != q->kind || p->ty.kind != q->ty.kind || !shape_eq(p->shape, q->shape)) return false;
  *d = 0;
  switch (p->kind) {
  case V_PARAM: return p->param_index >= 0 && p->param_index == q->param_index;
  case V_CONST: return p->ival == q->ival && p->fval == q->fval;
  case V_PROGRAM_ID: case V_NUM_PROGRAMS: case V_ARANGE: return p->ival == q->ival;
  case V_BROADCAST: case V_EXPAND: return p->ival == q->ival && const_diff(p->a, q->a, d);
  case V_CAST: return p->a->ty.kind == q->a->ty.kind && const_diff(p->a, q->a, &e) && e == 0;
  case V_BINARY:
    if (p->op != q->op || !const_diff(p->a, q->a, &c) || !const_diff(p->b, q->b, &e)) return false;
    if (p->op == OP_ADD) return *d = c + e, true;
    if (p->op == OP_SUB) return *d = c - e, true;
    return c == 0 && e == 0;
  default: return false;
  }
}

enum { MAX_WINDOW = 8 };

typedef struct {
  Stmt *s[MAX_WINDOW];
  int64_t shift[MAX_WINDOW];  // elements after the anchor's address (the anchor: 0)
  int n;
  int64_t before, after;      // the most elements needed from the previous / next lane
} Window;

// Does the pointer go up by one element along a run (statically, as for vector accesses)?
static bool contiguous_run(Em *em, const Layout *l, Value *ptr) {
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  return axis_of(em, ptr, &cx).coef == 1;
}

static bool is_used_load(Stmt *s) { return s->kind == S_LET && s->v->kind == V_LOAD && s->v->uses > 1; }

static bool windowed(Em *em, Stmt *s) {
  for (int i = 0; i < em->windowed.len; i++)
    if (em->windowed.items[i] == s) return true;
  return false;
}

// Would emitting v's element loop in layout l need a layout conversion (shared memory)?
static bool needs_conversion(Em *em, const Layout *l, Value *v) {
  if (!v) return false;
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  em->scanning = true;
  em->conversions.len = 0;
  ex(em, v, &cx);
  em->scanning = false;
  return em->conversions.len > 0;
}

// Does v read loaded data (a gather)? Conservative past a depth of 32.
static bool reads_load(Value *v, int depth) {
  if (!v) return false;
  if (v->kind == V_LOAD || v->kind == V_VAR || depth > 32) return true;
  return reads_load(v->a, depth + 1) || reads_load(v->b, depth + 1) || reads_load(v->c, depth + 1);
}

static bool window_load(Em *em, Stmt *s) {
  return is_used_load(s) && !windowed(em, s) && !reads_load(s->v->a, 0) && !reads_load(s->v->b, 0) &&
         !reads_load(s->v->c, 0);
}

// The group of anchor s among the loads of the run that starts at `first` (loads
// one after another: their operands are all defined before the run).
static bool find_window(Em *em, Stmt *first, Stmt *s, Window *w) {
  Value *a = s->v;
  const Layout *l = a->layout;
  int size = elem_bytes(a->ty);
  if (!window_load(em, s) || !l || em->k->program_threads || em->threads < 32 || size < 2) return false;
  if (l->vec * size > 16 || l->space.dim[l->space.rank - 1] < 32 * l->vec) return false;  // one chunk a run, a warp a row
  *w = (Window){.s = {s}, .n = 1};
  for (Stmt *t = first; t && t->kind == S_LET && t->v->kind == V_LOAD && w->n < MAX_WINDOW; t = t->next) {
    int64_t c;
    if (t == s || !window_load(em, t) || !t->v->layout || !layout_same(t->v->layout, l, &a->shape) || t->v->ty.kind != a->ty.kind ||
        !shape_eq(t->v->shape, a->shape) || windowed(em, t))
      continue;
    if (!const_diff(t->v->a, a->a, &c) || c == 0 || c >= l->vec || c <= -l->vec || !contiguous_run(em, l, t->v->a)) continue;
    w->s[w->n] = t;
    w->shift[w->n++] = c;
    if (c > w->after) w->after = c;
    if (-c > w->before) w->before = -c;
  }
  if (w->n < 2) return false;
  uint64_t assumed = em->assumed;
  if (!vector_access(em, l, a->a, NULL, NULL, a->ty, 0)) return false;
  for (int i = 0; i < w->n; i++) {
    Value *v = w->s[i]->v;
    if (needs_conversion(em, l, v->a) || needs_conversion(em, l, v->b) || needs_conversion(em, l, v->c))
      return em->assumed = assumed, false;
  }
  return true;
}

static const char *plus(int64_t c) { return xprintf("%c %lld", c < 0 ? '-' : '+', (long long)(c < 0 ? -c : c)); }

static const char *window_names(Window *w) {
  Str t = {0};
  for (int i = 0; i < w->n; i++) str_addf(&t, "%s%s", i == 0 ? "" : i + 1 == w->n ? " and " : ", ", w->s[i]->v->cname);
  return t.buf;
}

// ---- "every mask true over the run": decided at a run's ends where it can be
enum { AT_EVERY, AT_FIRST, AT_LAST };

// Where boolean m must be looked at to know it holds at every element of a run: a
// comparison of a value that grows by one per element with one fixed along the run
// is decided at the run's first or last element, a value fixed along the run at
// its first; anything else at every element. (It assumes, as vector accesses do,
// that indices do not wrap around inside a run.)
static int run_endpoint(Em *em, const Layout *l, Value *m) {
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  if (m->kind == V_BINARY && (m->op == OP_LT || m->op == OP_LE || m->op == OP_GT || m->op == OP_GE)) {
    Axis a = axis_of(em, m->a, &cx), b = axis_of(em, m->b, &cx);
    if (a.coef == 0 && b.coef == 0) return AT_FIRST;
    bool a_up = a.coef == 1 && b.coef == 0, b_up = a.coef == 0 && b.coef == 1;
    if (!a_up && !b_up) return AT_EVERY;
    bool less = m->op == OP_LT || m->op == OP_LE;  // a < b: true at the last element if a grows
    return a_up == less ? AT_LAST : AT_FIRST;
  }
  return axis_of(em, m, &cx).uniform ? AT_FIRST : AT_EVERY;
}

// The masks' conjunctions split at (unnamed) &, as C, into the three places.
static void split_mask(Em *em, const Layout *l, Value *m, Str at[3], bool uses_e[3]) {
  if (!m) return;
  if (m->kind == V_BINARY && m->op == OP_AND && m->ty.kind == TY_I1 && !is_materialized(m)) {
    split_mask(em, l, m->a, at, uses_e);
    split_mask(em, l, m->b, at, uses_e);
    return;
  }
  int where = run_endpoint(em, l, m);
  Cx cx = identity_cx(l, &uses_e[where]);
  const char *c = ex(em, m, &cx);
  if (!strstr(xprintf(" & %s & ", at[where].buf), xprintf(" & %s & ", c)))  // once each
    str_addf(&at[where], "%s%s", at[where].len ? " & " : "", c);
}

// bool window = every mask true at every element of this thread.
static void emit_masks_all_true(Em *em, const Layout *l, Value **masks, int n) {
  Str at[3] = {{0}, {0}, {0}};
  bool uses_e[3] = {false, false, false};
  for (int i = 0; i < 3; i++) str_add(&at[i], "");
  for (int i = 0; i < n; i++) split_mask(em, l, masks[i], at, uses_e);
  line(em, "bool window = true;");
  if (at[AT_FIRST].len || at[AT_LAST].len) {
    line(em, "#pragma unroll");
    line(em, "for (int r = 0; r < %lld; r += %d) {  // a run's comparisons decided at its ends", (long long)l->per_thread, l->vec);
    em->indent++;
    for (int w = AT_FIRST; w <= AT_LAST; w++) {
      if (!at[w].len) continue;
      line(em, "{");
      em->indent++;
      line(em, "const int k = r%s;", w == AT_LAST ? xprintf(" + %d", l->vec - 1) : "");
      if (uses_e[w]) line(em, "const int e = %s;", elem_index(l));
      line(em, "window &= %s;", at[w].buf);
      close_loop(em);
    }
    close_loop(em);
  }
  if (at[AT_EVERY].len) {
    open_elem_loop(em, l, uses_e[AT_EVERY]);
    line(em, "window &= %s;", at[AT_EVERY].buf);
    close_loop(em);
  }
}

// The run-time condition: every mask true, every address the anchor's plus its shift.
static void emit_window_check(Em *em, Window *w) {
  const Layout *l = w->s[0]->v->layout;
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  Value *masks[MAX_WINDOW];
  for (int i = 0; i < w->n; i++) masks[i] = w->s[i]->v->b;
  emit_masks_all_true(em, l, masks, w->n);
  uses_e = false;
  cx = identity_cx(l, &uses_e);
  Str same = {0};
  for (int i = 1; i < w->n; i++) {
    Cx c = cx, c0 = cx;
    str_addf(&same, "%s(%s) == (%s) %s", i > 1 ? " & " : "", ex(em, w->s[i]->v->a, &c), ex(em, w->s[0]->v->a, &c0),
             plus(w->shift[i]));
  }
  Cx c0 = cx;
  const char *at = ex(em, w->s[0]->v->a, &c0);
  line(em, "const int lane = tid & 31;");
  line(em, "#pragma unroll");
  line(em, "for (int k = 0; k < %lld; k += %d) {", (long long)l->per_thread, l->vec);
  em->indent++;
  if (uses_e) line(em, "const int e = %s;", elem_index(l));
  line(em, "const %s *at = %s;", ctype(w->s[0]->v->ty), at);
  line(em, "window &= %s;", same.buf);
  // lane + 1's run follows ours in memory (every lane shuffles: no && before it)
  if (w->after) {
    line(em, "const bool next_follows = tl2cu_shfl_down_ptr(at, 1) == at + %d;", l->vec);
    line(em, "window &= lane == 31 | next_follows;");
  }
  if (w->before) {
    line(em, "const bool prev_precedes = tl2cu_shfl_up_ptr(at, 1) == at - %d;", l->vec);
    line(em, "window &= lane == 0 | prev_precedes;");
  }
  close_loop(em);
}

static void emit_window_fast(Em *em, Window *w) {
  Value *a = w->s[0]->v;
  const Layout *l = a->layout;
  const char *vt = vec_type(a->ty, l->vec);
  int words_after = (int)((w->after * elem_bytes(a->ty) + 3) / 4), words_before = (int)((w->before * elem_bytes(a->ty) + 3) / 4);
  line(em, "#pragma unroll");
  line(em, "for (int k = 0; k < %lld; k += %d) {", (long long)l->per_thread, l->vec);
  em->indent++;
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  const char *addr = ex(em, a->a, &cx);
  if (uses_e) line(em, "const int e = %s;", elem_index(l));
  line(em, "const %s *at = %s;", ctype(a->ty), addr);
  line(em, "const %s run = *(const %s *)at;", vt, vt);
  if (w->after) {
    line(em, "%s next = tl2cu_next_run<%d>(run);  // lane + 1's run", vt, words_after);
    line(em, "if (lane == 31)  // the next warp's run: of it, only elements of the shifted loads");
    line(em, "  for (int j = 0; j < %lld; ++j) next.v[j] = at[%d + j];", (long long)w->after, l->vec);
  }
  if (w->before) {
    line(em, "%s prev = tl2cu_prev_run<%d>(run);  // lane - 1's run", vt, words_before);
    line(em, "if (lane == 0)  // the previous warp's run: of it, only elements of the shifted loads");
    line(em, "  for (int j = 0; j < %lld; ++j) prev.v[%d - 1 - j] = at[-1 - j];", (long long)w->before, l->vec);
  }
  line(em, "#pragma unroll");
  line(em, "for (int j = 0; j < %d; ++j) {", l->vec);
  em->indent++;
  for (int i = 0; i < w->n; i++)
    line(em, "%s[k + j] = tl2cu_window_at(%s, run, %s, j %s);", w->s[i]->v->cname, w->before ? "prev" : "run",
         w->after ? "next" : "run", plus(w->shift[i]));
  close_loop(em);
  close_loop(em);
}

// Emits the window of anchor s, if it has one; its other loads are then skipped.
static void emit_load_window(Em *em, Stmt *first, Stmt *s) {
  Window w;
  if (!find_window(em, first, s, &w)) return;
  const Layout *l = s->v->layout;
  for (int i = 0; i < w.n; i++) {
    source_comment(em, w.s[i]);
    vec_push(&em->windowed, w.s[i]);
    note_axis(em, w.s[i]->v);
    line(em, "%s %s[%lld];  %s", ctype(w.s[i]->v->ty), w.s[i]->v->cname, (long long)l->per_thread, shape_comment(w.s[i]->v));
  }
  line(em, "{  // %s: one %d-byte load a run for all, when the warp's masks are all true", window_names(&w),
       l->vec * elem_bytes(s->v->ty));
  em->indent++;
  em->nvector++;
  emit_window_check(em, &w);
  line(em, "if (__all_sync(0xffffffffu, window)) {");
  em->indent++;
  emit_window_fast(em, &w);
  em->indent--;
  line(em, "} else {  // element by element, as written");
  em->indent++;
  for (int i = 0; i < w.n; i++) elementwise(em, w.s[i], l, rhs_definition, "%s = %s;", w.s[i]->v->cname);
  close_loop(em);
  close_loop(em);
}

// At the first of a run of loads: the windows of its anchors.
static void emit_load_windows(Em *em, Stmt *first) {
  for (Stmt *s = first; s && s->kind == S_LET && s->v->kind == V_LOAD; s = s->next) emit_load_window(em, first, s);
}

static void emit_let(Em *em, Stmt *s) {
  Value *v = s->v;
  if (v->kind == V_LOAD) source_comment(em, s);
  if (v->uses <= 1) {  // only its own definition: nothing reads it
    line(em, "// %s is never used", v->cname);
    return;
  }
  if (v->kind == V_REDUCE) {
    emit_reduce(em, s);
    return;
  }
  note_axis(em, v);
  if (emit_vector_load(em, s)) return;
  if (v->kind == V_LOAD) note_scalar_access(em, v->layout, v->ty);
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
    elementwise(em, s, NULL, rhs_definition, xprintf("%s %%s = %%s;", decl), v->cname);
    return;
  }
  line(em, "%s %s[%lld];  %s", ctype(v->ty), v->cname, (long long)v->layout->per_thread, shape_comment(v));
  elementwise(em, s, v->layout, rhs_definition, "%s = %s;", v->cname);
}

// ---------------------------------------------------------------- reductions and scans

// The combine step of a reduction or scan kind, on two C expressions.
static const char *combine_expr(Value *v, const char *a, const char *b) {
  const char *fn = v->fn;
  if (v->combine) return xprintf("%s(%s, %s)", v->combine->name, a, b);
  if (!strcmp(fn, "sum") || !strcmp(fn, "cumsum")) return xprintf("%s + %s", a, b);
  if (!strcmp(fn, "cumprod")) return xprintf("%s * %s", a, b);
  if (!strcmp(fn, "max")) return xprintf("tl2cu_maximum(%s, %s)", a, b);
  if (!strcmp(fn, "min")) return xprintf("tl2cu_minimum(%s, %s)", a, b);
  if (!strcmp(fn, "xor_sum")) return xprintf("%s ^ %s", a, b);
  if (!strcmp(fn, "reduce_or")) return xprintf("%s | %s", a, b);
  internal_error(__FILE__, __LINE__, "combine kind");
}

static bool is_arg_reduce(Value *v) { return !strcmp(v->fn, "argmax") || !strcmp(v->fn, "argmin"); }

// Where the bits of a layout's element index e come from: bits [0, lv) are the
// run position within a thread, [lv, lv + lt) the thread index, the rest the run.
typedef struct {
  int lv, lt;  // log2 of the run length and of the (non-replica) thread count
  int lo, hi;  // the bits of e that hold the reduced space dim
} Bits;

static Bits reduce_bits(const Layout *l, int space_dim) {
  Bits b;
  int64_t n = shape_numel(l->space);
  b.lv = log2i(l->vec);
  b.lt = log2i(n < l->threads ? n : l->threads);
  int64_t stride = 1;
  for (int i = space_dim + 1; i < l->space.rank; i++) stride *= l->space.dim[i];
  b.lo = log2i(stride);
  b.hi = b.lo + log2i(l->space.dim[space_dim]);
  return b;
}

// The bits of e that element k of a thread contributes (those not from the thread index).
static int64_t k_bits(const Layout *l, Bits b, int64_t k) {
  int64_t w = k % l->vec, run = k / l->vec;
  return w | (run << (b.lv + b.lt));
}

static int64_t outside(Bits b, int64_t bits) { return bits & ~(((int64_t)1 << b.hi) - ((int64_t)1 << b.lo)); }

// One reduction being emitted: x reduced along space dim d of its layout.
typedef struct {
  Value *v, *x;
  const Layout *l;
  Bits b;
  int d;                // the space dim reduced (-1: a size-1 dim, nothing to combine)
  bool arg, scalar;     // argmax/argmin (values with indices); a scalar result
  const char *t, *xt;   // C types of the result and of the input
  const char *step;     // argmax/argmin combine helper
  const char *idx;      // the reduced coordinate of element e (argmax/argmin)
  int ngroups;          // output positions this thread holds
  int64_t *group_of;    // per element k: its output position
  int64_t *first;       // per group: its first element
} Reduction;

// 1. each thread folds its own elements that share an output position, in index order
static void reduce_fold(Em *em, Reduction *r) {
  const Layout *l = r->l;
  Value *x = r->x;
  for (int64_t k = 0; k < l->per_thread; k++) {
    int64_t key = outside(r->b, k_bits(l, r->b, k)), g = 0;
    while (g < r->ngroups && outside(r->b, k_bits(l, r->b, r->first[g])) != key) g++;
    if (g == r->ngroups) r->first[r->ngroups++] = k;
    r->group_of[k] = g;
    bool head = r->first[g] == k;
    long long G = (long long)g, K = (long long)k;
    if (r->arg && head) {
      line(em, "%s r%lld = %s[%lld];", r->xt, G, x->cname, K);
      line(em, "int32_t i%lld;", G);
      line(em, "{ const int e = %s; i%lld = %s; }", elem_k(l, k), G, r->idx);
    } else if (r->arg) {
      line(em, "{ const int e = %s; %s(r%lld, i%lld, %s[%lld], %s); }", elem_k(l, k), r->step, G, G, x->cname, K, r->idx);
    } else if (head) {
      line(em, "%s r%lld = %s[%lld];", r->t, G, x->cname, K);
    } else {
      line(em, "r%lld = %s;", G, combine_expr(r->v, xprintf("r%lld", G), xprintf("%s[%lld]", x->cname, K)));
    }
  }
}

// 2. lanes holding the same output position combine, high lane bit first
static void reduce_lanes(Em *em, Reduction *r) {
  for (int bit = 4; bit >= 0 && r->d >= 0; bit--) {
    int ebit = r->b.lv + bit;
    if (bit >= r->b.lt || ebit < r->b.lo || ebit >= r->b.hi) continue;
    for (int g = 0; g < r->ngroups; g++) {
      if (r->arg)
        line(em, "%s(r%d, i%d, tl2cu_shfl_xor(r%d, %d), tl2cu_shfl_xor(i%d, %d));", r->step, g, g, g, 1 << bit, g, 1 << bit);
      else
        line(em, "r%d = %s;", g, combine_expr(r->v, xprintf("r%d", g), xprintf("tl2cu_shfl_xor(r%d, %d)", g, 1 << bit)));
    }
  }
}

// The output position whose W partials a group shares in the scratch (at element e).
static const char *reduce_slot(Reduction *r, bool *uses_e) {
  Cx out = identity_cx(r->v->layout, uses_e);
  return r->scalar ? "0" : linear_of(&out, r->v->shape);
}

// 3. warps holding the same output position combine through shared memory,
// every thread reading all W partials and combining them in the butterfly's order
static void reduce_warps(Em *em, Reduction *r) {
  int wlo = -1, wn = 0;
  for (int bit = 5; bit < r->b.lt && r->d >= 0; bit++) {
    int ebit = r->b.lv + bit;
    if (ebit >= r->b.lo && ebit < r->b.hi) {
      if (wlo < 0) wlo = bit;
      wn++;
    }
  }
  if (!wn) return;
  int W = 1 << wn;
  long long nout = (long long)shape_numel(r->v->shape);
  int bytes = (int)(nout * W * (elem_bytes(r->arg ? r->x->ty : r->v->ty) + (r->arg ? 4 : 0)));
  if (bytes > em->smem_bytes) em->smem_bytes = bytes;
  const char *vt = r->arg ? r->xt : r->t;
  const char *lane = xprintf("(tid >> %d) & %d", wlo, W - 1);
  line(em, "__syncthreads();");
  for (int g = 0; g < r->ngroups; g++) {
    bool uses_e = false;
    const char *pos = reduce_slot(r, &uses_e);
    line(em, "{ %s%s* p = (%s*)tl2cu_smem + %s * %d; p[%s] = r%d;%s }",
         uses_e ? xprintf("const int e = %s; ", elem_k(r->l, r->first[g])) : "", vt, vt, pos, W, lane, g,
         r->arg ? xprintf(" ((int32_t*)((%s*)tl2cu_smem + %lld))[%s * %d + (%s)] = i%d;", vt, nout * W, pos, W, lane, g) : "");
  }
  line(em, "__syncthreads();");
  for (int g = 0; g < r->ngroups; g++) {
    bool uses_e = false;
    const char *pos = reduce_slot(r, &uses_e);
    line(em, "{");
    em->indent++;
    if (uses_e) line(em, "const int e = %s;", elem_k(r->l, r->first[g]));
    line(em, "const %s* p = (const %s*)tl2cu_smem + %s * %d;", vt, vt, pos, W);
    if (r->arg) line(em, "const int32_t* q = (const int32_t*)((const %s*)tl2cu_smem + %lld) + %s * %d;", vt, nout * W, pos, W);
    Str loads = {0}, iloads = {0};
    str_add(&loads, "");
    str_add(&iloads, "");
    for (int w = 0; w < W; w++) {
      str_addf(&loads, "%sw%d = p[%d]", w ? ", " : "", w, w);
      str_addf(&iloads, "%sj%d = q[%d]", w ? ", " : "", w, w);
    }
    line(em, "%s %s;", vt, loads.buf);
    if (r->arg) line(em, "int32_t %s;", iloads.buf);
    for (int step = W / 2; step >= 1; step /= 2)
      for (int w = 0; w < step; w++) {
        if (r->arg) line(em, "%s(w%d, j%d, w%d, j%d);", r->step, w, w, w + step, w + step);
        else line(em, "w%d = %s;", w, combine_expr(r->v, xprintf("w%d", w), xprintf("w%d", w + step)));
      }
    line(em, "r%d = w0;%s", g, r->arg ? xprintf(" i%d = j0;", g) : "");
    em->indent--;
    line(em, "}");
  }
}

// 4. every element of an output position gets the result
static void reduce_write(Em *em, Reduction *r) {
  for (int64_t k = 0; k < r->l->per_thread; k++) {
    const char *val = xprintf(r->arg ? "i%lld" : "r%lld", (long long)r->group_of[k]);
    if (r->scalar) {
      line(em, "%s = %s;", r->v->cname, val);
      return;
    }
    line(em, "%s[%lld] = %s;", r->v->cname, (long long)k, val);
  }
}

static void emit_reduce(Em *em, Stmt *s) {
  Value *v = s->v, *x = v->a;
  const Layout *l = x->layout;
  Reduction r = {.v = v, .x = x, .l = l, .d = l->map[v->ival], .arg = is_arg_reduce(v), .scalar = v->shape.rank == 0};
  r.t = ctype(v->ty);
  r.xt = ctype(x->ty);
  r.b = r.d >= 0 ? reduce_bits(l, r.d) : (Bits){0, 0, 0, 0};
  r.step = !strcmp(v->fn, "argmax") ? "tl2cu_argmax_step" : "tl2cu_argmin_step";
  r.idx = r.d >= 0 ? xprintf("(int32_t)%s", coord(l, r.d)) : "0";
  r.group_of = xmalloc(sizeof(int64_t) * (size_t)l->per_thread);
  r.first = xmalloc(sizeof(int64_t) * (size_t)l->per_thread);
  if (r.scalar) line(em, "%s %s;  // %s of %s", r.t, v->cname, v->fn, x->cname);
  else line(em, "%s %s[%lld];  %s", r.t, v->cname, (long long)l->per_thread, shape_comment(v));
  line(em, "{");
  em->indent++;
  reduce_fold(em, &r);
  reduce_lanes(em, &r);
  reduce_warps(em, &r);
  reduce_write(em, &r);
  em->indent--;
  line(em, "}");
}

// A scan goes through shared memory: the block is stored row-major, each scan
// line of n elements is cut into P segments of S, one thread scans each segment
// sequentially, then adds the combined totals of the segments before it.
// O(S + P) steps per thread; the order of combination differs from Triton's
// tree (exact for integers, within rounding for floats).
static const char *padded_index(const char *pos, int64_t S) { return xprintf("tl2cu_pad<%lld>(%s)", (long long)S, pos); }

static void emit_scan(Em *em, Stmt *s) {
  Value *v = s->v, *x = v->a;
  const Layout *l = x->layout;
  const char *t = ctype(v->ty);
  int64_t n = x->shape.dim[v->ival], numel = shape_numel(x->shape), lines = numel / n;
  int64_t stride = 1;
  for (int i = (int)v->ival + 1; i < x->shape.rank; i++) stride *= x->shape.dim[i];
  int64_t threads = em->threads;
  int64_t P = lines >= threads ? 1 : threads / lines;
  if (P > n) P = n;
  int64_t S = n / P;
  // one padding word after every S: the threads scanning neighbouring segments
  // (S words apart) then hit different banks
  int64_t padded = numel + numel / S;
  int bytes = (int)((padded + lines * P) * elem_bytes(v->ty));
  if (bytes > em->smem_bytes) em->smem_bytes = bytes;
  line(em, "%s %s[%lld];  %s", t, v->cname, (long long)l->per_thread, shape_comment(v));
  line(em, "{  // %s%s of %s along axis %lld: %lld lines of %lld, %lld segments of %lld per line", v->fn,
       v->reverse ? " (reversed)" : "", x->cname, (long long)v->ival, (long long)lines, (long long)n, (long long)P,
       (long long)S);
  em->indent++;
  line(em, "%s* buf = (%s*)tl2cu_smem;", t, t);
  line(em, "%s* total = buf + %lld;", t, (long long)padded);
  line(em, "__syncthreads();");
  bool uses_e = false;
  Cx own = identity_cx(l, &uses_e);
  const char *pos = linear_of(&own, x->shape);
  open_elem_loop(em, l, uses_e);
  line(em, "buf[%s] = %s[k];", padded_index(pos, S), x->cname);
  close_loop(em);
  line(em, "__syncthreads();");
  // element i of segment `seg` of line `ln`, in scan order
  const char *at = xprintf("tl2cu_pad<%lld>((ln / %lld) * %lld + ln %% %lld + (%s) * %lld)", (long long)S, (long long)stride, (long long)(n * stride),
                           (long long)stride, v->reverse ? xprintf("%lld - (seg * %lld + i)", (long long)(n - 1), (long long)S)
                                                         : xprintf("seg * %lld + i", (long long)S),
                           (long long)stride);
  line(em, "for (int u = tid; u < %lld; u += %lld) {", (long long)(lines * P), (long long)threads);
  em->indent++;
  line(em, "const int ln = u / %lld, seg = u %% %lld;", (long long)P, (long long)P);
  line(em, "int i = 0;");
  line(em, "%s acc = buf[%s];", t, at);
  line(em, "for (i = 1; i < %lld; ++i) buf[%s] = acc = %s;", (long long)S, at, combine_expr(v, "acc", xprintf("buf[%s]", at)));
  line(em, "total[u] = acc;");
  close_loop(em);
  if (P > 1) {
    line(em, "__syncthreads();");
    line(em, "for (int u = tid; u < %lld; u += %lld) {", (long long)(lines * P), (long long)threads);
    em->indent++;
    line(em, "const int ln = u / %lld, seg = u %% %lld;", (long long)P, (long long)P);
    line(em, "if (seg == 0) continue;");
    line(em, "%s before = total[ln * %lld];", t, (long long)P);
    line(em, "for (int q = 1; q < seg; ++q) before = %s;", combine_expr(v, "before", xprintf("total[ln * %lld + q]", (long long)P)));
    line(em, "for (int i = 0; i < %lld; ++i) buf[%s] = %s;", (long long)S, at, combine_expr(v, "before", xprintf("buf[%s]", at)));
    close_loop(em);
  }
  line(em, "__syncthreads();");
  uses_e = false;
  own = identity_cx(l, &uses_e);
  pos = linear_of(&own, x->shape);
  open_elem_loop(em, l, uses_e);
  line(em, "%s[k] = buf[%s];", v->cname, padded_index(pos, S));
  close_loop(em);
  em->indent--;
  line(em, "}");
}

static void emit_vardef(Em *em, Stmt *s) {
  Value *var = s->var;
  if (var->shape.rank == 0) {
    elementwise(em, s, NULL, rhs_value, xprintf("%s %%s = %%s;", ctype(var->ty)), var->cname);
    return;
  }
  line(em, "%s %s[%lld];  %s", ctype(var->ty), var->cname, (long long)var->layout->per_thread, shape_comment(var));
  elementwise(em, s, var->layout, rhs_value, "%s = %s;", var->cname);
}

static void emit_assign(Em *em, Stmt *s) {
  Value *var = s->var;
  elementwise(em, s, var->shape.rank ? var->layout : NULL, rhs_value, "%s = %s;", var->cname);
}

static const char *store_rhs(Em *em, Stmt *s, Cx *cx) {
  Cx cp = *cx, cm = *cx;
  const char *target = deref(em, s->ptr, &cp);
  const char *value = ex(em, s->v, cx);
  if (!s->mask) return xprintf("%s = %s;", target, value);
  return xprintf("if (%s) %s = %s;", ex(em, s->mask, &cm), target, value);
}

static const char *store_value(Em *em, Stmt *s, Cx *cx) { return ex(em, s->v, cx); }
static const char *store_address(Em *em, Stmt *s, Cx *cx) {
  Cx cm = *cx;
  const char *addr = ex(em, s->ptr, cx);
  return s->mask ? xprintf("if (%s) *(%s *)%s", ex(em, s->mask, &cm), vec_type(s->v->ty, em->vec), addr)
                 : xprintf("*(%s *)%s", vec_type(s->v->ty, em->vec), addr);
}

static const char *store_value_and_address(Em *em, Stmt *s, Cx *cx) {
  Cx c2 = *cx;
  store_value(em, s, cx);
  return store_address(em, s, &c2);
}

// tl.store with contiguous, aligned addresses: the run's values gathered, one vector store.
static void emit_vector_store(Em *em, Stmt *s, const Layout *l) {
  int vec = chunk_elems(l, s->v->ty);
  em->vec = vec;
  prepare_conversions(em, s, l, store_value_and_address);
  em->prepared = false;
  const char *vt = vec_type(s->v->ty, vec);
  line(em, "#pragma unroll");
  em->nvector++;
  line(em, "for (int r = 0; r < %lld; r += %d) {  // %d-byte stores", (long long)l->per_thread, vec, vec * elem_bytes(s->v->ty));
  em->indent++;
  line(em, "%s t;", vt);
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  const char *value = store_value(em, s, &cx);
  line(em, "#pragma unroll");
  line(em, "for (int j = 0; j < %d; ++j) {", vec);
  em->indent++;
  line(em, "const int k = r + j;");
  if (uses_e) line(em, "const int e = %s;", elem_index(l));
  line(em, "t.v[j] = %s;", value);
  close_loop(em);
  uses_e = false;
  cx = identity_cx(l, &uses_e);
  const char *target = store_address(em, s, &cx);
  line(em, "const int k = r;");
  if (uses_e) line(em, "const int e = %s;", elem_index(l));
  line(em, "%s = t;", target);
  close_loop(em);
}

// A contiguous store whose runs start c elements past an aligned address (out[i + 1]
// in a stencil): each lane stores the aligned chunk after its run's start, made of
// its own last c elements and the next lane's first V - c (a shuffle); the warp's
// edge lanes store the rest of their own runs in aligned pieces. Checked at run
// time like a load window: every mask true over the warp, the next lane's run next.
static bool emit_store_window(Em *em, Stmt *s, const Layout *l) {
  int size = elem_bytes(s->v->ty), vec = l->vec;
  if (em->k->program_threads || em->threads < 32 || size < 2 || vec < 2 || vec * size > 16) return false;
  if (l->space.dim[l->space.rank - 1] < 32 * vec || shape_numel(l->space) < l->threads) return false;
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  em->probed = 0;
  Axis p = axis_of(em, s->ptr, &cx);
  if (p.coef != 1 || p.div < size * vec || mod(p.rem, size * vec) % size) return false;
  int64_t c = mod(p.rem, size * vec) / size;
  if (c == 0 || needs_conversion(em, l, s->ptr) || needs_conversion(em, l, s->mask) || needs_conversion(em, l, s->v))
    return false;
  if (!vector_access(em, l, s->ptr, NULL, NULL, s->v->ty, c)) return false;
  const char *t = ctype(s->v->ty), *vt = vec_type(s->v->ty, vec);
  int words = (int)(((vec - c) * size + 3) / 4);
  line(em, "{  // runs start %lld element%s past a %d-byte boundary: aligned %d-byte stores when the warp's masks are all true",
       (long long)c, c == 1 ? "" : "s", vec * size, vec * size);
  em->indent++;
  em->nvector++;
  emit_masks_all_true(em, l, &s->mask, 1);
  uses_e = false;
  cx = identity_cx(l, &uses_e);
  const char *addr = ex(em, s->ptr, &cx);
  line(em, "const int lane = tid & 31;");
  line(em, "#pragma unroll");
  line(em, "for (int k = 0; k < %lld; k += %d) {", (long long)l->per_thread, vec);
  em->indent++;
  if (uses_e) line(em, "const int e = %s;", elem_index(l));
  line(em, "%s *at = %s - %lld;  // aligned", t, addr, (long long)c);
  line(em, "const bool next_follows = tl2cu_shfl_down_ptr(at, 1) == at + %d;", vec);
  line(em, "window &= lane == 31 | next_follows;");
  close_loop(em);
  line(em, "if (__all_sync(0xffffffffu, window)) {");
  em->indent++;
  line(em, "#pragma unroll");
  line(em, "for (int r = 0; r < %lld; r += %d) {", (long long)l->per_thread, vec);
  em->indent++;
  line(em, "%s mine;", vt);
  uses_e = false;
  cx = identity_cx(l, &uses_e);
  const char *value = ex(em, s->v, &cx);
  line(em, "#pragma unroll");
  line(em, "for (int j = 0; j < %d; ++j) {", vec);
  em->indent++;
  line(em, "const int k = r + j;");
  if (uses_e) line(em, "const int e = %s;", elem_index(l));
  line(em, "mine.v[j] = %s;", value);
  close_loop(em);
  uses_e = false;
  cx = identity_cx(l, &uses_e);
  addr = ex(em, s->ptr, &cx);
  line(em, "const int k = r;");
  if (uses_e) line(em, "const int e = %s;", elem_index(l));
  line(em, "%s *at = %s - %lld;", t, addr, (long long)c);
  line(em, "const %s next = tl2cu_next_run<%d>(mine);  // lane + 1's run", vt, words);
  line(em, "if (lane != 31) {");
  line(em, "  %s chunk;", vt);
  line(em, "  for (int j = 0; j < %d; ++j) chunk.v[j] = tl2cu_window_at(mine, mine, next, j + %lld);", vec, (long long)(vec - c));
  line(em, "  *(%s *)(at + %d) = chunk;", vt, vec);
  line(em, "}");
  line(em, "if (lane == 0) tl2cu_store_part<%lld, 0, %lld>(at, mine);  // before the first chunk", (long long)c, (long long)(vec - c));
  line(em, "if (lane == 31) tl2cu_store_part<%lld, %lld, %d>(at, mine);  // the next warp stores after it", (long long)c,
       (long long)(vec - c), vec);
  close_loop(em);
  em->indent--;
  line(em, "} else {  // element by element, as written");
  em->indent++;
  elementwise(em, s, l, store_rhs, "%s", NULL);
  close_loop(em);
  close_loop(em);
  return true;
}

static void emit_store(Em *em, Stmt *s) {
  if (s->ptr->shape.rank == 0 && em->k->program_threads == 1) {  // the thread is the program
    elementwise(em, s, NULL, store_rhs, "%s", NULL);
    return;
  }
  if (s->ptr->shape.rank == 0) {  // a scalar store is done once per program
    prepare_conversions(em, s, NULL, store_rhs);
    line(em, "if (tid == 0) {");
    em->indent++;
    elementwise(em, s, NULL, store_rhs, "%s", NULL);
    close_loop(em);
    return;
  }
  const Layout *l = s->ptr->layout;
  Layout own;
  if (!l || !shape_eq(l->space, s->ptr->shape)) {
    own = (Layout){.space = s->ptr->shape, .threads = em->threads};
    for (int i = 0; i < s->ptr->shape.rank; i++) own.map[i] = i;
    int64_t n = shape_numel(own.space);
    own.per_thread = n >= em->threads ? n / em->threads : 1;
    own.vec = own.per_thread >= 4 ? 4 : (int)own.per_thread;
    l = &own;
  }
  int64_t n = shape_numel(l->space);
  bool replicated = n < em->threads;
  if (vector_access(em, l, s->ptr, s->mask, NULL, s->v->ty, 0)) {
    emit_vector_store(em, s, l);
    return;
  }
  if (!replicated && emit_store_window(em, s, l)) return;
  note_scalar_access(em, l, s->v->ty);
  prepare_conversions(em, s, l, store_rhs);
  if (replicated) {  // fewer elements than threads: only the first n threads own one
    line(em, "if (tid < %lld) {", (long long)n);
    em->indent++;
  }
  elementwise(em, s, l, store_rhs, "%s", NULL);
  if (replicated) close_loop(em);
}

static void emit_stmts(Em *em, Stmt *s);

static void emit_for(Em *em, Stmt *s) {
  Cx cx = identity_cx(NULL, NULL);
  em->scanning = false;
  em->probed = 0;
  Axis lo_axis = axis_of(em, s->lo, &cx), step_axis = axis_of(em, s->step, &cx);  // i = lo + n * step
  s->var->axis.params = em->probed;
  s->var->axis.known = true;
  s->var->axis.div = min64(divides(lo_axis), divides(step_axis));
  s->var->axis.rem = 0;
  const char *lo = ex(em, s->lo, &cx), *hi = ex(em, s->hi, &cx), *step = ex(em, s->step, &cx);
  bool down = s->step->kind == V_CONST && s->step->ival < 0;
  const char *t = ctype(s->var->ty);
  if (s->step->kind == V_CONST && s->step->ival == 1)
    line(em, "for (%s %s = %s; %s < %s; ++%s) {", t, s->var->cname, lo, s->var->cname, hi, s->var->cname);
  else
    line(em, "for (%s %s = %s; %s %s %s; %s += %s) {", t, s->var->cname, lo, s->var->cname, down ? ">" : "<", hi,
         s->var->cname, step);
  em->indent++;
  emit_stmts(em, s->body);
  close_loop(em);
}

static void emit_if(Em *em, Stmt *s) {
  Cx cx = identity_cx(NULL, NULL);
  em->scanning = false;
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

// Loop-carried variables are updated together at the end of a body: a value
// that is itself one of the variables is copied first.
static Stmt *emit_assign_group(Em *em, Stmt *s) {
  int n = 0;
  for (Stmt *t = s; t && t->kind == S_ASSIGN; t = t->next) n++;
  Value **originals = xmalloc(sizeof(Value *) * (size_t)n);
  n = 0;
  for (Stmt *t = s; t && t->kind == S_ASSIGN; t = t->next, n++) {
    originals[n] = t->v;
    bool clobbered = false;
    for (Stmt *u = s; u && u->kind == S_ASSIGN && !clobbered; u = u->next) clobbered = u->var == t->v;
    if (!clobbered) continue;
    if (t->v->shape.rank) internal_error(__FILE__, __LINE__, "swapping loop-carried blocks");
    const char *tmp = xprintf("%s_next", t->var->cname);
    line(em, "const %s %s = %s;", ctype(t->v->ty), tmp, t->v->cname);
    Value *copy = xmalloc(sizeof(Value));
    *copy = *t->v;
    copy->kind = V_PARAM;
    copy->param_index = -1;
    copy->cname = tmp;
    t->v = copy;
  }
  n = 0;
  for (; s && s->kind == S_ASSIGN; s = s->next, n++) {
    emit_assign(em, s);
    s->v = originals[n];  // the IR stays as it was, for the next variant
  }
  return s;
}

static void emit_stmts(Em *em, Stmt *s) {
  while (s) {
    if (windowed(em, s)) {
      s = s->next;
      continue;
    }
    if (s->kind != S_LET || s->v->kind != V_LOAD) source_comment(em, s);
    switch (s->kind) {
    case S_LET:
      if (s->v->kind == V_LOAD) emit_load_windows(em, s);
      if (!windowed(em, s)) emit_let(em, s);
      break;
    case S_VARDEF: emit_vardef(em, s); break;
    case S_ASSIGN: s = emit_assign_group(em, s); continue;
    case S_STORE: emit_store(em, s); break;
    case S_FOR: emit_for(em, s); break;
    case S_IF: emit_if(em, s); break;
    case S_RETURN: line(em, "return;"); break;
    case S_BARRIER: line(em, "__syncthreads();"); break;
    case S_WHILE:
      line(em, "for (;;) {");
      em->indent++;
      emit_stmts(em, s->body);
      close_loop(em);
      break;
    case S_BREAK_UNLESS: {
      Cx cx = identity_cx(NULL, NULL);
      em->scanning = false;
      line(em, "if (!%s) break;", ex(em, s->cond, &cx));
      break;
    }
    }
    s = s->next;
  }
}

// ---------------------------------------------------------------- fp contraction

static bool fusable_mul(Value *add, Value *m) {
  if (m->kind != V_BINARY || m->op != OP_MUL || !type_eq(m->ty, add->a->ty) || m->bb != add->bb) return false;
  if (m->ty.kind != TY_F32 && m->ty.kind != TY_F64) return false;
  if (is_materialized(m) && (!no_loads(m->a) || !no_loads(m->b))) return false;
  return true;
}

static void decide_value(Value *v, Vec *seen) {
  if (!v) return;
  for (int i = 0; i < seen->len; i++)
    if (seen->items[i] == v) return;
  vec_push(seen, v);
  decide_value(v->a, seen);
  decide_value(v->b, seen);
  decide_value(v->c, seen);
  if (v->kind != V_BINARY || (v->op != OP_ADD && v->op != OP_SUB) || !scalar_is_float(v->a->ty.kind)) return;
  bool fa = fusable_mul(v, v->a), fb = fusable_mul(v, v->b);
  if (fa && fb && v->a->uses > v->b->uses) fa = false;  // LLVM folds the multiply with fewer uses
  v->fuse = fa ? 1 : fb ? 2 : 0;
  if (v->fuse) (v->fuse == 1 ? v->a : v->b)->fused_uses++;
  if (v->a->kind == V_BINARY && v->a->op == OP_MUL && v->fuse != 1) v->a->mul_rn = true;
  if (v->b->kind == V_BINARY && v->b->op == OP_MUL && v->fuse != 2) v->b->mul_rn = true;
}

static void decide_fusion(Stmt *s, Vec *seen) {
  for (; s; s = s->next) {
    Value *vs[] = {s->v, s->var, s->ptr, s->mask, s->lo, s->hi, s->step, s->cond};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++) decide_value(vs[i], seen);
    decide_fusion(s->body, seen);
    decide_fusion(s->orelse, seen);
  }
}

// ---------------------------------------------------------------- kernels and launchers

static const char *param_list(Kernel *k, bool names) {
  Str t = {0};
  str_add(&t, "");
  for (int i = 0; i < k->params.len; i++) {
    Param *p = k->params.items[i];
    if (p->is_constexpr) continue;
    const char *ty = type_ctype(p->ty);
    if (names) str_addf(&t, "%s%s", t.len ? ", " : "", p->name);
    else str_addf(&t, "%s%s%s%s", t.len ? ", " : "", ty, ty[strlen(ty) - 1] == '*' ? "" : " ", p->name);
  }
  return t.buf;
}

// A combine function of tl.reduce / tl.associative_scan, as a device function.
static void emit_combine(Em *em, Combine *cb) {
  const char *t = ctype(cb->lhs->ty);
  line(em, "static __device__ __forceinline__ %s %s(%s %s, %s %s) {", ctype(cb->result->ty), cb->name, t,
       cb->lhs->cname, t, cb->rhs->cname);
  em->indent++;
  emit_stmts(em, cb->body);
  Cx cx = identity_cx(NULL, NULL);
  line(em, "return %s;", ex(em, cb->result, &cx));
  em->indent--;
  line(em, "}");
  line(em, "%s", "");
}

static const char *kernel_name(Kernel *k) {
  return k->config_index >= 0 ? xprintf("%s_config%d", k->func->name, k->config_index) : k->func->name;
}

static void emit_kernel_variant(Em *em, Kernel *k, const char *name, const char *note) {
  Str body = {0};
  str_add(&body, "");
  Str *saved = em->out;
  em->out = &body;
  em->smem_bytes = 0;
  em->nconversions = 0;
  em->nvector = 0;
  em->nspread_bytes = 0;
  em->windowed.len = 0;
  em->last_line = 0;
  em->indent = 1;
  emit_stmts(em, k->body);
  em->out = saved;
  em->indent = 0;
  Str spec = {0};
  str_addf(&spec, "num_warps=%d", k->num_warps);
  for (int i = 0; i < k->constexprs.len; i++) str_addf(&spec, ", %s", (const char *)k->constexprs.items[i]);
  line(em, "// %s: %s%s", k->func->name, k->config_text ? xprintf("%s %d: %s", k->nselect ? "heuristics variant" : "autotune config", k->config_index, k->config_text) : spec.buf, note);
  const char *params = param_list(k, false);
  int t = k->program_threads, block = k->num_warps * 32;
  if (t) {
    line(em, "__global__ void __launch_bounds__(%d) %s(%s%sunsigned tl2cu_programs_x) {", block, name, params,
         *params ? ", " : "");
    em->indent = 1;
    if (t == 1) {
      line(em, "// one program per thread: %d programs along axis 0 share a thread block", block);
      line(em, "const int32_t program_x = (int32_t)(blockIdx.x * %d + threadIdx.x);", block);
    } else {
      line(em, "// %d programs along axis 0 share a thread block, %d threads each", block / t, t);
      line(em, "const int tid = threadIdx.x %% %d;", t);
      line(em, "const int32_t program_x = (int32_t)(blockIdx.x * %d + threadIdx.x / %d);", block / t, t);
    }
    line(em, "if ((unsigned)program_x >= tl2cu_programs_x) return;");
  } else {
    line(em, "__global__ void __launch_bounds__(%d) %s(%s) {", em->threads, name, params);
    em->indent = 1;
    line(em, "const int tid = threadIdx.x;");
  }
  if (em->smem_bytes) line(em, "__shared__ __align__(16) unsigned char tl2cu_smem[%d];", em->smem_bytes);
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
    Value *vs[] = {s->v, s->var, s->ptr, s->mask};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++) {
      if (!vs[i]) continue;
      if (vs[i]->kind == V_REDUCE || vs[i]->kind == V_SCAN) return -1;
      if (vs[i]->shape.rank && shape_numel(vs[i]->shape) > n) n = shape_numel(vs[i]->shape);
    }
    int64_t b = largest_block(s->body), o = largest_block(s->orelse);
    if (s->kind == S_BARRIER || b < 0 || o < 0) return -1;
    n = b > n ? b : n;
    n = o > n ? o : n;
  }
  return n;
}

// Programs whose blocks are smaller than half the thread block, and that never
// synchronize, share thread blocks: one thread per program when they have no
// blocks at all (the seeds' one-pixel Mandelbrot), else a warp or more each.
static int program_threads(Kernel *k) {
  int64_t n = largest_block(k->body), block = k->num_warps * 32;
  if (n < 0 || k->combines.len) return 0;
  if (n == 0) return 1;
  int64_t t = n < 32 ? 32 : n;
  return t * 2 <= block ? (int)t : 0;
}

// The kernel, and where it gains vector accesses, a second variant that assumes
// what Triton's launch-time specialization checks: 16-byte aligned pointers and
// integer arguments divisible by 16. The launcher picks the variant at run time.
static void emit_kernel(Em *em, Kernel *k) {
  Vec seen = {0};
  decide_fusion(k->body, &seen);
  k->program_threads = program_threads(k);
  if (k->program_threads > 1) {  // a layout change through shared memory would need a barrier
    Str trial = {0};
    str_add(&trial, "");
    Str *saved = em->out;
    em->out = &trial;
    em->k = k;
    em->threads = k->program_threads;
    layout_assign(k, layout_widest_run(k));
    emit_kernel_variant(em, k, kernel_name(k), "");
    em->out = saved;
    if (em->smem_bytes) k->program_threads = 0;
  }
  em->k = k;
  em->threads = k->program_threads ? k->program_threads : k->num_warps * 32;
  for (int i = 0; i < k->combines.len; i++) {
    Combine *cb = k->combines.items[i];
    decide_fusion(cb->body, &seen);
    decide_value(cb->result, &seen);
    em->indent = 0;
    em->last_line = 0;
    emit_combine(em, cb);
  }
  // the plain variant: vector accesses where hints prove them, else runs of
  // 4 bytes (one fp32, four int8), so that consecutive threads' scalar accesses
  // coalesce; measured on the H200 (docs/NOTES.md): runs of one byte made the
  // Game of Life 30% slower, runs of 16 bytes made fp32 kernels up to 2x slower
  int wide = layout_widest_run(k);
  Str plain = {0}, aligned = {0};
  str_add(&plain, "");
  str_add(&aligned, "");
  Str *saved = em->out;
  em->out = &plain;
  em->assume_aligned = false;
  layout_assign(k, wide);
  emit_kernel_variant(em, k, kernel_name(k), "");
  int plain_vectors = em->nvector;
  int narrow = wide >= 4 ? wide / 4 : 1;  // 4 bytes of the narrowest access
  if (plain_vectors == 0 && wide > narrow) {
    plain.len = 0;
    plain.buf[0] = 0;
    layout_assign(k, narrow);
    emit_kernel_variant(em, k, kernel_name(k), "");
  }
  em->out = &aligned;
  em->assume_aligned = true;
  em->assumed = 0;
  layout_assign(k, wide);
  emit_kernel_variant(em, k, xprintf("%s_aligned", kernel_name(k)),
                      " (variant for 16-byte aligned pointers and ints divisible by 16)");
  em->assume_aligned = false;
  em->out = saved;
  str_add(em->out, plain.buf);
  if (em->nvector > plain_vectors && !em->nspread_bytes) {
    k->aligned_variant = true;
    k->assumed_params = em->assumed;
    str_add(em->out, aligned.buf);
  }
}

// The parameters a kernel stores through (autotuning restores them after each trial).
static void stored_params(Stmt *s, uint64_t *mask) {
  for (; s; s = s->next) {
    if (s->kind == S_STORE) {
      Value *p = s->ptr;
      while (p && p->kind != V_PARAM) p = p->kind == V_BINARY ? (p->a->ty.kind == TY_PTR ? p->a : p->b) : p->a;
      if (p && p->param_index >= 0 && p->param_index < 64) *mask |= (uint64_t)1 << p->param_index;
      else *mask = ~(uint64_t)0;  // through a pointer we cannot trace: restore every pointer
    }
    stored_params(s->body, mask);
    stored_params(s->orelse, mask);
  }
}

// NAME(), NAME_config(), NAME_configs() and NAME_config_name() of an autotuned
// kernel: the first call for each value of the key parameters times every config
// (tl2cu_autotune in the runtime) and keeps the fastest.
static void emit_tuning_launchers(Em *em, Kernel *k) {
  const char *name = k->launcher;
  const char *params = param_list(k, false), *args = param_list(k, true);
  const char *sep = *params ? ", " : "";
  int n = k->nconfigs;
  line(em, "extern \"C\" int %s_configs(void) { return %d; }", name, n);
  line(em, "%s", "");
  line(em, "extern \"C\" const char *%s_config_name(int index) {", name);
  line(em, "  static const char *const names[%d] = {", n);
  for (int i = 0; i < n; i++) line(em, "      \"%s\",", ((Kernel *)em->group[i])->config_text);
  line(em, "  };");
  line(em, "  return index >= 0 && index < %d ? names[index] : 0;", n);
  line(em, "}");
  line(em, "%s", "");
  line(em, "extern \"C\" cudaError_t %s_config(int index, cudaStream_t stream%s%s) {", name, sep, params);
  line(em, "  switch (index) {");
  for (int i = 0; i < n; i++) line(em, "  case %d: return %s_config%d(stream%s%s);", i, name, i, *args ? ", " : "", args);
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
    const char *kname = ((Obj *)keys->items.items[i])->str;
    for (int j = 0; j < k->params.len; j++) {
      Param *p = k->params.items[j];
      if (!p->is_constexpr && !strcmp(p->name, kname) && p->ty.kind != TY_PTR)
        str_addf(&key, "%s(int64_t)%s", key.len ? ", " : "", p->name);
    }
  }
  for (int j = 0; j < k->params.len; j++) {
    Param *p = k->params.items[j];
    if (!p->is_constexpr && p->ty.kind == TY_PTR && (j >= 64 || (written >> j & 1))) str_addf(&out, "%s(void *)%s", out.len ? ", " : "", p->name);
  }
  if (k->nselect) {  // @triton.heuristics: the arguments pick the variant
    line(em, "extern \"C\" cudaError_t %s(cudaStream_t stream%s%s) {", name, sep, params);
    Str idx = {0};
    str_add(&idx, "");
    for (int i = 0; i < k->nselect; i++) str_addf(&idx, "%s(%s ? %d : 0)", i ? " | " : "", k->select[i], 1 << i);
    line(em, "  const int variant = %s;  // bit i: heuristic i holds", idx.buf);
    line(em, "  return %s_config(variant, stream%s%s);", name, *args ? ", " : "", args);
    line(em, "}");
    line(em, "%s", "");
    return;
  }
  line(em, "extern \"C\" cudaError_t %s(cudaStream_t stream%s%s) {", name, sep, params);
  line(em, "  static tl2cu_tuner tuner(\"%s\", %d);", name, n);
  line(em, "  const int64_t key[] = {%s};", key.len ? key.buf : "0");
  line(em, "  void *const written[] = {%s};", out.len ? out.buf : "nullptr");
  line(em, "  const int config = tuner.choose(key, sizeof key / sizeof key[0], stream, written,");
  line(em, "                                   sizeof written / sizeof written[0], [&](int i, cudaStream_t s) {");
  line(em, "    return %s_config(i, s%s%s);", name, *args ? ", " : "", args);
  line(em, "  });");
  line(em, "  if (config < 0) return cudaErrorLaunchFailure;");
  line(em, "  return %s_config(config, stream%s%s);", name, *args ? ", " : "", args);
  line(em, "}");
  line(em, "%s", "");
}

static void emit_launchers(Em *em, Kernel *k) {
  const char *name = k->config_index >= 0 ? xprintf("%s_config%d", k->launcher, k->config_index) : k->launcher;
  const char *params = param_list(k, false), *args = param_list(k, true);
  const char *sep = *params ? ", " : "";
  const char *linkage = k->config_index >= 0 ? "static" : "extern \"C\"";
  line(em, "%s cudaError_t %s_grid(cudaStream_t stream, unsigned gx, unsigned gy, unsigned gz%s%s) {", linkage, name,
       sep, params);
  line(em, "  if (gx == 0 || gy == 0 || gz == 0) return cudaSuccess;  // an empty grid launches nothing");
  if (k->program_threads) {
    int block = k->num_warps * 32, per = block / k->program_threads;
    line(em, "  // %d programs per thread block", per);
    line(em, "  tl2cu_kernels::%s<<<dim3((unsigned)(((uint64_t)gx + %d) / %d), gy, gz), %d, 0, stream>>>(%s%sgx);", kernel_name(k),
         per - 1, per, block, args, *args ? ", " : "");
  } else if (k->aligned_variant) {
    Str cond = {0};
    str_add(&cond, "");
    for (int i = 0; i < k->params.len; i++) {
      Param *p = k->params.items[i];
      if (i >= 64 || !(k->assumed_params >> i & 1)) continue;
      str_addf(&cond, "%s%s", cond.len ? " && " : "",
               p->ty.kind == TY_PTR ? xprintf("tl2cu_aligned16(%s)", p->name) : xprintf("%s %% 16 == 0", p->name));
    }
    line(em, "  if (%s)", cond.buf);
    line(em, "    tl2cu_kernels::%s_aligned<<<dim3(gx, gy, gz), %d, 0, stream>>>(%s);", kernel_name(k), k->num_warps * 32, args);
    line(em, "  else");
    line(em, "    tl2cu_kernels::%s<<<dim3(gx, gy, gz), %d, 0, stream>>>(%s);", kernel_name(k), k->num_warps * 32, args);
  } else {
    line(em, "  tl2cu_kernels::%s<<<dim3(gx, gy, gz), %d, 0, stream>>>(%s);", kernel_name(k), k->num_warps * 32, args);
  }
  line(em, "  return cudaGetLastError();");
  line(em, "}");
  line(em, "%s", "");
  if (!k->grid_c[0]) return;
  line(em, "%s cudaError_t %s(cudaStream_t stream%s%s) {", linkage, name, sep, params);
  for (int d = 0; d < 3; d++)
    line(em, "  const int64_t g%c = %s;", "xyz"[d], k->grid_c[d] ? k->grid_c[d] : "1");
  line(em, "  if (gx <= 0 || gy <= 0 || gz <= 0) return cudaSuccess;  // an empty grid launches nothing");
  line(em, "  if (gx > 2147483647 || gy > 65535 || gz > 65535) return cudaErrorInvalidConfiguration;");
  line(em, "  return %s_grid(stream, (unsigned)gx, (unsigned)gy, (unsigned)gz%s%s);", name, *args ? ", " : "", args);
  line(em, "}");
  line(em, "%s", "");
  if (k->config_index >= 0 && k->config_index == k->nconfigs - 1) emit_tuning_launchers(em, k);
}

void emit_file(FILE *out, Vec *kernels, Options *opt) {
  Str s = {0};
  Em em = {.out = &s, .opt = opt};
  line(&em, "// Generated by tl2cu from %s -- do not edit.", diag_path());
  line(&em, "#include \"tl2cu.cuh\"");
  line(&em, "%s", "");
  line(&em, "namespace tl2cu_kernels {");
  line(&em, "%s", "");
  for (int i = 0; i < kernels->len; i++) emit_kernel(&em, kernels->items[i]);
  line(&em, "}  // namespace tl2cu_kernels");
  line(&em, "%s", "");
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    if (k->config_index == 0) em.group = kernels->items + i;  // the configs follow each other
    emit_launchers(&em, k);
  }
  fputs(s.buf, out);
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
  if (uses_type(kernels, TY_F16)) fprintf(out, "#include <cuda_fp16.h>\n");
  if (uses_type(kernels, TY_BF16)) fprintf(out, "#include <cuda_bf16.h>\n");
  fprintf(out, "#ifndef __cplusplus\n#include <stdbool.h>\n#endif\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    const char *params = param_list(k, false), *sep = *params ? ", " : "";
    if (k->config_index > 0) continue;
    if (k->config_index == 0) {
      if (k->nselect) {
        fprintf(out, "// Launches the variant of %s that its @triton.heuristics pick for these arguments.\n", k->func->name);
      } else {
        fprintf(out, "// Launches %s with the fastest of its %d autotune configs (timed on the first call\n", k->func->name, k->nconfigs);
        fprintf(out, "// for each value of the autotune key; TL2CU_CONFIG_%s=i pins config i).\n", k->launcher);
      }
      fprintf(out, "cudaError_t %s(cudaStream_t stream%s%s);\n", k->launcher, sep, params);
      fprintf(out, "// Launches config `index` (0 .. %s_configs() - 1).\n", k->launcher);
      fprintf(out, "cudaError_t %s_config(int index, cudaStream_t stream%s%s);\n", k->launcher, sep, params);
      fprintf(out, "int %s_configs(void);\n", k->launcher);
      fprintf(out, "const char *%s_config_name(int index);\n\n", k->launcher);
      continue;
    }
    if (k->grid_c[0]) {
      fprintf(out, "// Launches %s over the grid given by --grid.\n", k->func->name);
      fprintf(out, "cudaError_t %s(cudaStream_t stream%s%s);\n", k->launcher, sep, params);
    }
    fprintf(out, "// Launches %s over a grid of gx * gy * gz programs.\n", k->func->name);
    fprintf(out, "cudaError_t %s_grid(cudaStream_t stream, unsigned gx, unsigned gy, unsigned gz%s%s);\n\n",
            k->launcher, sep, params);
  }
  fprintf(out, "#ifdef __cplusplus\n}\n#endif\n");
}
