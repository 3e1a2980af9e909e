// layout.c: which thread holds which elements of every block value.
//
// A layout spreads the elements of a "space" (a block shape) over the
// program's threads: in row-major order, each thread takes runs of `vec`
// contiguous elements, consecutive threads take consecutive runs, and the
// pattern wraps until every element has an owner (Triton's blocked layout with
// order [rank-1, ..., 0]). A space smaller than the thread count is
// replicated: thread t holds element t % numel.
//
// A value of a smaller shape that is broadcast into a space (x[:, None]) is
// held in that space's layout, each thread keeping the elements its own space
// positions need (Triton's slice layout): `map` says which space dimension each
// of the value's dimensions follows. Layouts are chosen backwards from the
// uses: a value takes the layout of the consumer with the largest space. Where
// a value is needed in another layout, emit.c recomputes it if it is a pure
// function of coordinates and scalars (index math), and otherwise converts it
// through shared memory.
#include "tl2cu.h"

#include <string.h>

// Spaces held as mma.sync's accumulators (find_mma_spaces): a tl.dot's result on the
// tensor cores and the elementwise values around it, so that the result stays in registers.
typedef struct {
  Shape space;
  int wm, wn;
} MmaSpace;

// One assignment of layouts (layout_assign): what the walks over the kernel share.
typedef struct {
  int threads;  // the program's threads
  // Elements per run (Triton's sizePerThread along the fastest dim): 16 bytes of the
  // kernel's narrowest memory access where accesses can be vectors, else 1, so that scalar
  // accesses of consecutive threads coalesce. One value for the whole kernel, so that every
  // layout of a space assigns elements alike.
  int run;
  // Spaces a memory access anchors (Shape*). Triton lays out each load and store from its
  // pointer (the Coalesce pass) and the layout spreads through the ops that keep or
  // rearrange the elements; a tensor no access reaches keeps the default layout every tensor
  // starts with, runs of one element (getDefaultBlockedEncoding: sizePerThread all 1). The
  // issue-13 [256, 256] kernel: its only accesses are 1-D, so its 2-D values have runs of 1.
  Vec anchored;
  Vec mma_spaces;  // MmaSpace*
} LayoutPass;

static bool is_anchored(const LayoutPass *lp, Shape s) {
  for (int i = 0; i < lp->anchored.len; i++)
    if (shape_eq(*(Shape *)lp->anchored.items[i], s)) return true;
  return false;
}

static bool anchor(LayoutPass *lp, Shape *s) {
  if (s->rank == 0 || is_anchored(lp, *s)) return false;
  vec_push(&lp->anchored, s);
  return true;
}

static const MmaSpace *mma_space(const LayoutPass *lp, Shape s) {
  for (int i = 0; i < lp->mma_spaces.len; i++)
    if (shape_eq(((MmaSpace *)lp->mma_spaces.items[i])->space, s)) return lp->mma_spaces.items[i];
  return NULL;
}

static Layout *make_layout(Value *v, Shape space, const int *map, LayoutPass *lp, int root) {
  int rank = v->shape.rank;
  Layout *l = xmalloc(sizeof(Layout));
  *l = (Layout){.kind = LAYOUT_BLOCKED};
  l->space = space;
  for (int i = 0; i < rank; i++) l->map[i] = map[i];
  l->threads = lp->threads;
  int64_t n = shape_numel(space);
  l->per_thread = n >= lp->threads ? n / lp->threads : 1;
  int run = is_anchored(lp, space) ? lp->run : 1;
  l->vec = l->per_thread >= run ? run : (int)l->per_thread;
  l->kernel_run = is_anchored(lp, space) && l->per_thread >= run;
  l->root = root;
  const MmaSpace *m = v->in_mma ? mma_space(lp, space) : NULL;
  if (m) {
    l->kind = LAYOUT_MMA;
    l->wm = m->wm;
    l->wn = m->wn;
    l->vec = 2;
    l->kernel_run = false;
  }
  return l;
}

