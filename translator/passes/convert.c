// convert.c: the conversions pass (issue 13). After layouts are assigned, which block
// values each statement reads outside the elements its own threads hold, and how: held
// (the reading thread has the element), recomputed (index math, cheaper to redo than to
// move), or converted through shared memory (a buffer of the whole value, rows padded by
// one element so that reading down columns is free of bank conflicts). It follows each
// statement's expressions as the printer reads them, with coordinates as symbols: a dim
// of the statement's space ("d1"), a constant ("0", "1"), or the structure of a flip or a
// reshape of them (composite symbols keep their structure, coord_sym, so that the printer
// writes them as C). Its records (Stmt.converts) are printed by --dump-ir=convert and by
// the printer, before each statement that has them; the printer asks it (reads_across)
// before choosing a form that cannot hold a conversion (a load window, a statement
// duplicated into two branches).
#include <stdlib.h>
#include <string.h>

#include "tl2cu.h"

typedef struct {
  const Layout *lay;          // the space of the element loop the statement runs in
  const char *crd[MAX_RANK];  // the current value's coordinates, as symbols
} Place;

typedef struct {
  Stmt *s;
  int threads;
  Kernel *k;
} Walk;

// Pure functions of coordinates, parameters and scalars: no block loads, no variables. A
// scalar in a C variable is read, not redone, even a loaded one (unsloth's grouped GEMM:
// `offs_am[:, None] < m_size`, m_size = tl.load(...), recomputed in the K loop rather than
// converted through shared memory there); a variable's may have changed since, but for a
// for loop's counter that its body never assigns: the same all through an iteration, where
// every value computed from it is read (`kk = k * BK + offs_k` in A's and B's addresses).
static bool recomputable_tree(Value *v) {
  if (!v) return true;
  if (v->kind == V_VAR) return v->fixed_counter && v->shape.rank == 0;
  if (v->kind == V_ATOMIC) return false;  // (an atomic happens once)
  if (v->cname && v->kind != V_PARAM && v->shape.rank == 0) return true;
  if (v->kind == V_LOAD) return false;
  if (is_collective(v)) return false;  // only ever read from their arrays
  return recomputable_tree(v->a) && recomputable_tree(v->b) && recomputable_tree(v->c);
}
bool recomputable(Value *v) { return v->kind != V_VAR && recomputable_tree(v); }

// Coordinates as symbols, here and in the printer's Cx: "d<i>" is the coordinate along
// dim i of the statement's space, "0" and "1" constants; flips and reshapes wrap them.
// Symbols are interned: one pointer per coordinate, so two compare with ==.
const char *const SYM_ZERO = "0", *const SYM_ONE = "1";

const char *coord_symbol(int space_dim) {
  static const char *const dims[MAX_RANK] = {"d0", "d1", "d2", "d3"};  // (every statement asks)
  return space_dim < (int)(sizeof dims / sizeof *dims) ? dims[space_dim] : xprintf("d%d", space_dim);
}
// Every composite symbol made, by its text (two made alike are the same coordinate, and
// the same pointer: the text first made).
static NameSet composite_names;
static Vec composites, composite_texts;

static const char *composite(const char *sym, CoordSym c) {
  int *at = nameset_find(&composite_names, sym, true);
  if (!*at) {
    CoordSym *copy = xmalloc(sizeof(CoordSym));
    *copy = c;
    vec_push(&composites, copy);
    vec_push(&composite_texts, (void *)sym);
    *at = composites.len;
  }
  return composite_texts.items[*at - 1];
}

const CoordSym *coord_sym(const char *sym) {
  int *at = nameset_find(&composite_names, sym, false);
  return at ? composites.items[*at - 1] : NULL;
}

const char *flip_symbol(int64_t n, const char *c) {
  return composite(xprintf("f%lld(%s)", (long long)n, c), (CoordSym){.kind = SYM_FLIP, .arg = c, .n = n});
}

// Which of the coordinates of broadcast/expand/permute v its operand's dim j reads (-1: none,
// a size-1 dim broadcast).
int operand_coord_index(const Value *v, int j) {
  switch (v->kind) {
  case V_BROADCAST: return v->a->shape.dim[j] == 1 ? -1 : j + v->shape.rank - v->a->shape.rank;
  case V_EXPAND: return j < v->ival ? j : j + 1;
  case V_PERMUTE:  // result dim i is source dim perm[i]
    for (int i = 0; i < v->shape.rank; i++)
      if (v->perm[i] == j) return i;
    unreachable();
  default: unreachable();
  }
}

// The coordinates of a broadcast's, expand_dims' or permute's operand from the op's own
// (as symbols here, and as C text too in the printer's operand_cx); out starts as in.
void operand_coords(const Value *v, const char *const *in, const char **out) {
  for (int j = 0; j < v->a->shape.rank; j++) {
    int i = operand_coord_index(v, j);
    out[j] = i < 0 ? SYM_ZERO : in[i];
  }
}

