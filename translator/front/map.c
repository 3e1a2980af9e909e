// map.c: tl.map_elementwise(scalar_fn, *args, pack=1), as Triton 3.6 builds it (core.py
// map_elementwise, semantic.py map_elementwise): the operands broadcast together;
// scalar_fn, a @triton.jit function, traced on `pack` scalars of each operand in turn
// (operand 0's pack elements, then operand 1's...) and returning one scalar or a tuple,
// `pack` of each result in turn, all of a result's of one type. Unlike tl.where, only the
// branch an element takes runs: scalar_fn may branch and return early on its scalars
// (lower.c trace_returning_if).
//
// The function is emitted as a __device__ function (the Combine of a reduction, emitted by
// emit.c) and called on each element of a thread (emit_map.c). pack > 1 is refused after Triton's own
// checks of it: Triton groups a thread's elements in its layout's register order.
//
// Refused, with an error that names it: a scalar_fn with effects (stores, atomics, prints,
// assertions, inline asm that is not pure) or that makes blocks, a parameter count other
// than pack times the operands', results whose count is not a multiple of pack or whose
// types differ within a result's pack (Triton's ValueError), a block whose size pack does
// not divide (Triton's verifier), and pack > 1 (refuse_pack).
#include "tl2cu.h"

#include <string.h>

// What a map function's body may not do: effects, blocks (NULL: nothing).
static const char *refused_in_body(Stmt *s) {
  for (; s; s = s->next) {
    if (s->kind == S_STORE) return "a store";
    if (s->kind == S_PRINT) return "a print";
    if (s->kind == S_ASSERT) return "an assertion";
    if (s->kind == S_BARRIER) return "a barrier";
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) {
      if (!vs[i]) continue;
      if (vs[i]->kind == V_ATOMIC) return "an atomic";
      if (asm_has_effect(vs[i])) return "inline asm that is not pure";
      if (vs[i]->shape.rank) return xprintf("a block of shape %s", shape_text(vs[i]->shape));
    }
    const char *inner = refused_in_body(s->body);
    if (!inner) inner = refused_in_body(s->orelse);
    if (inner) return inner;
  }
  return NULL;
}

// pack > 1 is refused: Triton hands scalar_fn a thread's elements in its layout's register
// order, and on the H200 that grouping followed Triton's layout (2-D blocks, and a 1-D block
// of loop-carried values: fuzz k3047), which tl2cu does not model (docs/NOTES.md 50). Where
// a thread holds fewer elements than pack, Triton itself fails to compile the kernel.
static void refuse_pack(Ctx *c, Shape shape, int pack, Loc loc) {
  if (pack == 1) return;
  int64_t threads = (int64_t)c->k->num_warps * 32;
  if (shape.rank && shape_numel(shape) < threads * pack)
    diag_fatal(loc, "tl.map_elementwise with pack=%d over %s: a thread of the %lld holds fewer than %d elements, which "
                    "Triton fails to compile", pack, shape_text(shape), (long long)threads, pack);
  diag_fatal(loc, "tl.map_elementwise with pack=%d is not supported by tl2cu: which elements Triton groups follows its "
                  "layout (README, \"Not yet\")", pack);
}

// The results scalar_fn returned (r: a scalar or a tuple), as values, checked against pack.
static Vec returned_values(Ctx *c, Func *f, Obj *r, int pack, Loc loc) {
  Vec out = {0};
  if (r->kind == OBJ_TUPLE)
    for (int i = 0; i < r->items.len; i++) vec_push(&out, r->items.items[i]);
  else vec_push(&out, r);
  if (out.len % pack)
    diag_fatal(loc, "tl.map_elementwise: '%s' returns %d value%s: with pack=%d it must return a multiple of %d", f->name,
               out.len, out.len == 1 ? "" : "s", pack, pack);
  for (int i = 0; i < out.len; i++) {
    Obj *o = out.items[i];
    if (o->kind != OBJ_VALUE && !obj_is_const_number(o))
      diag_fatal(loc, "tl.map_elementwise: '%s' must return scalars, not %s", f->name, obj_kind_name(o));
    Value *v = sem_to_value(c, o, loc);
    if (v->shape.rank) diag_fatal(loc, "tl.map_elementwise: '%s' must return scalars, not a block", f->name);
    out.items[i] = v;
    Value *first = out.items[i - i % pack];
    if (v->ty.kind != first->ty.kind)  // (Triton: "All the results of pack ... must have the same type")
      diag_fatal(loc, "tl.map_elementwise: '%s' returns %s and %s for one result's %d elements", f->name,
                 type_name(first->ty), type_name(v->ty), pack);
  }
  return out;
}

