// reduce.c: reductions (per-thread fold, warp butterflies, one shared-memory
// exchange across warps, in Triton's order) and scans (segments of a shared-memory
// block, its slots swizzled).
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


// Component i of the C variable `name` of an op over n values (the name itself when n = 1).
static const char *part(const char *name, int i, int n) { return n == 1 ? name : xprintf("%s_%d", name, i); }

// dst = a (+) b for every component of a tuple combine (n > 1): the combine function
// writes its results into its first n arguments, read by value after them.
static void combine_tuple(Em *em, Value *v, int n, const char **dst, const char **a, const char **b) {
  Str call = {0};
  str_addf(&call, "%s(", v->combine->name);
  for (int i = 0; i < n; i++) str_addf(&call, "%s, ", dst[i]);
  for (int i = 0; i < n; i++) str_addf(&call, "%s, ", a[i]);
  for (int i = 0; i < n; i++) str_addf(&call, "%s%s", b[i], i + 1 < n ? ", " : ");");
  line(em, "%s", call.buf);
}

// acc = acc (+) b, for every component (b: expressions).
static void combine_into(Em *em, Value *v, int n, const char **acc, const char **b) {
  if (n == 1) line(em, "%s = %s;", acc[0], combine_expr(v, acc[0], b[0]));
  else combine_tuple(em, v, n, acc, acc, b);
}

// Result i is read (unread results of a tuple op get no array; their values are still combined).
static bool result_read(Value *v, int i) { return !never_read(reduce_result(v, i)); }

// Input x of a tuple op, held in layout l (that of the op's first block): x itself, or a
// copy converted into l (when another use laid x out over a larger block).
static Value *input_in(Em *em, Stmt *s, Value *x, const Layout *l, int i) {
  if (layout_holds(l, x)) return x;
  Value *copy = xmalloc(sizeof(Value));
  *copy = *x;
  copy->cname = xprintf("_x%d", i);
  copy->layout = (Layout *)l;
  copy->packed = false;
  Stmt read = {.kind = S_LET, .loc = s->loc, .v = x};
  line(em, "%s", array_decl(copy));
  elementwise(em, &read, l, rhs_value, "%s = %s;", copy);
  return copy;
}


// The bits of e that element k of a thread contributes (those not from the thread index).
static int64_t k_bits(ReduceBits b, int64_t k) { return linear_apply(&b.ll, k, 0, 0); }

static int64_t outside(ReduceBits b, int64_t bits) { return bits & ~b.reduced; }


// One reduction being emitted: x reduced along space dim d of its layout (over a tuple:
// n blocks x[i] laid out alike, combined together).
typedef struct {
  Value *v;
  int n;
  Value *x[MAX_COMBINED];
  const Layout *l;
  ReduceBits b;
  int d;                // the space dim reduced (-1: a size-1 dim, nothing to combine)
  bool arg, scalar;     // argmax/argmin (values with indices); a scalar result
  const char *t[MAX_COMBINED], *xt;  // C types of the results and of the (first) input
  const char *step;     // argmax/argmin combine helper
  const char *idx;      // the reduced coordinate of element e (argmax/argmin)
  int ngroups;          // output positions this thread holds
  int64_t *group_of;    // per element k: its output position
  int64_t *first;       // per group: its first element
  bool unrolled;        // few groups: the loops over them unrolled (see roll_groups)
  int drop[2][2];       // the bit ranges [a, b) of k that walk the reduced dim
  int64_t dropped;      // those bits of k, as a mask
  struct {              // reduce_warps: the shared-memory scratch its group steps use
    int W;              // warps combined
    const char *lane, *vt[MAX_COMBINED], *vbase[MAX_COMBINED], *cvbase[MAX_COMBINED];
  } scratch;
} Reduction;

// Each thread's elements in groups, one per output position, numbered in the order of
// their first elements.
static void assign_groups(Reduction *r) {
  const Layout *l = r->l;
  for (int64_t k = 0; k < l->per_thread; k++) {
    int64_t key = outside(r->b, k_bits(r->b, k)), g = 0;
    while (g < r->ngroups && outside(r->b, k_bits(r->b, r->first[g])) != key) g++;
    if (g == r->ngroups) r->first[r->ngroups++] = k;
    r->group_of[k] = g;
  }
}