// Row-major linear index of the coordinates in shape s, as a symbol.
const char *linear_symbol(const char *const *sym, Shape s) {
  const char *t = "";
  int64_t stride = 1;
  for (int i = s.rank - 1; i >= 0; i--) {
    if (s.dim[i] > 1 && sym[i] != SYM_ZERO) t = xprintf("%s+%s*%lld", t, sym[i], (long long)stride);
    stride *= s.dim[i];
  }
  if (!*t) return SYM_ZERO;
  CoordSym c = {.kind = SYM_LINEAR, .shape = s};
  for (int i = 0; i < s.rank; i++) c.terms[i] = sym[i];
  return composite(t, c);
}
const char *reshape_symbol(const char *lin, int64_t stride, int64_t dim) {
  if (dim == 1) return SYM_ZERO;
  return composite(xprintf("r(%s)/%lld%%%lld", lin, (long long)stride, (long long)dim),
                   (CoordSym){.kind = SYM_RESHAPE, .arg = lin, .n = stride, .size = dim});
}

// The coordinates of a value held in layout l, at its own element.
static Place own_place(const Layout *l) {
  Place p = {.lay = l};
  for (int i = 0; i < MAX_RANK; i++) p.crd[i] = l && l->map[i] >= 0 ? coord_symbol(l->map[i]) : SYM_ZERO;
  return p;
}

// The register of a value held in layout `held` that holds the element a loop over layout
// `reader` (the same space) is at, register _k: the same, unless one of them is sliced
// (layout.c slice_values): the reader's register in the space's numbering (its bits
// reader->keep), then the held layout's bits of it.
static HeldRegister sliced_index(const Layout *held, const Layout *reader) {
  if (held->keep == reader->keep) return (HeldRegister){.held = true};
  return (HeldRegister){.held = true, .deposit = reader->keep, .squeeze = held->keep};
}

// A sliced value read in another mma space (flash attention's alpha, sliced from the
// [128, 64] space of q @ k, scaling the [128, 128] accumulator): held there too where the
// reader's layout, projected on the value, puts its elements in the same lanes and warps
// and the same order of registers (each reader register whose basis moves the value is the
// value's next). The value's register is then the reader's with the other bits dropped.
static HeldRegister held_in_other_space(Value *v, const Layout *lay, const char *const *sym) {
  const Layout *l = v->layout;
  HeldRegister none = {0};
  if (l->kind != LAYOUT_MMA || lay->kind != LAYOUT_MMA || !l->keep) return none;
  Layout there = *lay;  // the reader's layout, v's dims mapped to the space dims it is read at
  for (int i = 0; i < v->shape.rank; i++) {
    there.map[i] = -1;
    for (int d = 0; d < lay->space.rank && v->shape.dim[i] > 1; d++)
      if (sym[i] == coord_symbol(d)) there.map[i] = d;
    if (v->shape.dim[i] > 1 && there.map[i] < 0) return none;
  }
  LinearLayout mine = linear_layout(l, v->shape), theirs = linear_layout(&there, v->shape);
  if (mine.nlane != theirs.nlane || mine.nwarp != theirs.nwarp) return none;
  for (int i = 0; i < mine.nlane; i++)
    if (mine.lane[i] != theirs.lane[i]) return none;
  for (int i = 0; i < mine.nwarp; i++)
    if (mine.warp[i] != theirs.warp[i]) return none;
  unsigned moving = 0;
  int next = 0;
  for (int i = 0; i < theirs.nreg; i++) {
    if (!theirs.reg[i]) continue;
    if (next >= mine.nreg || theirs.reg[i] != mine.reg[next++]) return none;
    moving |= 1u << i;
  }
  if (next != mine.nreg) return none;
  return (HeldRegister){.held = true, .squeeze = moving};
}

// Do two layouts of one space give each thread the same elements? A variant's layouts of a
// space do; a staged store's runs of 16 bytes (scratch.c staged_store_layout) are its own,
// over an mma space or over a blocked one with other runs (a run template's kRun).
static bool assign_alike(const Layout *a, const Layout *b) {
  if (!shape_eq(a->space, b->space) || a->kind != b->kind || a->threads != b->threads) return false;
  if (a->kind == LAYOUT_MMA) return a->wm == b->wm && a->wn == b->wn;
  // (a kernel-run layout's runs are kRun: the same in every instance only where they are 1)
  return a->vec == b->vec && (a->kernel_run == b->kernel_run || a->vec == 1);
}

