// access.c: how loads and stores touch memory: 16-byte vector accesses where the axisinfo
// pass's facts along a thread's run allow them, the aligned variant's launch-time
// assumptions each one needs, and load and store windows that serve stencils' shifted
// accesses from aligned vectors.
#include "emit.h"

#include <stdlib.h>
#include <string.h>

// ---------------------------------------------------------------- vector accesses
// Whether an access moves 16-byte vectors, and what the aligned variant's launch must check
// for it, are read from the axisinfo pass's facts (axisinfo.c) along the access's runs.

// The facts the variant being printed holds: the plain variant's (the kernel's hints), or
// the aligned variant's, with the arguments in em->denied assumed nothing of.
static int facts_variant(Em *em) {
  if (!em->assume_aligned) return PLAIN_VARIANT;
  axisinfo_assume(em->k, em->denied, em->k->unit_params);
  return ALIGNED_VARIANT;
}

// Can this access of layout l go 16 bytes (or 8) at a time?
// shift: the run starts this many elements past an aligned address (0: aligned).
static bool vector_facts(Em *em, const Layout *l, Value *ptr, Value *mask, Value *other, Type elem, int64_t shift) {
  int vec = layout_vector_chunk(l, elem, layout_chunk(l, elem));
  if (!vec) return false;
  if (other && !(other->kind == V_CONST || (other->kind == V_BROADCAST && other->a->shape.rank == 0))) return false;
  bool r = axis_run_vector(ptr, mask, l, vec, shift, facts_variant(em));
  return r;
}

// The fewest arguments whose assumptions the access needs (as Triton specializes each
// argument on its own: T % 16 must not hinge on N0 % 16 that only bounds a mask), found
// by withdrawing each in turn while the access still vectorizes.
static uint64_t fewest_params(Em *em, const Layout *l, Value *ptr, Value *mask, Value *other, Type elem, int64_t shift) {
  uint64_t denied = em->denied, candidates = assumable_params(em->k) & ~denied, need = candidates;
  em->denied = denied | candidates;
  bool needs_none = vector_facts(em, l, ptr, mask, other, elem, shift);
  em->denied = denied;
  if (needs_none) return 0;
  for (int i = 0; i < 64; i++) {
    uint64_t bit = (uint64_t)1 << i;
    if (!(candidates & bit)) continue;
    em->denied |= bit;
    if (vector_facts(em, l, ptr, mask, other, elem, shift)) need &= ~bit;
    else em->denied &= ~bit;
  }
  em->denied = denied;
  return need;
}

// Triton lays a memory access out from its pointer's facts alone, the mask only narrowing
// its vectors (Coalesce.cpp; the mask's alignment in the lowering), and gives the
// accesses of a slice the widest of their runs. In the aligned variant, for every access
// tl2cu vectorizes or not: the parameters its pointer needs for a run of layout l, one of
// the alternatives that launch emit.c's pointer-layout variant.
void note_access_pointer(Em *em, const Layout *l, Value *ptr, Type elem) {
  if (!em->assume_aligned || !l || !vector_facts(em, l, ptr, NULL, NULL, elem, 0)) return;
  uint64_t need = fewest_params(em, l, ptr, NULL, NULL, elem, 0);
  bool known = false;
  for (int i = 0; i < em->npointer_needs; i++) known |= em->pointer_needs[i] == need;
  if (!known && em->npointer_needs < MAX_POINTER_NEEDS) em->pointer_needs[em->npointer_needs++] = need;
}

// vector_facts, and in the aligned variant the launch-time condition it needs: only
// the parameters without which the access would not vectorize.
bool vector_access(Em *em, const Layout *l, Value *ptr, Value *mask, Value *other, Type elem, int64_t shift) {
  if (!vector_facts(em, l, ptr, mask, other, elem, shift)) return false;
  if (em->assume_aligned) em->assumed |= fewest_params(em, l, ptr, mask, other, elem, shift);
  note_access_pointer(em, l, ptr, elem);
  return true;
}

// Byte accesses element by element in runs of 8 or 16: a warp's access spans 256 or
// 512 bytes (the Game of Life's aligned variant, with three of its nine loads
// vectorized and the rest so, ran 18.9 ms against 14.7 for the runs of 4 bytes).
void note_scalar_access(Em *em, const Layout *l, Type t) {
  if (em->no_windows) return;  // a window split's slow branch: the fallback, as with each window's own
  if (l && elem_bytes(t) == 1 && l->vec > 4) em->nspread_bytes++;
}

const char *vec_type(Type t, int vec) { return xprintf("tl2cu_vec<%s, %d>", ctype(t), vec); }

// A run of vec elements as it moves: elements, or packed bytes' words.
const char *run_type(Type t, int vec, bool packed) { return packed ? xprintf("tl2cu_vec<uint32_t, %d>", vec / 4) : vec_type(t, vec); }

// Does load statement s move a vector a run? (In the aligned variant, noting what that assumes.)
static bool load_goes_vector(Em *em, Stmt *s, const Layout *l) {
  Value *v = s->v;
  return v->kind == V_LOAD && !v->volatile_load && l && vector_access(em, l, v->a, v->b, v->c, v->ty, 0);
}

static bool store_goes_vector(Em *em, Stmt *s, const Layout *l) {
  return vector_access(em, l, s->ptr, s->mask, NULL, s->v->ty, 0);
}

