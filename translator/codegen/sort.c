// sort.c: tl.sort, tl.topk and tl.bitonic_merge (V_SORT), through the shared scratch
// buffer (tl2cu_smem), which every use opens with a __syncthreads() all the program's
// threads reach.
//
// The block goes into the buffer row-major; the runtime's tl2cu_sort runs Triton 3.6's
// bitonic network (standard.py sort_impl) on its rows in place, a barrier after each
// step; then every thread reads the elements of the result it holds, which are the
// first k of each row. The network is Triton's compare for compare, including its
// where-based swap: a pair that compares false both ways (a NaN, or -0.0 and +0.0) ends
// up holding one of its values twice, as in Triton (docs/NOTES.md 35 says why this way
// and not with the hypercube reshapes Triton traces).
#include <string.h>

#include "emit.h"

void emit_sort(Em *em, Stmt *s) {
  Value *v = s->v, *x = v->a;
  int rank = x->shape.rank;
  int64_t n = x->shape.dim[rank - 1], rows = shape_numel(x->shape) / n;
  int log_n = log2i(n), log_k = log2i(v->shape.dim[rank - 1]);
  int first = !strcmp(v->fn, "bitonic_merge") ? log_n : 1;
  line(em, "%s", array_decl(v));
  const char *top = log_k < log_n ? xprintf(" (the top %lld of %lld)", (long long)1 << log_k, (long long)n) : "";
  line(em, "{  // tl.%s of %s along its last dim%s%s: Triton's bitonic network, through shared memory", v->fn,
       x->cname, top, v->ival ? ", descending" : "");
  em->indent++;
  smem_store_block(em, x);
  line(em, "tl2cu_sort((%s*)tl2cu_smem, %lld, %d, %d, %d, %s, %s, %d);", ctype(v->ty), (long long)rows, log_n, log_k,
       first, v->ival ? "true" : "false", tid(em), em->threads);
  bool uses_e = false;
  Cx cx = identity_cx(v->layout, &uses_e);
  if (log_k == 0) cx.crd[rank - 1] = "0", cx.crd_e[rank - 1] = false, cx.crd_zero[rank - 1] = true;
  const char *pos = linear_of(&cx, x->shape);  // (the first k of each row of n)
  open_elem_loop(em, v->layout, uses_e);
  line(em, "%s[_k] = ((const %s*)tl2cu_smem)[%s];", v->cname, ctype(v->ty), pos);
  close_loop(em);
  em->indent--;
  line(em, "}");
}
