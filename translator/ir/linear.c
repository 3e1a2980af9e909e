// linear.c: layouts as linear maps over GF(2), as Triton 3.x's LinearLayout (Zhou et al.,
// arXiv 2505.23819; Triton's LinearLayout.h): for each bit of the hardware index (a
// thread's register, i.e. its element k; its lane; its warp) the element of the block it
// adds, by XOR. Every block dimension is a power of two, so an element is named by the
// bits of its row-major index, and a basis vector is such an index. A basis of 0: that
// bit replicates (threads beyond a small block hold copies).
//
// Today this describes the layouts layout.c assigns, for --dump-ir; the passes of
// docs BACKEND.md (conversions derived from two maps) are to be built on it.
#include "tl2cu.h"

// The coordinates of row-major index `flat` of block s.
static void coords_of(int64_t flat, Shape s, int64_t *coord) {
  for (int d = s.rank - 1; d >= 0; d--) {
    coord[d] = flat & (s.dim[d] - 1);
    flat >>= log2i(s.dim[d]);
  }
}

// Index `flat` of block `from` as an index of block `to`, whose dim i is from's dim
// map[i] (-1: size 1, coordinate 0).
static int64_t reindex(int64_t flat, Shape from, Shape to, const int *map) {
  int64_t coord[MAX_RANK], out = 0;
  coords_of(flat, from, coord);
  for (int i = 0; i < to.rank; i++) out = (out << log2i(to.dim[i])) | (map[i] >= 0 ? coord[map[i]] : 0);
  return out;
}

// An mma layout (runtime tl2cu_elem_mma): register bit 0 the pair's column, bit 1 the
// fragment's lower half (row + 8), then the fragment along the warp's columns (8 apart)
// and rows (16 apart); lane bits 0-1 the column pair (2t), 2-4 the row (g); warp bits
// the warp's column, then row, in the grid of wm x wn warps.
static LinearLayout mma_linear_layout(const Layout *l, Shape value) {
  LinearLayout ll = {.shape = value};
  int64_t M = l->space.dim[0], N = l->space.dim[1], cols = N / l->wn / 8, rows = M / l->wm / 16;
  int64_t reg[32] = {1, 8 * N};
  int n = 2;
  for (int64_t c = 1; c < cols; c *= 2) reg[n++] = 8 * c;
  for (int64_t r = 1; r < rows; r *= 2) reg[n++] = 16 * r * N;
  for (int i = 0; i < n; i++)  // (a sliced value, layout.c: only the registers it keeps)
    if (!l->keep || (l->keep >> i & 1)) ll.reg[ll.nreg++] = reindex(reg[i], l->space, value, l->map);
  const int64_t lane[5] = {2, 4, N, 2 * N, 4 * N};
  ll.nlane = 5;
  for (int i = 0; i < 5; i++) ll.lane[i] = reindex(lane[i], l->space, value, l->map);
  for (int64_t w = 1; w < l->wn; w *= 2) ll.warp[ll.nwarp++] = reindex(w * (N / l->wn), l->space, value, l->map);
  for (int64_t w = 1; w < l->wm; w *= 2) ll.warp[ll.nwarp++] = reindex(w * (M / l->wm) * N, l->space, value, l->map);
  return ll;
}

// The layout of a value of shape `value` held in l: the thread's element k of its space
// is e = ((k / vec) * threads + t) * vec + k % vec (runtime tl2cu_elem), projected on
// the dims the value follows.
LinearLayout linear_layout(const Layout *l, Shape value) {
  if (l->kind == LAYOUT_MMA) return mma_linear_layout(l, value);
  LinearLayout ll = {.shape = value};
  int64_t n = shape_numel(l->space);
  int vec_bits = log2i(l->vec), thread_bits = log2i(l->threads);
  ll.nreg = log2i(l->per_thread);
  for (int i = 0; i < ll.nreg; i++) {
    int64_t e = (int64_t)1 << (i < vec_bits ? i : i + thread_bits);
    ll.reg[i] = reindex(e, l->space, value, l->map);
  }
  ll.nlane = thread_bits < 5 ? thread_bits : 5;
  ll.nwarp = thread_bits - ll.nlane;
  for (int j = 0; j < thread_bits; j++) {
    int64_t e = (int64_t)1 << (vec_bits + j);
    int64_t basis = e < n ? reindex(e, l->space, value, l->map) : 0;
    if (j < 5) ll.lane[j] = basis;
    else ll.warp[j - 5] = basis;
  }
  return ll;
}

// The element (row-major index in ll.shape) that register `reg` of lane `lane` of warp
// `warp` holds.
int64_t linear_apply(const LinearLayout *ll, int64_t reg, int lane, int warp) {
  int64_t e = 0;
  for (int i = 0; i < ll->nreg; i++)
    if (reg >> i & 1) e ^= ll->reg[i];
  for (int i = 0; i < ll->nlane; i++)
    if (lane >> i & 1) e ^= ll->lane[i];
  for (int i = 0; i < ll->nwarp; i++)
    if (warp >> i & 1) e ^= ll->warp[i];
  return e;
}

static void add_bases(Str *t, const char *name, const int64_t *bases, int n, Shape shape) {
  str_addf(t, "%s=[", name);
  for (int b = 0; b < n; b++) {
    int64_t coord[MAX_RANK];
    coords_of(bases[b], shape, coord);
    str_addf(t, "%s[", b ? ", " : "");
    for (int d = 0; d < shape.rank; d++) str_addf(t, "%s%lld", d ? ", " : "", (long long)coord[d]);
    str_add(t, "]");
  }
  str_add(t, "]");
}

// As Triton prints a LinearLayout: each input bit's coordinates in the block.
const char *linear_text(const LinearLayout *ll) {
  Str t = {0};
  str_add(&t, "#linear<");
  add_bases(&t, "register", ll->reg, ll->nreg, ll->shape);
  add_bases(&t, ", lane", ll->lane, ll->nlane, ll->shape);
  add_bases(&t, ", warp", ll->warp, ll->nwarp, ll->shape);
  str_add(&t, ">");
  return t.buf;
}
