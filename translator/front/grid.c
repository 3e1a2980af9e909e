// grid.c: the launch grid (--grid 'E0[, E1[, E2]]') as C for the launcher.
//
// The expressions are Python (parsed by the same tree-sitter grammar) over the
// kernel's run-time parameters, its constexprs, integer literals, + - * // %,
// cdiv(), min() and max(); they are evaluated on the host in int64 when the
// launcher runs. Errors point into the grid text; on the command line they are
// usage errors (status 2), in a '# tl2cu:' line input errors (status 1).
#include "tl2cu.h"

#include <stdlib.h>
#include <string.h>

static int error_status;  // 2 for a --grid on the command line, 1 for one in the file

static _Noreturn void grid_error(Node *at, const char *fmt, const char *arg) {
  diag_error(at ? at->loc : (Loc){1, 1, 0}, fmt, arg);
  exit(error_status);
}

// Host C for the integer operators and functions launch-time expressions may use
// (grids here, heuristics in heuristics.c): NULL for anything else.
const char *host_int_op(Op op) {
  return op == OP_ADD ? "+" : op == OP_SUB ? "-" : op == OP_MUL ? "*" : op == OP_FLOORDIV ? "tl2cu_floordiv"
       : op == OP_MOD ? "tl2cu_pymod" : NULL;
}

const char *host_function(const char *name) {
  return !strcmp(name, "cdiv") ? "tl2cu_cdiv" : !strcmp(name, "min") ? "tl2cu_min" : !strcmp(name, "max") ? "tl2cu_max" : NULL;
}

// Host C for a launch-time expression. From --grid (a `call` of NULL) names are the
// kernel's parameters and anything else is an error; from the file's own launch they
// are the caller's names, matched to parameters through the call's arguments (and
// meta['NAME'] in a grid lambda), and the result is NULL where the expression does
// not map.
typedef struct {
  Kernel *k;
  Node *call;        // the file's own kernel[grid](...) call, or NULL for --grid
  const char *meta;  // the grid lambda's parameter, or NULL
} HostCx;

static const char *host_c(HostCx *hc, Node *e);

static const char *unmapped(HostCx *hc, Node *at, const char *fmt, const char *arg) {
  if (!hc->call) grid_error(at, fmt, arg);
  return NULL;
}

// The parameter at Python position `pos`, or NULL (also for a host tensor descriptor,
// whose parts are parameters of their own but one position).
static Param *param_at(Kernel *k, int pos) {
  for (int i = 0, at = 0; i < k->params.len; i++) {
    Param *p = k->params.items[i];
    if (p->desc && p->desc_part != DESC_BASE) continue;
    if (at++ == pos) return p->desc ? NULL : p;
  }
  return NULL;
}

// The kernel parameter a caller's name is passed as in the launch, or NULL.
static Param *passed_as(HostCx *hc, const char *host) {
  int i = 0;
  for (Node *a = hc->call->args; a; a = a->next, i++) {
    if (a->kind == ND_KWARG) {
      if (a->a->kind == ND_NAME && !strcmp(a->a->str, host)) return kernel_param(hc->k, a->str);
    } else if (a->kind == ND_NAME && !strcmp(a->str, host)) {
      return param_at(hc->k, i);
    }
  }
  return NULL;
}

static const char *param_c(HostCx *hc, Node *at, Param *p) {
  if (!p) return unmapped(hc, at, "--grid: unknown name '%s'", at->kind == ND_NAME ? at->str : "");
  if (p->is_constexpr) {
    if (p->constval->kind != OBJ_INT && p->constval->kind != OBJ_BOOL)
      return unmapped(hc, at, "--grid: constexpr '%s' is not an integer", p->name);
    return xprintf("(int64_t)%lld", (long long)p->constval->ival);
  }
  if (p->ty.kind == TY_PTR || !scalar_is_int(p->ty.kind))
    return unmapped(hc, at, "--grid: parameter '%s' is not an integer", p->name);
  return xprintf("(int64_t)%s", p->cname);
}

static const char *call_c(HostCx *hc, Node *e) {
  const char *fn = e->a->kind == ND_NAME ? e->a->str : e->a->kind == ND_ATTR ? e->a->str : "";
  const char *helper = host_function(fn);
  if (!helper) return unmapped(hc, e->a, "--grid: unknown function '%s' (cdiv, min and max are available)", fn);
  Node *x = e->args, *y = x ? x->next : NULL;
  if (!x || !y || y->next || x->kind == ND_KWARG || y->kind == ND_KWARG)
    return unmapped(hc, e, "--grid: %s() takes exactly 2 arguments", fn);
  const char *a = host_c(hc, x), *b = host_c(hc, y);
  return a && b ? xprintf("%s(%s, %s)", helper, a, b) : NULL;
}

