// contract.c: fp contraction as Triton's compiler does it (LLVM's instruction selection
// and ptxas), decided over the IR after layout assignment: which float add or subtract
// takes one of its operands' multiply into a fused multiply-add, and which multiplies
// must stay unfused (mul.rn). The printer only reads the decisions (Value.fuse, mul_rn,
// fused_uses); --dump-ir=contract shows them.
#include "tl2cu.h"

// LLVM contracts a multiply into an add of the same basic block (its instruction
// selection sees one block at a time), folding the multiply with fewer uses when both
// operands are products. Before that, LICM hoists out of a loop a multiply whose
// operands do not change in it: fp64 `acc + x * n` with x and n fixed stays a multiply
// before the loop and an add in it (fuzz kernel k527), as does fp16's (k2480).

// The innermost loop around the statements being decided, and its basic blocks.
typedef struct {
  Stmt *loop;  // NULL outside loops
  int first, last;
} LoopSpan;

// No load feeds v (materialized values count as read, not recomputed).
static bool no_loads(Value *v) {
  if (!v || is_materialized(v) || v->kind == V_PARAM || v->kind == V_CONST) return true;
  if (v->kind == V_LOAD) return false;
  return no_loads(v->a) && no_loads(v->b) && no_loads(v->c);
}

// Is the variable var assigned among the statements from s on (nested bodies included)?
static bool assigned_in(Stmt *s, Value *var) {
  for (; s; s = s->next)
    if ((s->kind == S_ASSIGN && s->var == var) || assigned_in(s->body, var) || assigned_in(s->orelse, var))
      return true;
  return false;
}

// Does v keep its value through the loop (LLVM could compute it before the loop)? A
// variable does when it was declared before the loop and nothing in it assigns it (the
// result of an earlier loop, say). Conservative: loads and anything but plain arithmetic
// in the loop count as changing.
static bool loop_invariant(Value *v, LoopSpan loop, int depth) {
  if (!v || v->kind == V_CONST || v->kind == V_PARAM || v->kind == V_PROGRAM_ID || v->kind == V_NUM_PROGRAMS)
    return true;
  if (depth > 32) return false;
  if (v->kind == V_VAR) return v->bb < loop.first && v != loop.loop->var && !assigned_in(loop.loop->body, v);
  if (v->bb < loop.first || v->bb > loop.last) return true;  // defined before the loop
  switch (v->kind) {
  case V_BINARY: case V_UNARY: case V_CAST: case V_BITCAST: case V_WHERE: case V_MATH: case V_BROADCAST: case V_EXPAND:
    return loop_invariant(v->a, loop, depth + 1) && loop_invariant(v->b, loop, depth + 1) &&
           loop_invariant(v->c, loop, depth + 1);
  default: return false;
  }
}

// Is one factor of m a kernel argument or a constant (ptxas can read it from the
// constant bank or the instruction itself)?
static bool has_uniform_factor(Value *m) {
  Value *a = unbroadcast(m->a), *b = unbroadcast(m->b);
  return a->kind == V_PARAM || a->kind == V_CONST || b->kind == V_PARAM || b->kind == V_CONST;
}

// Would LICM hoist m out of the innermost loop around add, and leave add in it? Then
// fp64, fp16 and bf16 products stay apart (mul.rn in Triton's PTX). An fp32 mul.f32 stays
// apart too unless a factor is uniform: then ptxas fuses it with the add.f32 in the loop
// again, at no register's cost (tests/gpu/fuzz_regress_check.py, hoisted_product and
// hoisted_half_product; the x*y loops of fuzz kernel k2818 and docs/NOTES.md 51's probe).
static bool hoisted_apart(LoopSpan loop, Value *add, Value *m) {
  if (!loop.loop || (m->ty.kind == TY_F32 && has_uniform_factor(m))) return false;
  return loop_invariant(m, loop, 0) && !loop_invariant(add, loop, 0);
}