static void narrowest_access(Stmt *s, int *bytes) {
  for (; s; s = s->next) {
    if (s->kind == S_STORE && s->ptr->shape.rank && elem_bytes(s->v->ty) < *bytes) *bytes = elem_bytes(s->v->ty);
    if (s->kind == S_LET && s->v->kind == V_LOAD && s->v->shape.rank && elem_bytes(s->v->ty) < *bytes)
      *bytes = elem_bytes(s->v->ty);
    narrowest_access(s->body, bytes);
    narrowest_access(s->orelse, bytes);
  }
}

// Is x held in layout l, its elements where l's threads hold them, as many a thread?
bool layout_holds(const Layout *l, Value *x) {
  return x->layout && layout_same(x->layout, l, &x->shape) && x->layout->per_thread == l->per_thread;
}

bool layout_rows_first(const Layout *l) { return l->map[0] == 0 && l->map[1] == 1; }

bool layout_same(const Layout *a, const Layout *b, const Shape *value_shape) {
  if (!shape_eq(a->space, b->space) || a->kind != b->kind) return false;
  for (int i = 0; i < value_shape->rank; i++)
    if (value_shape->dim[i] > 1 && a->map[i] != b->map[i]) return false;
  return true;
}

static void require(Value *v, Shape space, int root, const int *map, LayoutPass *lp);

static void own_or_inline(Value *v, LayoutPass *lp) {
  int map[MAX_RANK];
  for (int i = 0; i < v->shape.rank; i++) map[i] = v->shape.dim[i] == 1 ? -1 : i;
  require(v, v->shape, v->id, map, lp);
}


// A dot's operand loaded from memory that is contiguous along another dim than its last
// (flash attention's k, [HEAD_DIM, BLOCK_N] with offs_d[:, None] contiguous): laid out with
// that dim as the runs (a space with it last, the map permuted), as Triton's Coalesce pass
// orders a load by its pointer. The dot stores it into its buffer element by element from
// any layout; laid out along its rows, a warp's loads would touch a cache line an element.
// On the H200 (docs/NOTES.md 67): flash attention at D = 64 9.2 -> 5.5 ms with k so read.
// In the aligned variant, also along the dim an int argument assumed 1 makes contiguous;
// tl.trans(w) of a loaded w along w's memory.
static int memory_dim(Value *load) {
  int c = axis_info(load->a).contiguous;
  return c < 0 && load->unit_run_now ? load->unit_run - 1 : c;  // (unitstride.c)
}

static void dot_operand(Value *x, LayoutPass *lp) {
  int rank = x->shape.rank, last = rank - 1, c = -1;
  bool own = !x->layout && x->uses == 2 && is_materialized(x) && rank >= 2;
  if (own && x->kind == V_LOAD) c = memory_dim(x);
  // tl.trans(w) of a load read by nothing else: the dim of the operand that is w's memory's
  if (own && x->kind == V_PERMUTE && x->a->kind == V_LOAD && x->a->uses == 2 && !x->a->layout) {
    int cw = memory_dim(x->a);
    for (int i = 0; i < rank && cw >= 0; i++)
      if (x->perm[i] == cw) c = i;
  }
  if (c < 0 || c == last) {
    own_or_inline(x, lp);
    return;
  }
  Shape *space = xmalloc(sizeof(Shape));
  int map[MAX_RANK];
  *space = x->shape;
  for (int d = 0, j = 0; d <= last; d++)
    if (d != c) space->dim[j] = x->shape.dim[d], map[d] = j++;
  space->dim[last] = x->shape.dim[c], map[c] = last;
  for (int d = 0; d <= last; d++)
    if (x->shape.dim[d] == 1) map[d] = -1;
  if (x->in_mma && mma_space(lp, *space)) {  // (held as accumulators there: not a layout along memory)
    own_or_inline(x, lp);
    return;
  }
  anchor(lp, space);  // (runs as the kernel's accesses have)
  x->layout = make_layout(x, *space, map, lp, x->id);
}

