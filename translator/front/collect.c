// collect.c: module-level facts, before any kernel is traced.
//
// Input: the module's AST. Output: a Module with the names a kernel may read
// (imported modules, tl.constexpr constants, -D overrides are applied later by
// the caller), the plain globals Triton refuses to let kernels read, and every
// function with its decorators decoded (@triton.jit, @triton.autotune configs).
// Module-level code that is not a kernel (host functions, `if __name__ ...`)
// is plain Python that tl2cu never runs: it is skipped, not an error.
#include "tl2cu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

Obj *obj_new(ObjKind kind) {
  Obj *o = xmalloc(sizeof(Obj));
  o->kind = kind;
  return o;
}

Obj *obj_int(int64_t v) { Obj *o = obj_new(OBJ_INT); o->ival = v; return o; }
Obj *obj_float(double v) { Obj *o = obj_new(OBJ_FLOAT); o->fval = v; return o; }
Obj *obj_bool(bool v) { Obj *o = obj_new(OBJ_BOOL); o->ival = v; return o; }
Obj *obj_none(void) { return obj_new(OBJ_NONE); }
Obj *obj_str(const char *s) { Obj *o = obj_new(OBJ_STR); o->str = s; return o; }
Obj *obj_dtype(Scalar s) { Obj *o = obj_new(OBJ_DTYPE); o->ival = s; return o; }
Obj *obj_module(const char *name) { Obj *o = obj_new(OBJ_MODULE); o->str = name; return o; }
Obj *obj_builtin(const char *qualified) { Obj *o = obj_new(OBJ_BUILTIN); o->str = qualified; return o; }

const char *obj_kind_name(const Obj *o) {
  switch (o->kind) {
  case OBJ_VALUE: return o->val->shape.rank ? "a block" : "a run-time scalar";
  case OBJ_INT: return "an int";
  case OBJ_FLOAT: return "a float";
  case OBJ_BOOL: return "a bool";
  case OBJ_NONE: return "None";
  case OBJ_STR: return "a string";
  case OBJ_DTYPE: return "a dtype";
  case OBJ_TUPLE: return "a tuple";
  case OBJ_DICT: return "a dict";
  case OBJ_FUNC: return "a function";
  case OBJ_MODULE: return "a module";
  case OBJ_BUILTIN: return "a builtin function";
  case OBJ_METHOD: return "a method";
  case OBJ_CONFIG: return "a triton.Config";
  case OBJ_PYFUNC: return "a Python function";
  case OBJ_BLOCK_PTR: return "a block pointer";
  case OBJ_TENSOR_DESC: return "a tensor descriptor";
  }
  unreachable();
}

// Python's repr of a float: the shortest digits that read back, in scientific notation
// below 1e-4 or from 1e16 on, an integral value with ".0".
static const char *py_float_repr(double f) {
  if (isnan(f)) return "nan";
  if (isinf(f)) return f < 0 ? "-inf" : "inf";
  char buf[64];
  int digits = 1;
  for (; digits < 17; digits++) {
    snprintf(buf, sizeof buf, "%.*e", digits - 1, f);
    if (strtod(buf, NULL) == f) break;
  }
  snprintf(buf, sizeof buf, "%.*e", digits - 1, f);
  int exp = atoi(strchr(buf, 'e') + 1);
  if (exp < -4 || exp >= 16) return xprintf("%s", buf);
  int decimals = digits - 1 - exp;
  return xprintf("%.*f", decimals < 1 ? 1 : decimals, f);
}

const char *obj_repr(const Obj *o) {
  switch (o->kind) {
  case OBJ_INT: return o->str ? o->str : xprintf("%lld", (long long)o->ival);  // (str: beyond int64)
  case OBJ_FLOAT: return py_float_repr(o->fval);
  case OBJ_BOOL: return o->ival ? "True" : "False";
  case OBJ_NONE: return "None";
  case OBJ_STR: return xprintf("'%s'", o->str);
  case OBJ_TUPLE: {
    Str s = {0};
    str_add(&s, "(");
    for (int i = 0; i < o->items.len; i++) str_addf(&s, "%s%s", i ? ", " : "", obj_repr(o->items.items[i]));
    str_add(&s, o->items.len == 1 ? ",)" : ")");
    return s.buf;
  }
  case OBJ_DTYPE:
    if (o->ival == TY_PTR) return xprintf("tl.pointer_type(tl.%s)", scalar_name((Scalar)(int)o->fval));
    return xprintf("tl.%s", scalar_name((Scalar)o->ival));
  default: return obj_kind_name(o);
  }
}

bool obj_same(const Obj *a, const Obj *b) {
  if (a == b) return true;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case OBJ_VALUE: return a->val == b->val;
  case OBJ_INT: case OBJ_BOOL: return a->ival == b->ival && !a->str == !b->str && (!a->str || !strcmp(a->str, b->str));
  case OBJ_FLOAT: return !memcmp(&a->fval, &b->fval, sizeof a->fval);
  case OBJ_NONE: return true;
  case OBJ_STR: case OBJ_MODULE: case OBJ_BUILTIN: return !strcmp(a->str, b->str);
  case OBJ_DTYPE: return a->ival == b->ival && a->fval == b->fval;
  case OBJ_FUNC: return a->fn == b->fn;
  case OBJ_TUPLE: case OBJ_DICT: case OBJ_BLOCK_PTR: case OBJ_TENSOR_DESC:
    if (a->items.len != b->items.len) return false;
    for (int i = 0; i < a->items.len; i++)
      if (!obj_same(a->items.items[i], b->items.items[i])) return false;
    return true;
  default: return false;
  }
}

Obj *lookup(Binding *env, const char *name) {
  for (Binding *b = env; b; b = b->next)
    if (!strcmp(b->name, name)) return b->obj;
  return NULL;
}

Binding *bind(Binding *env, const char *name, Obj *obj) {
  Binding *b = xmalloc(sizeof(Binding));
  b->name = name;
  b->obj = obj;
  b->next = env;
  return b;
}

Func *module_func(Module *m, const char *name) {
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    if (!f->enclosing && !strcmp(f->name, name)) return f;
  }
  return NULL;
}

// The canonical name tl2cu knows a module by, or NULL.
const char *known_module(const char *dotted) {
  static const struct { const char *path, *name; } mods[] = {
      {"triton", "triton"},
      {"triton.language", "tl"},
      {"triton.language.core", "tl"},  // (where tl's names are defined: tl.core.constexpr is tl.constexpr)
      {"triton.language.math", "tl.math"},
      {"triton.language.random", "tl.random"},
      {"triton.language.standard", "tl.standard"},
      {"triton.language.extra.libdevice", "libdevice"},
      {"triton.language.extra.cuda.libdevice", "libdevice"},
      {"triton.language.extra.cuda", "tl.extra.cuda"},
      {"triton.language.extra", "tl.extra"},
      {"torch._inductor.runtime.triton_helpers", "triton_helpers"},  // (inductor.c)
      {"torch._inductor.runtime.triton_helpers.libdevice", "libdevice"},
      {"torch._inductor.runtime.triton_helpers.math", "tl.math"},
      {"packaging", "packaging"},  // (version checks: builtins.c b_version_parse)
      {"packaging.version", "packaging.version"},
  };
  for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++)
    if (!strcmp(mods[i].path, dotted)) return mods[i].name;
  return NULL;
}

static char *next_word(char **p) {
  while (**p == ' ' || **p == '\t' || **p == ',' || **p == '(' || **p == ')' || **p == '\n' || **p == '\\') (*p)++;
  if (!**p) return NULL;
  char *start = *p;
  while (**p && !strchr(" \t,()\n\\", **p)) (*p)++;
  return xstrndup(start, (size_t)(*p - start));
}