// The register of v's array (of the reader's _k) that holds v where the reading thread's
// element of layout lay reads it at coordinates sym; .held false if the thread lacks it.
HeldRegister held_register(Value *v, const Layout *lay, const char *const *sym) {
  const Layout *l = v->layout;
  HeldRegister none = {0};
  if (!assign_alike(l, lay)) return held_in_other_space(v, lay, sym);
  for (int i = 0; i < v->shape.rank; i++)
    if (v->shape.dim[i] > 1 && (l->map[i] < 0 || sym[i] != coord_symbol(l->map[i]))) return none;
  return sliced_index(l, lay);
}

// Does the reading thread's element of space lay hold v at these coordinates?
bool held_at(Value *v, const Layout *lay, const char *const *sym) { return held_register(v, lay, sym).held; }

// A conversion's buffer pads each row of v's last dim with one element (when v has rows):
// a layout that reads across rows (a transpose) then finds consecutive rows in
// consecutive banks.
static int64_t convert_row_padding(Value *v) {
  int64_t row = v->shape.rank > 1 ? v->shape.dim[v->shape.rank - 1] : 0;
  return row > 1 && row < shape_numel(v->shape) ? row : 0;
}

// The shared-memory buffer of a conversion of v: its elements, one padding element a row.
static int64_t convert_bytes(Value *v) {
  int64_t row = convert_row_padding(v), numel = shape_numel(v->shape);
  return (numel + (row ? numel / row : 0)) * elem_bytes(v->ty);
}

// The same value at the same coordinates of the same space converts once per statement.
static bool already_converted(Walk *w, Value *v, const Place *p) {
  for (int i = 0; i < w->s->converts.len; i++) {
    Convert *c = w->s->converts.items[i];
    if (c->v != v || !shape_eq(c->to.space, p->lay->space)) continue;
    bool same = true;
    for (int d = 0; d < v->shape.rank; d++) same &= v->shape.dim[d] == 1 || c->crd[d] == p->crd[d];
    if (same) return true;
  }
  return false;
}

static void convert(Walk *w, Value *v, const Place *p) {
  if (already_converted(w, v, p)) return;
  Convert *c = xmalloc(sizeof(Convert));
  c->v = v;
  c->to = *p->lay;
  memcpy(c->crd, p->crd, sizeof c->crd);
  c->bytes = convert_bytes(v);
  c->row = convert_row_padding(v);
  vec_push(&w->s->converts, c);
  if (w->k && c->bytes > w->k->convert_bytes) w->k->convert_bytes = c->bytes;
}

static void read_definition(Walk *w, Value *v, const Place *p);

// v at these coordinates (the printer's ex): a named value from its array, else its definition.
static void read_value(Walk *w, Value *v, const Place *p) {
  if (!v) return;
  if (!is_materialized(v) || v->kind == V_PARAM) {
    read_definition(w, v, p);
    return;
  }
  if (v->shape.rank == 0 || !p->lay) return;
  if (v->layout && held_at(v, p->lay, p->crd)) return;
  if (shape_numel(v->shape) == 1) return;  // every thread holds the one element
  if (recomputable(v)) read_definition(w, v, p);
  else convert(w, v, p);
}

static void read_at(Walk *w, Value *v, const Place *p, int dim, const char *crd) {
  Place c = *p;
  c.crd[dim] = crd;
  read_value(w, v, &c);
}

static void read_definition(Walk *w, Value *v, const Place *p) {
  Place c = *p;
  switch (v->kind) {
  case V_BROADCAST: case V_EXPAND: case V_PERMUTE:
    operand_coords(v, p->crd, c.crd);
    read_value(w, v->a, &c);
    return;
  case V_FLIP:
    read_at(w, v->a, p, (int)v->ival, flip_symbol(v->shape.dim[v->ival], p->crd[v->ival]));
    return;
  case V_RESHAPE: {
    const char *lin = linear_symbol(p->crd, v->shape);
    int64_t stride = 1;
    for (int j = v->a->shape.rank - 1; j >= 0; j--) {
      c.crd[j] = reshape_symbol(lin, stride, v->a->shape.dim[j]);
      stride *= v->a->shape.dim[j];
    }
    read_value(w, v->a, &c);
    return;
  }
  case V_SPLIT:
    read_at(w, v->a, p, v->a->shape.rank - 1, v->ival ? SYM_ONE : SYM_ZERO);
    return;
  case V_BINARY:
    if (v->fuse && (v->op == OP_ADD || v->op == OP_SUB)) {  // the addend, then the folded multiply's operands
      Value *m = v->fuse == 1 ? v->a : v->b, *other = v->fuse == 1 ? v->b : v->a;
      read_value(w, other, p);
      read_value(w, m->a, p);
      read_value(w, m->b, p);
      return;
    }
    break;
  case V_UNARY:
    if (v->fuse) {  // -(a * b) as an fma of the product's operands
      read_value(w, v->a->a, p);
      read_value(w, v->a->b, p);
      return;
    }
    break;
  case V_MATH:
    if (v->c && v->c->kind == V_ARG) {  // a libdevice call's third and fourth operands
      read_value(w, v->a, p);
      read_value(w, v->b, p);
      read_value(w, v->c->a, p);
      read_value(w, v->c->b->a, p);
      return;
    }
    break;
  case V_CONST: case V_PARAM: case V_PROGRAM_ID: case V_NUM_PROGRAMS: case V_ARANGE: case V_ARG:
    return;
  default:
    break;
  }
  read_value(w, v->a, p);
  read_value(w, v->b, p);
  read_value(w, v->c, p);
}

