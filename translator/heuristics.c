// heuristics.c: the values of @triton.heuristics({NAME: lambda args: expr}).
//
// Triton calls each lambda at every launch with the launch's arguments by
// name and passes the result as the constexpr NAME. tl2cu splits them:
//  - a lambda that reads only constexprs (or is fixed by -D) is computed now;
//  - a lambda that reads run-time arguments and yields a bool (a comparison,
//    `and`/`or`/`not`) picks one of two kernel variants at launch: its body
//    becomes host C in the launcher (heuristic_c);
//  - anything else (say triton.next_power_of_2(args['N'])) has unbounded
//    values: it must be fixed with -D, and the error says so.
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

static bool reads_runtime(Module *m, Func *f, Heuristic *h, Node *e, Options *opt) {
  if (!e) return false;
  Node *n = arg_name(h, e);
  if (n) return !is_constexpr_param(m, f, n->str, opt);
  bool r = reads_runtime(m, f, h, e->a, opt) || reads_runtime(m, f, h, e->b, opt) || reads_runtime(m, f, h, e->c, opt);
  for (Node *a = e->args; a && !r; a = a->next) r = reads_runtime(m, f, h, a, opt);
  return r;
}

bool heuristic_is_runtime(Module *m, Func *f, Heuristic *h, Options *opt) {
  if (option_define(opt, h->name)) return false;
  if (!reads_runtime(m, f, h, h->lambda->a, opt)) return false;
  NodeKind k = h->lambda->a->kind;
  if (k != ND_COMPARE && k != ND_BOOLOP && k != ND_NOT)
    diag_fatal(h->lambda->loc, "heuristic '%s' depends on run-time arguments and is not a condition: fix it with -D %s=VALUE",
               h->name, h->name);
  return true;
}

// Computes a lambda that reads only constexprs: args is a dict of their values.
Obj *heuristic_value(Module *m, Func *f, Heuristic *h, Options *opt) {
  Obj *args = obj_new(OBJ_DICT);
  for (Node *p = f->def->a; p; p = p->next) {
    const char *d = option_define(opt, p->str);
    Obj *v = NULL;
    if (d) {
      char *end;
      long long iv = strtoll(d, &end, 0);
      v = *end ? obj_float(strtod(d, NULL)) : obj_int(iv);
    } else if (p->b) {
      v = module_eval(m, p->b, NULL);
    }
    if (!v) continue;
    vec_push(&args->items, obj_str(p->str));
    vec_push(&args->items, v);
  }
  return module_eval(m, h->lambda->a, bind(NULL, h->lambda->str, args));
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
