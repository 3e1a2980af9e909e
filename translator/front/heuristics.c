// heuristics.c: the values of @triton.heuristics({NAME: lambda args: expr}).
//
// Triton calls each lambda at every launch with the launch's arguments by
// name and passes the result as the constexpr NAME. tl2cu splits them:
//  - a lambda that reads only constexprs (given with -D, defaults, the file's
//    launch, the autotune config below it, earlier heuristics) is computed now;
//  - a lambda that reads run-time arguments takes a bounded set of values: a
//    condition False and True; an expression reading them only inside one
//    triton.next_power_of_2(...) its values for the powers of two up to
//    HEURISTIC_POW2_MAX; a choice by a condition between such expressions, the
//    values of both. One kernel variant per value, and the launcher computes
//    the lambda (heuristic_c) to pick one, as Triton's JIT specializes; a value
//    beyond the set is an error at run time, never a wrong variant;
//  - anything else has unbounded values: it must be fixed with -D, and the error says so.
#include "tl2cu.h"

#include <stdlib.h>
#include <string.h>

// The parameter named by args['NAME'], or NULL.
static Node *arg_name(Heuristic *h, Node *e) {
  if (e->kind != ND_SUBSCRIPT || e->a->kind != ND_NAME || strcmp(e->a->str, h->lambda->str)) return NULL;
  if (!e->args || e->args->next || e->args->kind != ND_STR) diag_fatal(e->loc, "heuristics read arguments as args['NAME']");
  return e->args;
}

// Known at translation: given with -D, a tl.constexpr parameter (however tl.constexpr was
// imported, as the kernel's own parameters are read), or another heuristic's value.
static bool is_constexpr_param(Module *m, Func *f, const char *name, Options *opt) {
  if (option_define(opt, name)) return true;
  for (Node *p = f->def->a; p; p = p->next)
    if (!strcmp(p->str, name)) return is_constexpr_annotation(m, p->a);
  for (int i = 0; i < f->heuristics.len; i++)
    if (!strcmp(((Heuristic *)f->heuristics.items[i])->name, name)) return true;
  diag_fatal(f->def->loc, "a heuristic of '%s' reads args['%s'], which is not a parameter", f->name, name);
}

// Whether e, outside `skip`, reads an argument args['NAME'] for which test(NAME) holds.
typedef bool (*ArgTest)(const char *name, void *ctx);
static bool reads_arg(Heuristic *h, Node *e, Node *skip, ArgTest test, void *ctx) {
  if (!e || e == skip) return false;
  Node *n = arg_name(h, e);
  if (n) return test(n->str, ctx);
  bool r = reads_arg(h, e->a, skip, test, ctx) || reads_arg(h, e->b, skip, test, ctx) ||
           reads_arg(h, e->c, skip, test, ctx);
  for (Node *a = e->args; a && !r; a = a->next) r = reads_arg(h, a, skip, test, ctx);
  return r;
}

typedef struct {
  Module *m;
  Func *f;
  Options *opt;
} ParamCtx;

static bool is_runtime_arg(const char *name, void *ctx) {
  ParamCtx *p = ctx;
  return !is_constexpr_param(p->m, p->f, name, p->opt);
}

// Whether e reads run-time arguments outside `skip` (NULL: anywhere).
static bool reads_runtime_outside(Module *m, Func *f, Heuristic *h, Node *e, Node *skip, Options *opt) {
  ParamCtx ctx = {m, f, opt};
  return reads_arg(h, e, skip, is_runtime_arg, &ctx);
}

static bool reads_runtime(Module *m, Func *f, Heuristic *h, Node *e, Options *opt) {
  return reads_runtime_outside(m, f, h, e, NULL, opt);
}

// One triton.next_power_of_2(...) call in e, or NULL (several: the first).
static Node *pow2_call(Node *e) {
  if (!e) return NULL;
  if (e->kind == ND_CALL && (e->a->kind == ND_ATTR || e->a->kind == ND_NAME) && !strcmp(e->a->str, "next_power_of_2"))
    return e;
  Node *r = pow2_call(e->a);
  if (!r) r = pow2_call(e->b);
  if (!r) r = pow2_call(e->c);
  for (Node *a = e->args; a && !r; a = a->next) r = pow2_call(a);
  return r;
}

// A run-time heuristic with two values: a comparison, and/or/not of them, or an if-else
// choosing among them and True/False (a function's ifs returning True or False: collect.c).
static bool is_condition(Node *e) {
  if (e->kind == ND_COND)
    return (e->b->kind == ND_BOOL || is_condition(e->b)) && (e->c->kind == ND_BOOL || is_condition(e->c));
  return e->kind == ND_COMPARE || e->kind == ND_BOOLOP || e->kind == ND_NOT;
}