// import a.b [as c], ... | from a.b import c [as d], ...: Triton's modules and members are known; the
// other modules are the package's own files, read when a name from them is (imports.c).
static void collect_import(Module *m, Binding **env, const char *text, Loc at) {
  char *p = xstrdup(text);
  char *w = next_word(&p);
  if (!strcmp(w, "import")) {
    char *path;
    while ((path = next_word(&p))) {
      char *alias = NULL, *save = p, *maybe = next_word(&p);
      if (maybe && !strcmp(maybe, "as")) alias = next_word(&p);
      else p = save;
      const char *known = known_module(path);
      if (alias) *env = bind(*env, alias, known ? obj_module(known) : imports_module_ref(m, path));
      else {
        char *dot = strchr(path, '.');
        char *top = dot ? xstrndup(path, (size_t)(dot - path)) : path;
        const char *k = known_module(top);
        *env = bind(*env, top, k ? obj_module(k) : imports_module_ref(m, top));
      }
    }
    return;
  }
  char *from = next_word(&p);
  next_word(&p);  // "import"
  char *name;
  while (from && (name = next_word(&p))) {
    char *alias = name, *save = p, *maybe = next_word(&p);
    if (maybe && !strcmp(maybe, "as")) alias = next_word(&p);
    else p = save;
    const char *known = known_module(xprintf("%s.%s", from, name)), *from_known = known_module(from);
    if (known) *env = bind(*env, alias, obj_module(known));
    else if (from_known && !strcmp(from_known, "libdevice"))  // from ...libdevice import tanh
      *env = bind(*env, alias, obj_builtin(xprintf("libdevice.%s", name)));
    else if (!strcmp(from, "triton") || !strcmp(from, "triton.language")) {
      *env = bind(*env, alias, obj_builtin(xprintf("%s.%s", !strcmp(from, "triton") ? "triton" : "tl", name)));
    } else if (from_known && !strcmp(from_known, "packaging.version") &&
               (!strcmp(name, "Version") || !strcmp(name, "parse"))) {  // from packaging.version import Version
      *env = bind(*env, alias, obj_builtin("packaging.version.parse"));
    } else if (!strcmp(from, "math") && (pymath_constant(name) || pymath_has(name))) {  // from math import pi, sqrt
      Obj *k = pymath_constant(name);
      *env = bind(*env, alias, k ? k : obj_builtin(xprintf("math.%s", name)));
    } else if (!strcmp(from, "itertools") && !strcmp(name, "product")) {  // (autotune configs)
      *env = bind(*env, alias, obj_builtin("itertools.product"));
    } else if (from_known && builtin_member(from_known, name)) {  // from triton.language.math import rsqrt
      *env = bind(*env, alias, obj_builtin(builtin_member(from_known, name)));
    } else if (!from_known && strncmp(from, "triton.", 7) && !imports_external(from)) {  // the package's own
      *env = bind(*env, alias, imports_name_ref(m, from, name, at));
    }
  }
}

// A host expression computed where it can be (diag_attempt: false, nothing said, where not).
typedef struct {
  Module *m;
  Node *expr;
  Obj *result;
} HostEval;

static void eval_host(void *arg) {  // for diag_attempt
  HostEval *e = arg;
  e->result = module_eval(e->m, e->expr, NULL);
}

// ---- imports under module-level `if` and `try` (version checks choosing a module):
// a name every branch that imports it binds alike is bound; a name the branches bind to
// different things is recorded in m->conditional, for -D NAME=CHOICE to pick and for the
// error that names the choices. A `try` counts as its body (Triton 3.6's modules import).

static void branch_imports(Module *m, Node *s, Binding **env);

static bool same_import(Obj *a, Obj *b) {
  return a->kind == b->kind && a->str && b->str && !strcmp(a->str, b->str);
}

static void merge_import_branches(Module *m, Node *ifnode, Binding **branches, int n, Binding **env) {
  for (int i = 0; i < n; i++)
    for (Binding *b = branches[i]; b; b = b->next) {
      if (lookup(*env, b->name) || lookup(m->conditional, b->name)) continue;  // (done)
      Obj *alts = obj_new(OBJ_TUPLE);
      alts->ival = ifnode->loc.line;
      for (int j = 0; j < n; j++) {
        Obj *o = lookup(branches[j], b->name);
        bool seen = false;
        for (int k = 0; o && k < alts->items.len; k++) seen |= same_import(alts->items.items[k], o);
        if (o && !seen) vec_push(&alts->items, o);
      }
      if (alts->items.len == 1) *env = bind(*env, b->name, alts->items.items[0]);
      else m->conditional = bind(m->conditional, b->name, alts);
    }
}

// "libdevice.rsqrt or tl.rsqrt": what -D NAME=CHOICE accepts.
const char *import_choices(Obj *choices) {
  Str s = {0};
  str_add(&s, "");
  for (int i = 0; i < choices->items.len; i++)
    str_addf(&s, "%s%s", i ? (i + 1 == choices->items.len ? " or " : ", ") : "", ((Obj *)choices->items.items[i])->str);
  return s.buf;
}

// -D NAME=CHOICE for a name the branches import differently: binds that choice.
void choose_import(Module *m, const char *name, const char *choice, Loc loc) {
  Obj *choices = lookup(m->conditional, name);
  for (int i = 0; i < choices->items.len; i++) {
    Obj *o = choices->items.items[i];
    if (!strcmp(o->str, choice)) {
      m->globals = bind(m->globals, name, o);
      return;
    }
  }
  diag_fatal(loc, "-D %s=%s: the branches of the `if` at line %lld import '%s' as %s", name, choice,
             (long long)choices->ival, name, import_choices(choices));
}

// What `NAME = value` in a branch binds, where another branch imports or defines NAME: one of
// its choices (unsloth: `triton_cast = tl.cast` or a jit def of that name, by the Triton version).
// The value when tl2cu can compute it and it names something (tl.cast), else a choice
// only named, which no read can take silently.
static Obj *assigned_choice(Module *m, Node *assign) {
  HostEval attempt = {m, assign->b, NULL};
  if (diag_attempt(eval_host, &attempt) && attempt.result->str &&
      (attempt.result->kind == OBJ_BUILTIN || attempt.result->kind == OBJ_MODULE))
    return attempt.result;
  Obj *o = obj_new(OBJ_NONE);
  o->str = xprintf("the value assigned at line %d", assign->loc.line);
  return o;
}

static void add_assigned_choices(Module *m, Node **blocks, Binding **branches, int n) {
  for (int i = 0; i < n; i++)
    for (Node *s = blocks[i]; s; s = s->next) {
      if (s->kind != ND_ASSIGN || !s->b || s->a->kind != ND_NAME || lookup(branches[i], s->a->str)) continue;
      bool imported_elsewhere = false;
      for (int j = 0; j < n; j++) imported_elsewhere |= j != i && lookup(branches[j], s->a->str);
      if (imported_elsewhere) branches[i] = bind(branches[i], s->a->str, assigned_choice(m, s));
    }
}

static void if_imports(Module *m, Node *ifnode, Binding **env) {
  Binding *branches[64] = {0};
  Node *blocks[64] = {0};
  int n = 0;
  Node *s = ifnode;
  do {  // if, each elif (a lone ND_IF in orelse), then the else block if any
    blocks[n] = s->body;
    branch_imports(m, s->body, &branches[n++]);
    s = s->orelse;
  } while (s && s->kind == ND_IF && !s->next && n < 63);
  if (s) blocks[n] = s, branch_imports(m, s, &branches[n++]);
  add_assigned_choices(m, blocks, branches, n);
  merge_import_branches(m, ifnode, branches, n, env);
}

// try: from .a import f / except ImportError: from .b import f: the except block's f is where
// the try's is not found (imports.c), as Python falls back when the import fails.
static void try_imports(Module *m, Node *try, Binding **env) {
  Binding *body = NULL, *fallback = NULL;
  branch_imports(m, try->body, &body);
  branch_imports(m, try->orelse, &fallback);
  for (Binding *b = body; b; b = b->next) {
    Obj *alt = lookup(fallback, b->name);
    if (alt && b->obj->module && !b->obj->self) b->obj->self = alt;
  }
  for (Binding **tail = &body;; tail = &(*tail)->next)
    if (!*tail) {
      *tail = *env;
      break;
    }
  *env = body;
}

static bool has_jit_decorator(Module *m, Node *decorators);
static bool decorators_keep_calls(Module *m, Node *decorators);

// def f under a module-level if or try: bound like an import of the branch (not a kernel of the file).
static Obj *branch_func(Module *m, Node *def) {
  Func *f = xmalloc(sizeof(Func));
  f->name = def->str;
  f->def = def;
  f->module = m;
  f->is_jit = has_jit_decorator(m, def->args);
  f->runs_as_written = !f->is_jit && decorators_keep_calls(m, def->args);
  f->called_by_jit = true;
  Obj *o = obj_new(OBJ_FUNC);
  o->fn = f;
  o->str = xprintf("the def at line %d", def->loc.line);  // (the choices named in messages)
  return o;
}

static void branch_imports(Module *m, Node *s, Binding **env) {
  for (; s; s = s->next) {
    if (s->kind == ND_IMPORT) collect_import(m, env, s->str, s->loc);
    else if (s->kind == ND_FUNCDEF) *env = bind(*env, s->str, branch_func(m, s));
    else if (s->kind == ND_IF) if_imports(m, s, env);
    else if (s->kind == ND_UNSUPPORTED_STMT && s->body) try_imports(m, s, env);
  }
}

Binding *collect_block_imports(Module *m, Node *block) {
  Binding *env = NULL;
  branch_imports(m, block, &env);
  return env;
}

// What a module-level name or attribute chain is ("triton.jit", "tl.constexpr",
// "tl"), however the file imported it; NULL if it is not a known module member.
static const char *what_is(Module *m, Node *e) {
  if (e->kind == ND_NAME) {
    Obj *o = lookup(m->globals, e->str);
    return o && (o->kind == OBJ_MODULE || o->kind == OBJ_BUILTIN) ? o->str : NULL;
  }
  if (e->kind != ND_ATTR) return NULL;
  const char *base = what_is(m, e->a);
  if (!base) return NULL;
  const char *path = xprintf("%s.%s", strcmp(base, "tl") ? base : "triton.language", e->str);
  const char *known = known_module(path);
  return known ? known : !strncmp(path, "triton.language.", 16) ? xprintf("tl.%s", path + 16) : path;
}

