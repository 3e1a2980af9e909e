// axisinfo.c: what a block value's index math says about each of its dims before any
// layout is chosen, as Triton's AxisInfo analysis (lib/Analysis/AxisInfo.cpp): per dim,
// the contiguity (the shortest run of consecutive integers, or of consecutive elements
// for pointers), the divisibility (the largest power of two dividing the first element
// of every such run; bytes for pointers) and the constancy (the shortest run of equal
// values). Beyond Triton, the first elements' residue modulo a power of two: x + 1 for
// an aligned x is "1 past a multiple of 16", what a stencil's shifted loads and stores
// need (access.c's windows). Computed twice: with the facts the kernel states (":16"
// hints, constants), and with those of the aligned variant, which assumes every pointer
// 16-byte aligned and every integer argument divisible by 16, as Triton's specialization
// finds at launch (axisinfo_assume: with some arguments withdrawn from that assumption, or
// ints taken as 1, as the launch condition's search and the unit strides ask). Layout
// assignment reads the contiguity to lay a load out along its memory (Triton's Coalesce
// pass); the pass records each access's widest vector; the printer asks it, along a
// layout's runs (axis_run_*), whether an access moves vectors and what that needs.
#include "tl2cu.h"

enum { MODULUS_MAX = 1 << 30 };  // "a multiple of anything": zero's modulus, capped

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}


// Nothing known: runs of one, any integer (constancy 1 along every dim).
static AxisInfo unknown(int rank) {
  AxisInfo r = {0};
  for (int d = 0; d < (rank ? rank : 1); d++) r.contiguity[d] = r.modulus[d] = r.constancy[d] = 1;
  return r;
}

// The same value everywhere, `residue` modulo `modulus`: a constant or an argument.
static AxisInfo uniform(Shape s, int64_t modulus, int64_t residue) {
  AxisInfo r = unknown(s.rank);
  for (int d = 0; d < (s.rank ? s.rank : 1); d++) {
    r.modulus[d] = modulus;
    r.residue[d] = floor_mod(residue, modulus);
    r.constancy[d] = s.rank ? s.dim[d] : 1;
  }
  return r;
}

// Triton's divisibility, and the old summary layout.c reads: the dim walked consecutively
// end to end, and the dims along which nothing changes.
static AxisInfo summarize(AxisInfo r, Shape s) {
  r.contiguous = -1;
  r.constant = 0;
  for (int d = 0; d < (s.rank ? s.rank : 1); d++) {
    r.divisibility[d] = r.residue[d] ? pow2_divisor(r.residue[d], MODULUS_MAX) : r.modulus[d];
    if (d < s.rank && s.dim[d] > 1 && r.contiguity[d] == s.dim[d] && r.contiguous < 0) r.contiguous = d;
    if (d < s.rank && r.constancy[d] == s.dim[d]) r.constant |= 1u << d;
  }
  return r;
}

// What the aligned variant assumes of its arguments, as its launch condition will check
// (axisinfo_assume): each assumable one 16-divisible (a pointer 16-byte aligned), but the
// withdrawn ones (their hints only), and the ints in `unit_ones` equal to 1 (Triton
// specializes an int argument equal to 1 as the constant).
static struct {
  Kernel *k;
  uint64_t withdrawn, unit_ones;
} assumed;

static uint64_t param_bit(Value *v) {
  return v->param_index >= 0 && v->param_index < 64 ? (uint64_t)1 << v->param_index : 0;
}

// A parameter: the aligned variant's assumption, a ":16" hint, else a pointer aligned to
// its element and an integer of unknown divisibility.
static int64_t param_divisibility(Value *v, int variant) {
  bool assumable = v->ty.kind == TY_PTR || (scalar_is_int(v->ty.kind) && v->ty.kind != TY_I1);
  if (variant == ALIGNED_VARIANT && (assumed.withdrawn & param_bit(v))) variant = PLAIN_VARIANT;
  if (assumable && (v->ival >= 16 || variant == ALIGNED_VARIANT)) return 16;
  return v->ty.kind == TY_PTR ? elem_bytes(type_scalar(v->ty.pointee)) : 1;
}

static AxisInfo param_info(Value *v, int variant) {
  uint64_t bit = param_bit(v);
  bool one = variant == ALIGNED_VARIANT && (assumed.unit_ones & bit) && !(assumed.withdrawn & bit);
  if (one && scalar_is_int(v->ty.kind) && v->ty.kind != TY_I1) return uniform(v->shape, MODULUS_MAX, 1);
  return uniform(v->shape, param_divisibility(v, variant), 0);
}

// A dim's divisibility where every element counts (a run's later elements are not
// multiples of its first's divisor).
static int64_t element_divisibility(AxisInfo a, int d) { return a.contiguity[d] > 1 ? 1 : a.divisibility[d]; }