// Does e take a bounded set of values: it reads no run-time argument, is a condition, reads them
// only inside one triton.next_power_of_2(...), or chooses by a condition between such
// expressions (FlagGems' `if args["N"] >= 65536: return next_power_of_2(cdiv(N, 512)) elif ...`)?
static bool bounded(Module *m, Func *f, Heuristic *h, Node *e, Options *opt) {
  if (!reads_runtime(m, f, h, e, opt) || is_condition(e)) return true;
  if (e->kind == ND_COND) return bounded(m, f, h, e->b, opt) && bounded(m, f, h, e->c, opt);
  Node *p2 = pow2_call(e);
  return p2 && !reads_runtime_outside(m, f, h, e, p2, opt);
}

// A heuristic whose value the command line gives: -D NAME=VALUE, or --num-warps / --num-stages
// for one that sets the launch's num_warps / num_stages (the drop-in harness gives the launch's).
bool heuristic_given(const Options *opt, const Heuristic *h) {
  if (option_define(opt, h->name)) return true;
  return (!strcmp(h->name, "num_warps") && opt->num_warps) || (!strcmp(h->name, "num_stages") && opt->num_stages);
}

bool heuristic_is_runtime(Module *m, Func *f, Heuristic *h, Options *opt) {
  if (heuristic_given(opt, h)) return false;
  if (!reads_runtime(m, f, h, h->lambda->a, opt)) return false;
  if (!bounded(m, f, h, h->lambda->a, opt))
    diag_fatal(h->lambda->loc, "heuristic '%s' depends on run-time arguments and is neither a condition nor a function "
               "of one triton.next_power_of_2(...) of them (nor a choice between those): fix it with -D %s=VALUE",
               h->name, h->name);
  return true;
}

static bool set_by_configs(Func *f, const char *name) {
  for (int i = 0; f->autotune_configs && i < f->autotune_configs->items.len; i++) {
    Obj *kw = ((Obj *)f->autotune_configs->items.items[i])->items.items[0];
    for (int j = 0; j + 1 < kw->items.len; j += 2)
      if (!strcmp(((Obj *)kw->items.items[j])->str, name)) return true;
  }
  return false;
}

// args['NAME'] of a constexpr with no value here: said, not a bare "key not found".
static void check_known(Func *f, Heuristic *h, Node *e, Obj *args) {
  if (!e) return;
  Node *n = arg_name(h, e);
  if (n) {
    for (int i = 0; i + 1 < args->items.len; i += 2)
      if (!strcmp(((Obj *)args->items.items[i])->str, n->str)) return;
    if (f->heuristics_outside && set_by_configs(f, n->str))
      diag_fatal(e->loc, "heuristic '%s' reads args['%s'], which the autotune configs set: this @triton.heuristics "
                 "is above @triton.autotune, so Triton runs it first, without them (KeyError); put it below",
                 h->name, n->str);
    diag_fatal(e->loc, "heuristic '%s' reads args['%s'], a constexpr with no value here: give it with -D %s=VALUE, a "
               "default, or in the file's launch", h->name, n->str, n->str);
  }
  check_known(f, h, e->a, args);
  check_known(f, h, e->b, args);
  check_known(f, h, e->c, args);
  for (Node *a = e->args; a; a = a->next) check_known(f, h, a, args);
}

// Computes a lambda that reads only constexprs: args is a dict of their values.
// e (part of h's lambda) computed with its parameter bound to args, a dict of constexprs.
static Obj *value_with_args(Module *m, Func *f, Heuristic *h, Node *e, Obj *args) {
  check_known(f, h, e, args);
  return module_eval(m, e, bind(NULL, h->lambda->str, args));
}

Obj *heuristic_value(Module *m, Func *f, Heuristic *h, Obj *args) { return value_with_args(m, f, h, h->lambda->a, args); }

static void add_value(Obj *out, Obj *v) {
  for (int i = 0; i < out->items.len; i++)
    if (obj_same(out->items.items[i], v)) return;
  vec_push(&out->items, v);
}

// The values bounded() e may take, added to out in order: a condition's False and True, both
// branches' of a choice, one pow2 call's powers of two up to HEURISTIC_POW2_MAX with the rest
// as Python computes it, or the value of an expression of constexprs.
static void add_values(Module *m, Func *f, Heuristic *h, Options *opt, Obj *args, Node *e, Obj *out) {
  if (!reads_runtime(m, f, h, e, opt)) {
    add_value(out, value_with_args(m, f, h, e, args));
  } else if (is_condition(e)) {
    add_value(out, obj_bool(false));
    add_value(out, obj_bool(true));
  } else if (e->kind == ND_COND) {
    add_values(m, f, h, opt, args, e->b, out);
    add_values(m, f, h, opt, args, e->c, out);
  } else {
    Node *p2 = pow2_call(e), saved = *p2;
    for (int64_t p = 1; p <= HEURISTIC_POW2_MAX; p *= 2) {
      *p2 = (Node){.kind = ND_INT, .ival = p, .loc = saved.loc, .next = saved.next};
      Obj *v = value_with_args(m, f, h, e, args);
      if (v->kind != OBJ_INT && v->kind != OBJ_BOOL)
        diag_fatal(h->lambda->loc, "heuristic '%s' gives %s, not an int", h->name, obj_kind_name(v));
      add_value(out, v);
    }
    *p2 = saved;
  }
}