// A name the file did not import is taken by its spelling (`@jit`, `@triton.jit`).
bool refers_to(Module *m, Node *e, const char *qualified) {
  Node *f = e->kind == ND_CALL ? e->a : e;
  const char *what = what_is(m, f);
  if (what) return !strcmp(what, qualified);
  const char *attr = strrchr(qualified, '.') + 1;
  return (f->kind == ND_ATTR || f->kind == ND_NAME) && !strcmp(f->str, attr);
}

Node *call_keyword(Node *call, const char *name) {
  for (Node *a = call->args; a; a = a->next)
    if (a->kind == ND_KWARG && !strcmp(a->str, name)) return a;
  return NULL;
}

Node *call_kwarg(Node *call, const char *name) {
  Node *k = call_keyword(call, name);
  return k ? k->a : NULL;
}

// A decorator's name as written (`triton.testing.perf_report`), for messages.
const char *dotted_name(Node *e) {
  if (e->kind == ND_CALL) return dotted_name(e->a);
  if (e->kind == ND_NAME) return e->str;
  if (e->kind == ND_ATTR) return xprintf("%s.%s", dotted_name(e->a), e->str);
  return "...";
}

bool is_constexpr_annotation(Module *m, Node *ann) {
  if (!ann) return false;
  if (refers_to(m, ann, "tl.constexpr")) return true;
  return ann->kind == ND_STR && !strcmp(ann->str, "constexpr");
}

// "BLOCK_M, BLOCK_N": the kernel's tl.constexpr parameters, for messages.
static const char *constexpr_names(Module *m, Func *f) {
  Str s = {0};
  str_add(&s, "");
  for (Node *p = f->def->a; p; p = p->next)
    if (is_constexpr_annotation(m, p->a)) str_addf(&s, "%s%s", s.len ? ", " : "", p->str);
  return s.len ? s.buf : "its meta-parameters";
}

// Whether -D gives every tl.constexpr parameter of f (a kernel with some).
static bool fixed_by_defines(Module *m, Func *f, const Options *opt) {
  int n = 0;
  for (Node *p = f->def->a; p; p = p->next) {
    if (!is_constexpr_annotation(m, p->a)) continue;
    if (!option_define(opt, p->str)) return false;
    n++;
  }
  return n > 0;
}

static bool has_jit_decorator(Module *m, Node *decorators) {
  for (Node *d = decorators; d; d = d->next)
    if (refers_to(m, d, "triton.jit")) return true;
  return false;
}

static bool truthy_constant(Obj *o, Node *at) {
  if (o->kind != OBJ_BOOL && o->kind != OBJ_INT) diag_fatal(at->loc, "expected True or False");
  return o->ival != 0;
}

// What Triton's autotuner does around its trial runs that tl2cu's does differently: said,
// not silently dropped. prune_configs_by and reset_to_zero leave the results as Triton's
// (a note); hooks are host code whose effects tl2cu cannot have (a warning). restore_value,
// warmup, rep, use_cuda_graph and the like need nothing: every argument a kernel writes is
// restored after each trial, and the rest only times.
static void note_autotune_options(Node *d) {
  static const struct { const char *name, *why; bool warn; } options[] = {
      {"prune_configs_by", "host code tl2cu does not run: every config is kept and tried", false},
      {"reset_to_zero", "each trial's writes are undone instead (every argument the kernel writes, atomics "
                        "included, is restored after each trial); the tuned run sees the arguments as passed, "
                        "where Triton zeroes them first on the call that tunes: pass them zeroed", false},
      {"pre_hook", "host code is not run", true},
      {"post_hook", "host code is not run", true},
  };
  for (size_t i = 0; i < sizeof options / sizeof *options; i++) {
    Node *value = call_kwarg(d, options[i].name);
    if (!value || value->kind == ND_NONE) continue;
    if (options[i].warn)
      diag_warning(value->loc, "@triton.autotune's %s is ignored by tl2cu: %s", options[i].name, options[i].why);
    else diag_note(value->loc, "@triton.autotune's %s: %s", options[i].name, options[i].why);
  }
}

// A heuristic's lambda: written as one, or a module-level function `def h(args): return
// expression` (its docstring aside), read as the lambda of that expression.
// The value statements return, as one expression: `return E`, or ifs whose paths end in a
// return or fall through to what follows (`after`: the value there, NULL where a path falls
// off the function), as `A if c else ...` (FlagGems' heuristics: `if args["N"] >= 65536:
// return ... elif ...: return 32 else: return 1`, nested ifs then `return False`). NULL where
// a path does anything else.
static Node *returned_expr(Node *stmts, Node *after) {
  if (stmts && stmts->kind == ND_EXPR_STMT && stmts->a->kind == ND_STR) stmts = stmts->next;  // (a docstring)
  if (!stmts) return after;
  if (stmts->kind == ND_RETURN) return stmts->a;  // (what follows it never runs)
  if (stmts->kind != ND_IF) return NULL;
  Node *rest = returned_expr(stmts->next, after);
  Node *then = returned_expr(stmts->body, rest), *other = stmts->orelse ? returned_expr(stmts->orelse, rest) : rest;
  if (!then || !other) return NULL;
  Node *cond = xmalloc(sizeof(Node));
  *cond = (Node){.kind = ND_COND, .a = stmts->a, .b = then, .c = other, .loc = stmts->loc};
  return cond;
}

static Node *heuristic_lambda(Module *m, Node *e) {
  if (e->kind == ND_LAMBDA) return e->str ? e : NULL;
  Func *g = e->kind == ND_NAME ? module_func(m, e->str) : NULL;
  if (!g || g->is_jit || !g->def->a || g->def->a->next) return NULL;
  Node *value = returned_expr(g->def->body, NULL);
  if (!value) return NULL;
  Node *lambda = xmalloc(sizeof(Node));
  *lambda = (Node){.kind = ND_LAMBDA, .str = g->def->a->str, .a = value, .loc = e->loc};
  return lambda;
}

// The dict literal a module-level name is bound to once, unconditionally (heuristics
// written as `HEURISTICS = {...}` and passed by name), or NULL.
static Node *dict_literal_of(Module *m, const char *name) {
  Node *found = NULL;
  for (int i = 0; i < m->defs.len; i++) {
    ModuleDef *d = m->defs.items[i];
    if (strcmp(d->name, name)) continue;
    if (found || d->in_branch || d->stmt->kind != ND_ASSIGN || d->stmt->a->kind != ND_NAME) return NULL;
    found = d->stmt->b;
  }
  return found;
}

// Is f among the kernels -k asks for (all, without -k)?
static bool selected(const Options *opt, const char *name) {
  for (int i = 0; i < opt->kernels.len; i++)
    if (!strcmp(opt->kernels.items[i], name)) return true;
  return opt->kernels.len == 0;
}

// Whether a @triton.heuristics argument is a dict of 'NAME': lambda args: ... as tl2cu reads it.
static bool heuristics_decodable(Module *m, Node *values) {
  if (!values || values->kind != ND_DICT) return false;
  for (Node *pair = values->args; pair; pair = pair->next)
    if (pair->a->kind != ND_STR || !heuristic_lambda(m, pair->b)) return false;
  return true;
}

// Decorators after which calling the function calls it as written: tl.constexpr(f) calls
// f (core.py constexpr.__call__), as does Triton's constexpr_function outside a kernel and,
// on compile-time arguments, inside one (FlagGems: `@tl.constexpr def get_scan_accum_type`).
static bool decorators_keep_calls(Module *m, Node *decorators) {
  for (Node *d = decorators; d; d = d->next)
    if (d->kind == ND_CALL || !(refers_to(m, d, "tl.constexpr") || refers_to(m, d, "triton.constexpr_function")))
      return false;
  return true;
}