// a + b, a - b; p + offset (offset in elements of `scale` bytes).
static AxisInfo add_info(Value *v, AxisInfo a, AxisInfo b, int64_t scale_a, int64_t scale_b) {
  AxisInfo r = unknown(v->shape.rank);
  for (int d = 0; d < (v->shape.rank ? v->shape.rank : 1); d++) {
    int64_t from_a = gcd64(a.contiguity[d], b.constancy[d]);
    int64_t from_b = v->op == OP_ADD ? gcd64(a.constancy[d], b.contiguity[d]) : 1;
    r.contiguity[d] = from_a > from_b ? from_a : from_b;
    r.modulus[d] = gcd64(min64(a.modulus[d] * scale_a, MODULUS_MAX), min64(b.modulus[d] * scale_b, MODULUS_MAX));
    int64_t ra = a.residue[d] * scale_a, rb = b.residue[d] * scale_b;
    r.residue[d] = floor_mod(v->op == OP_ADD ? ra + rb : ra - rb, r.modulus[d]);
    r.constancy[d] = gcd64(a.constancy[d], b.constancy[d]);
  }
  return r;
}

// Facts of the value 1 everywhere (a constant, or an argument assumed 1).
static bool one_everywhere(AxisInfo a, Shape s) {
  for (int d = 0; d < (s.rank ? s.rank : 1); d++)
    if (a.modulus[d] != MODULUS_MAX || a.residue[d] != 1 || a.constancy[d] != (s.rank ? s.dim[d] : 1)) return false;
  return true;
}

static AxisInfo mul_info(Value *v, AxisInfo a, AxisInfo b) {
  int64_t c;
  if ((int_constant(v->b, &c) && c == 1) || one_everywhere(b, v->b->shape)) return a;  // x * 1: a unit stride
  if ((int_constant(v->a, &c) && c == 1) || one_everywhere(a, v->a->shape)) return b;
  AxisInfo r = unknown(v->shape.rank);
  for (int d = 0; d < (v->shape.rank ? v->shape.rank : 1); d++) {
    r.modulus[d] = min64(element_divisibility(a, d) * element_divisibility(b, d), MODULUS_MAX);
    r.constancy[d] = gcd64(a.constancy[d], b.constancy[d]);
  }
  return r;
}

// a < b and the like: the same along a run where both are, or where one side runs
// through consecutive integers that the other, constant there, cannot split (Triton's
// CmpOp rule: a contiguous run from a multiple of 2^k against a multiple of 2^k).
static AxisInfo compare_info(Value *v, AxisInfo a, AxisInfo b) {
  AxisInfo r = unknown(v->shape.rank);
  bool ordered = v->op == OP_LT || v->op == OP_LE || v->op == OP_GT || v->op == OP_GE;
  for (int d = 0; d < (v->shape.rank ? v->shape.rank : 1); d++) {
    int64_t c = gcd64(a.constancy[d], b.constancy[d]);
    if (ordered && a.contiguity[d] > 1 && b.constancy[d] > 1) {
      int64_t edge = gcd64(a.contiguity[d], gcd64(a.divisibility[d], b.divisibility[d]));
      c = c > edge ? c : gcd64(edge, b.constancy[d]);
    }
    if (ordered && b.contiguity[d] > 1 && a.constancy[d] > 1) {
      int64_t edge = gcd64(b.contiguity[d], gcd64(a.divisibility[d], b.divisibility[d]));
      c = c > edge ? c : gcd64(edge, a.constancy[d]);
    }
    r.constancy[d] = c;
  }
  return r;
}

// a % b for ints, b the same along the dim: a run of a that starts at a multiple of 2^k
// goes on while no multiple of b falls inside it, so runs of c = gcd(a's contiguity, a's
// and b's divisibility) (Triton's RemOp), each starting at a's run start less a multiple
// of b: a's residue modulo what c and both moduli share, where b is 0 modulo that.
// (Non-negative a, as Triton's AxisInfo assumes.)
static AxisInfo rem_info(Value *v, AxisInfo a, AxisInfo b) {
  AxisInfo r = unknown(v->shape.rank);
  for (int d = 0; d < (v->shape.rank ? v->shape.rank : 1); d++) {
    r.constancy[d] = gcd64(a.constancy[d], b.constancy[d]);
    int64_t n = v->shape.rank ? v->shape.dim[d] : 1;
    if (b.constancy[d] != n) continue;
    int64_t c = gcd64(a.contiguity[d], gcd64(a.divisibility[d], b.divisibility[d]));
    r.contiguity[d] = c > 1 ? c : 1;
    int64_t m = gcd64(gcd64(a.modulus[d], b.modulus[d]), c > 1 ? c : MODULUS_MAX);
    while (m > 1 && floor_mod(b.residue[d], m)) m /= 2;
    r.modulus[d] = m;
    r.residue[d] = floor_mod(a.residue[d], m);
  }
  return r;
}