// Which variants move access s in vectors: the one being printed, and when it is printed
// as one template with the pointer-layout variant (em->both_facts), that one too: the
// same layout with no argument assumed divisible by 16 (the plain variant's facts).
static int vector_variants(Em *em, Stmt *s, const Layout *l, bool (*goes_vector)(Em *, Stmt *, const Layout *)) {
  int in = goes_vector(em, s, l) ? IN_ALIGNED : 0;
  if (!em->both_facts) return in ? IN_ALIGNED | IN_PLAIN : 0;
  bool assume = em->assume_aligned;
  uint64_t assumed = em->assumed;
  em->assume_aligned = false;
  if (goes_vector(em, s, l)) in |= IN_PLAIN;
  em->assume_aligned = assume;
  em->assumed = assumed;
  return in;
}

int load_vectors(Em *em, Stmt *s) { return vector_variants(em, s, s->v->layout, load_goes_vector); }
int store_vectors(Em *em, Stmt *s, const Layout *l) { return vector_variants(em, s, l, store_goes_vector); }

// x = tl.load(...) with contiguous, aligned addresses: one vector load per run (its
// array declared before, by the caller).
void emit_vector_load(Em *em, Stmt *s, const Layout *l) {
  Value *v = s->v;
  int vec = layout_chunk(l, v->ty), n = v->packed ? vec / 4 : vec;  // elements or packed words a chunk
  const char *vt = run_type(v->ty, vec, v->packed);
  print_conversions(em);
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  Cx cp = cx, cm = cx, co = cx;
  const char *addr = ex(em, v->a, &cp);
  const char *mask = v->b ? ex(em, v->b, &cm) : NULL;
  const char *other = v->c ? ex(em, v->c, &co) : xprintf("%s(0)", ctype(v->ty));
  em->nvector++;
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; _k += %d) {", (long long)l->per_thread, vec);
  em->indent++;
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, l));
  if (mask) {
    line(em, "%s _t;", vt);
    line(em, "if (%s) _t = *(const %s *)%s;", mask, vt, addr);
    line(em, "else for (int _j = 0; _j < %d; ++_j) _t.v[_j] = %s;", n, v->packed ? xprintf("tl2cu_splat4(%s)", other) : other);
  } else {
    line(em, "const %s _t = *(const %s *)%s;", vt, vt, addr);
  }
  line(em, "for (int _j = 0; _j < %d; ++_j) %s[%s + _j] = _t.v[_j];", n, v->cname, v->packed ? "_k / 4" : "_k");
  close_loop(em);
}

// ---------------------------------------------------------------- load windows
// Stencils load one row at several constant offsets (x[i-1], x[i], x[i+1]). When
// one of those loads is aligned (the anchor) and the others are it shifted by c
// elements, |c| < run length, a thread's run of a shifted load is the anchor's run
// moved by c: its own elements and the |c| after (or before) it. One vector load
// per run and a small aligned load of those few then serve the whole group, where
// each load alone would go element by element. This holds when every mask of the
// group is true over the warp and every address is the anchor's plus c: both are
// checked at run time, and otherwise the loads run element by element as written.
// (The few elements came from the next lane by a shuffle before, which needed a
// check that its run follows: the Game of Life ran 4.53 ms so, 4.1 without.)
// 1-byte elements only when packed (pack.c): the windows' words are then byte
// permutations of the run's words. Unpacked, each became a byte extracted from a
// word, and the Game of Life ran 16.7 ms against 14.7 without windows (more
// registers, half the warps resident).

enum { MAX_WINDOW = 8 };

typedef struct {
  Stmt *s[MAX_WINDOW];
  int64_t shift[MAX_WINDOW];  // elements after the anchor's address (the anchor: 0)
  int n;
  int64_t before, after;      // the most elements needed from the previous / next lane
} Window;

// Does the pointer go up by one element along a run (statically, as for vector accesses)?
static bool contiguous_run(const Layout *l, Value *ptr) { return axis_run_contiguous(ptr, l, PLAIN_VARIANT); }

// Warps that run whole: every lane takes part in the shuffles and votes.
static bool whole_warps(Em *em) { return em->threads >= 32 && em->threads % 32 == 0; }

static bool is_used_load(Stmt *s) {
  return s->kind == S_LET && s->v->kind == V_LOAD && s->v->uses > 1 && !s->v->volatile_load;
}

bool windowed(Em *em, Stmt *s) {
  for (int i = 0; i < em->windowed.len; i++)
    if (em->windowed.items[i] == s) return true;
  return false;
}

// Does v read loaded data (a gather)? Conservative past a depth of 32.
static bool reads_load(Value *v, int depth) {
  if (!v) return false;
  if (v->kind == V_LOAD || v->kind == V_VAR || depth > 32) return true;
  return reads_load(v->a, depth + 1) || reads_load(v->b, depth + 1) || reads_load(v->c, depth + 1);
}

static bool window_load(Em *em, Stmt *s) {
  return is_used_load(s) && !windowed(em, s) && !reads_load(s->v->a, 0) && !reads_load(s->v->b, 0) &&
         !reads_load(s->v->c, 0);
}