// The decorators of a @triton.jit function; a host function's are host code, not read.
static void collect_decorators(Module *m, Func *f, Node *decorators, const Options *opt) {
  f->is_jit = has_jit_decorator(m, decorators);
  f->runs_as_written = !f->is_jit && decorators_keep_calls(m, decorators);
  bool below_jit = false;
  for (Node *d = f->is_jit ? decorators : NULL; d; d = d->next) {
    if (refers_to(m, d, "triton.jit")) {
      Node *debug = d->kind == ND_CALL ? call_kwarg(d, "debug") : NULL;
      if (debug) f->debug = truthy_constant(module_eval(m, debug, NULL), debug);
      below_jit = true;
      continue;
    } else if (refers_to(m, d, "triton.autotune") && d->kind == ND_CALL) {
      if (!selected(opt, f->name)) continue;  // -k leaves it out: its configs are host code not needed
      Node *configs = call_kwarg(d, "configs");
      if (!configs && d->args && d->args->kind != ND_KWARG) configs = d->args;
      if (!configs) diag_fatal(d->loc, "@triton.autotune needs configs=[...]");
      HostEval attempt = {m, configs, NULL};
      if (fixed_by_defines(m, f, opt) && !diag_attempt(eval_host, &attempt))
        continue;  // host code tl2cu cannot run, and -D fixes every meta-parameter: no configs needed
      diag_context(configs->loc, xprintf("while computing the autotune configs of '%s': tl2cu runs plain Python only "
                                         "(literals, comprehensions, helper functions of if, for, return); "
                                         "configs that depend on the machine can be replaced by one, fixed with "
                                         "-D for %s and --num-warps", f->name, constexpr_names(m, f)));
      Obj *list = attempt.result ? attempt.result : module_eval(m, configs, NULL);
      diag_context((Loc){0}, NULL);
      if (list->kind != OBJ_TUPLE) diag_fatal(configs->loc, "autotune configs must be a list of triton.Config");
      for (int i = 0; i < list->items.len; i++)
        if (((Obj *)list->items.items[i])->kind != OBJ_CONFIG)
          diag_fatal(configs->loc, "autotune configs must be a list of triton.Config");
      f->autotune_configs = list;
      f->autotune_loc = d;
      note_autotune_options(d);
      Node *key = call_kwarg(d, "key");
      f->autotune_keys = key ? module_eval(m, key, NULL) : obj_new(OBJ_TUPLE);
      if (f->autotune_keys->kind != OBJ_TUPLE) diag_fatal(key->loc, "autotune key must be a list of parameter names");
      for (int i = 0; i < f->autotune_keys->items.len; i++)
        if (((Obj *)f->autotune_keys->items.items[i])->kind != OBJ_STR)
          diag_fatal(key->loc, "autotune key must be a list of parameter names");
    } else if (refers_to(m, d, "triton.heuristics") && d->kind == ND_CALL) {
      if (!selected(opt, f->name)) continue;  // -k leaves it out: its heuristics are host code not needed
      Node *values = d->args && d->args->kind != ND_KWARG ? d->args : call_kwarg(d, "values");
      if (values && values->kind == ND_NAME) values = dict_literal_of(m, values->str);  // HEURISTICS = {...}
      if (!heuristics_decodable(m, values) && fixed_by_defines(m, f, opt)) {
        // (FlagGems: runtime.get_heuristic_config("argmax"), chosen by the machine at import)
        diag_note(d->loc, "the heuristics of '%s' are host code tl2cu cannot run; -D gives every meta-parameter, so "
                  "they are not needed", f->name);
        continue;
      }
      if (!values || values->kind != ND_DICT)
        diag_fatal(d->loc, "@triton.heuristics needs a dict {name: lambda args: ...} (or -D for every meta-parameter "
                   "of '%s', %s, which makes the heuristics unneeded)", f->name, constexpr_names(m, f));
      f->heuristics_outside = !f->autotune_configs && !f->autotune_loc;  // (autotune below: not decoded yet)
      for (Node *pair = values->args; pair; pair = pair->next) {
        Node *lambda = pair->a->kind == ND_STR ? heuristic_lambda(m, pair->b) : NULL;
        if (!lambda && pair->a->kind == ND_STR && option_define(opt, pair->a->str)) continue;  // -D fixes it
        if (!lambda) diag_fatal(pair->loc, "a heuristic must be 'NAME': lambda args: expression, or a function of "
                                           "args that returns one");
        Heuristic *h = xmalloc(sizeof(Heuristic));
        h->name = pair->a->str;
        h->lambda = lambda;
        vec_push(&f->heuristics, h);
      }
    } else if (inductor_decorator(f, d)) {  // @triton_heuristics.pointwise(...) and the like (inductor.c)
    } else if (below_jit) {
      diag_fatal(d->loc, "decorator '%s' under @triton.jit: Triton would compile the function it returns, which "
                 "tl2cu cannot know; put it above @triton.jit", dotted_name(d));
    } else {  // @libentry(), @torch.compiler.disable, caching and registration wrappers: host code
      diag_note(d->loc, "decorator '%s' is not Triton's: tl2cu translates the @triton.jit function under it as if "
                "it were absent (host code)", dotted_name(d));
    }
  }
}

// The decorator above @triton.jit that is not Triton's, or NULL. A jit function that other jit
// code calls is whatever its decorators return, which tl2cu does not compute (FlagGems'
// @use_tl_extra returns libdevice's function of the same name where the device has one: its
// div_rn is libdevice's IEEE division, not the body under it, floor(x / y + 0.5)).
Node *collect_opaque_decorator(Func *f) {
  for (Node *d = f->def->args; d; d = d->next) {
    if (refers_to(f->module, d, "triton.jit")) return NULL;
    if (!refers_to(f->module, d, "triton.autotune") && !refers_to(f->module, d, "triton.heuristics")) return d;
  }
  return NULL;
}

// The names a function binds (parameters, assignment and loop targets): local throughout
// its body, as in Python, so they never name a module function there.
static void bound_names(Node *target, Vec *out) {
  if (!target) return;
  if (target->kind == ND_NAME) vec_push(out, (void *)target->str);
  if (target->kind == ND_TUPLE || target->kind == ND_LIST)
    for (Node *t = target->args; t; t = t->next) bound_names(t, out);
}

static void collect_locals(Node *n, Vec *out) {
  for (; n; n = n->next) {
    if (n->kind == ND_ASSIGN || n->kind == ND_AUGASSIGN || n->kind == ND_FOR) bound_names(n->a, out);
    collect_locals(n->body, out);
    collect_locals(n->orelse, out);
  }
}

static bool is_local(Vec *locals, const char *name) {
  for (int i = 0; i < locals->len; i++)
    if (!strcmp(locals->items[i], name)) return true;
  return false;
}

static bool mark_nested_calls(Module *m, Func *scope, const char *name) {
  for (; scope; scope = scope->enclosing) {
    bool found = false;
    for (int i = 0; i < m->funcs.len; i++) {
      Func *g = m->funcs.items[i];
      if (g->enclosing == scope && !strcmp(g->def->str, name)) g->called_by_jit = found = true;
    }
    if (found) return true;
  }
  return false;
}

// A jit function that another one calls, or passes on (a combine function),
// is a helper, not an entry kernel.
// The function a module-level alias (`helper = twice`) names, or NULL.
static Func *aliased_func(Module *m, const char *name) {
  for (int i = 0; i < m->defs.len; i++) {
    ModuleDef *d = m->defs.items[i];
    Node *s = d->stmt;
    if (!strcmp(d->name, name) && s->kind == ND_ASSIGN && s->a->kind == ND_NAME && s->b->kind == ND_NAME)
      return module_func(m, s->b->str);
  }
  return NULL;
}

// Marks the functions a jit function's names call, in the functions around it (every def
// of the name there: which one a call sees is decided at run time) or in the module.
static void mark_calls(Module *m, Func *scope, Node *n, Vec *locals) {
  for (; n; n = n->next) {
    if (n->kind == ND_NAME && !is_local(locals, n->str) && !mark_nested_calls(m, scope, n->str)) {
      Func *g = module_func(m, n->str);
      if (!g) g = aliased_func(m, n->str);
      if (g) g->called_by_jit = true;
    }
    mark_calls(m, scope, n->a, locals);
    mark_calls(m, scope, n->b, locals);
    mark_calls(m, scope, n->c, locals);
    mark_calls(m, scope, n->args, locals);
    mark_calls(m, scope, n->body, locals);
    mark_calls(m, scope, n->orelse, locals);
  }
}

// Did a -D bind name in m (collect_apply_defines)?
bool collect_define_bound(Module *m, const char *name) {
  for (int i = 0; i < m->define_bound.len; i++)
    if (!strcmp(m->define_bound.items[i], name)) return true;
  return false;
}

bool is_module_constant(Module *m, const char *name) {
  for (int i = 0; i < m->defs.len; i++)
    if (!strcmp(((ModuleDef *)m->defs.items[i])->name, name)) return true;
  Obj *o = lookup(m->globals, name);
  if (o && imports_is_name_ref(o)) return true;  // (a value imported from another file, maybe)
  return o && o->kind != OBJ_MODULE && o->kind != OBJ_FUNC && o->kind != OBJ_BUILTIN && o->kind != OBJ_PYFUNC;
}

static void add_name(Vec *out, const char *name) {
  for (int i = 0; i < out->len; i++)
    if (!strcmp(out->items[i], name)) return;
  vec_push(out, (void *)name);
}

// The names the nodes read, following calls into jit functions (once each): the module's
// constants (unbound false), or the names the module never binds (unbound true: a program may
// put one into the module's namespace at run time, as FlagGems does with the scalar function its
// generated kernels call; locals are among them, which a -D does not reach).
static void names_read(Module *m, Node *n, Vec *visited, bool unbound, Vec *out);

// The module constants the module-level assignments of name read (`NUM_WARPS = [...] if
// IS_AMD else [...]`: a -D IS_AMD fixes what NUM_WARPS computes), each assignment once.
static void names_defined_from(Module *m, const char *name, Vec *visited, Vec *out) {
  for (int i = 0; i < m->defs.len; i++) {
    ModuleDef *d = m->defs.items[i];
    bool seen = false;
    for (int j = 0; j < visited->len && !seen; j++) seen = visited->items[j] == d;
    if (seen || strcmp(d->name, name) || (d->stmt->kind != ND_ASSIGN && d->stmt->kind != ND_AUGASSIGN)) continue;
    vec_push(visited, d);
    names_read(m, d->stmt->b, visited, false, out);
  }
}