// The steps are printed as loops over a thread's elements and groups: a statement per
// element and group made a [256, 256] row reduction 12,000 lines that nvcc compiled in
// 80 s; as loops, 7 s (docs/NOTES.md 47). Element k's group is k without the bits that
// walk the reduced dim (in a blocked layout those below the run length and those above
// the thread bits of the element index; in an mma layout the pair's column and the
// fragments along the row), so the loops compute it. Up to ROLLED_GROUPS groups the loops over
// them are unrolled (the accumulators in registers); beyond, they stay loops.
enum { ROLLED_GROUPS = 16 };

// As the runtime's tl2cu_drop_bits / tl2cu_insert_bits (an empty range [a, a) changes nothing).
static int64_t drop_bits(int64_t k, int a, int b) { return (k & (((int64_t)1 << a) - 1)) | ((k >> b) << a); }
static int64_t insert_bits(int64_t g, int a, int b) { return (g & (((int64_t)1 << a) - 1)) | ((g >> a) << b); }

static void roll_groups(Reduction *r) {
  r->unrolled = r->ngroups <= ROLLED_GROUPS;
  // the bits of k that walk the reduced dim, as at most two runs (a blocked layout: those
  // below its vector and those above; an mma one: the pair's column and the fragments')
  // (a blocked layout's two runs stay apart where they meet: the loops print as before)
  int runs = 0, split = r->l->kind == LAYOUT_BLOCKED ? log2i(r->l->vec) : -1;
  r->drop[0][0] = r->drop[0][1] = r->drop[1][0] = r->drop[1][1] = 0;
  for (int i = 0; i < r->b.ll.nreg && r->d >= 0; i++) {
    if (!(r->b.ll.reg[i] & r->b.reduced)) continue;
    if (runs && r->drop[runs - 1][1] == i && i != split) {
      r->drop[runs - 1][1]++;
      continue;
    }
    if (runs == 2) internal_error(__FILE__, __LINE__, "a reduction whose register bits form more than two runs");
    r->drop[runs][0] = i, r->drop[runs][1] = i + 1, runs++;
  }
  r->dropped = 0;
  for (int i = 0; i < 2; i++)
    for (int j = r->drop[i][0]; j < r->drop[i][1]; j++) r->dropped |= (int64_t)1 << j;
  if (r->d < 0) r->dropped = 0, r->drop[0][1] = r->drop[1][1] = 0;
  // the loops' arithmetic must number the groups as assign_groups did (checked for every
  // reduction)
  for (int64_t k = 0; k < r->l->per_thread; k++) {
    int64_t g = k;
    for (int i = 1; i >= 0; i--) g = drop_bits(g, r->drop[i][0], r->drop[i][1]);
    int64_t first = g;
    for (int i = 0; i < 2; i++) first = insert_bits(first, r->drop[i][0], r->drop[i][1]);
    if (g != r->group_of[k] || first != r->first[g] || ((k & r->dropped) == 0) != (first == k))
      internal_error(__FILE__, __LINE__, "reduction: element and group numbering disagree");
  }
}

// The group of element k (C text), and the first element of group g.
static const char *group_of_k(Reduction *r, const char *k) {
  if (r->ngroups == 1) return "0";
  for (int i = 1; i >= 0; i--)
    if (r->drop[i][1] > r->drop[i][0]) k = xprintf("tl2cu_drop_bits<%d, %d>(%s)", r->drop[i][0], r->drop[i][1], k);
  return k;
}
static const char *first_of_group(Reduction *r, const char *g) {
  for (int i = 0; i < 2; i++)
    if (r->drop[i][1] > r->drop[i][0]) g = xprintf("tl2cu_insert_bits<%d, %d>(%s)", r->drop[i][0], r->drop[i][1], g);
  return g;
}

// Group g's accumulators (component i of the array _r) and its argmax/argmin index, as C
// names (g: a number, or a loop's _g).
static void accumulators(Reduction *r, const char *g, const char **acc) {
  for (int i = 0; i < r->n; i++) acc[i] = xprintf("%s[%s]", part("_r", i, r->n), g);
}
static const char *index_of(const char *g) { return xprintf("_i[%s]", g); }