// Does InstCombine move the multiply m into a select (FoldOpIntoSelect)? It does for
// x * C where x = tl.where(c, y, C2) is read once and has a constant arm: m becomes
// c ? y * C : C2 * C, and the add then reads a select, which nothing contracts (fuzz
// kernel k227). Not when the select is a min/max idiom of a float compare read once.
static bool folds_into_select(Value *m) {
  Value *sel = unbroadcast(m->b)->kind == V_CONST ? m->a : unbroadcast(m->a)->kind == V_CONST ? m->b : NULL;
  if (!sel || sel->kind != V_WHERE || sel->uses - is_materialized(sel) != 1) return false;
  if (unbroadcast(sel->b)->kind != V_CONST && unbroadcast(sel->c)->kind != V_CONST) return false;
  Value *cmp = unbroadcast(sel->a);
  bool minmax = cmp->kind == V_BINARY && is_compare(cmp->op) && scalar_is_float(cmp->a->ty.kind) &&
                cmp->uses - is_materialized(cmp) == 1 &&
                ((same_value(cmp->a, sel->b, 0) && same_value(cmp->b, sel->c, 0)) ||
                 (same_value(cmp->a, sel->c, 0) && same_value(cmp->b, sel->b, 0)));
  return !minmax;
}

// The uses LLVM counts when it picks which product an add fuses: a product given a name
// (`acc = a * b`) has one more use here, the let, than its value has in Triton's IR. Triton 3.6
// (tests/gpu/probes/contraction_uses_probe.py, an H200, 2026-12-07): `x = b * c; x += e * d`
// fuses b * c, also with a tl.sum between, in a static_range, in Liger's rms_norm backward
// shape and for a subtraction; b * c with a second use makes it fuse e * d.
static int ir_uses(Value *m) { return m->uses - (m->cname != NULL); }

// Which of an add's two products LLVM's instruction selection fuses (forty-first session,
// Triton's LLVM IR and PTX of golden fma_choice and of fuzz kernels k5021..k5158, an H100):
// - a product written twice in a block is one multiply (MLIR's CSE, LLVM's GVN, operands in
//   either order) with the uses of both: Twins pools those of the products the adds read;
// - the DAG combiner visits a block's adds last first, and each fusion takes one use off the
//   product it folds: contract_fma decides the adds in reverse;
// - of two products with as many uses, the add's first operand is fused, after LLVM's
//   Reassociate pass has put the operand of lower rank first (llvm_rank): fma_choice's
//   `twice + b * c` is `fadd (b * c), twice` in Triton's LLVM IR, b loaded before a * d's d.
// Not modelled (docs/NOTES.md 83): twins only some of whose uses are adds (a tl.sum, a wider
// subtract), which fuzz kernels k5065 and k5112 show LLVM pooling differently.
typedef struct {
  Vec reps;       // one product of each class (Value *), the first in program order
  Value **rep;    // by value id: its class's representative, once found
  int *uses;      // by representative id: the class's uses not yet folded into an fma
  int64_t *rank;  // by value id: llvm_rank's result plus one (0: not yet computed)
} Twins;

static bool twin(Value *x, Value *y) {
  if (x->bb != y->bb || x->op != y->op || !type_eq(x->ty, y->ty)) return false;
  return same_value(x, y, 0) || (same_value(x->a, y->b, 0) && same_value(x->b, y->a, 0));
}

// The representative of m's class (m itself if it is the first of its class).
static Value *twin_rep(Twins *t, Value *m) {
  if (t->rep[m->id]) return t->rep[m->id];
  Value *found = m;
  for (int i = 0; i < t->reps.len && found == m; i++)
    if (twin(t->reps.items[i], m)) found = t->reps.items[i];
  if (found == m) vec_push(&t->reps, m);
  return t->rep[m->id] = found;
}