static void names_read(Module *m, Node *n, Vec *visited, bool unbound, Vec *out) {
  for (; n; n = n->next) {
    if (n->kind == ND_NAME) {
      if (!unbound && collect_define_bound(m, n->str)) add_name(out, n->str);  // (a -D made it a function: still read)
      Func *g = module_func(m, n->str);
      bool seen = false;
      for (int i = 0; g && i < visited->len && !seen; i++) seen = visited->items[i] == g;
      if (g && g->is_jit && !seen) {
        vec_push(visited, g);
        names_read(m, g->def->a, visited, unbound, out);  // parameter defaults
        names_read(m, g->def->body, visited, unbound, out);
      } else if (!g) {
        bool chosen = lookup(m->conditional, n->str) != NULL;
        if (unbound ? !chosen && !lookup(m->globals, n->str) : chosen || is_module_constant(m, n->str))
          add_name(out, n->str);
        if (!unbound) names_defined_from(m, n->str, visited, out);
      }
    }
    names_read(m, n->a, visited, unbound, out);
    names_read(m, n->b, visited, unbound, out);
    names_read(m, n->c, visited, unbound, out);
    names_read(m, n->args, visited, unbound, out);
    names_read(m, n->body, visited, unbound, out);
    names_read(m, n->orelse, visited, unbound, out);
  }
}

bool kernel_reads_unbound(Module *m, Func *f, const char *name) {
  Vec visited = {0}, names = {0};
  vec_push(&visited, f);
  names_read(m, f->def->body, &visited, true, &names);
  for (int i = 0; i < names.len; i++)
    if (!strcmp(names.items[i], name)) return true;
  return false;
}

// Decorator arguments count: a -D applies before they are evaluated (collect_apply_defines).
void define_targets(Module *m, Func *f, Vec *out) {
  for (Node *p = f->def->a; p; p = p->next) add_name(out, p->str);
  for (int i = 0; f->autotune_configs && i < f->autotune_configs->items.len; i++) {
    Obj *kw = ((Obj *)f->autotune_configs->items.items[i])->items.items[0];
    for (int j = 0; j + 1 < kw->items.len; j += 2) add_name(out, ((Obj *)kw->items.items[j])->str);
  }
  Vec visited = {0};
  vec_push(&visited, f);
  for (int i = 0; i < f->heuristics.len; i++) {
    Heuristic *h = f->heuristics.items[i];
    add_name(out, h->name);
    names_read(m, h->lambda->a, &visited, false, out);
  }
  names_read(m, f->def->args, &visited, false, out);  // the decorators
  names_read(m, f->def->a, &visited, false, out);
  names_read(m, f->def->body, &visited, false, out);
  for (Binding *b = f->closure; b; b = b->next)  // (the variables of the functions around it)
    if (is_closure_var(b->obj)) add_name(out, b->name);
}

// ---- module-level assignments, computed when read. Python runs a module's code from the
// top; tl2cu runs none of it, and computes a name's value (plain Python: literals, str,
// bytes, Python ints, tuples, dicts, dtypes, calls of helpers) only when a kernel, its
// configs, heuristics or grid read it. Which binding a read sees is Python's: the last one
// before the reader (a decorator: the def it decorates; a kernel: the module's end). A
// binding under an `if` or `try` may or may not have run: where those a read may see
// disagree, the read is an error naming them, not a guess.

static int64_t read_pos = INT64_MAX;

int64_t loc_pos(Loc loc) { return (int64_t)loc.line << 24 | (int64_t)loc.col; }

int64_t module_read_pos(int64_t pos) {
  int64_t old = read_pos;
  read_pos = pos;
  return old;
}

static ModuleDef *add_def(Module *m, const char *name, Node *stmt, bool in_branch) {
  ModuleDef *d = xmalloc(sizeof(ModuleDef));
  d->name = name;
  d->stmt = stmt;
  d->pos = loc_pos(stmt->loc);
  d->in_branch = in_branch;
  d->constexpr_wrapped = stmt->kind == ND_ASSIGN && stmt->b->kind == ND_CALL && refers_to(m, stmt->b, "tl.constexpr");
  vec_push(&m->defs, d);
  return d;
}

static void bound_names(Node *target, Vec *out);

// NAME.append(x) and the like, NAME[i] = x, and NAME op= x in a loop, under the
// module-level statement top: top is replayed on NAME's value when NAME is read.
static void add_mutations(Module *m, Node *top, Node *s, bool in_loop) {
  static const char *const mutators[] = {"append", "extend", "insert", "update", "pop", "remove", "clear",
                                         "sort", "reverse", "setdefault", "__setitem__"};
  for (; s; s = s->next) {
    Node *e = s->kind == ND_EXPR_STMT ? s->a : NULL, *target = NULL;
    if (e && e->kind == ND_CALL && e->a->kind == ND_ATTR && e->a->a->kind == ND_NAME)
      for (size_t i = 0; i < sizeof mutators / sizeof *mutators; i++)
        if (!strcmp(e->a->str, mutators[i])) target = e->a->a;
    if (s->kind == ND_ASSIGN && s->a->kind == ND_SUBSCRIPT && s->a->a->kind == ND_NAME) target = s->a->a;
    if (s->kind == ND_AUGASSIGN && in_loop && s->a->kind == ND_NAME) target = s->a;
    if (target) add_def(m, target->str, top, true)->mutates = true;
    if (s->kind == ND_IF || s->kind == ND_FOR || s->kind == ND_WHILE ||
        (s->kind == ND_UNSUPPORTED_STMT && strcmp(s->str, "a class definition"))) {
      bool loop = in_loop || s->kind == ND_FOR || s->kind == ND_WHILE;
      add_mutations(m, top, s->body, loop);
      add_mutations(m, top, s->orelse, loop);
    }
  }
}

// The assignments of a module-level block; those under if, try, for and while are branches.
// Class bodies and functions bind their own names, not the module's.
static void collect_defs(Module *m, Node *s, bool in_branch, bool in_loop) {
  for (; s; s = s->next) {
    if (s->kind == ND_ASSIGN && s->b) {
      Vec names = {0};
      bound_names(s->a, &names);
      for (int i = 0; i < names.len; i++) add_def(m, names.items[i], s, in_branch);
    } else if (s->kind == ND_AUGASSIGN && s->a->kind == ND_NAME && !in_loop) {
      add_def(m, s->a->str, s, in_branch);
    } else if (s->kind == ND_IF || s->kind == ND_FOR || s->kind == ND_WHILE ||
               (s->kind == ND_UNSUPPORTED_STMT && strcmp(s->str, "a class definition"))) {
      bool loop = in_loop || s->kind == ND_FOR || s->kind == ND_WHILE;
      collect_defs(m, s->body, true, loop);
      collect_defs(m, s->orelse, true, loop);
    }
  }
}

// The part of value that `A, (B, C) = value` binds to name.
static Obj *unpacked(Node *target, Obj *value, const char *name) {
  if (target->kind == ND_NAME) return !strcmp(target->str, name) ? value : NULL;
  if (target->kind != ND_TUPLE && target->kind != ND_LIST) return NULL;
  int n = 0;
  for (Node *t = target->args; t; t = t->next) n++;
  if (value->kind != OBJ_TUPLE || value->items.len != n)
    diag_fatal(target->loc, "cannot unpack %s into %d names", obj_repr(value), n);
  int i = 0;
  for (Node *t = target->args; t; t = t->next, i++) {
    Obj *o = unpacked(t, value->items.items[i], name);
    if (o) return o;
  }
  return NULL;
}

typedef struct {
  Module *m;
  ModuleDef *d;
  Obj *result;
} DefEval;

static void compute_def(void *arg) {  // (for diag_attempt too)
  DefEval *e = arg;
  Node *s = e->d->stmt;
  if (s->kind == ND_AUGASSIGN) {  // NAME op= x: NAME's binding before this one, op x
    Node *op = xmalloc(sizeof(Node));
    *op = (Node){.kind = ND_BINOP, .op = s->op, .a = s->a, .b = s->b, .loc = s->loc};
    e->result = module_eval(e->m, op, NULL);
    return;
  }
  e->result = unpacked(s->a, module_eval(e->m, s->b, NULL), e->d->name);
}

// d's value, computed once; an error in it is said where it arises, with a note at the read.
static Obj *def_value(Module *m, ModuleDef *d, Node *use) {
  if (d->state == 2) return d->value;
  if (d->state == 1) diag_fatal(use->loc, "'%s' is defined in terms of itself", d->name);
  DefEval e = {m, d, NULL};
  int64_t saved = module_read_pos(d->pos);
  d->state = 1;
  bool ok = diag_attempt(compute_def, &e);
  d->state = ok ? 2 : 0;
  d->value = e.result;
  module_read_pos(saved);
  if (ok) return d->value;
  // again, for the error (or for the caller's own attempt to see it fail)
  module_read_pos(d->pos);
  // read in the input file: a -D of the name fixes the value (collect_apply_defines)
  const char *fix = use->loc.file == 0 && use->kind == ND_NAME && !strcmp(use->str, d->name)
                        ? xprintf(" (-D %s=VALUE gives its value)", d->name) : "";
  diag_context(use->loc, xprintf("while computing '%s' (line %d), read here%s", d->name, d->stmt->loc.line, fix));
  compute_def(&e);
  unreachable();
}