// a // b for ints (Triton's DivOp rules): b == 1 keeps a; an a that runs through consecutive
// integers along the whole dim, over a b the same along it, gives runs of equal quotients
// as long as gcd(a's contiguity, a's and b's divisibility) (arange(0, 256) // 64: 64 equal
// values, 4 distinct); a quotient of single-element runs by a power of two keeps what
// that power leaves of a's divisibility. (Non-negative a, as Triton's AxisInfo assumes.)
static AxisInfo div_info(Value *v, AxisInfo a, AxisInfo b) {
  int64_t c;
  bool by_constant = int_constant(v->b, &c);
  if ((by_constant && c == 1) || one_everywhere(b, v->b->shape)) return a;
  AxisInfo r = unknown(v->shape.rank);
  for (int d = 0; d < (v->shape.rank ? v->shape.rank : 1); d++) {
    int64_t n = v->shape.rank ? v->shape.dim[d] : 1;
    r.constancy[d] = gcd64(a.constancy[d], b.constancy[d]);
    if (n > 1 && a.contiguity[d] == n && b.constancy[d] == n) {
      int64_t runs = gcd64(a.contiguity[d], gcd64(a.divisibility[d], b.divisibility[d]));
      if (runs > r.constancy[d]) r.constancy[d] = runs;
    }
    if (by_constant && c > 0 && (c & (c - 1)) == 0 && a.contiguity[d] == 1) {
      int64_t left = a.divisibility[d] / c;
      r.modulus[d] = left > 1 ? left : 1;
    }
  }
  return r;
}

// Elementwise ops that keep only what their operands share: constancy.
static AxisInfo constancy_only(Value *v, AxisInfo a, AxisInfo b) {
  AxisInfo r = unknown(v->shape.rank);
  for (int d = 0; d < (v->shape.rank ? v->shape.rank : 1); d++) r.constancy[d] = gcd64(a.constancy[d], b.constancy[d]);
  return r;
}

static AxisInfo binary_info(Value *v, int variant) {
  AxisInfo a = axis_info_in(v->a, variant), b = axis_info_in(v->b, variant);
  if (v->ty.kind == TY_PTR) {  // pointer + offset: the offset counts elements
    int64_t size = elem_bytes(type_scalar(v->ty.pointee));
    bool a_ptr = v->a->ty.kind == TY_PTR;
    return add_info(v, a, b, a_ptr ? 1 : size, a_ptr ? size : 1);
  }
  bool ints = scalar_is_int(v->a->ty.kind) && v->a->ty.kind != TY_I1;
  switch (v->op) {
  case OP_ADD: case OP_SUB: return ints ? add_info(v, a, b, 1, 1) : constancy_only(v, a, b);
  case OP_MUL: return ints ? mul_info(v, a, b) : constancy_only(v, a, b);
  case OP_MOD: return ints ? rem_info(v, a, b) : constancy_only(v, a, b);
  case OP_FLOORDIV: return ints ? div_info(v, a, b) : constancy_only(v, a, b);
  case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: return compare_info(v, a, b);
  default: return constancy_only(v, a, b);
  }
}

// The divisibility that every element of a has (for the dims a broadcast or expand_dims
// adds: Triton's ExpandDims).
static int64_t every_element(Value *src, AxisInfo a) {
  int64_t every = MODULUS_MAX;
  for (int d = 0; d < (src->shape.rank ? src->shape.rank : 1); d++) every = gcd64(every, element_divisibility(a, d));
  return every;
}

static void copy_dim(AxisInfo *r, int d, AxisInfo a, int s) {
  r->contiguity[d] = a.contiguity[s];
  r->modulus[d] = a.modulus[s];
  r->residue[d] = a.residue[s];
  r->constancy[d] = a.constancy[s];
}

// -x of an integer: where every element starts a run, each is -r modulo the same modulus
// (x - 1 is traced as x + (-1)); a run of consecutive integers negated runs downwards.
static AxisInfo unary_info(Value *v, AxisInfo a) {
  AxisInfo r = constancy_only(v, a, a);
  if (v->op != OP_NEG || !scalar_is_int(v->ty.kind)) return r;
  for (int d = 0; d < (v->shape.rank ? v->shape.rank : 1); d++)
    if (a.contiguity[d] == 1) r.modulus[d] = a.modulus[d], r.residue[d] = floor_mod(-a.residue[d], a.modulus[d]);
  return r;
}

// Broadcast: new dims and dims of size 1 are constant along their new extent.
static AxisInfo broadcast_info(Value *v, AxisInfo a) {
  Value *src = v->a;
  AxisInfo r = unknown(v->shape.rank);
  int off = v->shape.rank - src->shape.rank;
  for (int d = 0; d < v->shape.rank; d++) {
    int s = d - off;
    if (s >= 0 && src->shape.dim[s] != 1) {
      copy_dim(&r, d, a, s);
      continue;
    }
    if (s >= 0) copy_dim(&r, d, a, s);
    else r.modulus[d] = src->shape.rank ? every_element(src, a) : a.modulus[0], r.residue[d] = src->shape.rank ? 0 : a.residue[0];
    r.contiguity[d] = 1;
    r.constancy[d] = v->shape.dim[d];
  }
  return r;
}

