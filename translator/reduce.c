// reduce.c: reductions (per-thread fold, warp butterflies, one shared-memory
// exchange across warps, in Triton's order) and scans (padded shared-memory
// segments).
#include "emit.h"

#include <string.h>

// ---------------------------------------------------------------- reductions and scans

// The combine step of a reduction or scan kind, on two C expressions.
static const char *combine_expr(Value *v, const char *a, const char *b) {
  const char *fn = v->fn;
  if (v->combine) return xprintf("%s(%s, %s)", v->combine->name, a, b);
  bool ints = scalar_is_int(v->ty.kind) && v->ty.kind != TY_I1;  // Triton's integer sums wrap
  if (!strcmp(fn, "sum") || !strcmp(fn, "cumsum")) return ints ? int_arith(OP_ADD, v->ty.kind, a, b) : xprintf("%s + %s", a, b);
  if (!strcmp(fn, "cumprod")) return ints ? int_arith(OP_MUL, v->ty.kind, a, b) : xprintf("%s * %s", a, b);
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
    long long G = (long long)g;
    const char *xk = elem_at(x, xprintf("%lld", (long long)k));
    if (r->arg && head) {
      line(em, "%s _r%lld = %s;", r->xt, G, xk);
      line(em, "int32_t _i%lld;", G);
      line(em, "{ const int _e = %s; _i%lld = %s; }", elem_k(l, k), G, r->idx);
    } else if (r->arg) {
      line(em, "{ const int _e = %s; %s(_r%lld, _i%lld, %s, %s); }", elem_k(l, k), r->step, G, G, xk, r->idx);
    } else if (head) {
      line(em, "%s _r%lld = %s;", r->t, G, xk);
    } else {
      line(em, "_r%lld = %s;", G, combine_expr(r->v, xprintf("_r%lld", G), xk));
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
        line(em, "%s(_r%d, _i%d, tl2cu_shfl_xor(_r%d, %d), tl2cu_shfl_xor(_i%d, %d));", r->step, g, g, g, 1 << bit, g, 1 << bit);
      else
        line(em, "_r%d = %s;", g, combine_expr(r->v, xprintf("_r%d", g), xprintf("tl2cu_shfl_xor(_r%d, %d)", g, 1 << bit)));
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
  // argmax/argmin: the int32 indices first, the values after them (nout * W is even, so
  // the values start 8-byte aligned): values first put an int32 at byte 2 after uint8s
  const char *vbase = r->arg ? xprintf("(%s*)((uint8_t*)tl2cu_smem + %lld)", vt, nout * W * 4) : xprintf("(%s*)tl2cu_smem", vt);
  const char *cvbase = r->arg ? xprintf("(const %s*)((const uint8_t*)tl2cu_smem + %lld)", vt, nout * W * 4)
                              : xprintf("(const %s*)tl2cu_smem", vt);
  const char *lane = xprintf("(_tid >> %d) & %d", wlo, W - 1);
  line(em, "__syncthreads();");
  for (int g = 0; g < r->ngroups; g++) {
    bool uses_e = false;
    const char *pos = reduce_slot(r, &uses_e);
    line(em, "{ %s%s* _p = %s + %s * %d; _p[%s] = _r%d;%s }",
         uses_e ? xprintf("const int _e = %s; ", elem_k(r->l, r->first[g])) : "", vt, vbase, pos, W, lane, g,
         r->arg ? xprintf(" ((int32_t*)tl2cu_smem)[%s * %d + (%s)] = _i%d;", pos, W, lane, g) : "");
  }
  line(em, "__syncthreads();");
  for (int g = 0; g < r->ngroups; g++) {
    bool uses_e = false;
    const char *pos = reduce_slot(r, &uses_e);
    line(em, "{");
    em->indent++;
    if (uses_e) line(em, "const int _e = %s;", elem_k(r->l, r->first[g]));
    line(em, "const %s* _p = %s + %s * %d;", vt, cvbase, pos, W);
    if (r->arg) line(em, "const int32_t* _q = (const int32_t*)tl2cu_smem + %s * %d;", pos, W);
    Str loads = {0}, iloads = {0};
    str_add(&loads, "");
    str_add(&iloads, "");
    for (int w = 0; w < W; w++) {
      str_addf(&loads, "%s_w%d = _p[%d]", w ? ", " : "", w, w);
      str_addf(&iloads, "%s_j%d = _q[%d]", w ? ", " : "", w, w);
    }
    line(em, "%s %s;", vt, loads.buf);
    if (r->arg) line(em, "int32_t %s;", iloads.buf);
    for (int step = W / 2; step >= 1; step /= 2)
      for (int w = 0; w < step; w++) {
        if (r->arg) line(em, "%s(_w%d, _j%d, _w%d, _j%d);", r->step, w, w, w + step, w + step);
        else line(em, "_w%d = %s;", w, combine_expr(r->v, xprintf("_w%d", w), xprintf("_w%d", w + step)));
      }
    line(em, "_r%d = _w0;%s", g, r->arg ? xprintf(" _i%d = _j0;", g) : "");
    em->indent--;
    line(em, "}");
  }
}

// 4. every element of an output position gets the result
static void reduce_write(Em *em, Reduction *r) {
  for (int64_t k = 0; k < r->l->per_thread; k++) {
    const char *val = xprintf(r->arg ? "_i%lld" : "_r%lld", (long long)r->group_of[k]);
    if (r->scalar) {
      line(em, "%s = %s;", r->v->cname, val);
      return;
    }
    line(em, "%s[%lld] = %s;", r->v->cname, (long long)k, val);
  }
}

void emit_reduce(Em *em, Stmt *s) {
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

void emit_scan(Em *em, Stmt *s) {
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
  line(em, "%s* _buf = (%s*)tl2cu_smem;", t, t);
  line(em, "%s* _total = _buf + %lld;", t, (long long)padded);
  line(em, "__syncthreads();");
  bool uses_e = false;
  Cx own = identity_cx(l, &uses_e);
  const char *pos = linear_of(&own, x->shape);
  open_elem_loop(em, l, uses_e);
  line(em, "_buf[%s] = %s;", padded_index(pos, S), elem_at(x, "_k"));
  close_loop(em);
  line(em, "__syncthreads();");
  // element i of segment `seg` of line `ln`, in scan order
  const char *at = xprintf("tl2cu_pad<%lld>((_ln / %lld) * %lld + _ln %% %lld + (%s) * %lld)", (long long)S, (long long)stride, (long long)(n * stride),
                           (long long)stride, v->reverse ? xprintf("%lld - (_seg * %lld + _i)", (long long)(n - 1), (long long)S)
                                                         : xprintf("_seg * %lld + _i", (long long)S),
                           (long long)stride);
  line(em, "for (int _u = _tid; _u < %lld; _u += %lld) {", (long long)(lines * P), (long long)threads);
  em->indent++;
  line(em, "const int _ln = _u / %lld, _seg = _u %% %lld;", (long long)P, (long long)P);
  line(em, "int _i = 0;");
  line(em, "%s _acc = _buf[%s];", t, at);
  line(em, "for (_i = 1; _i < %lld; ++_i) _buf[%s] = _acc = %s;", (long long)S, at, combine_expr(v, "_acc", xprintf("_buf[%s]", at)));
  line(em, "_total[_u] = _acc;");
  close_loop(em);
  if (P > 1) {
    line(em, "__syncthreads();");
    line(em, "for (int _u = _tid; _u < %lld; _u += %lld) {", (long long)(lines * P), (long long)threads);
    em->indent++;
    line(em, "const int _ln = _u / %lld, _seg = _u %% %lld;", (long long)P, (long long)P);
    line(em, "if (_seg == 0) continue;");
    line(em, "%s _before = _total[_ln * %lld];", t, (long long)P);
    line(em, "for (int _q = 1; _q < _seg; ++_q) _before = %s;", combine_expr(v, "_before", xprintf("_total[_ln * %lld + _q]", (long long)P)));
    line(em, "for (int _i = 0; _i < %lld; ++_i) _buf[%s] = %s;", (long long)S, at, combine_expr(v, "_before", xprintf("_buf[%s]", at)));
    close_loop(em);
  }
  line(em, "__syncthreads();");
  uses_e = false;
  own = identity_cx(l, &uses_e);
  pos = linear_of(&own, x->shape);
  open_elem_loop(em, l, uses_e);
  line(em, "%s[_k] = _buf[%s];", v->cname, padded_index(pos, S));
  close_loop(em);
  em->indent--;
  line(em, "}");
}