// The group of anchor s among the loads of the run that starts at `first` (loads
// one after another: their operands are all defined before the run).
static bool find_window(Em *em, Stmt *first, Stmt *s, Window *w) {
  Value *a = s->v;
  const Layout *l = a->layout;
  int size = elem_bytes(a->ty);
  if (!window_load(em, s) || !l || !whole_warps(em) || (size < 2 && !a->packed)) return false;
  if (l->kind != LAYOUT_BLOCKED) return false;  // (its lanes' runs follow each other only in blocked layouts)
  if (l->vec * size > 16 || l->space.dim[l->space.rank - 1] < 32 * l->vec) return false;  // one chunk a run, a warp a row
  *w = (Window){.s = {s}, .n = 1};
  for (Stmt *t = first; t && t->kind == S_LET && t->v->kind == V_LOAD && w->n < MAX_WINDOW; t = t->next) {
    int64_t c;
    if (t == s || !window_load(em, t) || !t->v->layout || !layout_same(t->v->layout, l, &a->shape) || t->v->ty.kind != a->ty.kind ||
        !shape_eq(t->v->shape, a->shape) || windowed(em, t) || t->v->packed != a->packed)
      continue;
    if (!constant_difference(t->v->a, a->a, &c) || c == 0 || c >= l->vec || c <= -l->vec || !contiguous_run(l, t->v->a)) continue;
    w->s[w->n] = t;
    w->shift[w->n++] = c;
    if (c > w->after) w->after = c;
    if (-c > w->before) w->before = -c;
  }
  if (w->n < 2) return false;
  uint64_t assumed = em->assumed;
  if (!vector_access(em, l, a->a, NULL, NULL, a->ty, 0)) return false;
  for (int i = 0; i < w->n; i++) {
    Value *v = w->s[i]->v;
    if (reads_across(v->a, l) || reads_across(v->b, l) || reads_across(v->c, l))
      return em->assumed = assumed, false;
  }
  return true;
}

static const char *plus(int64_t c) { return xprintf("%c %lld", c < 0 ? '-' : '+', (long long)(c < 0 ? -c : c)); }

static const char *window_names(Window *w) {
  Str t = {0};
  for (int i = 0; i < w->n; i++) str_addf(&t, "%s%s", i == 0 ? "" : i + 1 == w->n ? " and " : ", ", w->s[i]->v->cname);
  return t.buf;
}

// ---- "every mask true over the run": decided at a run's ends where it can be
enum { AT_EVERY, AT_FIRST, AT_LAST };

// Where boolean m must be looked at to know it holds at every element of a run: a
// comparison of a value that grows by one per element with one fixed along the run
// is decided at the run's first or last element; anything else at every element.
// (It assumes, as vector accesses do, that indices do not wrap around inside a run.)
// (The plain variant's facts: the aligned variant's launch condition need not include an
// argument's divisibility or unit stride that such facts may rest on there.)
static int run_endpoint(const Layout *l, Value *m) {
  if (m->kind == V_BINARY && (m->op == OP_LT || m->op == OP_LE || m->op == OP_GT || m->op == OP_GE)) {
    bool a_same = axis_run_constant(m->a, l, PLAIN_VARIANT), b_same = axis_run_constant(m->b, l, PLAIN_VARIANT);
    if (a_same && b_same) return AT_FIRST;
    bool a_up = !a_same && b_same && axis_run_contiguous(m->a, l, PLAIN_VARIANT);
    bool b_up = a_same && !b_same && axis_run_contiguous(m->b, l, PLAIN_VARIANT);
    if (!a_up && !b_up) return AT_EVERY;
    bool less = m->op == OP_LT || m->op == OP_LE;  // a < b: true at the last element if a grows
    return a_up == less ? AT_LAST : AT_FIRST;
  }
  return AT_EVERY;
}

// Is boolean m, of the space's shape, true over a run exactly when it is at the run's
// two ends? So where it is an & of comparisons each decided at one end, and of values the
// same along the run (broadcast along the space's last dim). Named values are read by
// their definitions, which their arrays hold; a loop's variable is not.
static bool decided_at_ends(Em *em, const Layout *l, Value *m) {
  if (m->kind == V_VAR) return false;
  if (m->kind == V_BINARY && m->op == OP_AND && m->ty.kind == TY_I1)
    return decided_at_ends(em, l, m->a) && decided_at_ends(em, l, m->b);
  if (m->kind == V_BROADCAST && shape_eq(m->shape, l->space))
    return m->a->shape.rank == 0 || m->a->shape.dim[m->a->shape.rank - 1] == 1;
  return run_endpoint(l, m) != AT_EVERY;
}

// The mask terms tested at each place, each once (terms computed alike are one: canon.c's
// affine_same_atom, as CSE would merge them).
typedef struct {
  Vec terms[3];  // Value*, by place (AT_FIRST, AT_LAST, AT_EVERY)
} MaskPlaces;

static void add_condition(MaskPlaces *at, Value *m, int where) {
  for (int i = 0; i < at->terms[where].len; i++)
    if (affine_same_atom(at->terms[where].items[i], m, 0)) return;
  vec_push(&at->terms[where], m);
}

