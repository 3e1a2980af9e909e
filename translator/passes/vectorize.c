// vectorize.c: which accesses of a laid-out kernel can move vectors, from the axisinfo
// pass's facts, the layouts (layout.c) and the packed bytes (pack.c). It decides the plain
// variant's runs (emit.c): 16 bytes where some access moves vectors, else 4 bytes.
// access.c decides, access by access while printing, what each one emits, from the same
// facts (axis_run_vector).
#include "tl2cu.h"

// Would an access of this element type, vector width (the axisinfo pass's) and layout
// move vectors (layout_vector_chunk, as access.c's vector accesses ask)? Its runs must
// walk its last dim.
static bool laid_out_as_vector(const Layout *l, int vector, Type elem, int rank) {
  return l && rank >= 1 && l->map[rank - 1] == l->space.rank - 1 && layout_vector_chunk(l, elem, vector);
}

// Could a window (access.c) serve an access through ptr, c elements past a boundary, in
// layout l: one 16-byte chunk or less a run, a warp along a row, whole warps?
// Bytes only packed (pack.c, decided for these layouts): words move, not bytes.
static bool laid_out_as_window(const Layout *l, Value *ptr, Type elem, bool packed, int variant, int threads) {
  int64_t c = 0;
  int size = elem_bytes(elem), vector = axis_shifted_vector(ptr, variant, &c);
  if (!vector || (size < 2 && !packed) || threads < 32 || threads % 32 || !laid_out_as_vector(l, vector, elem, ptr->shape.rank) ||
      l->kind != LAYOUT_BLOCKED)
    return false;
  return l->vec <= vector && c < l->vec && l->space.dim[l->space.rank - 1] >= 32 * l->vec;
}

enum { WINDOW_SEARCH = 64 };  // a shifted load's anchor is sought among this many loads either side

typedef struct {
  int variant, threads, generation;
  Vec loads;              // the kernel's loads in order, each either
  Vec shifted, aligned;   // (of the same length: 1 where the load may be a window's, or its anchor)
} VectorSearch;

static bool loads_as_vector(Value *v, VectorSearch *q) {
  if (!v || v->visit == q->generation) return false;
  v->visit = q->generation;
  if (v->kind == V_LOAD && laid_out_as_vector(v->layout, v->vector[q->variant], v->ty, v->shape.rank)) return true;
  if (v->kind == V_LOAD) {
    vec_push(&q->loads, v);
    vec_push(&q->shifted, (void *)(intptr_t)laid_out_as_window(v->layout, v->a, v->ty, v->packed, q->variant, q->threads));
    vec_push(&q->aligned,
             (void *)(intptr_t)laid_out_as_vector(v->layout, axis_vector(v->a, NULL, q->variant), v->ty, v->shape.rank));
  }
  for (int i = 0; i < v->results.len; i++)
    if (loads_as_vector(v->results.items[i], q)) return true;
  return loads_as_vector(v->a, q) || loads_as_vector(v->b, q) || loads_as_vector(v->c, q);
}

static bool accesses_as_vector(Stmt *s, VectorSearch *q) {
  for (; s; s = s->next) {
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++)
      if (loads_as_vector(vs[i], q)) return true;
    Layout own;
    const Layout *l = s->kind == S_STORE && s->ptr->shape.rank ? layout_own_space(s->ptr, q->threads, &own) : NULL;
    if (l && (laid_out_as_vector(l, s->vector[q->variant], s->v->ty, s->ptr->shape.rank) ||
              laid_out_as_window(l, s->ptr, s->v->ty, s->v->packed || packs_store_value(s, l), q->variant, q->threads)))
      return true;
    if (accesses_as_vector(s->body, q) || accesses_as_vector(s->orelse, q)) return true;
  }
  return false;
}

// A shifted load with an aligned load at a constant distance under a run: a window's
// anchor and its neighbour (the stencil's x[i] and x[i + 1]), sought nearby (a window's
// loads are consecutive once the group pass has run).
static bool anchored_window(VectorSearch *q) {
  for (int i = 0; i < q->loads.len; i++) {
    if (!q->shifted.items[i]) continue;
    Value *v = q->loads.items[i];
    for (int j = i > WINDOW_SEARCH ? i - WINDOW_SEARCH : 0; j < q->loads.len && j <= i + WINDOW_SEARCH; j++) {
      Value *anchor = q->loads.items[j];
      int64_t d;
      if (q->aligned.items[j] && constant_difference(v->a, anchor->a, &d) && d && d < v->layout->vec && d > -v->layout->vec)
        return true;
    }
  }
  return false;
}

// Does any access of k, as now laid out, move vectors in the variant (PLAIN_VARIANT or
// ALIGNED_VARIANT), by the axisinfo pass's widths and the facts of shifted accesses?
bool kernel_has_vectors(Kernel *k, int variant) {
  VectorSearch q = {.variant = variant, .threads = k->program_threads ? k->program_threads : k->num_warps * 32,
                    .generation = sem_walk_mark()};
  return accesses_as_vector(k->body, &q) || anchored_window(&q);
}