// The operands of v, each in the layout v's own elements need.
static void require_operands(Value *v, Shape space, int root, const int *map, LayoutPass *lp) {
  int amap[MAX_RANK];
  switch (v->kind) {
  case V_BROADCAST: {
    Value *a = v->a;
    int off = v->shape.rank - a->shape.rank;
    for (int j = 0; j < a->shape.rank; j++) amap[j] = a->shape.dim[j] == 1 ? -1 : map[j + off];
    require(a, space, root, amap, lp);
    return;
  }
  case V_EXPAND:
    for (int j = 0; j < v->a->shape.rank; j++) amap[j] = map[j < v->ival ? j : j + 1];
    require(v->a, space, root, amap, lp);
    return;
  case V_PERMUTE:
    for (int i = 0; i < v->shape.rank; i++) amap[v->perm[i]] = map[i];
    require(v->a, space, root, amap, lp);
    return;
  case V_FLIP:  // the same elements, in another order: held where they are needed
    require(v->a, space, root, map, lp);
    return;
  case V_JOIN:  // the operands lack the new last dim
    require(v->a, space, root, map, lp);
    require(v->b, space, root, map, lp);
    return;
  case V_RESHAPE: case V_SPLIT: case V_REDUCE: case V_SCAN:
    // no dim of the operand follows a dim of the space: it keeps its own layout
    own_or_inline(v->a, lp);
    return;
  case V_GATHER:  // the source goes through shared memory; the index is read where the result is
    own_or_inline(v->a, lp);
    require(v->b, space, root, map, lp);
    return;
  case V_DOT:  // the operands go through shared memory; the accumulator is read where the result is
    dot_operand(v->a, lp);
    dot_operand(v->b, lp);
    require(v->c, space, root, map, lp);
    return;
  case V_SORT:  // the input goes through shared memory
    own_or_inline(v->a, lp);
    return;
  case V_HISTOGRAM:  // the input and its mask are counted where the input is
    own_or_inline(v->a, lp);
    if (v->b) own_or_inline(v->b, lp);
    return;
  default:
    if (v->a) require(v->a, space, root, map, lp);
    if (v->b) require(v->b, space, root, map, lp);
    if (v->c) require(v->c, space, root, map, lp);
    return;
  }
}

static void own_layout(Value *v, LayoutPass *lp, bool force);

// Would a load laid out as `space` read across its memory? Its elements are consecutive
// in memory along its last dim (axisinfo.c), but the space runs along another dim of it
// (its user transposes it, as tl.trans). Then it is loaded in its own layout, along its
// memory, as Triton's Coalesce pass lays out each access by its pointer, and converted
// through shared memory; with runs of one element only where the dim the space runs
// along has 64 elements or more. Measured on the H200 at 8191x8193 (docs/NOTES.md 44,
// 54), reading across against converted: tiles of 32 rows 0.190 against 0.213 ms, of 64
// rows 0.19-0.20 against 0.17-0.18, of 128 rows 0.204 against 0.152; with 16-byte runs
// (8192x8192) 0.142 against 0.138-0.140. Converted element by element, the load and the
// stores of what is read from it are predicated: a branch each was 1.8x Triton's
// instructions at 64 elements a thread (0.184 against 0.154 ms, docs/NOTES.md 54).
static bool read_across_memory(const LayoutPass *lp, Value *v, Shape space, const int *map) {
  int last = v->shape.rank - 1;
  if (last < 1 || v->shape.dim[last] == 1 || shape_numel(space) != shape_numel(v->shape)) return false;
  if (axis_info(v->a).contiguous != last || map[last] == space.rank - 1) return false;
  int64_t across = 1;  // the extent of v's dim that the space's runs walk
  for (int d = 0; d <= last; d++)
    if (map[d] == space.rank - 1) across = v->shape.dim[d];
  return lp->run > 1 || across >= 64;
}

static void require(Value *v, Shape space, int root, const int *map, LayoutPass *lp) {
  if (v->shape.rank == 0) return;  // scalars are uniform: every thread has them
  if (v->kind == V_ATOMIC) {  // each element's atomic in one thread: its own shape, users convert
    own_layout(v, lp, true);
    return;
  }
  if (v->kind == V_RESULT) {  // held where its call puts all its results
    require(v->a, space, root, map, lp);
    return;
  }
  if (v->kind == V_LOAD && !v->layout && read_across_memory(lp, v, space, map)) {
    own_layout(v, lp, true);  // its users convert it (through shared memory)
    v->read_across = true;
    return;
  }
  if (is_materialized(v)) {
    // the largest space among the uses wins: it is where the value is broadcast,
    // and reading it there costs nothing (smaller uses convert or recompute)
    if (!v->layout || shape_numel(space) > shape_numel(v->layout->space))
      v->layout = make_layout(v, space, map, lp, root);
    return;
  }
  require_operands(v, space, root, map, lp);
}