Obj *map_elementwise(Ctx *c, Node *call, Obj **a) {
  Loc loc = call->loc;
  if (!c->in_kernel) diag_fatal(loc, "tl.map_elementwise can only be called inside a @triton.jit function");
  if (a[0]->kind != OBJ_FUNC || !a[0]->fn->is_jit)
    diag_fatal(loc, "tl.map_elementwise: scalar_fn must be a @triton.jit function, not %s", obj_kind_name(a[0]));
  Func *f = a[0]->fn;
  Obj *args = a[1];
  int pack = 1;
  if (a[2] && a[2]->kind != OBJ_NONE) {
    if (a[2]->kind != OBJ_INT || a[2]->ival < 1 || a[2]->ival > 64)
      diag_fatal(loc, "tl.map_elementwise: pack must be a compile-time integer from 1 to 64");
    pack = (int)a[2]->ival;
  }
  if (!args->items.len) diag_fatal(loc, "tl.map_elementwise needs at least one operand");
  // the operands, broadcast together (semantic.py broadcast_tensors)
  int nargs = args->items.len;
  Value **xs = xmalloc(sizeof(Value *) * (size_t)nargs);
  Shape shape = {0, {0}};
  for (int i = 0; i < nargs; i++) {
    xs[i] = sem_to_value(c, args->items.items[i], loc);
    if (!shape_broadcast(shape, xs[i]->shape, &shape))
      diag_fatal(loc, "tl.map_elementwise: operand %d of shape %s does not broadcast with %s", i, shape_text(xs[i]->shape),
                 shape_text(shape));
  }
  if (shape.rank && shape_numel(shape) % pack)  // (Triton's verifier)
    diag_fatal(loc, "tl.map_elementwise: the %lld elements of %s are not a multiple of pack=%d", (long long)shape_numel(shape),
               shape_text(shape), pack);
  int np = func_param_count(f);
  if (np != nargs * pack)
    diag_fatal(loc, "tl.map_elementwise: '%s' takes %d parameter%s: with %d operand%s and pack=%d it must take %d", f->name,
               np, np == 1 ? "" : "s", nargs, nargs == 1 ? "" : "s", pack, nargs * pack);
  // the function, traced on scalars
  Type *types = xmalloc(sizeof(Type) * (size_t)np);
  for (int i = 0; i < np; i++) types[i] = xs[i / pack]->ty;
  Combine *fn = xmalloc(sizeof(Combine));
  fn->name = xprintf("_%s_%s", c->k->func->name, unique_cname(c, xprintf("map_%s", f->name)));
  Obj *r = lower_scalar_fn(c, f, types, np, call, fn);
  Vec results = returned_values(c, f, r, pack, loc);
  refuse_pack(c, shape, pack, loc);  // (after Triton's front-end checks)
  const char *refused = refused_in_body(fn->body);
  if (refused) diag_fatal(loc, "tl.map_elementwise: '%s' has %s: not supported by tl2cu", f->name, refused);
  fn->n = results.len;
  fn->result = (Value **)results.items;
  for (int i = 0; i < fn->n; i++) fn->result[i]->uses++;
  vec_push(&c->k->combines, fn);
  // the IR: the call reads its operands through a list of V_ARGs; each result (V_RESULT) reads the call
  Value *callv = sem_new(c, V_MAP, fn->result[0]->ty, shape, loc);
  callv->combine = fn;
  Value **slot = &callv->a;
  for (int i = 0; i < nargs; i++) {
    Value *arg = sem_broadcast_to(c, xs[i], shape, loc);
    Value *n = sem_new(c, V_ARG, arg->ty, shape, loc);
    n->a = arg;
    arg->uses++;
    *slot = n;
    n->uses++;
    slot = &n->b;
  }
  lower_materialize(c, callv, xprintf("%s_call", f->name));
  Obj *out = obj_new(OBJ_TUPLE);
  for (int i = 0; i < fn->n; i++) {  // (pack is 1: refuse_pack)
    Value *rv = sem_new(c, V_RESULT, fn->result[i]->ty, shape, loc);
    rv->ival = i;
    rv->a = callv;
    callv->uses++;
    vec_push(&callv->results, rv);
    vec_push(&out->items, obj_value(lower_materialize(c, rv, fn->n == 1 ? f->name : xprintf("%s_%d", f->name, i))));
  }
  return r->kind == OBJ_TUPLE ? out : out->items.items[0];
}