// The inputs of a tuple op (a V_ARG list) that its first input's layout l does not hold:
// the op reads them there (reduce.c input_in).
static void read_inputs_in(Walk *w, Value *op, const Layout *l) {
  Place p = own_place(l);
  for (Value *n = op->a; n; n = n->b)
    if (!layout_holds(l, n->a)) read_value(w, n->a, &p);
}

// A let: the value's definition in its own layout, or what its own emitter reads.
static void let_reads(Walk *w, Value *v) {
  const Layout *l = v->shape.rank ? v->layout : NULL;
  Place p = own_place(l);
  switch (v->kind) {
  case V_RESULT: return;  // written by its call
  case V_ATOMIC: read_definition(w, v, &p); return;  // effects: read whether or not their results are
  case V_ASM:
    for (Value *n = v->a; n; n = n->b) read_value(w, n->a, &p);
    return;
  default: break;
  }
  if (never_read(v)) return;
  switch (v->kind) {
  case V_REDUCE: case V_SCAN: case V_SORT:  // inputs held in the first input's layout
    if (v->a && v->a->kind == V_ARG) read_inputs_in(w, v, v->a->a->layout);
    return;
  case V_GATHER: read_value(w, v->b, &p); return;  // the index, in the result's layout
  case V_HISTOGRAM: {  // the values and the mask, in the values' layout
    Place px = own_place(v->a->layout);
    read_value(w, v->a, &px);
    read_value(w, v->b, &px);
    return;
  }
  case V_DOT: read_value(w, v->c, &p); return;  // the accumulator
  case V_MAP:
    for (Value *n = v->a; n; n = n->b) read_value(w, n->a, &p);
    return;
  default: break;
  }
  if (v->fused_uses && v->fused_uses == v->uses - 1) return;  // every use recomputes it
  if (l) read_definition(w, v, &p);
}

static void stmt_reads(Walk *w, Stmt *s) {
  switch (s->kind) {
  case S_LET: let_reads(w, s->v); return;
  case S_VARDEF: case S_ASSIGN: {
    if (!s->v || !s->var->shape.rank) return;
    Place p = own_place(s->var->layout);
    read_value(w, s->v, &p);
    return;
  }
  case S_STORE: {
    if (!s->ptr->shape.rank) return;
    Layout own;
    Place p = own_place(layout_own_space(s->ptr, w->threads, &own));
    read_value(w, s->ptr, &p);
    read_value(w, s->v, &p);
    read_value(w, s->mask, &p);
    return;
  }
  case S_PRINT: case S_ASSERT: {
    if (!s->v || !s->v->shape.rank) return;
    Layout own;
    Place p = own_place(layout_own_space(s->v, w->threads, &own));
    read_value(w, s->v, &p);
    return;
  }
  default: return;  // loops, ifs, breaks: scalar conditions
  }
}

static void walk(Walk *w, Stmt *s) {
  for (; s; s = s->next) {
    w->s = s;
    s->converts.len = 0;
    stmt_reads(w, s);
    walk(w, s->body);
    walk(w, s->orelse);
  }
}

// Would reading v at each element of layout l (a statement running in l) convert a value?
// The printer's question before it chooses a form (a window, a duplicated branch).
bool reads_across(Value *v, const Layout *l) {
  if (!v) return false;
  Stmt question = {0};
  Walk w = {.s = &question, .threads = l ? l->threads : 0};
  Place p = own_place(l);
  read_value(&w, v, &p);
  return question.converts.len > 0;
}

// Marks the counters of for loops whose bodies never assign them (Value.fixed_counter).
static void mark_fixed_counters(Stmt *s) {
  for (; s; s = s->next) {
    if (s->kind == S_FOR) {
      Vec assigns = {0};
      var_assignments(s->body, s->var, &assigns);
      s->var->fixed_counter = !assigns.len;
    }
    mark_fixed_counters(s->body);
    mark_fixed_counters(s->orelse);
  }
}

void convert_pass(Kernel *k) {
  mark_fixed_counters(k->body);
  Walk w = {.k = k, .threads = k->program_threads ? k->program_threads : k->num_warps * 32};
  k->convert_bytes = 0;
  walk(&w, k->body);
}