static const char *host_c(HostCx *hc, Node *e) {
  switch (e->kind) {
  case ND_INT: return xprintf("(int64_t)%lld", (long long)e->ival);
  case ND_NAME: return param_c(hc, e, hc->call ? passed_as(hc, e->str) : kernel_param(hc->k, e->str));
  case ND_SUBSCRIPT:  // meta['BLOCK_SIZE'] in a launch's grid lambda
    if (hc->meta && e->a->kind == ND_NAME && !strcmp(e->a->str, hc->meta) && e->args && e->args->kind == ND_STR)
      return param_c(hc, e, kernel_param(hc->k, e->args->str));
    break;
  case ND_BINOP: {
    const char *op = host_int_op(e->op);
    if (!op) return unmapped(hc, e, "--grid: operator '%s' is not supported (use + - * // %%)", op_text(e->op));
    const char *a = host_c(hc, e->a), *b = host_c(hc, e->b);
    if (!a || !b) return NULL;
    if (e->op == OP_FLOORDIV || e->op == OP_MOD) return xprintf("%s(%s, %s)", op, a, b);  // Python's, not C's
    return xprintf("(%s %s %s)", a, op, b);
  }
  case ND_UNARY:
    if (e->op == OP_NEG) {
      const char *a = host_c(hc, e->a);
      return a ? xprintf("(-%s)", a) : NULL;
    }
    break;
  case ND_CALL: return call_c(hc, e);
  default: break;
  }
  return unmapped(hc, e, "--grid: unsupported expression%s", "");
}

// --grid's text for k, else its decorator's (inductor.c), else NULL.
static const char *grid_text(Kernel *k, Options *opt) {
  const char *text = opt->grid, *colon = text ? strchr(text, ':') : NULL;
  if (colon && strcmp(xstrndup(text, (size_t)(colon - text)), k->func->name)) text = NULL;  // "KERNEL: E0, E1"
  return !text ? k->func->grid : colon ? colon + 1 : text;
}

// Where a --grid value of a '# tl2cu:' line stands in the file (its line, the column where
// the value starts), so that its errors name the file's line and column (path:4:28, not
// path:4: --grid:1:5); line 0 if the line does not hold the value verbatim (escapes).
static Loc grid_in_file(const char *value, Loc line, const char *src, size_t len) {
  const char *start = src;
  for (int l = 1; l < line.line && start; l++) start = memchr(start, '\n', len - (size_t)(start - src)), start += !!start;
  if (!start || !*value) return (Loc){0, 0, 0};
  const char *end = memchr(start, '\n', len - (size_t)(start - src));
  char *text = xstrndup(start, end ? (size_t)(end - start) : strlen(start));
  const char *at = strstr(text, value);
  return at ? (Loc){line.line, (int)(at - text) + 1, 0} : (Loc){0, 0, 0};
}

void grid_compile(Kernel *k, Options *opt, const char *path, const char *src, size_t len) {
  const char *text = grid_text(k, opt);
  if (!text) return;
  bool from_decorator = text == k->func->grid;
  text += strspn(text, " \t");  // an expression, not a statement: no indentation
  k->grid_from = from_decorator ? "its decorator" : "--grid";
  error_status = opt->grid_loc.line || from_decorator ? 1 : 2;
  Loc in_file = !from_decorator && opt->grid_loc.line ? grid_in_file(text, opt->grid_loc, src, len) : (Loc){0, 0, 0};
  if (in_file.line) {
    k->grid_from = xprintf("--grid on line %d", in_file.line);
    diag_set_source(path, src, len);
    diag_shift(in_file, "--grid");
  } else {
    diag_set_source(from_decorator ? xprintf("%s: the grid of %s's decorator", path, k->func->name)
                    : opt->grid_loc.line ? xprintf("%s:%d: --grid", path, opt->grid_loc.line) : "--grid", text,
                    strlen(text));
  }
  Node *m = ast_parse(text, strlen(text));
  if (diag_error_count()) exit(error_status);
  if (!m || m->kind != ND_EXPR_STMT || m->next) grid_error(m, "--grid: expected 1 to 3 expressions%s", "");
  Node *e = m->a;
  Node *items = e->kind == ND_TUPLE ? e->args : e;
  if (e->kind != ND_TUPLE) e->next = NULL;
  HostCx hc = {k, NULL, NULL};
  int n = 0;
  for (Node *i = items; i; i = i->next) {
    if (n == 3) grid_error(i, "--grid: at most 3 dimensions%s", "");
    k->grid_c[n++] = host_c(&hc, i);
  }
  if (n == 0) grid_error(NULL, "--grid: expected 1 to 3 expressions%s", "");
  diag_set_source(path, src, len);
}

// ---------------------------------------------------------------- the file's own launch

// `grid` may be a name assigned earlier in the same function.
static Node *resolve(Node *grid, Node *scope) {
  if (grid->kind != ND_NAME) return grid;
  Node *found = NULL;
  for (Node *s = scope; s; s = s->next)
    if (s->kind == ND_ASSIGN && s->a->kind == ND_NAME && !strcmp(s->a->str, grid->str)) found = s->b;
  return found;
}

void grid_from_launch(Kernel *k) {
  Launch *l = k->func->launch;
  if (k->grid_c[0] || !l) return;
  Node *grid = l->call->a->args ? resolve(l->call->a->args, l->scope) : NULL;
  HostCx hc = {k, l->call, NULL};
  if (grid && grid->kind == ND_LAMBDA) {
    hc.meta = grid->str;
    grid = grid->a;
  }
  if (!grid) return;
  Node single = *grid;
  single.next = NULL;
  Node *items = grid->kind == ND_TUPLE || grid->kind == ND_LIST ? grid->args : &single;
  const char *dims[3] = {NULL, NULL, NULL};
  int n = 0;
  for (Node *i = items; i; i = i->next) {
    if (n == 3 || !(dims[n++] = host_c(&hc, i))) {
      diag_note(l->call->loc, "the grid of this launch of '%s' does not map onto its parameters: give --grid", k->func->name);
      return;
    }
  }
  for (int i = 0; i < n; i++) k->grid_c[i] = dims[i];
  k->grid_from = xprintf("the file's launch (line %d)", l->call->loc.line);
}
