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
// shape and for a subtraction; b * c with a second use makes it fuse e * d. Not modelled: a
// product written twice, which CSE makes one multiply with both uses (docs/NOTES.md 82: the
// probes disagree on it).
static int ir_uses(Value *m) { return m->uses - (m->cname != NULL); }

static bool fusable_mul(LoopSpan loop, Value *add, Value *m) {
  if (m->kind != V_BINARY || m->op != OP_MUL || !type_eq(m->ty, add->a->ty) || m->bb != add->bb) return false;
  if (!scalar_is_float(m->ty.kind)) return false;  // fp16/bf16 too: fma.rn.f16 in Triton's PTX (k227)
  if (is_materialized(m) && (!no_loads(m->a) || !no_loads(m->b))) return false;
  return !hoisted_apart(loop, add, m) && !folds_into_select(m);
}

// Triton's -x is 0 - x (fsub 0.0, x), so -(a * b) is an fsub of a product like any
// other: fma(-a, b, 0) in its PTX (fuzz kernel k3415). Not only a NaN's sign depends on
// it: a product that underflows to +0 gives -0 fused, +0 apart. The negation of a loaded
// fp64 a is an integer xor there, which flips a NaN's sign; ptxas's negated DFMA operand
// (what -a in C becomes) does not.
static void decide_negation(LoopSpan loop, Value *v) {
  Value *m = v->a;
  if (fusable_mul(loop, v, m)) {
    v->fuse = 1;
    m->fused_uses++;
    v->negate_bits = float_from_int_bits(m->a, v);
  } else if (m->kind == V_BINARY && m->op == OP_MUL) {
    m->mul_rn = true;
  }
}

// seen: one flag per value id (each value decided once; a linear search here made a
// fully unrolled kernel's contraction quadratic).
static void decide_value(LoopSpan loop, Value *v, bool *seen) {
  if (!v || seen[v->id]) return;
  seen[v->id] = true;
  decide_value(loop, v->a, seen);
  decide_value(loop, v->b, seen);
  decide_value(loop, v->c, seen);
  if (v->kind == V_UNARY && v->op == OP_NEG && scalar_is_float(v->a->ty.kind)) return decide_negation(loop, v);
  if (v->kind != V_BINARY || (v->op != OP_ADD && v->op != OP_SUB) || !scalar_is_float(v->a->ty.kind)) return;
  bool fa = fusable_mul(loop, v, v->a), fb = fusable_mul(loop, v, v->b);
  if (fa && fb && ir_uses(v->a) > ir_uses(v->b)) fa = false;  // LLVM folds the multiply with fewer uses
  v->fuse = fa ? 1 : fb ? 2 : 0;
  if (v->fuse) (v->fuse == 1 ? v->a : v->b)->fused_uses++;
  // x - a * b is fma(-a, b, x): a's sign flipped as LLVM does it (decide_negation)
  if (v->fuse == 2 && v->op == OP_SUB) v->negate_bits = float_from_int_bits(v->b->a, v);
  if (v->a->kind == V_BINARY && v->a->op == OP_MUL && v->fuse != 1) v->a->mul_rn = true;
  if (v->b->kind == V_BINARY && v->b->op == OP_MUL && v->fuse != 2) v->b->mul_rn = true;
}

static void decide_fusion(LoopSpan loop, Stmt *s, bool *seen) {
  for (; s; s = s->next) {
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) decide_value(loop, vs[i], seen);
    LoopSpan inner = s->kind == S_FOR || s->kind == S_WHILE ? (LoopSpan){s, s->bb_first, s->bb_last} : loop;
    decide_fusion(inner, s->body, seen);
    decide_fusion(inner, s->orelse, seen);
  }
}

void contract_fma(Kernel *k) {
  bool *seen = xmalloc((size_t)sem_next_id());  // (zeroed)
  LoopSpan no_loop = {0};
  decide_fusion(no_loop, k->body, seen);
  for (int i = 0; i < k->combines.len; i++) {
    Combine *cb = k->combines.items[i];
    decide_fusion(no_loop, cb->body, seen);  // (a combine function has no loops)
    for (int j = 0; j < cb->n; j++) decide_value(no_loop, cb->result[j], seen);
  }
}