// The masks' conjunctions split at (unnamed) &, as C, into the three places. A named
// mask whose every part is decided at the run's ends is read at both ends (the Game of
// Life's loop form: `mask = (rows < N - 1) & (cols < N - 1)`, two reads for sixteen).
static void split_mask(Em *em, const Layout *l, Value *m, MaskPlaces *at) {
  if (!m) return;
  if (m->kind == V_BINARY && m->op == OP_AND && m->ty.kind == TY_I1 && !is_materialized(m)) {
    split_mask(em, l, m->a, at);
    split_mask(em, l, m->b, at);
    return;
  }
  if (m->kind == V_BINARY && m->op == OP_AND && is_materialized(m) && decided_at_ends(em, l, m)) {
    add_condition(at, m, AT_FIRST);
    add_condition(at, m, AT_LAST);
    return;
  }
  add_condition(at, m, run_endpoint(l, m));
}

// The terms at one place as C, joined by &; *uses_e: whether they read the element index.
static const char *conjunction(Em *em, const Layout *l, Vec *terms, bool *uses_e) {
  Str c = {0};
  str_add(&c, "");
  for (int i = 0; i < terms->len; i++) {
    Cx cx = identity_cx(l, uses_e);
    str_addf(&c, "%s%s", i ? " & " : "", ex(em, terms->items[i], &cx));
  }
  return c.buf;
}

// bool window = every mask true at every element of this thread.
static void emit_masks_all_true(Em *em, const Layout *l, Value **masks, int n) {
  MaskPlaces places = {0};
  for (int i = 0; i < n; i++) split_mask(em, l, masks[i], &places);
  bool uses_e[3] = {false, false, false};
  const char *at[3];
  for (int w = 0; w < 3; w++) at[w] = conjunction(em, l, &places.terms[w], &uses_e[w]);
  line(em, "bool _window = true;");
  if (*at[AT_FIRST] || *at[AT_LAST]) {
    line(em, "#pragma unroll");
    line(em, "for (int _r = 0; _r < %lld; _r += %d) {  // a run's comparisons decided at its ends", (long long)l->per_thread, l->vec);
    em->indent++;
    for (int w = AT_FIRST; w <= AT_LAST; w++) {
      if (!*at[w]) continue;
      line(em, "{");
      em->indent++;
      line(em, "const int _k = _r%s;", w == AT_LAST ? xprintf(" + %d", l->vec - 1) : "");
      if (uses_e[w]) line(em, "const int _e = %s;", elem_index(em, l));
      line(em, "_window &= %s;", at[w]);
      close_loop(em);
    }
    close_loop(em);
  }
  if (*at[AT_EVERY]) {
    open_elem_loop(em, l, uses_e[AT_EVERY]);
    line(em, "_window &= %s;", at[AT_EVERY]);
    close_loop(em);
  }
}

// "shifted load i's addresses are the anchor's plus its shift", as C. Where both
// pointers add offsets to one base computed alike (x + row * stride + col), only
// the offsets are compared, so that windows of several rows share the condition.
typedef struct {
  Value *p, *q;   // shifted load's address (or offset) and its anchor's
  int64_t shift;  // elements
} SameAddress;

static SameAddress shifted_pair(Window *w, int i) {
  Value *p = w->s[i]->v->a, *q = w->s[0]->v->a;
  while (p->kind == V_BINARY && q->kind == V_BINARY && p->op == OP_ADD && q->op == OP_ADD && p->ty.kind == TY_PTR &&
         q->ty.kind == TY_PTR && affine_same_atom(p->a, q->a, 0))
    p = p->b, q = q->b;
  return (SameAddress){p, q, w->shift[i]};
}

static const char *same_address(Em *em, SameAddress *t, Cx *cx) {
  Value *p = t->p, *q = t->q;
  Cx c = *cx, c0 = *cx;
  const char *a = ex(em, p, &c), *b = ex(em, q, &c0);
  if (p->ty.kind == TY_PTR) return xprintf("(%s) == (%s) %s", a, b, plus(t->shift));
  return xprintf("(int64_t)(%s) == (int64_t)(%s) %s", a, b, plus(t->shift));
}

// window &= every shifted load's addresses are its anchor's plus its shift.
static void emit_window_addresses(Em *em, Window *ws, int n) {
  const Layout *l = ws[0].s[0]->v->layout;
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  Vec conds = {0};  // C, one per distinct (address, anchor, shift): windows of several rows share them
  SameAddress seen[MAX_WINDOW * MAX_WINDOW];
  int nseen = 0;
  for (int i = 0; i < n; i++)
    for (int j = 1; j < ws[i].n; j++) {
      SameAddress t = shifted_pair(&ws[i], j);
      bool dup = false;
      for (int k = 0; k < nseen && !dup; k++)
        dup = seen[k].shift == t.shift && affine_same_atom(seen[k].p, t.p, 0) && affine_same_atom(seen[k].q, t.q, 0);
      if (dup) continue;
      seen[nseen++] = t;
      vec_push(&conds, (void *)same_address(em, &t, &cx));
    }
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; _k += %d) {", (long long)l->per_thread, l->vec);
  em->indent++;
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, l));
  for (int k = 0; k < conds.len; k++) line(em, "_window &= %s;", (const char *)conds.items[k]);
  close_loop(em);
}

static int64_t store_window_shift(Em *em, Stmt *s, const Layout *l, bool packed);
static bool stores_words(Stmt *s, const Layout *l);
static void emit_store_window_check(Em *em, Stmt *s, const Layout *l, int64_t c);

