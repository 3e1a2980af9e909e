// reduceplan.c: how a reduction or a scan splits over a thread's registers, a warp's lanes
// and the program's warps, as its layout decides: facts smem.c reads to size the shared
// scratch and reduce.c reads to print the steps. Facts only; nothing here prints.
#include "tl2cu.h"

#include <string.h>

bool is_arg_reduction(Value *v) { return !strcmp(v->fn, "argmax") || !strcmp(v->fn, "argmin"); }

// The n inputs of a reduce or scan (one, or the blocks of a tuple) and its n results.
int reduce_inputs(Value *v, Value **xs) {
  if (!v->results.len) {
    xs[0] = v->a;
    return 1;
  }
  int n = 0;
  for (Value *arg = v->a; arg; arg = arg->b) xs[n++] = arg->a;
  return n;
}

Value *reduce_result(Value *v, int i) { return v->results.len ? v->results.items[i] : v; }

// Where the reduced dim lies in a layout (layout.c's blocked ones, or an mma space's): the
// layout as a linear map over its space (linear.c; each basis one bit of the element index
// e, or 0 where threads hold copies) and the bits of e that hold the reduced space dim.
ReduceBits reduce_bits(const Layout *l, int space_dim) {
  Layout over_space = *l;
  for (int i = 0; i < l->space.rank; i++) over_space.map[i] = i;
  ReduceBits b = {.ll = linear_layout(&over_space, l->space)};
  int64_t stride = 1;
  for (int i = space_dim + 1; i < l->space.rank; i++) stride *= l->space.dim[i];
  // (powers of two: bits log2(stride) up; none where the reduced dim is not in the space,
  // a dim of size 1 broadcast over it)
  b.reduced = space_dim < 0 ? 0 : stride * (l->space.dim[space_dim] - 1);
  return b;
}

// The bits of a hardware index (n bases) that walk the reduced dim: a run [*lo, *lo + count)
// where they are consecutive (the lanes and warps of every layout layout.c makes).
int reduce_walking_bits(ReduceBits b, const int64_t *bases, int n, int *lo) {
  int count = 0;
  *lo = -1;
  for (int i = 0; i < n; i++)
    if (bases[i] & b.reduced) {
      if (*lo < 0) *lo = i;
      if (i != *lo + count) internal_error(__FILE__, __LINE__, "a reduction whose lane or warp bits are not consecutive");
      count++;
    }
  return count;
}

// How many bits of the warp index hold the reduced space dim d (the warps that combine; d < 0:
// none), and the first of them as a bit of the thread index (*wlo).
int reduce_warp_bits_of(ReduceBits b, int d, int *wlo) {
  int w = 0, wn = d >= 0 ? reduce_walking_bits(b, b.ll.warp, b.ll.nwarp, &w) : 0;
  *wlo = 5 + w;
  return wn;
}

// The same for reduction v, from its first input's layout.
int reduce_warp_bits(Value *v, int *wlo) {
  Value *xs[MAX_COMBINED] = {0};
  reduce_inputs(v, xs);
  const Layout *l = xs[0]->layout;
  int d = l->map[v->ival];
  return reduce_warp_bits_of(reduce_bits(l, d), d, wlo);
}

// Where each result's partials start in the scratch (offset[i]) for `slots` of each, and the
// bytes of all: argmax/argmin's int32 indices first, then the values, 8-byte aligned apart.
int64_t reduce_scratch_regions(Value *v, int64_t slots, int64_t *offset) {
  Value *xs[MAX_COMBINED] = {0};
  int n = reduce_inputs(v, xs);
  bool arg = is_arg_reduction(v);
  int64_t at = arg ? slots * 4 : 0;
  for (int i = 0; i < n; i++) {
    offset[i] = at;
    at += slots * elem_bytes(arg ? xs[0]->ty : reduce_result(v, i)->ty);
    if (i + 1 < n) at = (at + 7) / 8 * 8;
  }
  return at;
}

// The partials the warps exchange through shared memory (0: the reduction stays in warps).
int64_t reduce_scratch_bytes(Value *v) {
  int wlo, wn = reduce_warp_bits(v, &wlo);
  int64_t offset[MAX_COMBINED];
  return wn ? reduce_scratch_regions(v, shape_numel(v->shape) * ((int64_t)1 << wn), offset) : 0;
}

// A scan's lines of len elements, each cut into P segments of S, one thread each.
ScanCut scan_cut_of(Value *x, int64_t axis, int64_t threads) {
  ScanCut c = {.len = x->shape.dim[axis], .numel = shape_numel(x->shape)};
  c.lines = c.numel / c.len;
  c.P = c.lines >= threads ? 1 : threads / c.lines;
  if (c.P > c.len) c.P = c.len;
  c.S = c.len / c.P;
  return c;
}

// Where each scanned block starts in shared memory (8-byte aligned), and the bytes of all:
// the block (its slots swizzled, tl2cu_scan_slot) and the segments' totals.
int64_t scan_scratch_regions(Value *v, int n, ScanCut c, int64_t *region) {
  int64_t at_byte = 0;
  for (int i = 0; i < n; i++) {
    region[i] = at_byte;
    at_byte += (c.numel + c.lines * c.P) * elem_bytes(reduce_result(v, i)->ty);
    if (i + 1 < n) at_byte = (at_byte + 7) / 8 * 8;
  }
  return at_byte;
}

int64_t scan_scratch_bytes(Value *v, int threads) {
  Value *xs[MAX_COMBINED] = {0};
  int n = reduce_inputs(v, xs);
  int64_t region[MAX_COMBINED];
  return scan_scratch_regions(v, n, scan_cut_of(xs[0], v->ival, threads), region);
}