// The values a run-time heuristic may take (see the top of the file), in order.
Obj *heuristic_runtime_values(Module *m, Func *f, Heuristic *h, Options *opt, Obj *args) {
  Obj *out = obj_new(OBJ_TUPLE);
  add_values(m, f, h, opt, args, h->lambda->a, out);
  return out;
}

static const char *to_c(Kernel *k, Heuristic *h, Node *e);

static const char *call_c(Kernel *k, Heuristic *h, Node *e) {
  const char *fn = e->a->kind == ND_ATTR ? e->a->str : e->a->kind == ND_NAME ? e->a->str : "";
  Node *x = e->args, *y = x ? x->next : NULL;
  if (!strcmp(fn, "next_power_of_2") && x && !y) return xprintf("tl2cu_next_pow2(%s)", to_c(k, h, x));
  const char *two = host_function(fn);
  if (two && x && y && !y->next) return xprintf("%s(%s, %s)", two, to_c(k, h, x), to_c(k, h, y));
  diag_fatal(e->loc, "heuristics may call triton.next_power_of_2, triton.cdiv, min and max, not '%s'", fn);
}

static const char *to_c(Kernel *k, Heuristic *h, Node *e) {
  Node *n = arg_name(h, e);
  if (n) {
    for (int i = 0; i < k->nselect; i++)  // an earlier run-time heuristic: its value picked at launch
      if (k->select_name[i] && !strcmp(k->select_name[i], n->str)) return xprintf("(_h%d)", i);
    Param *p = kernel_param(k, n->str);
    if (!p) diag_fatal(e->loc, "args['%s'] is not a parameter", n->str);
    if (p->is_constexpr) return xprintf("(%s)", obj_repr(p->constval));
    if (p->ty.kind == TY_PTR) return xprintf("(int64_t)(uintptr_t)%s", p->cname);
    return scalar_is_float(p->ty.kind) ? xprintf("(double)%s", p->cname) : xprintf("(int64_t)%s", p->cname);
  }
  switch (e->kind) {
  case ND_INT: return xprintf("(int64_t)%lld", (long long)e->ival);
  case ND_FLOAT: return xprintf("%.17g", e->fval);
  case ND_BOOL: return e->ival ? "true" : "false";
  case ND_NOT: return xprintf("!%s", to_c(k, h, e->a));
  case ND_BOOLOP: return xprintf("(%s %s %s)", to_c(k, h, e->a), e->op == OP_LAND ? "&&" : "||", to_c(k, h, e->b));
  case ND_COND: return xprintf("(%s ? %s : %s)", to_c(k, h, e->a), to_c(k, h, e->b), to_c(k, h, e->c));
  case ND_COMPARE:
    return xprintf("(%s %s %s)", to_c(k, h, e->a), op_text(e->op), to_c(k, h, e->b));
  case ND_BINOP: {
    if (e->op == OP_POW || e->op == OP_DIV) diag_fatal(e->loc, "operator '%s' is not supported in heuristics", op_text(e->op));
    const char *a = to_c(k, h, e->a), *b = to_c(k, h, e->b);
    const char *fn = host_int_op(e->op);  // (// and %: Python's, through the runtime's functions)
    if (e->op == OP_FLOORDIV || e->op == OP_MOD) return xprintf("%s(%s, %s)", fn, a, b);
    return xprintf("(%s %s %s)", a, op_text(e->op), b);
  }
  case ND_CALL: return call_c(k, h, e);
  default: break;
  }
  diag_fatal(e->loc, "unsupported expression in a heuristic");
}

const char *heuristic_c(Kernel *k, Heuristic *h) { return to_c(k, h, h->lambda->a); }

// Is NAME a run-time heuristic's (to_c writes its value as (_hI): the launcher then picks the
// variant by each heuristic's value in turn, emit.c NAME_pick)?
static bool is_selected(const char *name, void *ctx) {
  Kernel *k = ctx;
  for (int i = 0; i < k->nselect; i++)
    if (k->select_name[i] && !strcmp(k->select_name[i], name)) return true;
  return false;
}

bool heuristic_reads_selected(Kernel *k, Heuristic *h) { return reads_arg(h, h->lambda->a, NULL, is_selected, k); }