// fn(g, e) for every group g, with e its first element's index: as one loop over them
// (unrolled for few groups; many stay a loop, the accumulators in local memory, which
// nvcc compiles 2x faster).
// A step that declares names gets a block of its own (scoped).
typedef void (*GroupStep)(Em *em, Reduction *r, const char *g, const char *first_e);
static void each_group(Em *em, Reduction *r, GroupStep fn, bool scoped) {
  if (r->ngroups == 1) {
    if (scoped) line(em, "{"), em->indent++;
    fn(em, r, "0", elem_k(em, r->l, r->first[0]));
    if (scoped) em->indent--, line(em, "}");
    return;
  }
  line(em, r->unrolled ? "#pragma unroll" : "#pragma unroll 1");
  line(em, "for (int _g = 0; _g < %d; ++_g) {", r->ngroups);
  em->indent++;
  fn(em, r, "_g", elem_of(em, r->l, first_of_group(r, "_g")));
  em->indent--;
  line(em, "}");
}

// 1. each thread folds its own elements that share an output position, in index order
static void fold_element(Em *em, Reduction *r, const char *k, const char *g, bool head, const char *e) {
  const char *acc[MAX_COMBINED], *xk[MAX_COMBINED], *i = index_of(g);
  accumulators(r, g, acc);
  for (int c = 0; c < r->n; c++) xk[c] = elem_at(r->x[c], k);
  if (r->arg && head) {
    line(em, "%s = %s;", acc[0], xk[0]);
    line(em, "{ const int _e = %s; %s = %s; }", e, i, r->idx);
  } else if (r->arg) {
    line(em, "{ const int _e = %s; %s(%s, %s, %s, %s); }", e, r->step, acc[0], i, xk[0], r->idx);
  } else if (head) {
    for (int c = 0; c < r->n; c++) line(em, "%s = %s;", acc[c], xk[c]);
  } else {
    combine_into(em, r->v, r->n, acc, xk);
  }
}

// Groups that are runs of R consecutive elements (a value reduced along its fastest dim),
// few of them: per group, its first element, then the others folded in.
static bool folds_runs(Reduction *r) {
  return r->unrolled && !r->arg && r->dropped && ((r->dropped + 1) & r->dropped) == 0;
}

static void fold_run(Em *em, Reduction *r, const char *g, const char *first_e) {
  (void)first_e;
  int64_t R = r->dropped + 1;
  bool one = r->ngroups == 1;
  const char *k0 = one ? "0" : xprintf("%s * %lld", g, (long long)R);
  fold_element(em, r, k0, g, true, NULL);
  line(em, "#pragma unroll");
  if (one) line(em, "for (int _k = 1; _k < %lld; ++_k)", (long long)R);
  else line(em, "for (int _k = %s + 1; _k < %s + %lld; ++_k)", k0, k0, (long long)R);
  em->indent++;
  fold_element(em, r, "_k", g, false, NULL);
  em->indent--;
}

static void reduce_fold(Em *em, Reduction *r) {
  const Layout *l = r->l;
  for (int c = 0; c < r->n; c++) line(em, "%s %s[%d];", r->arg ? r->xt : r->t[c], part("_r", c, r->n), r->ngroups);
  if (r->arg) line(em, "int32_t _i[%d];", r->ngroups);
  if (folds_runs(r)) {
    each_group(em, r, fold_run, false);
    return;
  }
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; ++_k) {", (long long)l->per_thread);
  em->indent++;
  line(em, "const int _g = %s;", group_of_k(r, "_k"));
  if (!r->dropped) {
    fold_element(em, r, "_k", "_g", true, elem_index(em, l));
  } else {
    line(em, "if ((_k & %lld) == 0) {", (long long)r->dropped);
    em->indent++;
    fold_element(em, r, "_k", "_g", true, elem_index(em, l));
    em->indent--;
    line(em, "} else {");
    em->indent++;
    fold_element(em, r, "_k", "_g", false, elem_index(em, l));
    em->indent--;
    line(em, "}");
  }
  em->indent--;
  line(em, "}");
}