static void own_layout(Value *v, LayoutPass *lp, bool force) {
  if (v->shape.rank == 0 || v->layout || !force) return;
  int map[MAX_RANK];
  for (int i = 0; i < v->shape.rank; i++) map[i] = v->shape.dim[i] == 1 ? -1 : i;
  v->layout = make_layout(v, v->shape, map, lp, v->id);
}

static void require_in(Value *v, Value *holder, LayoutPass *lp) {
  if (holder->layout) require(v, holder->layout->space, holder->layout->root, holder->layout->map, lp);
}

// An op of several results (inline asm, a reduce or scan over a tuple) holds them all
// where it is laid out.
static void results_share_layout(Value *op) {
  for (int i = 0; i < op->results.len; i++) ((Value *)op->results.items[i])->layout = op->layout;
}

// A reduction's result lives where its input's elements are, minus the reduced
// dim (Triton's slice layout); a scan's result has its input's layout. Over a tuple,
// the blocks are laid out as the first, and so are the results.
static void derived_layout(Value *v, LayoutPass *lp) {
  Value *x = v->results.len ? v->a->a : v->a;
  own_layout(x, lp, true);
  for (Value *arg = v->results.len ? v->a->b : NULL; arg; arg = arg->b) own_layout(arg->a, lp, true);
  if (v->shape.rank == 0) return;
  Layout *l = xmalloc(sizeof(Layout));
  *l = *x->layout;
  if (v->kind == V_REDUCE)
    for (int i = 0; i < v->shape.rank; i++) l->map[i] = x->layout->map[i < v->ival ? i : i + 1];
  v->layout = l;
  results_share_layout(v);
}

// Statements in reverse, so that consumers are seen before producers.
static void walk(Stmt *s, LayoutPass *lp, bool force) {
  if (!s) return;
  walk(s->next, lp, force);
  switch (s->kind) {
  case S_LET:
    if (s->v->kind == V_REDUCE || s->v->kind == V_SCAN) {
      derived_layout(s->v, lp);
      return;
    }
    if (s->v->kind == V_RESULT) return;  // laid out with its call (next in this walk)
    own_layout(s->v, lp, force);
    results_share_layout(s->v);
    if (s->v->layout) require_operands(s->v, s->v->layout->space, s->v->layout->root, s->v->layout->map, lp);
    return;
  case S_VARDEF: case S_ASSIGN:
    own_layout(s->var, lp, force);
    if (s->v) require_in(s->v, s->var, lp);
    return;
  case S_STORE:
    own_layout(s->ptr, lp, true);
    if (s->ptr->shape.rank) {
      int map[MAX_RANK];
      for (int i = 0; i < s->ptr->shape.rank; i++) map[i] = i;
      int root = s->ptr->layout->root;
      if (!is_materialized(s->ptr)) require(s->ptr, s->ptr->shape, root, map, lp);
      require(s->v, s->ptr->shape, root, map, lp);
      if (s->mask) require(s->mask, s->ptr->shape, root, map, lp);
    }
    return;
  case S_FOR: case S_WHILE: walk(s->body, lp, force); return;
  case S_BREAK_UNLESS: return;
  case S_IF: walk(s->body, lp, force); walk(s->orelse, lp, force); return;
  case S_PRINT: case S_ASSERT:  // each element where a layout over its own shape puts it
    if (s->v) own_or_inline(s->v, lp);
    return;
  case S_RETURN: case S_BARRIER: return;
  }
  unreachable();
}

// Every value of the kernel once (a fresh walk mark), in `all`.
static void collect_values(Value *v, Vec *all, int mark) {
  if (!v || v->visit == mark) return;
  v->visit = mark;
  vec_push(all, v);
  collect_values(v->a, all, mark);
  collect_values(v->b, all, mark);
  collect_values(v->c, all, mark);
}