static AxisInfo expand_info(Value *v, AxisInfo a) {
  AxisInfo r = unknown(v->shape.rank);
  for (int d = 0; d < v->shape.rank; d++) {
    if (d != v->ival) copy_dim(&r, d, a, d < v->ival ? d : d - 1);
    else if (v->a->shape.rank) r.modulus[d] = every_element(v->a, a);
    else r.modulus[d] = a.modulus[0], r.residue[d] = a.residue[0];
  }
  return r;
}

static AxisInfo compute(Value *v, int variant) {
  int rank = v->shape.rank;
  switch (v->kind) {
  case V_ARANGE: {
    AxisInfo r = unknown(1);
    r.contiguity[0] = v->shape.dim[0];
    r.modulus[0] = MODULUS_MAX;
    r.residue[0] = floor_mod(v->ival, MODULUS_MAX);
    return r;
  }
  case V_CONST:
    if (!scalar_is_int(v->ty.kind)) return uniform(v->shape, 1, 0);
    return uniform(v->shape, MODULUS_MAX, v->ival);
  case V_PARAM: return param_info(v, variant);
  case V_PROGRAM_ID: case V_NUM_PROGRAMS: return uniform(v->shape, 1, 0);
  case V_BROADCAST: return broadcast_info(v, axis_info_in(v->a, variant));
  case V_EXPAND: return expand_info(v, axis_info_in(v->a, variant));
  case V_PERMUTE: {
    AxisInfo a = axis_info_in(v->a, variant), r = unknown(rank);
    for (int d = 0; d < rank; d++) copy_dim(&r, d, a, v->perm[d]);
    return r;
  }
  case V_BINARY: return binary_info(v, variant);
  case V_CAST:  // integers widened or narrowed keep their facts (Triton assumes no wrap-around)
    if (scalar_is_int(v->ty.kind) && v->ty.kind != TY_I1 && scalar_is_int(v->a->ty.kind) && v->a->ty.kind != TY_I1)
      return axis_info_in(v->a, variant);
    return constancy_only(v, axis_info_in(v->a, variant), axis_info_in(v->a, variant));
  case V_UNARY: return unary_info(v, axis_info_in(v->a, variant));
  case V_WHERE: {
    AxisInfo c = axis_info_in(v->a, variant), r = constancy_only(v, axis_info_in(v->b, variant), axis_info_in(v->c, variant));
    for (int d = 0; d < (rank ? rank : 1); d++) r.constancy[d] = gcd64(r.constancy[d], c.constancy[d]);
    return r;
  }
  default: return rank ? unknown(rank) : uniform(v->shape, 1, 0);  // a scalar is the same for every element
  }
}

// Variables (loop-carried or merged after an if): the facts the pass solved for them
// (Value.info.solved), a fixed point over their assignments. Until then, and for a
// variable it did not reach, nothing is known of a block (a scalar is the same for every
// element).
static int generation = 1;  // bumped when a variable's facts change: every memo is stale

static AxisInfo var_info(Value *v, int variant) {
  if (v->info.solved) return v->info.solved[variant];
  return v->shape.rank ? unknown(v->shape.rank) : uniform(v->shape, 1, 0);
}

AxisInfo axis_info_in(Value *v, int variant) {
  if (v->info.generation[variant] != generation) {
    AxisInfo r = v->kind == V_VAR ? var_info(v, variant) : compute(v, variant);
    v->info.facts[variant] = summarize(r, v->shape);
    v->info.generation[variant] = generation;
  }
  return v->info.facts[variant];
}

AxisInfo axis_info(Value *v) { return axis_info_in(v, PLAIN_VARIANT); }

// The widest vector (in elements, a power of two, at most 16 bytes) that an access
// through ptr with this mask may move along its last dim in the variant: Triton's
// vector size from the pointer's contiguity and alignment and the mask's constancy.
int axis_vector(Value *ptr, Value *mask, int variant) {
  int last = ptr->shape.rank - 1;
  if (last < 0 || ptr->ty.kind != TY_PTR) return 1;
  int64_t size = elem_bytes(type_scalar(ptr->ty.pointee));
  AxisInfo p = axis_info_in(ptr, variant);
  int64_t n = min64(p.contiguity[last], min64(p.divisibility[last] / size, 16 / size));
  if (mask && mask->shape.rank) n = min64(n, axis_info_in(mask, variant).constancy[last]);
  int vec = 1;
  while (vec * 2 <= n) vec *= 2;
  return vec;
}