// 2. lanes holding the same output position combine, high lane bit first
static void lane_step(Em *em, Reduction *r, const char *g, const char *first_e) {
  (void)first_e;
  const char *acc[MAX_COMBINED], *other[MAX_COMBINED];
  accumulators(r, g, acc);
  if (r->arg) {
    const char *i = index_of(g);
    line(em, "%s(%s, %s, tl2cu_shfl_xor(%s, _m), tl2cu_shfl_xor(%s, _m));", r->step, acc[0], i, acc[0], i);
    return;
  }
  for (int c = 0; c < r->n; c++) other[c] = xprintf("tl2cu_shfl_xor(%s, _m)", acc[c]);
  combine_into(em, r->v, r->n, acc, other);
}

// The lane bits that hold the reduced dim are consecutive ([lo, hi) of the lane index);
// the steps go through their masks from the highest down.
static void reduce_lanes(Em *em, Reduction *r) {
  int lo, n = r->d >= 0 ? reduce_walking_bits(r->b, r->b.ll.lane, r->b.ll.nlane, &lo) : 0;
  if (!n) return;
  int hi = lo + n;
  bool one = r->ngroups == 1;  // (a step of one group is one statement)
  line(em, "#pragma unroll");
  line(em, "for (int _m = %d; _m >= %d; _m >>= 1)%s", 1 << (hi - 1), 1 << lo, one ? "" : " {");
  em->indent++;
  each_group(em, r, lane_step, false);
  em->indent--;
  if (!one) line(em, "}");
}

// The output position whose W partials a group shares in the scratch (at element e).
static const char *reduce_slot(Reduction *r, bool *uses_e) {
  Cx out = identity_cx(r->v->layout, uses_e);
  return r->scalar ? "0" : linear_of(&out, r->v->shape);
}

// Where each component's W partials per output position start in the scratch: one
// region after another, each 8-byte aligned; argmax/argmin: the int32 indices first,
// the values after them (nout * W is even, so the values start 8-byte aligned).

static void warp_write(Em *em, Reduction *r, const char *g, const char *first_e) {
  bool uses_e = false;
  const char *pos = reduce_slot(r, &uses_e), *acc[MAX_COMBINED];
  accumulators(r, g, acc);
  int n = r->n, W = r->scratch.W;
  Str writes = {0};
  str_add(&writes, "");
  for (int i = 0; i < n; i++)
    str_addf(&writes, "%s%s* %s = %s + %s * %d; %s[%s] = %s;", i ? " " : "", r->scratch.vt[i], part("_p", i, n), r->scratch.vbase[i], pos,
             W, part("_p", i, n), r->scratch.lane, acc[i]);
  line(em, "%s%s%s", uses_e ? xprintf("const int _e = %s; ", first_e) : "", writes.buf,
       r->arg ? xprintf(" ((int32_t*)tl2cu_smem)[%s * %d + (%s)] = %s;", pos, W, r->scratch.lane, index_of(g)) : "");
}

static void warp_combine(Em *em, Reduction *r, const char *g, const char *first_e) {
  bool uses_e = false;
  const char *pos = reduce_slot(r, &uses_e);
  int n = r->n, W = r->scratch.W;
  if (uses_e) line(em, "const int _e = %s;", first_e);
  for (int i = 0; i < n; i++) line(em, "const %s* %s = %s + %s * %d;", r->scratch.vt[i], part("_p", i, n), r->scratch.cvbase[i], pos, W);
  if (r->arg) line(em, "const int32_t* _q = (const int32_t*)tl2cu_smem + %s * %d;", pos, W);
  for (int i = 0; i < n; i++) {
    Str loads = {0};
    str_add(&loads, "");
    for (int w = 0; w < W; w++) str_addf(&loads, "%s%s = %s[%d]", w ? ", " : "", part(xprintf("_w%d", w), i, n), part("_p", i, n), w);
    line(em, "%s %s;", r->scratch.vt[i], loads.buf);
  }
  if (r->arg) {
    Str iloads = {0};
    str_add(&iloads, "");
    for (int w = 0; w < W; w++) str_addf(&iloads, "%s_j%d = _q[%d]", w ? ", " : "", w, w);
    line(em, "int32_t %s;", iloads.buf);
  }
  for (int step = W / 2; step >= 1; step /= 2)
    for (int w = 0; w < step; w++) {
      if (r->arg) {
        line(em, "%s(_w%d, _j%d, _w%d, _j%d);", r->step, w, w, w + step, w + step);
        continue;
      }
      const char *mine[MAX_COMBINED], *theirs[MAX_COMBINED];
      for (int i = 0; i < n; i++) mine[i] = part(xprintf("_w%d", w), i, n), theirs[i] = part(xprintf("_w%d", w + step), i, n);
      combine_into(em, r->v, n, mine, theirs);
    }
  Str results = {0};
  str_add(&results, "");
  const char *acc[MAX_COMBINED];
  accumulators(r, g, acc);
  for (int i = 0; i < n; i++) str_addf(&results, "%s%s = %s;", i ? " " : "", acc[i], part("_w0", i, n));
  line(em, "%s%s", results.buf, r->arg ? xprintf(" %s = _j0;", index_of(g)) : "");
}