static void collect_stmt_values(Stmt *s, Vec *all, int mark) {
  for (; s; s = s->next) {
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) collect_values(vs[i], all, mark);
    collect_stmt_values(s->body, all, mark);
    collect_stmt_values(s->orelse, all, mark);
  }
}

static void anchor_stores(LayoutPass *lp, Stmt *s) {
  for (; s; s = s->next) {
    if (s->kind == S_STORE) anchor(lp, &s->ptr->shape);
    anchor_stores(lp, s->body);
    anchor_stores(lp, s->orelse);
  }
}

// Does v's layout follow its first operand's in Triton (the same elements, moved or
// reshaped, or a slice of its layout)?
static bool follows_operand(Value *v) {
  switch (v->kind) {
  case V_RESHAPE: case V_JOIN: case V_SPLIT: case V_PERMUTE: case V_FLIP: case V_BROADCAST: case V_REDUCE: case V_SCAN:
    return true;
  default: return false;
  }
}

// The anchored spaces: those of loads, stores and atomics, and of values whose layout
// follows an anchored operand; ops of layouts of their own (dot, sort, gather, histogram,
// inline asm, map) keep the runs of before.
static void find_anchored_spaces(LayoutPass *lp, Kernel *k) {
  lp->anchored.len = 0;
  Vec all = {0};
  collect_stmt_values(k->body, &all, sem_walk_mark());
  anchor_stores(lp, k->body);
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < all.len; i++) {
      Value *v = all.items[i];
      bool own_layout_op = v->kind == V_DOT || v->kind == V_SORT || v->kind == V_GATHER || v->kind == V_HISTOGRAM ||
                           v->kind == V_ASM || v->kind == V_MAP;
      bool access = v->kind == V_LOAD || v->kind == V_ATOMIC;
      Value *operand = v->results.len ? v->a->a : v->a;  // (over a tuple: its first block)
      bool follows = follows_operand(v) && operand && is_anchored(lp, operand->shape);
      if (access || own_layout_op || follows) changed |= anchor(lp, &v->shape);
    }
  }
}

// Forget every layout and every fact, so that the kernel can be laid out again with other runs.
static void clear_value(int mark, Value *v) {
  if (!v || v->visit == mark) return;
  v->visit = mark;
  v->layout = NULL;
  v->predicated = v->read_across = false;
  clear_value(mark, v->a);
  clear_value(mark, v->b);
  clear_value(mark, v->c);
}

static void clear_stmts(int mark, Stmt *s) {
  for (; s; s = s->next) {
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) clear_value(mark, vs[i]);
    clear_stmts(mark, s->body);
    clear_stmts(mark, s->orelse);
  }
}

// A layout over v's own shape: v's, if it is held so, else a plain one (in *own): where
// stores and prints walk their elements.
const Layout *layout_own_space(Value *v, int threads, Layout *own) {
  if (v->layout && shape_eq(v->layout->space, v->shape)) return v->layout;
  *own = (Layout){.space = v->shape, .threads = threads};
  for (int i = 0; i < v->shape.rank; i++) own->map[i] = i;
  int64_t n = shape_numel(own->space);
  own->per_thread = n >= threads ? n / threads : 1;
  own->vec = own->per_thread >= 4 ? 4 : (int)own->per_thread;
  return own;
}

// Every value's layout, in walk order (a value without one: NULL).
Vec layout_snapshot(Kernel *k) {
  Vec all = {0};
  collect_stmt_values(k->body, &all, sem_walk_mark());
  for (int i = 0; i < all.len; i++) all.items[i] = (void *)((Value *)all.items[i])->layout;
  return all;
}

static bool layout_equal(const Layout *a, const Layout *b) {
  if (!a || !b) return a == b;
  return shape_eq(a->space, b->space) && !memcmp(a->map, b->map, sizeof a->map) && a->threads == b->threads &&
         a->per_thread == b->per_thread && a->vec == b->vec && a->kind == b->kind && a->wm == b->wm && a->wn == b->wn &&
         a->keep == b->keep;
}

bool layout_snapshots_equal(Vec a, Vec b) {
  if (a.len != b.len) return false;
  for (int i = 0; i < a.len; i++)
    if (!layout_equal(a.items[i], b.items[i])) return false;
  return true;
}