static bool attempt_def(Module *m, ModuleDef *d, Node *use, Obj **out) {
  int64_t saved = read_pos;
  DefEval e = {m, d, NULL};
  bool ok = d->state == 2 || diag_attempt(compute_def, &e);
  read_pos = saved;
  if (ok) *out = d->state == 2 ? d->value : def_value(m, d, use);
  return ok;
}

// "softplus_nv" where d binds a @triton.jit function (which -D NAME=FUNC names), else NULL.
static const char *bound_function(Module *m, ModuleDef *d, Node *use) {
  Obj *v = NULL;
  return attempt_def(m, d, use, &v) && v->kind == OBJ_FUNC && v->fn->is_jit ? v->fn->name : NULL;
}

static _Noreturn void ambiguous(Module *m, ModuleDef *a, ModuleDef *b, Node *use) {
  const char *fa = bound_function(m, a, use), *fb = bound_function(m, b, use);
  const char *value = fa && fb ? xprintf("%s (or %s)", fa, fb) : "VALUE";
  diag_attempt_fails();  // (another file's name a -D may give: imports.c's member_or_define)
  diag_error(use->loc, "which value of '%s' is read here depends on module-level code that tl2cu does not run: "
                       "fix it with -D %s=%s", use->str, use->str, value);
  diag_note(a->stmt->loc, "'%s' is bound here", a->name);
  diag_note(b->stmt->loc, "and here, in a branch that may or may not run");
  util_free_all();
  exit(1);
}

// The binding of name that a read at read_pos sees: the last one before it that always
// runs, or the branches after it, when they all bind the same value.
static ModuleDef *resolve(Module *m, const char *name, Node *use) {
  Vec seen = {0};
  for (int i = 0; i < m->defs.len; i++) {
    ModuleDef *d = m->defs.items[i];
    if (strcmp(d->name, name) || d->pos >= read_pos || d->mutates) continue;
    if (!d->in_branch) seen.len = 0;
    vec_push(&seen, d);
  }
  if (seen.len < 2) return seen.len ? seen.items[0] : NULL;
  Obj *first = NULL, *v = NULL;
  for (int i = 0; i < seen.len; i++) {
    if (!attempt_def(m, seen.items[i], use, i ? &v : &first) || (i && !obj_same(first, v)))
      ambiguous(m, seen.items[0], seen.items[i ? i : 1], use);  // (the first failed: the second is the other)
  }
  return seen.items[seen.len - 1];
}

// Triton's kernels read module globals that are tl.constexpr(...) or dtypes; integers in int64.
static void check_int64(Obj *v, ModuleDef *d, Node *use) {
  if (obj_is_big_int(v)) {
    diag_error(use->loc, "'%s' is %s, beyond the int64 range of a kernel's integers", d->name, v->str);
    diag_note(d->stmt->loc, "'%s' is defined here", d->name);
    util_free_all();
    exit(1);
  }
  if (v->kind == OBJ_TUPLE || v->kind == OBJ_DICT)
    for (int i = 0; i < v->items.len; i++) check_int64(v->items.items[i], d, use);
}

// d's value as changed in place by the module-level statements after it and before the read.
static Obj *replayed(Module *m, ModuleDef *d, Obj *v) {
  int64_t end = read_pos;
  for (int i = 0; i < m->defs.len; i++) {
    ModuleDef *x = m->defs.items[i];
    if (strcmp(x->name, d->name) || x->pos <= d->pos || x->pos >= end) continue;
    if (!x->mutates) break;  // rebound: later changes are to another value
    if (v->kind == OBJ_TUPLE || v->kind == OBJ_DICT) {  // (the binding's own value stays as computed)
      Obj *copy = obj_new(v->kind);
      for (int j = 0; j < v->items.len; j++) vec_push(&copy->items, v->items.items[j]);
      v = copy;
    }
    int64_t saved = module_read_pos(x->pos);
    v = module_exec(m, x->stmt, d->name, v);
    module_read_pos(saved);
  }
  return v;
}

// The plain globals Triton lets a kernel read besides tl.constexpr(...): dtypes, jit functions,
// modules and Triton's builtins (`exp = tl.exp`).
static bool kernel_readable(Obj *v) {
  return v->kind == OBJ_DTYPE || (v->kind == OBJ_FUNC && v->fn->is_jit) || v->kind == OBJ_MODULE ||
         (v->kind == OBJ_BUILTIN && (!strncmp(v->str, "tl.", 3) || !strncmp(v->str, "libdevice.", 10)));
}

Obj *module_global(Module *m, Node *use, bool in_kernel) {
  ModuleDef *d = resolve(m, use->str, use);
  if (!d) return NULL;
  if (!in_kernel) return replayed(m, d, def_value(m, d, use));
  Obj *v = NULL;
  if (!d->constexpr_wrapped && (!attempt_def(m, d, use, &v) || !kernel_readable(v)))
    diag_fatal(use->loc, "cannot access global variable '%s' from a @triton.jit function: wrap its value in "
               "tl.constexpr(...) or fix it with -D %s=VALUE", use->str, use->str);
  v = replayed(m, d, def_value(m, d, use));
  check_int64(v, d, use);
  return v;
}

static Func *func_of_def(Module *m, Node *def) {
  for (int i = 0; i < m->funcs.len; i++)
    if (((Func *)m->funcs.items[i])->def == def) return m->funcs.items[i];
  return NULL;
}

// The function `name` calls at `at` in the body of scope (NULL: module-level code): the last
// def of it before `at` in scope or a function around it, else the module's.
static Func *func_at(Module *m, Func *scope, const char *name, Loc at) {
  for (; scope; scope = scope->enclosing) {
    Func *last = NULL;
    for (int i = 0; i < m->funcs.len; i++) {
      Func *f = m->funcs.items[i];
      if (f->enclosing == scope && !strcmp(f->def->str, name) && loc_pos(f->def->loc) < loc_pos(at)) last = f;
    }
    if (last) return last;
  }
  return module_func(m, name);
}

// kernel[grid](args...) in host code (scope: the function whose body stmts is, NULL: the
// module): remembered for the grid and constexpr values.
static void find_launches(Module *m, Func *scope, Node *stmts) {
  for (Node *s = stmts; s; s = s->next) {
    if (s->kind == ND_FUNCDEF) {
      Func *f = func_of_def(m, s);
      if (!f && !scope) f = module_func(m, s->str);
      if (!f || !f->is_jit) find_launches(m, f && f->def == s ? f : scope, s->body);
      continue;
    }
    Node *e = s->kind == ND_EXPR_STMT ? s->a : s->kind == ND_ASSIGN ? s->b : NULL;
    if (e && e->kind == ND_CALL && e->a->kind == ND_SUBSCRIPT && e->a->a->kind == ND_NAME) {
      Func *f = func_at(m, scope, e->a->a->str, e->loc);
      if (f && f->is_jit && !f->launch) {
        f->launch = xmalloc(sizeof(Launch));
        f->launch->call = e;
        f->launch->scope = stmts;
      }
    }
    find_launches(m, scope, s->body);
    find_launches(m, scope, s->orelse);
  }
}

// Python keeps the last definition; two kernels of one name would be two C++
// definitions, or a silent choice between them. A kernel's name is its launcher's
// name in C, which is not renamed (names.c): it must not be a C++ or CUDA word.
static void check_jit_names(Module *m) {
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    for (int j = 0; j < i && !f->enclosing; j++) {  // (nested ones: names of their own, nested_cnames)
      Func *g = m->funcs.items[j];
      if (g->enclosing || strcmp(f->name, g->name) || (!f->is_jit && !g->is_jit)) continue;
      diag_error(f->def->loc, "'%s' is defined twice: a @triton.jit function needs a name of its own", f->name);
      diag_note(g->def->loc, "the first definition of '%s'", g->name);
      exit(1);
    }
    if (f->is_jit && !f->called_by_jit && is_reserved_name(f->name))
      diag_fatal(f->def->loc, "kernel name '%s' is reserved in CUDA C++ (its launcher has that name): rename the kernel", f->name);
  }
}

// ---- module-level ifs decided before anything runs: a condition of literals, imported
// modules' constants (triton.__version__: the Triton tl2cu follows) and the like. Python takes
// one branch; it replaces the if, so its defs and imports are the module's own (lightllm's
// `if triton.__version__ >= "2.1.0":` around its kernels). Other conditions stay branches.

// Whether e reads the environment (os.environ, os.getenv): its value when tl2cu runs need not
// be the program's, so such an if stays a branch (a name it binds differently is ambiguous).
static bool reads_environment(Node *e) {
  if (!e) return false;
  if ((e->kind == ND_ATTR || e->kind == ND_NAME) && (!strcmp(e->str, "environ") || !strcmp(e->str, "getenv")))
    return true;
  if (reads_environment(e->a) || reads_environment(e->b) || reads_environment(e->c)) return true;
  for (Node *x = e->args; x; x = x->next)
    if (reads_environment(x)) return true;
  return false;
}