// An access whose runs would be vectors but start c elements past a 2^k-byte boundary
// (x[i + 1] for an aligned x): the widest such vector, ignoring the mask (a window
// checks it at run time), with c in *shift; 0 if the access is aligned or not so.
int axis_shifted_vector(Value *ptr, int variant, int64_t *shift) {
  int last = ptr->shape.rank - 1;
  if (last < 0 || ptr->ty.kind != TY_PTR) return 0;
  int64_t size = elem_bytes(type_scalar(ptr->ty.pointee));
  AxisInfo p = axis_info_in(ptr, variant);
  int64_t n = min64(p.contiguity[last], min64(p.modulus[last] / size, 16 / size));
  int vec = 1;
  while (vec * 2 <= n) vec *= 2;
  int64_t r = floor_mod(p.residue[last], vec * size);
  if (vec < 2 || r == 0 || r % size) return 0;
  *shift = r / size;
  return vec;
}

// ---------------------------------------------------------------- along a layout's runs
// The questions the printer asks of an access laid out in l, whose threads hold runs of
// l->vec consecutive elements along the space's last dim: the value's dim that follows it
// (-1: none, the value is the same along a run).
static int run_dim(const Layout *l, int rank) {
  for (int d = 0; l && d < rank; d++)
    if (l->map[d] == l->space.rank - 1) return d;
  return -1;
}

// Is v the same along every run of l (scalars are)?
bool axis_run_constant(Value *v, const Layout *l, int variant) {
  int d = v->shape.rank ? run_dim(l, v->shape.rank) : -1;
  return d < 0 || axis_info_in(v, variant).constancy[d] >= l->vec;
}

// Does v go up by one (an element, for pointers) from each element of a run of l to the next?
bool axis_run_contiguous(Value *v, const Layout *l, int variant) {
  int d = v->shape.rank ? run_dim(l, v->shape.rank) : -1;
  return d >= 0 && axis_info_in(v, variant).contiguity[d] >= l->vec;
}

// Where ptr goes up by one element along runs of vec elements of l, each run starting
// `shift` elements past a vec-element boundary: the shift (in *shift), else false.
bool axis_run_shift(Value *ptr, const Layout *l, int vec, int variant, int64_t *shift) {
  int d = ptr->shape.rank ? run_dim(l, ptr->shape.rank) : -1;
  if (d < 0 || ptr->ty.kind != TY_PTR) return false;
  int64_t size = elem_bytes(type_scalar(ptr->ty.pointee));
  AxisInfo a = axis_info_in(ptr, variant);
  if (a.contiguity[d] < vec || a.modulus[d] < size * vec || floor_mod(a.residue[d], size) != 0) return false;
  *shift = floor_mod(a.residue[d], size * vec) / size;
  return true;
}

// Can an access through ptr laid out in l move chunks of vec elements, each starting
// `shift` elements past a vec-element boundary (0: aligned), its mask the same over each?
bool axis_run_vector(Value *ptr, Value *mask, const Layout *l, int vec, int64_t shift, int variant) {
  int64_t c;
  return axis_run_shift(ptr, l, vec, variant, &c) && c == shift && (!mask || axis_run_constant(mask, l, variant));
}

// What two values' facts have in common: Triton's join of a loop's entry and back edge.
static AxisInfo meet(AxisInfo a, AxisInfo b, int rank) {
  AxisInfo r = unknown(rank);
  for (int d = 0; d < (rank ? rank : 1); d++) {
    r.contiguity[d] = gcd64(a.contiguity[d], b.contiguity[d]);
    r.constancy[d] = gcd64(a.constancy[d], b.constancy[d]);
    int64_t m = gcd64(a.modulus[d], b.modulus[d]);
    while (m > 1 && floor_mod(a.residue[d], m) != floor_mod(b.residue[d], m)) m /= 2;
    r.modulus[d] = m;
    r.residue[d] = floor_mod(a.residue[d], m);
  }
  return r;
}

static bool same_facts(AxisInfo a, AxisInfo b, int rank) {
  for (int d = 0; d < (rank ? rank : 1); d++)
    if (a.contiguity[d] != b.contiguity[d] || a.modulus[d] != b.modulus[d] || a.residue[d] != b.residue[d] ||
        a.constancy[d] != b.constancy[d])
      return false;
  return true;
}

// The assignments to var in a statement list, at any depth (Stmt*).
void var_assignments(Stmt *s, Value *var, Vec *out) {
  for (; s; s = s->next) {
    if (s->kind == S_ASSIGN && s->var == var) vec_push(out, s);
    var_assignments(s->body, var, out);
    var_assignments(s->orelse, var, out);
  }
}

// Does a statement list define x (a let of it), at any depth?
bool stmts_define(Stmt *s, Value *x) {
  for (; s; s = s->next)
    if ((s->kind == S_LET && s->v == x) || stmts_define(s->body, x) || stmts_define(s->orelse, x)) return true;
  return false;
}