// The run-time condition of windows ws[0..n) and store windows st[0..nst): every
// mask true, every address the anchor's plus its shift, the neighbouring lanes'
// runs adjacent.
static void emit_window_checks(Em *em, Window *ws, int n, Stmt **st, int64_t *shift, int nst) {
  Value *masks[MAX_WINDOW * MAX_WINDOW + MAX_WINDOW];
  int nmasks = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < ws[i].n; j++) masks[nmasks++] = ws[i].s[j]->v->b;
  for (int i = 0; i < nst; i++) masks[nmasks++] = st[i]->mask;
  emit_masks_all_true(em, ws[0].s[0]->v->layout, masks, nmasks);
  emit_window_addresses(em, ws, n);
  if (nst) line(em, "const int _lane = %s & 31;", tid(em));
  for (int i = 0; i < nst; i++) emit_store_window_check(em, st[i], st[i]->ptr->layout, shift[i]);
}

static void emit_window_fast(Em *em, Window *w) {
  Value *a = w->s[0]->v;
  const Layout *l = a->layout;
  bool packed = a->packed;
  const char *vt = run_type(a->ty, l->vec, packed), *t = ctype(a->ty);
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; _k += %d) {", (long long)l->per_thread, l->vec);
  em->indent++;
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  const char *addr = ex(em, a->a, &cx);
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, l));
  line(em, "const %s *_at = %s;", t, addr);
  line(em, "const %s _run = *(const %s *)_at;", vt, vt);
  // the few elements before or after the run that shifted loads need: loaded by each
  // lane itself (they are valid: every mask is true), so no lane depends on another
  if (w->after) {
    line(em, "%s _next = {};  // the %lld element%s after the run", vt, (long long)w->after, w->after == 1 ? "" : "s");
    line(em, "tl2cu_load_span<0, %lld>(_next, _at + %d);", (long long)w->after, l->vec);
  }
  if (w->before) {
    line(em, "%s _prev = {};  // the %lld element%s before it", vt, (long long)w->before, w->before == 1 ? "" : "s");
    line(em, "tl2cu_load_span<%lld, %d>(_prev, _at - %d);", (long long)(l->vec - w->before), l->vec, l->vec);
  }
  const char *p = w->before ? "_prev" : "_run", *n = w->after ? "_next" : "_run";
  line(em, "#pragma unroll");
  line(em, "for (int _j = 0; _j < %d; ++_j) {", packed ? l->vec / 4 : l->vec);
  em->indent++;
  for (int i = 0; i < w->n; i++) {
    if (packed)
      line(em, "%s[_k / 4 + _j] = tl2cu_window_word<%lld>(%s, _run, %s, _j);", w->s[i]->v->cname, (long long)w->shift[i], p, n);
    else
      line(em, "%s[_k + _j] = tl2cu_window_at(%s, _run, %s, _j %s);", w->s[i]->v->cname, p, n, plus(w->shift[i]));
  }
  close_loop(em);
  close_loop(em);
}

// The window's loads are emitted with it (their statements are then skipped).
static void claim_window(Em *em, Window *w) {
  em->both_refused |= em->both_facts;  // (the pointer-layout variant's windows may differ)
  for (int i = 0; i < w->n; i++) vec_push(&em->windowed, w->s[i]);
}

static void declare_window(Em *em, Window *w) {
  for (int i = 0; i < w->n; i++) {
    source_comment(em, w->s[i]);
    line(em, "%s", array_decl(w->s[i]->v));
  }
}

// Emits the window of anchor s, if it has one: a fast path and a slow one.
static void emit_load_window(Em *em, Stmt *first, Stmt *s) {
  Window w;
  if (!find_window(em, first, s, &w)) return;
  const Layout *l = s->v->layout;
  claim_window(em, &w);
  declare_window(em, &w);
  line(em, "{  // %s: one %d-byte load a run for all, when the warp's masks are all true", window_names(&w),
       l->vec * elem_bytes(s->v->ty));
  em->indent++;
  em->nvector++;
  emit_window_checks(em, &w, 1, NULL, NULL, 0);
  line(em, "if (__all_sync(0xffffffffu, _window)) {");
  em->indent++;
  emit_window_fast(em, &w);
  em->indent--;
  line(em, "} else {  // element by element, as written");
  em->indent++;
  for (int i = 0; i < w.n; i++) elementwise(em, w.s[i], l, rhs_definition, "%s = %s;", w.s[i]->v);
  close_loop(em);
  close_loop(em);
}

// At the first of a run of loads: the windows of its anchors.
void emit_load_windows(Em *em, Stmt *first) {
  if (em->no_windows) return;
  for (Stmt *s = first; s && s->kind == S_LET && s->v->kind == V_LOAD; s = s->next) emit_load_window(em, first, s);
}

// Can statements s... be emitted twice, in the two branches of a warp's decision?
// Only lets and stores, none needing a barrier (reductions, scans, gathers, histograms,
// sorts, layout changes).
static bool duplicable(Stmt *s) {
  for (; s; s = s->next) {
    if (s->kind == S_STORE) {
      const Layout *l = s->ptr->layout;
      if (s->ptr->shape.rank && (!l || reads_across(s->ptr, l) || reads_across(s->mask, l) ||
                                 reads_across(s->v, l)))
        return false;
      continue;
    }
    if (s->kind != S_LET || is_collective(s->v)) return false;
    Value *v = s->v;
    if (v->shape.rank && (!v->layout || reads_across(v->a, v->layout) || reads_across(v->b, v->layout) ||
                          reads_across(v->c, v->layout)))
      return false;
  }
  return true;
}