// The statements Python runs for ifnode, or false when its condition needs the program run.
static bool decided_branch(Module *m, Node *ifnode, Node **taken) {
  if (reads_environment(ifnode->a)) return false;
  HostEval attempt = {m, ifnode->a, NULL};
  if (!diag_attempt(eval_host, &attempt)) return false;
  Obj *cond = attempt.result;
  if (cond->kind == OBJ_VALUE || cond->kind == OBJ_FUNC || cond->kind == OBJ_BUILTIN) return false;
  if (obj_truthy(cond, ifnode->a->loc)) {
    *taken = ifnode->body;
    return true;
  }
  Node *rest = ifnode->orelse;
  if (rest && rest->kind == ND_IF && !rest->next) {  // elif
    if (decided_branch(m, rest, taken)) return true;
    *taken = rest;  // (an elif that is not decided stays, as an if)
    return true;
  }
  *taken = rest;
  return true;
}

// *at (an if) replaced by the statements of its taken branch; false if it is not decided.
static bool splice_decided_if(Module *m, Node **at) {
  Node *taken;
  if (!decided_branch(m, *at, &taken)) return false;
  Node *after = (*at)->next;
  if (!taken) {
    *at = after;
    return true;
  }
  Node *last = taken;
  while (last->next) last = last->next;
  last->next = after;
  *at = taken;
  return true;
}

// ---- decorators applied by a call: `f = triton.jit(f)`, `f = triton.heuristics({...})(f)`
// (unsloth's kernels), `g = triton.jit(f)`. Python's `@d def f` is `f = d(f)`: the call is
// read as one more decorator, outermost, of a function of the name it binds.

static bool is_triton_decorator(Module *m, Node *callee) {
  if (refers_to(m, callee, "triton.jit")) return true;
  return callee->kind == ND_CALL &&
         (refers_to(m, callee->a, "triton.heuristics") || refers_to(m, callee->a, "triton.autotune") ||
          refers_to(m, callee->a, "triton.jit"));
}

static void bind_func(Module *m, Func *f) {
  vec_push(&m->funcs, f);
  Obj *o = obj_new(OBJ_FUNC);
  o->fn = f;
  m->globals = bind(m->globals, f->name, o);
}

// s is `X = decorator(Y)` for a def Y above: X becomes that function with the decorator on
// top (a def of its own when X is another name). The assignment is then done (ND_PASS).
static void apply_called_decorator(Module *m, Node *s) {
  Node *call = s->b;
  if (s->a->kind != ND_NAME || s->c || !call || call->kind != ND_CALL || !call->args || call->args->next ||
      call->args->kind != ND_NAME || !is_triton_decorator(m, call->a))
    return;
  Func *wrapped = module_func(m, call->args->str);
  if (!wrapped) return;
  Node *decorator = xmalloc(sizeof(Node));
  *decorator = *call->a;
  decorator->next = wrapped->def->args;
  Node *def = wrapped->def;
  if (strcmp(s->a->str, wrapped->name)) {  // g = triton.jit(f): g is a jit function, f stays as it was
    def = xmalloc(sizeof(Node));
    *def = *wrapped->def;
    def->str = s->a->str;
    Func *f = xmalloc(sizeof(Func));
    *f = (Func){.name = def->str, .def = def, .module = m};
    bind_func(m, f);
  }
  def->args = decorator;
  s->kind = ND_PASS;
}

// ---- functions defined inside functions: kernels inside pytest tests, as Triton's own tests
// write them (`def test_scan(device): @triton.jit def fn(...): ...; fn[(1,)](...)`). Python
// makes them locals of the function around them; Triton compiles them with the module's
// globals and that function's variables (JITFunction.get_capture_scope: globals | nonlocals),
// under the rule for globals: a kernel reads tl.constexpr values, dtypes, jit functions and
// modules. Their C names are their own unless another jit function has it (outer_fn then).

// outer.fn for a function defined inside another, else its name (for -k and messages).
const char *func_qualname(const Func *f) { return f->qualname ? f->qualname : f->name; }

static void collect_nested(Module *m, Func *outer, Node *stmts) {
  for (Node *s = stmts; s; s = s->next) {
    if (s->kind != ND_FUNCDEF) {
      collect_nested(m, outer, s->body);
      collect_nested(m, outer, s->orelse);
      continue;
    }
    Func *f = xmalloc(sizeof(Func));
    *f = (Func){.name = s->str, .def = s, .module = m, .enclosing = outer};
    f->qualname = xprintf("%s.%s", func_qualname(outer), s->str);
    f->is_jit = has_jit_decorator(m, s->args);
    vec_push(&m->funcs, f);
    if (!f->is_jit) collect_nested(m, f, s->body);  // (a jit function's body defines none)
  }
}

static bool jit_cname_taken(Module *m, Func *self, const char *name) {
  for (int i = 0; i < m->funcs.len; i++) {
    Func *g = m->funcs.items[i];
    if (g != self && g->is_jit && !strcmp(g->name, name)) return true;
  }
  return false;
}

static bool pyname_shared(Module *m, Func *self) {
  for (int i = 0; i < m->funcs.len; i++) {
    Func *g = m->funcs.items[i];
    if (g != self && g->is_jit && !strcmp(g->def->str, self->def->str)) return true;
  }
  return false;
}

static void nested_cnames(Module *m) {
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    if (!f->enclosing || !f->is_jit || !pyname_shared(m, f)) continue;
    char *base = xprintf("%s", f->qualname);
    for (char *p = base; *p; p++)
      if (*p == '.') *p = '_';
    f->name = base;
    for (int n = 2; jit_cname_taken(m, f, f->name); n++) f->name = xprintf("%s_%d", base, n);
  }
}

// A variable of a function around a nested kernel: read in the kernel, its value is computed
// then (closure_var_value), as Triton reads the cell when it compiles.
typedef struct {
  const char *name;
  Func *scope;    // the function whose variable it is
  Node *assign;   // its only binding when that is `NAME = value`, else NULL
  int bindings;   // the statements and parameters that bind it
  Obj *value;
} ClosureVar;

static const char closure_tag[] = "a variable of an enclosing function";

bool is_closure_var(Obj *o) { return o && o->kind == OBJ_BUILTIN && o->str == closure_tag; }

// The names a function's body binds, with the statement binding each (parameters first)
// and, for an import, what it binds the name to; nested functions' bodies left out (their
// names are theirs).
typedef struct {
  Vec names;     // const char *
  Vec binders;   // Node *: the parameter or statement
  Vec imported;  // Obj *: an import's object, else NULL
} ScopeNames;

static void add_binder(ScopeNames *sn, const char *name, Node *binder, Obj *imported) {
  vec_push(&sn->names, (void *)name);
  vec_push(&sn->binders, binder);
  vec_push(&sn->imported, imported);
}

static void scope_binders(Module *m, Node *stmts, ScopeNames *sn) {
  for (Node *s = stmts; s; s = s->next) {
    Vec targets = {0};
    if (s->kind == ND_FUNCDEF) add_binder(sn, s->str, s, NULL);
    if (s->kind == ND_IMPORT) {  // (`import triton.language as tl` inside a test)
      Binding *imported = NULL;
      collect_import(m, &imported, s->str, s->loc);
      for (Binding *b = imported; b; b = b->next) add_binder(sn, b->name, s, b->obj);
    }
    if (s->kind == ND_ASSIGN || s->kind == ND_AUGASSIGN || s->kind == ND_FOR) bound_names(s->a, &targets);
    for (int i = 0; i < targets.len; i++) add_binder(sn, targets.items[i], s, NULL);
    if (s->kind == ND_FUNCDEF) continue;
    scope_binders(m, s->body, sn);
    scope_binders(m, s->orelse, sn);
  }
}

// scope's variables bound on env: a function defined once by name, the others as ClosureVars.
static Binding *bind_scope(Module *m, Func *scope, Binding *env) {
  ScopeNames sn = {0};
  for (Node *p = scope->def->a; p; p = p->next) add_binder(&sn, p->str, p, NULL);
  scope_binders(m, scope->def->body, &sn);
  Vec *names = &sn.names;
  for (int i = 0; i < names->len; i++) {
    int count = 0, first = -1;
    for (int j = 0; j < names->len; j++)
      if (!strcmp(names->items[j], names->items[i])) count++, first = first < 0 ? j : first;
    if (first != i) continue;  // (each name once)
    Node *b = sn.binders.items[i];
    Obj *o;
    if (count == 1 && b->kind == ND_FUNCDEF && func_of_def(m, b)) {
      o = obj_new(OBJ_FUNC);
      o->fn = func_of_def(m, b);
    } else if (count == 1 && sn.imported.items[i]) {
      o = sn.imported.items[i];
    } else {
      ClosureVar *cv = xmalloc(sizeof(ClosureVar));
      *cv = (ClosureVar){.name = names->items[i], .scope = scope, .bindings = count};
      if (count == 1 && b->kind == ND_ASSIGN && b->a->kind == ND_NAME) cv->assign = b;
      vec_push(&m->closure_vars, cv);
      o = obj_builtin(closure_tag);
      o->ival = m->closure_vars.len - 1;
      o->module = m;
    }
    env = bind(env, names->items[i], o);
  }
  return env;
}

