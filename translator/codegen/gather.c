// gather.c: tl.gather and tl.histogram, through the shared scratch buffer (tl2cu_smem),
// which every use opens with a __syncthreads() all the program's threads reach.
//
// tl.gather stores its source block there row-major, then every thread reads, for each
// element of the result it holds, the source element whose coordinate along the axis is
// the index there: Triton's shared-memory path (GatherOpToLLVM.cpp), whose warp-shuffle
// path reads the same elements. An index outside the axis is undefined in Triton; here
// its low bits pick the element, so that no read leaves the block.
//
// tl.histogram counts in shared memory with atomicAdd, one count per element of the input
// (a copy of it that another thread or another row of a broadcast also holds does not
// count). Triton 3.6 (HistogramOpToLLVM.cpp) bins a value by its low log2(max(num_bins, 32))
// bits, a lane of a warp owning each bin: with 32 bins or more, a value past them counts
// in bin value mod num_bins; with fewer, in bin value mod 32 if there is such a bin. The
// counts here are the same.
#include "emit.h"

// ---------------------------------------------------------------- gather

// The source element's coordinate along the axis, at the current element of the result:
// the index there, its low bits (an index outside the axis is undefined in Triton).
static const char *gather_index(Em *em, Stmt *s, Cx *cx) {
  Value *v = s->v;
  int64_t n = v->a->shape.dim[v->ival];
  return xprintf("(int)(%s & %lld)", ex(em, v->b, cx), (long long)(n - 1));
}

// The threads write the elements they hold of x into the buffer, row-major (copies of
// an element write the same value). Also sort.c's.
void smem_store_block(Em *em, Value *x) {
  bool uses_e = false;
  Cx own = identity_cx(x->layout, &uses_e);
  const char *pos = linear_of(&own, x->shape);
  need_smem(em, block_scratch_bytes(x));
  line(em, "__syncthreads();");
  open_elem_loop(em, x->layout, uses_e);
  line(em, "((%s*)tl2cu_smem)[%s] = %s;", ctype(x->ty), pos, elem_at(x, "_k"));
  close_loop(em);
  line(em, "__syncthreads();");
}

// (sem_gather leaves a source of one element along the axis a broadcast.)
void emit_gather(Em *em, Stmt *s) {
  Value *v = s->v, *x = v->a;
  int ax = (int)v->ival;
  line(em, "%s", array_decl(v));
  print_conversions(em);  // before the buffer holds x
  line(em, "{  // from %s along axis %d, through shared memory", x->cname, ax);
  em->indent++;
  smem_store_block(em, x);
  bool uses_e = false;
  Cx cx = identity_cx(v->layout, &uses_e);
  const char *index = gather_index(em, s, &cx);
  Cx at = cx;
  at.crd[ax] = "_i";
  at.crd_e[ax] = false;
  at.crd_zero[ax] = false;
  const char *pos = linear_of(&at, x->shape);
  open_elem_loop(em, v->layout, uses_e);
  line(em, "const int _i = %s;", index);
  line(em, "%s[_k] = ((const %s*)tl2cu_smem)[%s];", v->cname, ctype(v->ty), pos);
  close_loop(em);
  em->indent--;
  line(em, "}");
}

// ---------------------------------------------------------------- histogram

// Whether this thread's element k of the 1-D value held in layout l is the copy that
// counts: thread t holds element t % n of a space of n < threads elements, and a space
// the value is broadcast into holds a copy for each coordinate of its other dims.
static const char *counted_copy(Em *em, const Layout *l, bool *uses_e) {
  Str t = {0};
  str_add(&t, "");
  int64_t n = shape_numel(l->space);
  if (n < l->threads) str_addf(&t, "%s < %lld", tid(em), (long long)n);
  for (int d = 0; d < l->space.rank; d++) {
    if (l->space.dim[d] == 1 || d == l->map[0]) continue;
    str_addf(&t, "%s%s == 0", t.len ? " && " : "", coord(l, d));
    *uses_e = true;
  }
  return t.len ? t.buf : NULL;
}

// The count of the current element of the input: one more in its bin (Triton's: its
// low bits, of max(num_bins, 32)), where the mask lets it and this copy counts.
static const char *histogram_count(Em *em, Stmt *s, Cx *cx) {
  Value *v = s->v;
  int64_t bins = v->ival, span = bins < 32 ? 32 : bins;
  Cx cm = *cx;
  const char *x = ex(em, v->a, cx), *copy = counted_copy(em, v->a->layout, cx->uses_e);
  const char *bin = xprintf("%s & %lld", x, (long long)(span - 1));
  Str cond = {0};
  str_add(&cond, "");
  if (v->b) str_add(&cond, ex(em, v->b, &cm));
  if (copy) str_addf(&cond, "%s%s", cond.len ? " && " : "", copy);
  if (span > bins) str_addf(&cond, "%s(%s) < %lld", cond.len ? " && " : "", bin, (long long)bins);
  const char *add = xprintf("atomicAdd(&_bins[%s], 1);", bin);
  return cond.len ? xprintf("if (%s) %s", cond.buf, add) : add;
}

void emit_histogram(Em *em, Stmt *s) {
  Value *v = s->v, *x = v->a;
  long long bins = (long long)v->ival;
  line(em, "%s", array_decl(v));
  print_conversions(em);  // before the buffer holds the counts
  need_smem(em, bins * 4);
  line(em, "{  // %lld bin%s of %s: a value counts in the bin of its low %d bits%s, as in Triton", bins,
       bins > 1 ? "s" : "", x->cname, log2i(bins < 32 ? 32 : bins), bins < 32 ? ", if there is one" : "");
  em->indent++;
  line(em, "int* _bins = (int*)tl2cu_smem;");
  line(em, "__syncthreads();");
  if (bins == em->threads) line(em, "_bins[%s] = 0;", tid(em));
  else if (bins < em->threads) line(em, "if (%s < %lld) _bins[_tid] = 0;", tid(em), bins);
  else line(em, "for (int _u = %s; _u < %lld; _u += %d) _bins[_u] = 0;", tid(em), bins, em->threads);
  line(em, "__syncthreads();");
  bool uses_e = false;
  Cx cx = identity_cx(x->layout, &uses_e);
  const char *count = histogram_count(em, s, &cx);
  open_elem_loop(em, x->layout, uses_e);
  line(em, "%s", count);
  close_loop(em);
  line(em, "__syncthreads();");
  uses_e = false;
  Cx out = identity_cx(v->layout, &uses_e);
  const char *pos = linear_of(&out, v->shape);
  open_elem_loop(em, v->layout, uses_e);
  line(em, "%s[_k] = _bins[%s];", v->cname, pos);
  close_loop(em);
  em->indent--;
  line(em, "}");
}