// A variable's facts: what its first value and every assignment share, each computed from
// the variable's current facts until nothing changes (facts only shrink: a few rounds).
// A loop's induction variable: its first value, stepping by multiples of the step.
static void solve_var(Value *var, Value *first, Vec *assigns, Value *step) {
  AxisInfo *facts = xmalloc(2 * sizeof *facts);
  for (int variant = PLAIN_VARIANT; variant <= ALIGNED_VARIANT; variant++) facts[variant] = axis_info_in(first, variant);
  var->info.solved = facts;
  for (int round = 0; round < 64; round++) {
    generation++;
    bool changed = false;
    for (int variant = PLAIN_VARIANT; variant <= ALIGNED_VARIANT; variant++) {
      AxisInfo now = facts[variant];
      if (step) {
        AxisInfo s = axis_info_in(step, variant);
        now.modulus[0] = gcd64(now.modulus[0], s.divisibility[0]);
        now.residue[0] = floor_mod(now.residue[0], now.modulus[0]);
      }
      for (int i = 0; i < assigns->len; i++)
        now = meet(now, axis_info_in(((Stmt *)assigns->items[i])->v, variant), var->shape.rank);
      changed |= !same_facts(now, facts[variant], var->shape.rank);
      facts[variant] = now;
    }
    if (!changed) break;
  }
  generation++;
}

// A variable's definition (a let with its first value, or a for loop's counter) and the
// assignments it reaches: the rest of the definition's statement list at any depth, or the
// loop's body (what var_assignments would find from there).
typedef struct {
  Stmt *def;
  Vec assigns;  // Stmt*
} VarScope;

// Every definition in statement order, each with its assignments, in one walk: open holds
// the scopes the walk is inside of (asking var_assignments once per definition walked the
// statements once per variable, and the pass solves them again for each launch condition).
static void collect_scopes(Stmt *s, Vec *open, Vec *all) {
  int outer = open->len;
  for (; s; s = s->next) {
    if (s->kind == S_ASSIGN)
      for (int i = 0; i < open->len; i++) {
        VarScope *sc = open->items[i];
        if (sc->def->var == s->var) vec_push(&sc->assigns, s);
      }
    bool def = (s->kind == S_VARDEF && s->v) || s->kind == S_FOR;
    VarScope *sc = NULL;
    if (def) {
      sc = xmalloc(sizeof *sc);
      sc->def = s;
      vec_push(all, sc);
      vec_push(open, sc);  // (a let's scope stays open to the end of its list)
    }
    collect_scopes(s->body, open, all);
    if (s->kind == S_FOR) open->len--;  // (a counter's scope is its loop's body only)
    collect_scopes(s->orelse, open, all);
  }
  open->len = outer;
}

// One assumption's solutions: each variable and the facts solved for it, in solving order
// (a variable defined twice: the later wins, as when they were solved).
typedef struct {
  uint64_t withdrawn, unit_ones;
  Vec vars, facts;  // Value*, AxisInfo[2]
} Solution;

// The kernel's variable scopes and its solutions so far: the aligned variant asks for the
// same few assumptions again and again (each access withdraws each argument in turn), and
// the statements and values the facts are read from do not change after the pass (later
// passes annotate).
static struct {
  Kernel *k;
  Vec scopes;     // VarScope*, in statement order (collect_scopes)
  Vec solutions;  // Solution*
} solved;

// Every variable solved in statement order, each from nothing known of the later ones:
// the solution depends on the assumption alone, not on the one solved before it (a
// variable read before its own definition's turn saw the previous assumption's facts).
static void solve_vars(void) {
  Vec *all = &solved.scopes;
  for (int i = 0; i < all->len; i++) ((VarScope *)all->items[i])->def->var->info.solved = NULL;
  Solution *sol = xmalloc(sizeof *sol);
  sol->withdrawn = assumed.withdrawn;
  sol->unit_ones = assumed.unit_ones;
  for (int i = 0; i < all->len; i++) {
    VarScope *sc = all->items[i];
    Stmt *s = sc->def;
    if (s->kind == S_FOR) solve_var(s->var, s->lo, &sc->assigns, s->step);
    else solve_var(s->var, s->v, &sc->assigns, NULL);
    vec_push(&sol->vars, s->var);
    vec_push(&sol->facts, s->var->info.solved);
  }
  vec_push(&solved.solutions, sol);
}

// The current assumption's solution: solved once per kernel and assumption, then restored.
static void use_solution(Kernel *k) {
  if (solved.k != k) {
    solved.k = k;
    solved.scopes = solved.solutions = (Vec){0};
    Vec open = {0};
    collect_scopes(k->body, &open, &solved.scopes);
  }
  for (int i = 0; i < solved.solutions.len; i++) {
    Solution *sol = solved.solutions.items[i];
    if (sol->withdrawn != assumed.withdrawn || sol->unit_ones != assumed.unit_ones) continue;
    for (int j = 0; j < sol->vars.len; j++) ((Value *)sol->vars.items[j])->info.solved = sol->facts.items[j];
    generation++;  // (every memo was of another assumption)
    return;
  }
  generation++;
  solve_vars();
}