// 3. warps holding the same output position combine through shared memory,
// every thread reading all W partials and combining them in the butterfly's order

static void reduce_warps(Em *em, Reduction *r) {
  int wlo, wn = reduce_warp_bits_of(r->b, r->d, &wlo);  // (the facts reduction_of has already)
  if (!wn) return;
  int W = 1 << wn;
  long long nout = (long long)shape_numel(r->v->shape);
  int64_t offset[MAX_COMBINED];
  need_smem(em, reduce_scratch_regions(r->v, nout * W, offset));
  r->scratch.W = W;
  for (int i = 0; i < r->n; i++) {
    const char *vt = r->scratch.vt[i] = r->arg ? r->xt : r->t[i];
    r->scratch.vbase[i] = offset[i] ? xprintf("(%s*)((uint8_t*)tl2cu_smem + %lld)", vt, (long long)offset[i]) : xprintf("(%s*)tl2cu_smem", vt);
    r->scratch.cvbase[i] = offset[i] ? xprintf("(const %s*)((const uint8_t*)tl2cu_smem + %lld)", vt, (long long)offset[i])
                                  : xprintf("(const %s*)tl2cu_smem", vt);
  }
  r->scratch.lane = xprintf("(%s >> %d) & %d", tid(em), wlo, W - 1);
  line(em, "__syncthreads();");
  each_group(em, r, warp_write, true);
  line(em, "__syncthreads();");
  each_group(em, r, warp_combine, true);
}

// 4. every element of an output position gets the result
static void reduce_write(Em *em, Reduction *r) {
  for (int i = 0; i < r->n; i++) {
    Value *out = reduce_result(r->v, i);
    if (!result_read(r->v, i)) continue;
    const char *k = r->scalar ? "_k" : space_register(out->layout, "_k");  // (a sliced result: layout.c)
    const char *g = r->scalar ? "0" : group_of_k(r, k), *acc[MAX_COMBINED];
    accumulators(r, g, acc);
    const char *val = r->arg ? index_of(g) : acc[i];
    if (r->scalar) {
      line(em, "%s = %s;", out->cname, val);
      continue;
    }
    line(em, "#pragma unroll");
    line(em, "for (int _k = 0; _k < %lld; ++_k) %s[_k] = %s;", (long long)out->layout->per_thread, out->cname, val);
  }
}

// The result arrays (or scalars), before the reduction's block.
static void declare_results(Em *em, Reduction *r) {
  const char *inputs = r->x[0]->cname;
  for (int i = 1; i < r->n; i++) inputs = xprintf("%s, %s", inputs, r->x[i]->cname);
  for (int i = 0; i < r->n; i++) {
    Value *out = reduce_result(r->v, i);
    if (!result_read(r->v, i)) continue;
    if (r->scalar) line(em, "%s %s;  // %s of %s", r->t[i], out->cname, r->n > 1 ? r->v->combine->name : r->v->fn, inputs);
    else line(em, "%s %s[%lld];  %s", r->t[i], out->cname, (long long)out->layout->per_thread, shape_comment(out));
  }
}

