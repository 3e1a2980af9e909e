// ir.c: queries over the IR itself (values, statements, layouts as data) that every stage
// reads, from the tracer to the printer: nothing here analyses or decides.
#include "tl2cu.h"

bool is_materialized(Value *v) { return v->cname != NULL || v->kind == V_VAR; }

// A run moves in chunks of at most 16 bytes: its elements, or fewer.
int layout_chunk(const Layout *l, Type elem) {
  int size = elem_bytes(elem);
  return l->vec * size > 16 ? 16 / size : l->vec;
}

// The chunk an access of this element type moves at once in layout l, where its facts
// allow vectors of `vector` elements: two elements and 4 bytes at least, tiling the
// space's last dim over all the threads; 0 if none.
int layout_vector_chunk(const Layout *l, Type elem, int vector) {
  int size = elem_bytes(elem), run = layout_chunk(l, elem), n = vector < run ? vector : run;
  if (elem.kind == TY_I1 || n < 2 || size * n < 4) return 0;
  return l->space.dim[l->space.rank - 1] % n == 0 && shape_numel(l->space) >= l->threads ? n : 0;
}

// Marks for walks over values (Value.visit): each walk takes a fresh one.
static int walk_marks;
int sem_walk_mark(void) { return ++walk_marks; }