// The pass: the facts of every variable, then each load's and store's widest vector in
// both variants, from the facts of its pointer and mask (what Triton's lowering asks
// AxisInfo for each access).
static int pass_generation;

static void note_loads(Value *v) {
  if (!v || v->visit == pass_generation) return;
  v->visit = pass_generation;
  if (v->kind == V_LOAD)
    for (int variant = PLAIN_VARIANT; variant <= ALIGNED_VARIANT; variant++) v->vector[variant] = axis_vector(v->a, v->b, variant);
  note_loads(v->a);
  note_loads(v->b);
  note_loads(v->c);
  for (int i = 0; i < v->results.len; i++) note_loads(v->results.items[i]);
}

static void note_accesses(Stmt *s) {
  for (; s; s = s->next) {
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) note_loads(vs[i]);
    if (s->kind == S_STORE)
      for (int variant = PLAIN_VARIANT; variant <= ALIGNED_VARIANT; variant++) s->vector[variant] = axis_vector(s->ptr, s->mask, variant);
    note_accesses(s->body);
    note_accesses(s->orelse);
  }
}

void axisinfo_pass(Kernel *k) {
  assumed.k = k;
  assumed.withdrawn = assumed.unit_ones = 0;
  solved.k = NULL;  // (a new pass: nothing solved yet)
  use_solution(k);
  pass_generation = sem_walk_mark();
  note_accesses(k->body);
}

// The aligned variant's facts from here on: with the arguments in `withdrawn` assumed
// nothing of, and the ints in `unit_ones` equal to 1 (the variables solved again).
void axisinfo_assume(Kernel *k, uint64_t withdrawn, uint64_t unit_ones) {
  if (assumed.k == k && assumed.withdrawn == withdrawn && assumed.unit_ones == unit_ones) return;
  assumed.k = k;
  assumed.withdrawn = withdrawn;
  assumed.unit_ones = unit_ones;
  use_solution(k);
}

// ---------------------------------------------------------------- unit strides
// Triton specializes an int argument equal to 1 as the constant 1, so that an access whose
// index along its run is multiplied by it (tutorial 03's `offs_k[None, :] * stride_ak`) is
// contiguous. The ints the aligned variant may assume equal to 1: those that multiply, in
// some access's address, an index that runs along the dim the access's layout walks (its
// launch condition keeps only those an access needs).

// The arguments the aligned variant may assume things of: no `:16` hint says more.
uint64_t assumable_params(Kernel *k) {
  uint64_t m = 0;
  for (int i = 0; i < k->params.len && i < 64; i++) {
    Param *p = k->params.items[i];
    bool kind = p->ty.kind == TY_PTR || (scalar_is_int(p->ty.kind) && p->ty.kind != TY_I1);
    if (!p->is_constexpr && kind && p->divisibility < 16) m |= (uint64_t)1 << i;
  }
  return m;
}

typedef struct {
  Vec vars, values;  // a variable, each value assigned to it (first values and steps too)
  bool *seen;  // (value, dim) pairs already followed: [id * MAX_RANK + dim]
  uint64_t candidates, wanted;
} UnitSearch;

static void collect_assigned(Stmt *s, UnitSearch *q) {
  for (; s; s = s->next) {
    Value *vs[3] = {s->v, s->kind == S_FOR ? s->lo : NULL, s->kind == S_FOR ? s->step : NULL};
    if (s->kind == S_VARDEF || s->kind == S_ASSIGN || s->kind == S_FOR)
      for (int i = 0; i < 3; i++)
        if (vs[i]) vec_push(&q->vars, s->var), vec_push(&q->values, vs[i]);
    collect_assigned(s->body, q);
    collect_assigned(s->orelse, q);
  }
}

static bool int_param_factor(Value *p, UnitSearch *q) {
  p = unbroadcast(p);
  return p->kind == V_PARAM && scalar_is_int(p->ty.kind) && (q->candidates & param_bit(p));
}

// The dim of v's operand `a` that v's dim d reads (-1: none, or one of size 1).
static int operand_dim(Value *v, int d) {
  for (int j = 0; j < v->a->shape.rank; j++)
    if (operand_coord_index(v, j) == d) return j;  // (convert.c: the dim of v that operand dim j reads)
  return -1;
}