int layout_widest_run(Kernel *k) {
  int bytes = 4;
  narrowest_access(k->body, &bytes);
  return 16 / bytes;
}

// Does v hold elements of a predicated load, moved or computed element by element (a
// transpose, a cast)? Collectives and variables compute new values: no.
static bool from_predicated_load(Value *v, int mark) {
  if (!v || v->visit == mark || v->kind == V_VAR || is_collective(v)) return false;
  v->visit = mark;
  if (v->kind == V_LOAD) return v->predicated;
  return from_predicated_load(v->a, mark) || from_predicated_load(v->b, mark) || from_predicated_load(v->c, mark);
}

// A masked store of a predicated load's values is predicated as the load is, not branched.
static void mark_predicated_stores(Stmt *s) {
  for (; s; s = s->next) {
    s->predicated = s->kind == S_STORE && s->mask && s->v->ty.kind != TY_I1 && from_predicated_load(s->v, sem_walk_mark());
    mark_predicated_stores(s->body);
    mark_predicated_stores(s->orelse);
  }
}

// Loads read across memory are predicated where they go element by element: runs of one
// (of `run`, where the layout's run is the kernel's: a template's plain instance, emit.c).
void layout_mark_predicated(Kernel *k, int run) {
  Vec all = {0};
  collect_stmt_values(k->body, &all, sem_walk_mark());
  for (int i = 0; i < all.len; i++) {
    Value *v = all.items[i];
    if (v->read_across) v->predicated = (v->layout->kernel_run ? run : v->layout->vec) == 1;
  }
  mark_predicated_stores(k->body);
}

static void keep_narrow_stores(Stmt *s) {
  for (; s; s = s->next) {
    s->predicated_narrow = s->predicated;
    keep_narrow_stores(s->body);
    keep_narrow_stores(s->orelse);
  }
}

// A run template prints each plain access as the narrow runs would, beside the wide ones in
// force: both markings computed once here (marking the whole kernel at each access, as
// before, took time quadratic in its size: 25 s for FlagGems' max pool unrolled 32 x 32).
void layout_keep_narrow_predicated(Kernel *k, int narrow, int wide) {
  layout_mark_predicated(k, narrow);
  Vec all = {0};
  collect_stmt_values(k->body, &all, sem_walk_mark());
  for (int i = 0; i < all.len; i++) ((Value *)all.items[i])->predicated_narrow = ((Value *)all.items[i])->predicated;
  keep_narrow_stores(k->body);
  layout_mark_predicated(k, wide);
}

// What an access reads of the marking (its statement's, its loaded value's): the other run's.
void layout_swap_predicated(Stmt *access) {
  bool t = access->predicated;
  access->predicated = access->predicated_narrow, access->predicated_narrow = t;
  Value *v = access->kind == S_LET ? access->v : NULL;
  if (v) t = v->predicated, v->predicated = v->predicated_narrow, v->predicated_narrow = t;
}

static void assign_once(Kernel *k, LayoutPass *lp) {
  clear_stmts(sem_walk_mark(), k->body);
  find_anchored_spaces(lp, k);
  // loop-carried variables learn their layout from uses inside the body,
  // which a reverse walk reaches after the assignment at the body's end
  walk(k->body, lp, false);
  walk(k->body, lp, false);
  walk(k->body, lp, true);
}

// The warps of an mma layout over M x N for W warps, as Triton's warpsPerTileV2 splits
// them: doubled along the rows while they have more 16-row tiles than the columns have
// 8-column tiles, else along the columns; false if the tiles do not go round.
static bool mma_warps(int64_t M, int64_t N, int W, int *wm, int *wn) {
  *wm = *wn = 1;
  while (*wm * *wn < W) {
    bool rows = M / (16 * *wm) >= N / (8 * *wn);
    if (rows && M % (32 * *wm) == 0) *wm *= 2;
    else if (N % (16 * *wn) == 0) *wn *= 2;
    else if (M % (32 * *wm) == 0) *wm *= 2;
    else return false;
  }
  return true;
}