// LLVM's Reassociate rank of v's value (ReassociatePass::getRank): constants 0; kernel
// arguments their position; an instruction that reads memory (loads, reductions' shuffles
// and shared memory) a rank of its own, in program order within its basic block, above the
// block's base; any other instruction 1 + its operands' highest; layout changes none of
// their own (LLVM sees the elements).
static int64_t llvm_rank(Twins *t, Value *v) {
  if (!v || v->kind == V_CONST) return 0;
  if (t->rank[v->id]) return t->rank[v->id] - 1;
  if (v->kind == V_PARAM) return 1 + v->id;
  int64_t block = (int64_t)(v->bb + 1) << 24;
  switch (v->kind) {
  case V_LOAD: case V_ATOMIC: case V_REDUCE: case V_SCAN: case V_DOT: case V_GATHER: case V_SORT: case V_HISTOGRAM:
  case V_ASM: case V_MAP: case V_RESULT:
    return block + v->id;
  case V_VAR: return block;  // a loop-carried value: its loop's phi
  case V_PROGRAM_ID: case V_NUM_PROGRAMS: case V_ARANGE: return 1;
  default: break;
  }
  int64_t r = llvm_rank(t, v->a), rb = llvm_rank(t, v->b), rc = llvm_rank(t, v->c);
  if (rb > r) r = rb;
  if (rc > r) r = rc;
  switch (v->kind) {
  case V_BROADCAST: case V_EXPAND: case V_PERMUTE: case V_RESHAPE: case V_FLIP: case V_JOIN: case V_SPLIT: break;
  default: r++;
  }
  t->rank[v->id] = r + 1;
  return r;
}

// The basic block an add is in when instruction selection sees it: LICM hoists an add whose
// operands do not change in its loop to the loop's preheader, which LLVM merges into the
// block the loop starts from. There it meets a product made before the loop, which it
// fuses (fuzz kernel k4933: `v2 - t2` in a loop, t2 = v1 * -3 stored and compared too, is
// fma(v1, 3, v2) before the loop in Triton's PTX).
static int selection_bb(LoopSpan loop, Value *add) {
  return loop.loop && add->bb >= loop.first && add->bb <= loop.last && loop_invariant(add, loop, 0) ? loop.first - 1
                                                                                                     : add->bb;
}

static bool fusable_mul(LoopSpan loop, Value *add, Value *m) {
  if (m->kind != V_BINARY || m->op != OP_MUL || !type_eq(m->ty, add->a->ty) || (m->bb != add->bb && m->bb != selection_bb(loop, add)))
    return false;
  if (!scalar_is_float(m->ty.kind)) return false;  // fp16/bf16 too: fma.rn.f16 in Triton's PTX (k227)
  if (is_materialized(m) && (!no_loads(m->a) || !no_loads(m->b))) return false;
  return !hoisted_apart(loop, add, m) && !folds_into_select(m);
}

// Triton's -x is 0 - x (fsub 0.0, x), so -(a * b) is an fsub of a product like any
// other: fma(-a, b, 0) in its PTX (fuzz kernel k3415). Not only a NaN's sign depends on
// it: a product that underflows to +0 gives -0 fused, +0 apart. The negation of a loaded
// fp64 a is an integer xor there, which flips a NaN's sign; ptxas's negated DFMA operand
// (what -a in C becomes) does not.
static void decide_negation(LoopSpan loop, Value *v, Twins *t) {
  Value *m = v->a;
  if (fusable_mul(loop, v, m)) {
    v->fuse = 1;
    m->fused_uses++;
    t->uses[twin_rep(t, m)->id]--;
    v->negate_bits = float_bits_in_block(m->a, selection_bb(loop, v));
  } else if (m->kind == V_BINARY && m->op == OP_MUL) {
    m->mul_rn = true;
  }
}