// Follows an address down to its index math, with d the dim its run walks.
static void unit_cone(Value *v, int d, UnitSearch *q) {
  if (!v || d < 0 || d >= v->shape.rank) return;
  bool *seen = &q->seen[(size_t)v->id * MAX_RANK + d];
  if (*seen) return;
  *seen = true;
  if (v->kind == V_BINARY && v->op == OP_MUL && scalar_is_int(v->ty.kind)) {
    Value *x[2] = {v->a, v->b}, *p[2] = {v->b, v->a};
    for (int i = 0; i < 2; i++)
      if (int_param_factor(p[i], q) && x[i]->shape.rank == v->shape.rank &&
          axis_info_in(x[i], ALIGNED_VARIANT).contiguity[d] > 1)
        q->wanted |= param_bit(unbroadcast(p[i]));
  }
  if (v->kind == V_VAR)
    for (int i = 0; i < q->vars.len; i++)
      if (q->vars.items[i] == v) unit_cone(q->values.items[i], d, q);
  bool shaped = v->kind == V_BROADCAST || v->kind == V_EXPAND || v->kind == V_PERMUTE;
  if (shaped) {
    unit_cone(v->a, operand_dim(v, d), q);
    return;
  }
  if (v->kind != V_BINARY && v->kind != V_UNARY && v->kind != V_CAST && v->kind != V_WHERE) return;
  Value *ops[3] = {v->a, v->b, v->c};
  for (int i = 0; i < 3; i++)
    if (ops[i] && ops[i]->shape.rank == v->shape.rank) unit_cone(ops[i], d, q);
}

static void unit_loads(Value *v, UnitSearch *q, int mark) {
  if (!v || v->visit == mark) return;
  v->visit = mark;
  if (v->kind == V_LOAD && v->shape.rank) unit_cone(v->a, run_dim(v->layout, v->shape.rank), q);
  unit_loads(v->a, q, mark);
  unit_loads(v->b, q, mark);
  unit_loads(v->c, q, mark);
  for (int i = 0; i < v->results.len; i++) unit_loads(v->results.items[i], q, mark);
}

static void unit_accesses(Stmt *s, UnitSearch *q, int mark, int threads) {
  for (; s; s = s->next) {
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) unit_loads(vs[i], q, mark);
    if (s->kind == S_STORE && s->ptr->shape.rank) {
      Layout own;
      unit_cone(s->ptr, run_dim(layout_own_space(s->ptr, threads, &own), s->ptr->shape.rank), q);
    }
    unit_accesses(s->body, q, mark, threads);
    unit_accesses(s->orelse, q, mark, threads);
  }
}

// (Of a laid-out kernel: which dim each access's runs walk.)
uint64_t axisinfo_unit_candidates(Kernel *k, int threads) {
  UnitSearch q = {.candidates = assumable_params(k)};
  if (!q.candidates) return 0;
  q.seen = xmalloc((size_t)sem_next_id() * MAX_RANK);  // (zeroed)
  axisinfo_assume(k, 0, 0);
  collect_assigned(k->body, &q);
  unit_accesses(k->body, &q, sem_walk_mark(), threads);
  return q.wanted;
}

// ---------------------------------------------------------------- constant differences
// Facts between values rather than along their dims: load windows (access.c) and the
// grouping of neighbouring loads (loads.c) ask how far apart two addresses are.

// An integer constant, possibly broadcast or folded from constants (x - 1 is x + (0 - 1);
// 0 * x is 0, as Triton's canonicalizer folds it: a stencil's `dr * row_stride` at dr = 0).
bool int_constant(Value *v, int64_t *c) {
  int64_t a, b;
  v = unbroadcast(v);
  if (!scalar_is_int(v->ty.kind)) return false;
  if (v->kind == V_CONST) return *c = v->ival, true;
  if (v->kind == V_UNARY && v->op == OP_NEG && int_constant(v->a, &a)) return *c = -a, true;
  if (v->kind != V_BINARY) return false;
  bool a_known = int_constant(v->a, &a), b_known = int_constant(v->b, &b);
  if (v->op == OP_MUL && ((a_known && a == 0) || (b_known && b == 0))) return *c = 0, true;
  if (!a_known || !b_known) return false;
  if (v->op == OP_ADD) return *c = a + b, true;
  if (v->op == OP_SUB) return *c = a - b, true;
  return false;
}

// p - q, when the two differ only by added integer constants (in elements for
// pointers of the same type), read on the affine form (canon.c): a constant on either
// side, at any depth. False when that cannot be shown.
bool constant_difference(Value *p, Value *q, int64_t *d) {
  if (p == q) return *d = 0, true;
  if (!type_eq(p->ty, q->ty) || !shape_eq(p->shape, q->shape)) return false;
  Affine f, g;
  if (!affine_form(p, &f) || !affine_form(q, &g) || f.n != g.n) return false;
  if (p->ty.kind == TY_PTR && !affine_same_atom(f.base, g.base, 0)) return false;
  for (int i = 0; i < f.n; i++) {
    bool found = false;
    for (int j = 0; j < g.n && !found; j++)
      found = f.t[i].coef == g.t[j].coef && affine_same_atom(f.t[i].atom, g.t[j].atom, 0);
    if (!found) return false;
  }
  *d = f.constant - g.constant;
  return true;
}