// Does v read a value that a let among statements s... defines?
static bool reads_defined_in(Stmt *s, Value *v, int depth) {
  if (!v) return false;
  if (depth > 64) return true;
  for (Stmt *t = s; t; t = t->next)
    if (t->kind == S_LET && t->v == v) return true;
  if (is_materialized(v)) return false;
  return reads_defined_in(s, v->a, depth + 1) || reads_defined_in(s, v->b, depth + 1) || reads_defined_in(s, v->c, depth + 1);
}

// The stores among statements first... that store windows will serve in layout l,
// with masks and addresses known before the statements: their conditions can join
// a window split's decision. Returns how many (at most MAX_WINDOW), in st and shift.
static int store_windows_after(Em *em, Stmt *first, const Layout *l, Stmt **st, int64_t *shift) {
  int n = 0;
  for (Stmt *t = first; t && n < MAX_WINDOW; t = t->next) {
    const Layout *sl = t->kind == S_STORE ? t->ptr->layout : NULL;
    if (!sl || !shape_eq(sl->space, t->ptr->shape) || !layout_same(sl, l, &t->ptr->shape)) continue;
    if (reads_defined_in(first, t->ptr, 0) || reads_defined_in(first, t->mask, 0)) continue;
    int64_t c = store_window_shift(em, t, sl, stores_words(t, sl) || packs_store_value(t, sl));
    if (c) st[n] = t, shift[n++] = c;
  }
  return n;
}

// Where the loads of a run form windows (all in one layout) and what follows them
// can be emitted twice: one decision for all the windows, then the rest of the
// statements in both branches, fast (windows) and as written. With a decision per
// window, each window's values are merged where its two paths join, and all of
// them stay live until used: the Game of Life held 36 words so (62 registers).
bool emit_window_split(Em *em, Stmt *first) {
  if (em->split || em->no_windows) return false;
  Window ws[MAX_WINDOW];
  int n = 0, claimed = em->windowed.len;
  uint64_t assumed = em->assumed;
  for (Stmt *s = first; s && s->kind == S_LET && s->v->kind == V_LOAD && n < MAX_WINDOW; s = s->next) {
    if (!find_window(em, first, s, &ws[n])) continue;
    claim_window(em, &ws[n]);
    n++;
  }
  bool one_layout = true;
  for (int i = 1; i < n; i++) one_layout &= layout_same(ws[i].s[0]->v->layout, ws[0].s[0]->v->layout, &ws[0].s[0]->v->shape);
  if (n == 0 || !one_layout || !duplicable(first)) {
    em->windowed.len = claimed;
    em->assumed = assumed;
    return false;
  }
  Stmt *st[MAX_WINDOW];
  int64_t shift[MAX_WINDOW];
  int nst = store_windows_after(em, first, ws[0].s[0]->v->layout, st, shift);
  line(em, "{  // one decision for the windows of the next %d load%s%s: vector accesses when the warp's masks are all true",
       em->windowed.len - claimed, em->windowed.len - claimed == 1 ? "" : "s", nst ? " and the stores after them" : "");
  em->indent++;
  em->nvector++;
  emit_window_checks(em, ws, n, st, shift, nst);
  for (int i = 0; i < nst; i++) vec_push(&em->prechecked, st[i]);
  line(em, "if (__all_sync(0xffffffffu, _window)) {");
  em->indent++;
  em->split = true;
  for (int i = 0; i < n; i++) {
    declare_window(em, &ws[i]);
    emit_window_fast(em, &ws[i]);
  }
  emit_stmts(em, first);
  em->indent--;
  line(em, "} else {  // element by element, as written");
  em->indent++;
  em->windowed.len = claimed;
  em->prechecked.len = 0;
  em->last_line = 0;
  em->no_windows = true;
  if (!emit_rolled(em, first)) emit_stmts(em, first);
  em->no_windows = false;
  em->split = false;
  close_loop(em);
  close_loop(em);
  return true;
}

// Does statement s store a packed value as it is held (its words can move as they are)?
static bool stores_words(Stmt *s, const Layout *l) {
  Value *v = s->v;
  return v->packed && v->layout && shape_eq(v->shape, l->space) && layout_same(v->layout, l, &v->shape);
}

// `name`: the run at r of the values statement s stores (element r + j in name.v[j],
// or packed: word j of the run in name.v[j]).
static void gather_run(Em *em, Stmt *s, const Layout *l, int vec, const char *name) {
  if (stores_words(s, l)) {
    line(em, "%s %s;", run_type(s->v->ty, vec, true), name);
    line(em, "for (int _j = 0; _j < %d; ++_j) %s.v[_j] = %s[_r / 4 + _j];", vec / 4, name, s->v->cname);
    return;
  }
  line(em, "%s %s;", vec_type(s->v->ty, vec), name);
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  em->reads_k = false;
  const char *value = store_value(em, s, &cx);
  line(em, "#pragma unroll");
  line(em, "for (int _j = 0; _j < %d; ++_j) {", vec);
  em->indent++;
  if (uses_e || em->reads_k) line(em, "const int _k = _r + _j;");  // (a constant reads no element)
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, l));
  line(em, "%s.v[_j] = %s;", name, value);
  close_loop(em);
}

