// unitstride.c: dot operands whose memory runs along another dim than their last once an
// int argument is 1, for the aligned variant's layouts.
//
// Triton specializes an int argument equal to 1 at launch, and lays a load out along the
// dim that makes contiguous (its Coalesce pass). A GEMM's weight stored [N, K] and read as
// B = w.T (`offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn`, stride_bk = 1 at run
// time) is then read along K, 16 bytes a thread. tl2cu's aligned variant assumes such ints 1
// where they multiply a run's index (axisinfo.c), but the layout comes first: laid out along
// N, B's runs never meet stride_bk and the tile was read a byte at a time (unsloth's fp8
// block GEMM: 0.09x Triton, docs/NOTES.md 77).
//
// For each dot operand (or the load a transposed operand, tl.trans(w), reads) loaded through a pointer with no contiguous dim in the kernel's own
// facts, each int argument that can be 1 (no ":16" hint) is tried alone as 1 in the aligned
// variant's facts (axisinfo.c). Where the last dim has runs, with or without such an int,
// the operand keeps its runs there (axisinfo_unit_candidates finds that
// int); where none gives it runs and one gives another dim runs (the longest, as Triton
// orders dims by contiguity), the operand records that dim (Value.unit_run),
// and the aligned variant's layout (layout_assign) runs it along memory there. The printer
// then assumes the int 1 only where a run's index is multiplied by it, and the launcher
// checks it as it checks every assumption of that variant: a layout changes no result.
#include "tl2cu.h"

// The ints that may be 1 at a launch: those the aligned variant may assume things of
// (axisinfo.c assumable_params: not constexpr, no ":16" hint) that are ints.
static Vec unit_candidates(Kernel *k) {
  Vec out = {0};
  uint64_t assumable = assumable_params(k);
  for (int i = 0; i < k->params.len && i < 64; i++) {
    Param *p = k->params.items[i];
    if ((assumable >> i & 1) && p->value && p->ty.kind != TY_PTR) vec_push(&out, p->value);
  }
  return out;
}

// How many elements of ptr lie consecutive in memory along dim d at least, in the aligned
// variant's facts (Triton's contiguity, which its Coalesce pass orders dims by).
static int64_t contiguity(Value *ptr, int d) { return axis_info_in(ptr, ALIGNED_VARIANT).contiguity[d]; }

// The dim other than the last with the longest runs (of 2 elements at least), -1 if none
// or if the last dim has runs of its own.
static int other_run_dim(Value *ptr, int64_t *best) {
  int last = ptr->shape.rank - 1, dim = -1;
  if (contiguity(ptr, last) >= 2) return -2;
  for (int d = 0; d < last; d++)
    if (contiguity(ptr, d) >= 2 && contiguity(ptr, d) > *best) *best = contiguity(ptr, d), dim = d;
  return dim;
}

// x, a dot's operand or the load a transposed operand reads: Value.unit_run set where an
// int that may be 1 gives one of its dims runs and its own facts give none.
static void consider_load(Kernel *k, Value *x, Vec *candidates) {
  int last = x->shape.rank - 1;
  x->unit_run = 0;
  if (x->kind != V_LOAD || x->shape.rank < 2 || x->a->ty.kind != TY_PTR || axis_info(x->a).contiguous >= 0) return;
  int64_t best = 1;
  if (other_run_dim(x->a, &best) != -1) return;  // (runs of its own already, without any int as 1)
  int other = -1;
  for (int i = 0; i < candidates->len; i++) {
    Value *p = candidates->items[i];
    axisinfo_assume(k, 0, (uint64_t)1 << p->param_index);
    int d = other_run_dim(x->a, &best);
    axisinfo_assume(k, 0, 0);
    if (d == -2) {  // (an int that may be 1 gives the last dim runs: the layout's own choice)
      x->unit_run = last + 1;
      return;
    }
    if (d >= 0) other = d;
  }
  if (other >= 0) x->unit_run = other + 1;
}

static void consider_operand(Kernel *k, Value *x, Vec *candidates) {
  consider_load(k, x->kind == V_PERMUTE ? x->a : x, candidates);
}

static void walk(Kernel *k, Stmt *s, Vec *candidates) {
  for (; s; s = s->next) {
    if (s->kind == S_LET && s->v->kind == V_DOT) {
      consider_operand(k, s->v->a, candidates);
      if (s->v->b != s->v->a) consider_operand(k, s->v->b, candidates);
    }
    walk(k, s->body, candidates);
    walk(k, s->orelse, candidates);
  }
}

void unit_stride_pass(Kernel *k) {
  Vec candidates = unit_candidates(k);
  if (!candidates.len) return;
  walk(k, k->body, &candidates);
}