// An add or subtract whose operands may be products, decided after every later one (Twins).
static void decide_add(LoopSpan loop, Value *v, Twins *t) {
  bool fa = fusable_mul(loop, v, v->a), fb = fusable_mul(loop, v, v->b);
  if (fa && fb) {  // the first operand after Reassociate, unless it has more uses
    bool b_first = v->op == OP_ADD && llvm_rank(t, v->b) < llvm_rank(t, v->a);
    Value *first = b_first ? v->b : v->a, *second = b_first ? v->a : v->b;
    bool take_second = t->uses[twin_rep(t, first)->id] > t->uses[twin_rep(t, second)->id];
    fa = (take_second ? second : first) == v->a;
    fb = !fa;
  }
  v->fuse = fa ? 1 : fb ? 2 : 0;
  if (v->fuse) {
    Value *m = v->fuse == 1 ? v->a : v->b;
    m->fused_uses++;
    t->uses[twin_rep(t, m)->id]--;
  }
  // x - a * b is fma(-a, b, x): a's sign flipped as LLVM does it (decide_negation)
  if (v->fuse == 2 && v->op == OP_SUB) v->negate_bits = float_bits_in_block(v->b->a, selection_bb(loop, v));
  if (v->a->kind == V_BINARY && v->a->op == OP_MUL && v->fuse != 1) v->a->mul_rn = true;
  if (v->b->kind == V_BINARY && v->b->op == OP_MUL && v->fuse != 2) v->b->mul_rn = true;
}

// The float adds, subtracts and negations, operands before their users, each with its loop.
typedef struct {
  Vec values;  // Value *
  Vec loops;   // LoopSpan * (one per value)
} Candidates;

static void count_product(Twins *t, bool *counted, Value *m) {
  if (!m || m->kind != V_BINARY || m->op != OP_MUL || !scalar_is_float(m->ty.kind) || counted[m->id]) return;
  counted[m->id] = true;
  t->uses[twin_rep(t, m)->id] += ir_uses(m);
}

static void collect_value(LoopSpan *loop, Value *v, bool *seen, Candidates *c) {
  if (!v || seen[v->id]) return;
  seen[v->id] = true;
  collect_value(loop, v->a, seen, c);
  collect_value(loop, v->b, seen, c);
  collect_value(loop, v->c, seen, c);
  bool negation = v->kind == V_UNARY && v->op == OP_NEG && scalar_is_float(v->a->ty.kind);
  bool add = v->kind == V_BINARY && (v->op == OP_ADD || v->op == OP_SUB) && scalar_is_float(v->a->ty.kind);
  if (!negation && !add) return;
  vec_push(&c->values, v);
  vec_push(&c->loops, loop);
}

static void collect_stmts(LoopSpan *loop, Stmt *s, bool *seen, Candidates *c) {
  for (; s; s = s->next) {
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) collect_value(loop, vs[i], seen, c);
    LoopSpan *inner = loop;
    if (s->kind == S_FOR || s->kind == S_WHILE) {
      inner = xmalloc(sizeof *inner);
      *inner = (LoopSpan){s, s->bb_first, s->bb_last};
    }
    collect_stmts(inner, s->body, seen, c);
    collect_stmts(inner, s->orelse, seen, c);
  }
}

void contract_fma(Kernel *k) {
  int n = sem_next_id();
  bool *seen = xmalloc((size_t)n), *counted = xmalloc((size_t)n);  // (zeroed)
  Twins twins = {.rep = xmalloc((size_t)n * sizeof(Value *)), .uses = xmalloc((size_t)n * sizeof(int)),
                 .rank = xmalloc((size_t)n * sizeof(int64_t))};
  LoopSpan *no_loop = xmalloc(sizeof *no_loop);
  Candidates c = {0};
  collect_stmts(no_loop, k->body, seen, &c);
  for (int i = 0; i < k->combines.len; i++) {
    Combine *cb = k->combines.items[i];
    collect_stmts(no_loop, cb->body, seen, &c);  // (a combine function has no loops)
    for (int j = 0; j < cb->n; j++) collect_value(no_loop, cb->result[j], seen, &c);
  }
  for (int i = 0; i < c.values.len; i++) {  // the uses of the products the adds read, by class
    Value *v = c.values.items[i];
    count_product(&twins, counted, v->a);
    count_product(&twins, counted, v->b);
  }
  for (int i = c.values.len - 1; i >= 0; i--) {  // the DAG combiner's order: a block's last add first
    Value *v = c.values.items[i];
    LoopSpan loop = *(LoopSpan *)c.loops.items[i];
    if (v->kind == V_UNARY) decide_negation(loop, v, &twins);
    else decide_add(loop, v, &twins);
  }
}