// May space s be held as mma accumulators? Every value laid out in it elementwise (or a
// load, a variable, a dot on the tensor cores, a reduction of one block: reduce.c reads
// any layout as a linear map), and no print or assert of it: what the element-index
// function of any layout serves. (Scans, reshapes, permutes, gathers, sorts, atomics and
// inline asm read the blocked structure; reductions of tuples wait for a GPU check.)
bool layout_elementwise_kind(VKind k) {
  switch (k) {
  case V_CONST: case V_ARANGE: case V_EXPAND: case V_BROADCAST: case V_BINARY: case V_UNARY: case V_CAST:
  case V_BITCAST: case V_WHERE: case V_MATH: case V_LOAD: case V_VAR: return true;
  default: return false;
  }
}

// Is x laid out in the layout l's propagation made (the same space, from the same root)?
static bool in_layout_of(const Value *x, const Layout *l) {
  return x->layout && x->layout->root == l->root && shape_eq(x->layout->space, l->space);
}

// Is dot v laid out with its rows along the space's first dim, as the mma codegen writes its
// accumulators? A square dot can share a space transposed (map [1, 0]) with a value laid out
// along its memory's contiguous dim: FLA's fused_chunk_bwd_kernel carries `b_h` from a load
// contiguous along dim 0 into `b_h = b_h * b_gn + tl.dot(...)`, whose accumulators were then
// read as if transposed (wrong from the second chunk on, H100 corpus run, forty-first session).
static bool dot_rows_first(const Value *v, const Layout *l) {
  return shape_eq(v->shape, l->space) && layout_rows_first(l);
}

static bool mma_space_ok(Vec *all, const Layout *l) {
  for (int i = 0; i < all->len; i++) {
    Value *v = all->items[i];
    if (!in_layout_of(v, l) || layout_elementwise_kind(v->kind)) continue;
    if (v->kind == V_REDUCE && !v->results.len) continue;
    if (v->kind != V_DOT || !dot_on_tensor_cores(v) || !dot_rows_first(v, v->layout)) return false;
  }
  return true;
}

static bool prints_in(Stmt *s, const Layout *l) {
  for (; s; s = s->next) {
    if ((s->kind == S_PRINT || s->kind == S_ASSERT) && s->v && in_layout_of(s->v, l)) return true;
    if (prints_in(s->body, l) || prints_in(s->orelse, l)) return true;
  }
  return false;
}

// Marks the values held as accumulators: those laid out, on the blocked assignment, by the
// propagation that laid out a dot of mma_spaces (Value.in_mma). A dot's operands go through
// shared memory: loaded in a layout of their own, they keep it even where their shape is
// the result's (unsloth's 128 x 128 x 128 fp8 GEMM, its grouped GEMM's 64 x 64 x 64).
static void mark_mma_values(Vec *all, Vec *dots) {
  for (int i = 0; i < all->len; i++) {
    Value *v = all->items[i];
    v->in_mma = false;
    for (int j = 0; j < dots->len && !v->in_mma; j++) v->in_mma = in_layout_of(v, ((Value *)dots->items[j])->layout);
  }
}

// The spaces of 2-D tensor-core dots that may be held as mma accumulators, found on a
// blocked assignment, and the values held so.
static void find_mma_spaces(Kernel *k, LayoutPass *lp) {
  Vec all = {0}, found = {0}, dots = {0};
  collect_stmt_values(k->body, &all, sem_walk_mark());
  for (int i = 0; i < all.len; i++) {
    Value *v = all.items[i];
    if (v->kind != V_DOT || v->shape.rank != 2 || !dot_on_tensor_cores(v) || !v->layout || !dot_rows_first(v, v->layout))
      continue;
    MmaSpace *m = xmalloc(sizeof(MmaSpace));
    m->space = v->shape;
    if (lp->threads % 32 || !mma_warps(v->shape.dim[0], v->shape.dim[1], lp->threads / 32, &m->wm, &m->wn)) continue;
    if (k->wgmma && dot_wgmma_shape(v, lp->threads / 32)) m->wm = lp->threads / 32, m->wn = 1;  // (warpgroups' rows)
    if (mma_space_ok(&all, v->layout) && !prints_in(k->body, v->layout)) vec_push(&found, m), vec_push(&dots, v);
  }
  lp->mma_spaces = found;
  mark_mma_values(&all, &dots);
}