// The byte of element _e of a staged tile (store_staging_bytes) in shared memory.
static const char *staged_at(const Layout *l, int size) {
  int64_t cols = l->space.dim[1];
  return xprintf("(_e >> %d) * %lld + (_e & %lld) * %d", log2i(cols), (long long)(cols * size + 16),
                 (long long)(cols - 1), size);
}

// The arrays a store held as it is would read for x (its pointer, its mask): read by
// nothing else when the staged store recomputes them, which nvcc warns about (#550).
static void note_recomputed_arrays(Em *em, Value *x) {
  if (!x) return;
  if (is_materialized(x) && x->shape.rank && x->kind != V_PARAM && !x->rolled) {
    line(em, "(void)%s;  // (recomputed where the runs are stored)", elem_at(x, "0"));
    return;
  }
  note_recomputed_arrays(em, x->a);
  note_recomputed_arrays(em, x->b);
  note_recomputed_arrays(em, x->c);
}

// (its buffer sized by smem.c: Stmt.scratch; the printer chose it, staged_store_variants)
void emit_staged_store(Em *em, Stmt *s, const Layout *l) {
  Layout staged;
  staged_store_layout(s, em->threads, &staged);
  const Layout *to = &staged;
  int size = elem_bytes(s->v->ty);
  const char *vt = vec_type(s->v->ty, to->vec);
  need_smem(em, s->scratch);
  print_conversions(em);
  line(em, "{  // through shared memory: runs of %d written as the mma holds them, stored as runs of %d (16 bytes)",
       l->vec, to->vec);
  em->indent++;
  line(em, "__syncthreads();");
  line(em, "#pragma unroll");
  line(em, "for (int _r = 0; _r < %lld; _r += %d) {", (long long)l->per_thread, l->vec);
  em->indent++;
  gather_run(em, s, l, l->vec, "_t");
  line(em, "const int _e = %s;", elem_of(em, l, "_r"));
  line(em, "*(%s *)(tl2cu_smem + %s) = _t;", vec_type(s->v->ty, l->vec), staged_at(l, size));
  close_loop(em);
  line(em, "__syncthreads();");
  note_recomputed_arrays(em, s->ptr);
  note_recomputed_arrays(em, s->mask);
  em->vec = to->vec;
  em->vec_words = false;
  em->nvector++;
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; _k += %d) {  // 16-byte stores", (long long)to->per_thread, to->vec);
  em->indent++;
  bool uses_e = false;
  Cx cx = identity_cx(to, &uses_e);
  const char *target = store_address(em, s, &cx);
  line(em, "const int _e = %s;", elem_index(em, to));
  line(em, "const %s _t = *(const %s *)(tl2cu_smem + %s);", vt, vt, staged_at(to, size));
  line(em, "%s = _t;", target);
  close_loop(em);
  close_loop(em);
}

// The variants (IN_ALIGNED, IN_PLAIN) in which store s of a tile held in layout l goes
// staged (store_staging_bytes): where its 16-byte runs can be stored as vectors.
int staged_store_variants(Em *em, Stmt *s) {
  Layout to;
  return s->kind == S_STORE && s->scratch && staged_store_layout(s, em->threads, &to) ? store_vectors(em, s, &to) : 0;
}

// tl.store with contiguous, aligned addresses: the run's values gathered, one vector store.
void emit_vector_store(Em *em, Stmt *s, const Layout *l) {
  int vec = layout_chunk(l, s->v->ty);
  em->vec = vec;
  em->vec_words = stores_words(s, l);
  print_conversions(em);
  line(em, "#pragma unroll");
  em->nvector++;
  line(em, "for (int _r = 0; _r < %lld; _r += %d) {  // %d-byte stores", (long long)l->per_thread, vec, vec * elem_bytes(s->v->ty));
  em->indent++;
  gather_run(em, s, l, vec, "_t");
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  const char *target = store_address(em, s, &cx);
  line(em, "const int _k = _r;");
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, l));
  line(em, "%s = _t;", target);
  close_loop(em);
  em->vec_words = false;
}

// The shift c (in elements) past an aligned address of store s's runs, when a store
// window can serve it (0: none). packed: its value is, or will be, packed words.
static int64_t store_window_shift(Em *em, Stmt *s, const Layout *l, bool packed) {
  int size = elem_bytes(s->v->ty), vec = l->vec;
  if (!whole_warps(em) || (size < 2 && !packed) || vec < 2 || vec * size > 16) return 0;
  if (l->space.dim[l->space.rank - 1] < 32 * vec || shape_numel(l->space) < l->threads) return 0;
  int64_t c;
  if (!axis_run_shift(s->ptr, l, vec, facts_variant(em), &c) || c == 0 || reads_across(s->ptr, l) || reads_across(s->mask, l) || reads_across(s->v, l))
    return 0;
  return vector_access(em, l, s->ptr, NULL, NULL, s->v->ty, c) ? c : 0;
}

// The integer offset of pointer p from a base that is the same in every thread of
// the program (a scalar or a single element: out + row * stride in out + row * stride
// + col), or NULL.
static Value *offset_from_uniform_base(Value *p) {
  if (p->kind != V_BINARY || p->op != OP_ADD || p->ty.kind != TY_PTR) return NULL;
  Value *base = p->a;
  while (!is_materialized(base) && (base->kind == V_BROADCAST || base->kind == V_EXPAND)) base = base->a;
  return shape_numel(base->shape) == 1 && scalar_is_int(p->b->ty.kind) ? p->b : NULL;
}