// A reduction as far as its layout decides it: its inputs, the space dim it reduces and
// where that dim's bits are.
static Reduction reduction_of(Value *v) {
  Reduction r = {.v = v, .arg = is_arg_reduction(v), .scalar = v->shape.rank == 0};
  r.n = reduce_inputs(v, r.x);
  r.l = r.x[0]->layout;
  r.d = r.l->map[v->ival];
  r.b = reduce_bits(r.l, r.d);  // (d < 0: the elements' bits still tell the groups apart)
  return r;
}


void emit_reduce(Em *em, Stmt *s) {
  Value *v = s->v;
  Reduction r = reduction_of(v);
  const Layout *l = r.l;
  for (int i = 0; i < r.n; i++) r.t[i] = ctype(reduce_result(v, i)->ty);
  r.xt = ctype(r.x[0]->ty);
  r.step = !strcmp(v->fn, "argmax") ? "tl2cu_argmax_step" : "tl2cu_argmin_step";
  r.idx = r.d >= 0 ? xprintf("(int32_t)%s", coord(l, r.d)) : "0";
  r.group_of = xmalloc(sizeof(int64_t) * (size_t)l->per_thread);
  r.first = xmalloc(sizeof(int64_t) * (size_t)l->per_thread);
  assign_groups(&r);
  roll_groups(&r);
  declare_results(em, &r);
  line(em, "{");
  em->indent++;
  for (int i = 1; i < r.n; i++) r.x[i] = input_in(em, s, r.x[i], l, i);
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
static const char *slot_index(const char *pos, int64_t S) { return xprintf("tl2cu_scan_slot<%lld>(%s)", (long long)S, pos); }

// The sequential steps of a tuple scan (n > 1), where one value scans: the combine writes
// into temporaries, copied to the buffers after it.
static void scan_step_tuple(Em *em, Value *v, int n, const char *loop, const char **dst, const char **a, const char **b,
                            const char **stores) {
  line(em, "%s {", loop);
  em->indent++;
  combine_tuple(em, v, n, dst, a, b);
  for (int i = 0; stores && i < n; i++) line(em, "%s = %s;", stores[i], dst[i]);
  em->indent--;
  line(em, "}");
}




void emit_scan(Em *em, Stmt *s) {
  Value *v = s->v, *xs[MAX_COMBINED] = {0};
  int n = reduce_inputs(v, xs);
  Value *x = xs[0];
  const Layout *l = x->layout;
  ScanCut cut = scan_cut_of(x, v->ival, em->threads);
  int64_t len = cut.len, numel = cut.numel, lines = cut.lines, P = cut.P, S = cut.S, threads = em->threads;
  int64_t stride = 1;
  for (int i = (int)v->ival + 1; i < x->shape.rank; i++) stride *= x->shape.dim[i];
  int64_t region[MAX_COMBINED];
  const char *t[MAX_COMBINED], *buf[MAX_COMBINED], *total[MAX_COMBINED], *acc[MAX_COMBINED], *before[MAX_COMBINED];
  for (int i = 0; i < n; i++) {
    t[i] = ctype(reduce_result(v, i)->ty);
    buf[i] = part("_buf", i, n), total[i] = part("_total", i, n), acc[i] = part("_acc", i, n), before[i] = part("_before", i, n);
  }
  need_smem(em, scan_scratch_regions(v, n, cut, region));
  for (int i = 0; i < n; i++) {
    Value *out = reduce_result(v, i);
    if (result_read(v, i)) line(em, "%s %s[%lld];  %s", t[i], out->cname, (long long)l->per_thread, shape_comment(out));
  }
  const char *inputs = x->cname;
  for (int i = 1; i < n; i++) inputs = xprintf("%s, %s", inputs, xs[i]->cname);
  line(em, "{  // %s%s of %s along axis %lld: %lld lines of %lld, %lld segments of %lld per line", n > 1 ? v->combine->name : v->fn,
       v->reverse ? " (reversed)" : "", inputs, (long long)v->ival, (long long)lines, (long long)len, (long long)P, (long long)S);
  em->indent++;
  for (int i = 1; i < n; i++) xs[i] = input_in(em, s, xs[i], l, i);
  for (int i = 0; i < n; i++) {
    if (region[i]) line(em, "%s* %s = (%s*)((uint8_t*)tl2cu_smem + %lld);", t[i], buf[i], t[i], (long long)region[i]);
    else line(em, "%s* %s = (%s*)tl2cu_smem;", t[i], buf[i], t[i]);
    line(em, "%s* %s = %s + %lld;", t[i], total[i], buf[i], (long long)numel);
  }
  line(em, "__syncthreads();");
  bool uses_e = false;
  Cx own = identity_cx(l, &uses_e);
  const char *pos = linear_of(&own, x->shape);
  open_elem_loop(em, l, uses_e);
  for (int i = 0; i < n; i++) line(em, "%s[%s] = %s;", buf[i], slot_index(pos, S), elem_at(xs[i], "_k"));
  close_loop(em);
  line(em, "__syncthreads();");
  // element i of segment `seg` of line `ln`, in scan order
  const char *at = xprintf("tl2cu_scan_slot<%lld>((_ln / %lld) * %lld + _ln %% %lld + (%s) * %lld)", (long long)S, (long long)stride, (long long)(len * stride),
                           (long long)stride, v->reverse ? xprintf("%lld - (_seg * %lld + _i)", (long long)(len - 1), (long long)S)
                                                         : xprintf("_seg * %lld + _i", (long long)S),
                           (long long)stride);
  const char *buf_at[MAX_COMBINED], *total_at[MAX_COMBINED], *cur[MAX_COMBINED];
  for (int i = 0; i < n; i++) {
    buf_at[i] = xprintf("%s[%s]", buf[i], at);
    total_at[i] = xprintf("%s[_ln * %lld + _q]", total[i], (long long)P);
    cur[i] = part("_c", i, n);
  }
  line(em, "for (int _u = %s; _u < %lld; _u += %lld) {", tid(em), (long long)(lines * P), (long long)threads);
  em->indent++;
  line(em, "const int _ln = _u / %lld, _seg = _u %% %lld;", (long long)P, (long long)P);
  line(em, "int _i = 0;");
  for (int i = 0; i < n; i++) line(em, "%s %s = %s;", t[i], acc[i], buf_at[i]);
  if (n == 1) line(em, "for (_i = 1; _i < %lld; ++_i) _buf[%s] = _acc = %s;", (long long)S, at, combine_expr(v, "_acc", buf_at[0]));
  else scan_step_tuple(em, v, n, xprintf("for (_i = 1; _i < %lld; ++_i)", (long long)S), acc, acc, buf_at, buf_at);
  for (int i = 0; i < n; i++) line(em, "%s[_u] = %s;", total[i], acc[i]);
  close_loop(em);
  if (P > 1) {
    line(em, "__syncthreads();");
    line(em, "for (int _u = %s; _u < %lld; _u += %lld) {", tid(em), (long long)(lines * P), (long long)threads);
    em->indent++;
    line(em, "const int _ln = _u / %lld, _seg = _u %% %lld;", (long long)P, (long long)P);
    line(em, "if (_seg == 0) continue;");
    for (int i = 0; i < n; i++) line(em, "%s %s = %s[_ln * %lld];", t[i], before[i], total[i], (long long)P);
    if (n == 1) {
      line(em, "for (int _q = 1; _q < _seg; ++_q) _before = %s;", combine_expr(v, "_before", total_at[0]));
      line(em, "for (int _i = 0; _i < %lld; ++_i) _buf[%s] = %s;", (long long)S, at, combine_expr(v, "_before", buf_at[0]));
    } else {
      scan_step_tuple(em, v, n, "for (int _q = 1; _q < _seg; ++_q)", before, before, total_at, NULL);
      for (int i = 0; i < n; i++) line(em, "%s %s;", t[i], cur[i]);
      scan_step_tuple(em, v, n, xprintf("for (int _i = 0; _i < %lld; ++_i)", (long long)S), cur, before, buf_at, buf_at);
    }
    close_loop(em);
  }
  line(em, "__syncthreads();");
  uses_e = false;
  own = identity_cx(l, &uses_e);
  pos = linear_of(&own, x->shape);
  open_elem_loop(em, l, uses_e);
  for (int i = 0; i < n; i++)
    if (result_read(v, i)) line(em, "%s[_k] = %s[%s];", reduce_result(v, i)->cname, buf[i], slot_index(pos, S));
  close_loop(em);
  em->indent--;
  line(em, "}");
}