// ---------------------------------------------------------------- sliced values
// A value held in an mma space that lacks some of the space's dims (a row vector such as
// flash attention's m_i, a row's max or sum, offs_m) is the same in the registers that walk
// only those dims: a thread would hold a copy per element of the space (32 of alpha, of
// which 2 differ, and as many exp2). As Triton's slice layouts, such a value keeps one
// register per distinct element, those of the bits that move it (Layout.keep): readers in
// the space's layout index it through tl2cu_squeeze (convert.c held_register).

// The register bits of mma layout l that move a value of shape `value` held in it.
static unsigned moving_register_bits(const Layout *l, Shape value) {
  LinearLayout ll = linear_layout(l, value);
  unsigned bits = 0;
  for (int i = 0; i < ll.nreg; i++)
    if (ll.reg[i]) bits |= 1u << i;
  return bits;
}

// Values printed one element at a time from operands read where they are (emit.c ex),
// or a reduction's results (reduce.c writes them by the result's layout). Loads keep the
// whole layout: their vector paths walk the space's runs.
static bool sliceable_kind(Value *v) {
  return (layout_elementwise_kind(v->kind) && v->kind != V_LOAD) || (v->kind == V_REDUCE && !v->results.len) ||
         (v->kind == V_LOAD && v->shape.rank < v->layout->space.rank);
}

static void slice_values(Kernel *k) {
  Vec all = {0};
  collect_stmt_values(k->body, &all, sem_walk_mark());
  int whole = sem_walk_mark();  // marks what ops that walk their operands' registers themselves read
  for (int i = 0; i < all.len; i++) {
    Value *w = all.items[i], *ops[3] = {w->a, w->b, w->c};
    for (int j = 0; j < 3 && !layout_elementwise_kind(w->kind); j++)
      if (ops[j]) ops[j]->visit = whole;
  }
  for (int i = 0; i < all.len; i++) {
    Value *v = all.items[i];
    Layout *l = v->layout;
    if (!l || l->kind != LAYOUT_MMA || l->keep || !is_materialized(v) || !sliceable_kind(v) || v->visit == whole) continue;
    unsigned keep = moving_register_bits(l, v->shape);
    if (keep == (unsigned)l->per_thread - 1) continue;  // (every register moves it)
    // No register moves a block of one element (i + tl.arange(0, 1)): it keeps register bit 0,
    // a pair of copies, since keep 0 means a layout not sliced (one of 1 over the whole space).
    if (!keep) keep = 1;
    Layout *sliced = xmalloc(sizeof(Layout));
    *sliced = *l;
    sliced->keep = keep;
    sliced->per_thread = (int64_t)1 << __builtin_popcount(keep);
    sliced->vec = keep & 1 ? 2 : 1;  // (register bit 0: the pair's column)
    v->layout = sliced;
  }
}

// The aligned variant's dot operands laid out along the dims its unit ints make contiguous
// (unitstride.c); the others' as their facts say.
static void select_unit_runs(Stmt *s, bool aligned) {
  for (; s; s = s->next) {
    if (s->kind == S_LET && s->v->kind == V_DOT)
      for (int i = 0; i < 2; i++) {
        Value *x = i ? s->v->b : s->v->a;
        if (x->kind == V_PERMUTE) x = x->a;  // (tl.trans(w): w's runs)
        x->unit_run_now = aligned && x->unit_run;
      }
    select_unit_runs(s->body, aligned);
    select_unit_runs(s->orelse, aligned);
  }
}

void layout_assign(Kernel *k, int run, int variant) {
  LayoutPass pass = {.threads = k->program_threads ? k->program_threads : k->num_warps * 32, .run = run};
  LayoutPass *lp = &pass;
  select_unit_runs(k->body, variant != PLAIN_VARIANT);
  assign_once(k, lp);
  find_mma_spaces(k, lp);
  if (lp->mma_spaces.len) {
    assign_once(k, lp);  // (the same spaces, those held as accumulators)
    slice_values(k);
  }
  layout_mark_predicated(k, run);
}