// window &= the next lane's run follows ours, for the aligned addresses c before store
// s's. Comparing offsets from a uniform base takes one 32-bit shuffle, pointers two.
static void emit_store_window_check(Em *em, Stmt *s, const Layout *l, int64_t c) {
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  Value *off = offset_from_uniform_base(s->ptr);
  const char *addr = ex(em, off ? off : s->ptr, &cx);
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; _k += %d) {", (long long)l->per_thread, l->vec);
  em->indent++;
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, l));
  if (off) {
    line(em, "const %s _offset = %s;  // from a base the same in every thread", ctype(off->ty), addr);
    line(em, "const bool _next_follows = (int64_t)__shfl_down_sync(0xffffffffu, _offset, 1) == (int64_t)_offset + %d;", l->vec);
  } else {
    line(em, "%s *_at = %s - %lld;  // aligned", ctype(s->v->ty), addr, (long long)c);
    line(em, "const bool _next_follows = tl2cu_shfl_down_ptr(_at, 1) == _at + %d;", l->vec);
  }
  line(em, "_window &= _lane == 31 | _next_follows;");
  close_loop(em);
}

// Each lane stores the aligned chunk after its run's start; the warp's edge lanes the rest.
static void emit_store_window_fast(Em *em, Stmt *s, const Layout *l, int64_t c) {
  int size = elem_bytes(s->v->ty), vec = l->vec;
  bool packed = stores_words(s, l);
  const char *t = ctype(s->v->ty), *vt = run_type(s->v->ty, vec, packed);
  int words = (int)(((vec - c) * size + 3) / 4);
  line(em, "#pragma unroll");
  line(em, "for (int _r = 0; _r < %lld; _r += %d) {", (long long)l->per_thread, vec);
  em->indent++;
  gather_run(em, s, l, vec, "_mine");
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  const char *addr = ex(em, s->ptr, &cx);
  line(em, "const int _k = _r;");
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, l));
  line(em, "%s *_at = %s - %lld;", t, addr, (long long)c);
  line(em, "const %s _next = tl2cu_next_run<%d>(_mine);  // lane + 1's run", vt, words);
  line(em, "if (_lane != 31) {");
  line(em, "  %s _chunk;", vt);
  if (packed)
    line(em, "  for (int _j = 0; _j < %d; ++_j) _chunk.v[_j] = tl2cu_window_word<%lld>(_mine, _mine, _next, _j);", vec / 4, (long long)(vec - c));
  else
    line(em, "  for (int _j = 0; _j < %d; ++_j) _chunk.v[_j] = tl2cu_window_at(_mine, _mine, _next, _j + %lld);", vec, (long long)(vec - c));
  line(em, "  *(%s *)(_at + %d) = _chunk;", vt, vec);
  line(em, "}");
  line(em, "if (_lane == 0) tl2cu_store_part<%lld, 0, %lld>(_at, _mine);  // before the first chunk", (long long)c, (long long)(vec - c));
  line(em, "if (_lane == 31) tl2cu_store_part<%lld, %lld, %d>(_at, _mine);  // the next warp stores after it", (long long)c,
       (long long)(vec - c), vec);
  close_loop(em);
}

static bool prechecked(Em *em, Stmt *s) {
  for (int i = 0; i < em->prechecked.len; i++)
    if (em->prechecked.items[i] == s) return true;
  return false;
}

// A contiguous store whose runs start c elements past an aligned address (out[i + 1]
// in a stencil): each lane stores the aligned chunk after its run's start, made of
// its own last c elements and the next lane's first V - c (a shuffle); the warp's
// edge lanes store the rest of their own runs in aligned pieces. Checked at run
// time like a load window: every mask true over the warp, the next lane's run next
// (or already, with the loads of a window split).
bool emit_store_window(Em *em, Stmt *s, const Layout *l) {
  if (l->kind != LAYOUT_BLOCKED) return false;  // (the next lane's run follows only in blocked layouts)
  int64_t c = store_window_shift(em, s, l, stores_words(s, l));
  if (!c) return false;
  em->both_refused |= em->both_facts;
  int size = elem_bytes(s->v->ty), vec = l->vec;
  if (prechecked(em, s)) {
    line(em, "// runs start %lld element%s past a %d-byte boundary: aligned %d-byte stores (decided with the loads)",
         (long long)c, c == 1 ? "" : "s", vec * size, vec * size);
    emit_store_window_fast(em, s, l, c);
    return true;
  }
  line(em, "{  // runs start %lld element%s past a %d-byte boundary: aligned %d-byte stores when the warp's masks are all true",
       (long long)c, c == 1 ? "" : "s", vec * size, vec * size);
  em->indent++;
  em->nvector++;
  emit_masks_all_true(em, l, &s->mask, 1);
  line(em, "const int _lane = %s & 31;", tid(em));
  emit_store_window_check(em, s, l, c);
  line(em, "if (__all_sync(0xffffffffu, _window)) {");
  em->indent++;
  emit_store_window_fast(em, s, l, c);
  em->indent--;
  line(em, "} else {  // element by element, as written");
  em->indent++;
  elementwise(em, s, l, store_rhs, "%s", NULL);
  close_loop(em);
  close_loop(em);
  return true;
}