// The names a nested function may read from the functions around it, the innermost's on top.
static Binding *closure_env(Module *m, Func *f) {
  Vec chain = {0};
  for (Func *s = f->enclosing; s; s = s->enclosing) vec_push(&chain, s);
  Binding *env = NULL;
  for (int i = chain.len - 1; i >= 0; i--) env = bind_scope(m, chain.items[i], env);
  return env;
}

static bool kernel_readable(Obj *v);

Obj *closure_var_value(Obj *o, Node *use, const Options *opt) {
  Module *m = o->module;
  ClosureVar *cv = m->closure_vars.items[o->ival];
  const char *fixed = option_define(opt, cv->name);
  if (fixed) {  // (-D NAME=VALUE: the user's value; a jit function's name, the last def of it there)
    Obj *v = define_literal(fixed);
    Func *g = v->kind == OBJ_STR ? func_at(m, cv->scope, fixed, (Loc){.line = 1 << 30}) : NULL;
    if (!g || !g->is_jit) return v;
    v = obj_new(OBJ_FUNC);
    v->fn = g;
    return v;
  }
  if (cv->value) return cv->value;
  const char *where = func_qualname(cv->scope);
  if (!cv->assign)
    diag_fatal(use->loc, "'%s' is a variable of '%s', the function this kernel is defined in, %s: tl2cu does not "
               "run that function; give the value Triton would read with -D %s=VALUE", cv->name, where,
               cv->bindings > 1 ? xprintf("bound %d times there", cv->bindings) : "bound there by a parameter or loop",
               cv->name);
  HostEval e = {m, cv->assign->b, NULL};
  int64_t saved = module_read_pos(INT64_MAX);  // (the function runs once the module has)
  bool computed = diag_attempt(eval_host, &e);
  module_read_pos(saved);
  bool wrapped = cv->assign->b->kind == ND_CALL && refers_to(m, cv->assign->b, "tl.constexpr");
  if (!computed)
    diag_fatal(use->loc, "'%s' is a variable of '%s', the function this kernel is defined in, computed from what "
               "tl2cu does not run: give the value Triton would read with -D %s=VALUE", cv->name, where, cv->name);
  if (!wrapped && !kernel_readable(e.result))
    diag_fatal(use->loc, "cannot access variable '%s' of '%s' from a @triton.jit function: wrap its value in "
               "tl.constexpr(...) or fix it with -D %s=VALUE", cv->name, where, cv->name);
  return cv->value = e.result;
}

// The jit function a -k or -s name means: its C name, its qualified name (with or without
// Python's `<locals>.`), or its own name where no other jit function has it.
Func *jit_func_named(Module *m, const char *name) {
  Str plain = {0};
  for (const char *p = name; *p; p++) {
    if (!strncmp(p, ".<locals>", 9)) p += 9;
    str_addf(&plain, "%c", *p);
  }
  Func *own = NULL;
  int owners = 0;
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    if (!f->is_jit) continue;
    if (!strcmp(f->name, name) || (f->qualname && !strcmp(f->qualname, plain.buf))) return f;
    if (!strcmp(f->def->str, name)) own = f, owners++;
  }
  if (owners < 2) return own;
  Str which = {0};
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    if (f->is_jit && !strcmp(f->def->str, name))
      str_addf(&which, "%s%s (line %d)", which.len ? ", " : "", func_qualname(f), f->def->loc.line);
  }
  fprintf(stderr, "tl2cu: error: -k %s: %d @triton.jit functions are named '%s': name one as -k OUTER.%s: %s\n",
          name, owners, name, name, which.buf);
  util_free_all();
  exit(2);
}

// The names of a module: its imports, functions (which of them are @triton.jit) and
// assignments. Returns the module's statements with its decided ifs spliced in.
Node *collect_module_names(Module *m, Node *root) {
  for (Node **at = &root; *at;) {
    if ((*at)->kind == ND_IF && splice_decided_if(m, at)) continue;  // (the branch's first statement next)
    Node *s = *at;
    at = &s->next;
    if (s->kind == ND_IMPORT) collect_import(m, &m->globals, s->str, s->loc);
    else if (s->kind == ND_IF) if_imports(m, s, &m->globals);
    else if (s->kind == ND_UNSUPPORTED_STMT && s->body && s->a && !strcmp(s->str, "a class definition"))
      m->globals = bind(m->globals, s->a->str, obj_builtin(xprintf("class %s", s->a->str)));  // (never run)
    else if (s->kind == ND_UNSUPPORTED_STMT && s->body) try_imports(m, s, &m->globals);
    else if (s->kind == ND_FUNCDEF) {
      Func *f = xmalloc(sizeof(Func));
      *f = (Func){.name = s->str, .def = s, .module = m};
      bind_func(m, f);
    } else if (s->kind == ND_ASSIGN) {
      apply_called_decorator(m, s);
    }
  }
  for (int i = 0, top = m->funcs.len; i < top; i++) {
    Func *f = m->funcs.items[i];
    f->is_jit = has_jit_decorator(m, f->def->args);
    if (!f->is_jit) collect_nested(m, f, f->def->body);
  }
  collect_defs(m, root, false, false);  // (after the imports: is it NAME = tl.constexpr(...)?)
  for (Node *s = root; s; s = s->next) {
    Node one = *s;
    one.next = NULL;
    add_mutations(m, s, &one, false);
  }
  imports_set_root(m, root);
  return root;
}

// Is name a jit function of the module under a decorator that is not Triton's?
static bool decorated_jit(Module *m, const char *name) {
  Obj *o = lookup(m->globals, name);
  return o && o->kind == OBJ_FUNC && o->fn->is_jit && collect_opaque_decorator(o->fn);
}

// -D NAME=VALUE also fixes module-level constants, before the decorators read them (FLA's
// autotune configs read IS_AMD, which fla.utils computes from the device: -D IS_AMD=False); VALUE may name a @triton.jit function of
// the module that binds NAME (a function chosen at import by the device). A name the module
// never binds may be given a function of another module, pkg.module.function, as `from
// pkg.module import function as NAME` would (FlagGems puts it there at run time).
void collect_apply_defines(Module *m, const Options *opt) {
  for (int i = 0; i < opt->defines.len; i++) {
    Define *d = opt->defines.items[i];
    if (!lookup(m->globals, d->name) && !lookup(m->conditional, d->name) && define_is_import_path(d->value)) {
      m->globals = bind(m->globals, d->name, imports_define_ref(m, d));
      vec_push(&m->define_bound, (void *)d->name);  // (the user's choice of function: imports_check_callee)
    } else if (is_module_constant(m, d->name)) {
      Obj *v = define_literal(d->value);
      const char *last = strrchr(d->value, '.');  // (pkg.module.function: the function's own name)
      Obj *f = v->kind == OBJ_STR ? imports_function_named(m, d->name, last ? last + 1 : d->value) : NULL;
      m->globals = bind(m->globals, d->name, f ? f : v);
      vec_push(&m->define_bound, (void *)d->name);
    }
    else if (lookup(m->conditional, d->name)) choose_import(m, d->name, d->value, d->loc);
    else if (decorated_jit(m, d->name)) {  // (what its decorator returns: imports_check_callee)
      Obj *v = define_literal(d->value);
      if (define_is_import_path(d->value)) v = imports_define_ref(m, d);
      else if (v->kind == OBJ_STR)
        v = imports_function_named(m, d->name, d->value);
      if (v) m->globals = bind(m->globals, d->name, v);
      if (v) vec_push(&m->define_bound, (void *)d->name);
    }
  }
}

// -k and -s name kernels as jit_func_named reads them; from here on by their C names.
static void name_kernels_by_cname(Module *m, Options *opt) {
  for (int i = 0; i < opt->kernels.len; i++) {
    Func *f = jit_func_named(m, opt->kernels.items[i]);
    if (f) opt->kernels.items[i] = (void *)f->name;
  }
  for (int i = 0; i < opt->sigs.len; i++) {
    SigOpt *s = opt->sigs.items[i];
    Func *f = s->kernel ? jit_func_named(m, s->kernel) : NULL;
    if (f) s->kernel = f->name;
  }
}

Module *collect_module(Node *root, Options *opt) {
  Module *m = xmalloc(sizeof(Module));
  root = collect_module_names(m, root);
  inductor_collect(m);
  collect_apply_defines(m, opt);
  nested_cnames(m);
  name_kernels_by_cname(m, opt);
  // decorators may name module constants and other functions: decode them last, each
  // seeing the bindings before its def, as Python runs it (a nested def: once the module has run)
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    int64_t saved = module_read_pos(f->enclosing ? INT64_MAX : loc_pos(f->def->loc));
    collect_decorators(m, f, f->def->args, opt);
    module_read_pos(saved);
  }
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    if (!f->is_jit) continue;
    Vec locals = {0};
    for (Node *p = f->def->a; p; p = p->next) vec_push(&locals, (void *)p->str);
    collect_locals(f->def->body, &locals);
    mark_calls(m, f->enclosing, f->def->body, &locals);
    if (f->enclosing) f->closure = closure_env(m, f);
  }
  check_jit_names(m);
  find_launches(m, NULL, root);
  return m;
}
