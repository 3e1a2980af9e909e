// imports.c: names imported from the other files of the input's package.
//
// Input: `from .utils import IS_AMD`, `import pkg.mod as m` and the like, as collect.c binds them:
// a reference (an OBJ_MODULE with its importer in `module`), nothing read yet. Output: the value
// of a referenced name where the tracer or the host-code evaluator reads it. The file is found
// as Python finds it (relative to the importer's package; absolute: in a folder above the
// importer, or an --import-path), parsed once, its names collected (collect.c), and only the
// values read are computed: the rest of the module is never run. Modules tl2cu knows (triton)
// or never reads (torch, numpy, the standard library) are not looked for.
#define _DEFAULT_SOURCE  // realpath
#include "tl2cu.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// What a reference is (its Obj's ival).
enum { REF_NAME = 1, REF_MODULE, REF_FILE };

struct ModuleFile {
  const char *path;    // as found ("pkg/utils.py", "pkg/__init__.py"); NULL: a folder without __init__.py
  const char *dir;     // its folder: where its relative imports start
  const char *dotted;  // how it was imported ("fla.utils", ".op"), for messages
  const char *real;    // realpath of path (or dir): one Module per file
  bool package;        // __init__.py or a folder: its submodules are its attributes too
  Node *root;
  int number;          // diag's file number
};

static struct ModuleFile input_file;  // the input's (Module.file NULL)
static Vec modules;                   // Module*: every file read
static Vec import_dirs;               // const char*: --import-path
static Vec resolving;                 // Obj*: the references being resolved (an import cycle comes back to one)
static const char *device_target;     // --target: the device the host code tl2cu runs sees (imports_device_capability)
static const Options *options;        // -D, for the names another file binds where tl2cu cannot compute them
static Vec defines_applied;           // const char *: those names (imports_define_applied)

static const char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? (slash == path ? "/" : xstrndup(path, (size_t)(slash - path))) : ".";
}

void imports_begin(const char *input, Node *root, const Options *opt) {
  input_file = (struct ModuleFile){.path = input, .dir = dir_of(input), .dotted = "__main__", .root = root};
  device_target = opt->target ? opt->target : "sm_90";
  options = opt;
  diag_attempt_keeps(&resolving.len);  // (a failed attempt leaves the references it was resolving)
  for (int i = 0; i < opt->import_paths.len; i++) {
    Define *d = opt->import_paths.items[i];  // ('# tl2cu:' lines: relative to the input's folder)
    vec_push(&import_dirs, (void *)(d->loc.line && d->name[0] != '/' ? xprintf("%s/%s", input_file.dir, d->name)
                                                                      : d->name));
  }
}

static struct ModuleFile *file_of(Module *m) { return m->file ? m->file : &input_file; }

// m's statements after collect.c spliced its decided module-level ifs in.
void imports_set_root(Module *m, Node *root) { file_of(m)->root = root; }

// Modules tl2cu never reads: the standard library's and third-party packages kernels' files import.
bool imports_external(const char *dotted) {
  static const char *const tops[] = {
      "torch", "triton", "numpy", "math", "os", "sys", "functools", "itertools", "typing", "typing_extensions",
      "warnings", "contextlib", "inspect", "logging", "re", "enum", "dataclasses", "collections", "abc",
      "importlib", "packaging", "operator", "einops", "transformers", "jax", "cupy", "pytest", "random",
      "time", "copy", "pathlib", "json", "__future__", "builtins", "types", "weakref", "threading", "platform"};
  size_t n = strcspn(dotted, ".");
  for (size_t i = 0; i < sizeof tops / sizeof *tops; i++)
    if (strlen(tops[i]) == n && !strncmp(dotted, tops[i], n)) return true;
  return false;
}

static Obj *reference(Module *importer, int kind, const char *str) {
  Obj *o = obj_new(OBJ_MODULE);
  o->ival = kind;
  o->str = str;
  o->module = importer;
  return o;
}

// from FROM import NAME: items FROM and NAME, str the dotted whole (-D's choice), fval the import's line.
Obj *imports_name_ref(Module *m, const char *from, const char *name, Loc at) {
  const char *dots_only = from + strspn(from, ".");
  Obj *o = reference(m, REF_NAME, *dots_only ? xprintf("%s.%s", from, name) : xprintf("%s%s", from, name));
  vec_push(&o->items, obj_str(from));
  vec_push(&o->items, obj_str(name));
  o->fval = at.line;
  return o;
}

Obj *imports_module_ref(Module *m, const char *dotted) {
  return imports_external(dotted) ? obj_module(dotted) : reference(m, REF_MODULE, dotted);
}

// -D NAME=pkg.module.function: the name as `from pkg.module import function` in m binds it.
Obj *imports_define_ref(Module *m, const Define *d) {
  const char *dot = strrchr(d->value, '.');
  return imports_name_ref(m, xprintf("%.*s", (int)(dot - d->value), d->value), dot + 1, d->loc);
}

bool imports_is_name_ref(const Obj *o) { return o->kind == OBJ_MODULE && o->module && o->ival == REF_NAME; }

bool imports_reads_files(Module *m) {
  for (Binding *b = m->globals; b; b = b->next)
    if (b->obj->kind == OBJ_MODULE && b->obj->module) return true;
  return false;
}

// ---- finding and reading a module's file

static bool is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

// "a/b" one folder up, kept relative where it was ("." -> "..", "x/.." -> "x/../..").
static const char *parent_dir(const char *dir) {
  const char *slash = strrchr(dir, '/');
  const char *last = slash ? slash + 1 : dir;
  if (!strcmp(last, ".") || !strcmp(last, "..")) return xprintf("%s/..", dir);
  return slash ? (slash == dir ? "/" : xstrndup(dir, (size_t)(slash - dir))) : ".";
}

static Module *read_module(const char *path, const char *dir, const char *dotted, bool package) {
  char real[PATH_MAX];
  if (!realpath(path ? path : dir, real)) return NULL;
  for (int i = 0; i < modules.len; i++) {
    Module *u = modules.items[i];
    if (!strcmp(u->file->real, real)) return u;
  }
  Module *u = xmalloc(sizeof(Module));
  struct ModuleFile *f = xmalloc(sizeof *f);
  *f = (struct ModuleFile){.path = path, .dir = dir, .dotted = dotted, .real = xstrdup(real), .package = package};
  u->file = f;
  vec_push(&modules, u);  // (before its names: a cycle finds it)
  char *text = NULL;
  size_t len = 0;
  if (path) {
    if (!read_file(path, &text, &len)) return NULL;
    int errors = diag_error_count();
    f->number = diag_add_file(path, text, len);
    f->root = ast_parse(text, len);
    diag_parse_done();
    if (diag_error_count() > errors) {  // (a syntax error: Python's import fails too)
      util_free_all();
      exit(1);
    }
  }
  collect_module_names(u, f->root);
  return u;
}

// The module `rel` ("a.b", "" for the folder itself) under folder base: base/a/b.py, base/a/b/__init__.py,
// or (bare) the folder base/a/b, as Python takes a folder without __init__.py for a namespace package.
static Module *module_under(const char *base, const char *rel, const char *dotted, bool bare) {
  bool here = !strcmp(base, ".") && *rel;  // ("pkg/utils.py", not "./pkg/utils.py")
  char *path = here ? xstrdup(rel) : xprintf("%s%s%s", base, *rel ? "/" : "", rel);
  for (char *p = path + (here ? 0 : strlen(base)); *p; p++)
    if (*p == '.') *p = '/';
  const char *init = xprintf("%s/__init__.py", path), *py = xprintf("%s.py", path);
  if (*rel && is_file(py)) return read_module(py, dir_of(py), dotted, false);
  if (is_file(init)) return read_module(init, path, dotted, true);
  if (bare && is_dir(path)) return read_module(NULL, path, dotted, true);
  return NULL;
}

// An absolute module: under a folder above the importer's (its package's root), or an --import-path.
static Module *find_absolute(Module *importer, const char *dotted) {
  const char *dir = file_of(importer)->dir;
  for (int i = 0; i < 64; i++, dir = parent_dir(dir)) {
    Module *u = module_under(dir, dotted, dotted, false);
    char real[PATH_MAX];
    if (u || !realpath(dir, real) || !strcmp(real, "/")) {
      if (u) return u;
      break;
    }
  }
  for (int i = 0; i < import_dirs.len; i++) {
    Module *u = module_under(import_dirs.items[i], dotted, dotted, false);
    if (u) return u;
  }
  return NULL;
}

// The module `from` names ("..pkg.mod", ".", "fla.utils"), as the importer's import statement does.
static Module *find_module(Module *importer, const char *from) {
  size_t level = strspn(from, ".");
  if (!level) return find_absolute(importer, from);
  const char *dir = file_of(importer)->dir;
  for (size_t i = 1; i < level; i++) dir = parent_dir(dir);
  return module_under(dir, from + level, from, true);
}

// Where a module was looked for, for the error that says it was not found.
static const char *looked_in(Module *importer, const char *from) {
  const char *dir = file_of(importer)->dir;
  if (from[0] == '.') return xprintf("not found from %s", dir);
  return xprintf("not found under %s or the folders above it%s (give --import-path)", dir,
                 import_dirs.len ? " nor in --import-path" : "");
}

// ---- a module's names

static Obj *chosen_branch(Module *m, const char *name, Node *use, bool in_kernel);
static void explain_condition(Module *m, const char *name, Obj *choices, Node *use);
static Obj *member(Module *u, const char *name, Node *use, bool in_kernel);

// name from the modules u imports with `from M import *` (NULL: none has it); a cycle of them ends.
static Obj *star_member(Module *u, const char *name, Node *use, bool in_kernel) {
  for (Binding *b = u->globals; b; b = b->next) {
    if (strcmp(b->name, "*") || !imports_is_name_ref(b->obj)) continue;
    bool seen = false;
    for (int i = 0; i < resolving.len; i++) seen |= resolving.items[i] == b->obj;
    Module *from = seen ? NULL : find_module(u, ((Obj *)b->obj->items.items[0])->str);
    if (!from) continue;
    vec_push(&resolving, b->obj);
    Obj *v = member(from, name, use, in_kernel);
    resolving.len--;
    if (v) return v;
  }
  return NULL;
}

// Package u's submodule NAME (a reference to its file), or NULL.
static Obj *submodule(Module *u, const char *name) {
  if (!u->file->package) return NULL;
  Module *sub = module_under(u->file->dir, name, xprintf("%s.%s", u->file->dotted, name), false);
  return sub ? reference(sub, REF_FILE, sub->file->dotted) : NULL;
}

// The -D whose value is being resolved (member_or_define): the function it names is the user's
// choice, whatever decorators it has.
static const Define *applying;

typedef struct {
  Module *u;
  const char *name;
  Node *use;
  bool in_kernel;
  Obj *value;
} MemberRead;

static void read_member(void *arg) {
  MemberRead *r = arg;
  r->value = member(r->u, r->name, r->use, r->in_kernel);
}

// name as another file binds it, where a -D gives it: the value tl2cu computes, else the -D's
// (FlagGems' tl_extra_shim, chosen at import by the device backend: the error said otherwise
// asks for -D tl_extra_shim=VALUE). A name tl2cu computes keeps its own value: a -D meant for a
// kernel's parameter must not change a helper module's constant of the same name.
static Obj *member_or_define(Module *u, const char *name, Node *use, bool in_kernel) {
  const Define *d = options ? option_define_entry(options, name) : NULL;
  if (!d) return member(u, name, use, in_kernel);
  MemberRead r = {u, name, use, in_kernel, NULL};
  if (diag_attempt_any(read_member, &r) && r.value) return r.value;
  vec_push(&defines_applied, (void *)d->name);
  if (!define_is_import_path(d->value)) return define_literal(d->value);
  const Define *outer = applying;
  applying = d;
  Obj *v = imports_force(imports_define_ref(u, d), use, in_kernel);
  applying = outer;
  return v;
}

// Was a -D NAME given to a name another file binds (member_or_define)?
bool imports_define_applied(const char *name) {
  for (int i = 0; i < defines_applied.len; i++)
    if (!strcmp(defines_applied.items[i], name)) return true;
  return false;
}

// A jit function that jit code reads, under a decorator that is not Triton's: Triton calls what
// the decorator returned, which tl2cu does not know. Refused (an attempt with a -D of the name
// falls back to it: member_or_define), unless a -D named this very function.
void imports_check_callee(Obj *o, Node *use) {
  if (o->kind != OBJ_FUNC || !o->fn->is_jit || (applying && !strcmp(applying->name, o->fn->name))) return;
  Node *d = collect_opaque_decorator(o->fn);
  if (d)
    diag_fatal(use->loc, "'%s' is decorated with '%s' above @triton.jit: Triton calls whatever that decorator "
               "returns, which tl2cu does not compute; -D %s=FUNCTION gives it (a tl.*, libdevice.* or @triton.jit "
               "function)", o->fn->name, dotted_name(d), o->fn->name);
}

// name as module u binds it at its end (Python's import ran it all), or NULL.
static Obj *member(Module *u, const char *name, Node *use, bool in_kernel) {
  Obj *o = lookup(u->globals, name);
  if (o) {  // a function, or a name it imports in turn (re-exported)
    o = imports_force(o, use, in_kernel);
    if (in_kernel) imports_check_callee(o, use);
    return o;
  }
  Node *at = xmalloc(sizeof(Node));
  *at = *use;
  at->kind = ND_NAME;
  at->str = name;
  int64_t saved = module_read_pos(INT64_MAX);
  o = module_global(u, at, in_kernel);
  module_read_pos(saved);
  if (o) return o;
  Obj *choices = lookup(u->conditional, name);
  if (choices) {
    Obj *chosen = chosen_branch(u, name, at, in_kernel);
    if (!chosen) explain_condition(u, name, choices, use);
    if (!chosen)
      diag_fatal(use->loc, "'%s' is bound as %s by the branches of the module-level `if` at %s:%lld, whose "
                 "condition tl2cu does not evaluate", name, import_choices(choices), u->file->path,
                 (long long)choices->ival);
    return chosen;
  }
  o = star_member(u, name, use, in_kernel);
  return o ? o : submodule(u, name);
}

// (diag_fatal: a failed attempt to compute a value, which may not need the name, is quiet)
static _Noreturn void not_found(Obj *ref, Node *use, const char *why) {
  if (ref->fval > 0) diag_context((Loc){(int)ref->fval, 1, 0, file_of(ref->module)->number}, "imported here");
  diag_fatal(use->loc, "undefined name '%s': %s", use->kind == ND_NAME ? use->str : ref->str, why);
}

static Obj *force_name(Obj *ref, Node *use, bool in_kernel) {
  const char *from = ((Obj *)ref->items.items[0])->str, *name = ((Obj *)ref->items.items[1])->str;
  Module *u = find_module(ref->module, from);
  Obj *v = u ? member_or_define(u, name, use, in_kernel) : NULL;
  if (!v && ref->self) return imports_force(ref->self, use, in_kernel);  // try: ... except ImportError: ...
  if (!u) not_found(ref, use, xprintf("imported from '%s', %s", from, looked_in(ref->module, from)));
  if (!v)
    not_found(ref, use, xprintf("imported from '%s' (%s), which does not define '%s'", from,
                                u->file->path ? u->file->path : u->file->dir, name));
  return v;
}

// `from PKG import NAME` met again while NAME is being resolved: Python finds NAME in the
// partly run PKG or, not there yet, imports the submodule PKG.NAME (FlagGems' __init__.py and
// its ops both `from flag_gems import runtime`). The submodule, or NULL where there is none.
static Obj *cycle_submodule(Obj *ref) {
  const char *from = ((Obj *)ref->items.items[0])->str, *name = ((Obj *)ref->items.items[1])->str;
  Module *u = find_module(ref->module, from);
  return u ? submodule(u, name) : NULL;
}

Obj *imports_force(Obj *o, Node *use, bool in_kernel) {
  if (!imports_is_name_ref(o)) return o;
  for (int i = 0; i < resolving.len; i++)
    if (resolving.items[i] == o) {
      Obj *sub = cycle_submodule(o);
      if (sub) return sub;
      diag_context((Loc){(int)o->fval, 1, 0, file_of(o->module)->number}, "imported here");
      diag_fatal(use->loc, "import cycle: '%s' is imported from '%s' in %s, which imports it back", use->str,
                 ((Obj *)o->items.items[0])->str, file_of(o->module)->path);
    }
  vec_push(&resolving, o);
  Obj *v = force_name(o, use, in_kernel);
  resolving.len--;
  return v;
}

Obj *imports_attr(Obj *base, Node *use, bool in_kernel) {
  if (base->kind != OBJ_MODULE || !base->module || base->ival == REF_NAME) return NULL;
  Module *u = base->ival == REF_FILE ? base->module : find_absolute(base->module, base->str);
  if (!u) return NULL;  // not the package's: tl2cu's own modules' attributes (builtins.c)
  Obj *v = member_or_define(u, use->str, use, in_kernel);
  if (!v)
    diag_fatal(use->loc, "module '%s' (%s) has no attribute '%s'", base->str,
               u->file->path ? u->file->path : u->file->dir, use->str);
  return v;
}

// -D NAME=FUNC, where FUNC names a @triton.jit function: the function FUNC of the module
// that binds NAME (fla's `softplus = softplus_nv if IS_NVIDIA else ...`, read through `from
// fla.ops.utils.softplus import softplus`), following NAME's imports; NULL where none has it.
Obj *imports_function_named(Module *m, const char *name, const char *func) {
  for (int depth = 0; m && depth < 32; depth++) {  // (an import cycle ends)
    Obj *f = lookup(m->globals, func);
    if (f && f->kind == OBJ_FUNC && f->fn->is_jit) return f;
    Obj *ref = lookup(m->globals, name);
    if (!ref || !imports_is_name_ref(ref)) return NULL;
    name = ((Obj *)ref->items.items[1])->str;
    m = find_module(ref->module, ((Obj *)ref->items.items[0])->str);
  }
  return NULL;
}

// ---- names bound by the branches of a module-level if: the branch its condition takes, when known

static Node *if_at_line(Node *s, int line) {
  for (; s; s = s->next) {
    if (s->kind == ND_IF && s->loc.line == line) return s;
    Node *in = s->kind == ND_UNSUPPORTED_STMT ? if_at_line(s->body, line) : NULL;
    if (in) return in;
  }
  return NULL;
}

typedef struct {
  Module *m;
  Node *cond;
  Obj *value;
} CondEval;

static void eval_condition(void *arg) {
  CondEval *e = arg;
  e->value = module_eval(e->m, e->cond, NULL);
}

// The block an if runs (else: NULL), or false where a condition is not known here.
static bool taken_block(Module *m, Node *ifnode, Node **block) {
  for (Node *s = ifnode; s; s = s->orelse) {
    CondEval e = {m, s->a, NULL};
    int64_t saved = module_read_pos(loc_pos(s->loc));
    bool ok = diag_attempt(eval_condition, &e);
    module_read_pos(saved);
    if (!ok || (e.value->kind != OBJ_BOOL && e.value->kind != OBJ_INT && e.value->kind != OBJ_NONE)) return false;
    if (e.value->kind != OBJ_NONE && e.value->ival) {
      *block = s->body;
      return true;
    }
    if (!s->orelse || s->orelse->kind != ND_IF || s->orelse->next) {
      *block = s->orelse;
      return true;
    }
  }
  *block = NULL;
  return true;
}

// Why the if's condition is not known: its own error, said with the read that needs it.
static void explain_condition(Module *m, const char *name, Obj *choices, Node *use) {
  Node *ifnode = if_at_line(file_of(m)->root, (int)choices->ival);
  diag_context(use->loc, xprintf("while choosing which '%s' is read here: the module-level `if` at %s:%lld binds it "
                                 "as %s", name, file_of(m)->path, (long long)choices->ival, import_choices(choices)));
  for (Node *s = ifnode; s && s->kind == ND_IF; s = s->orelse) {
    int64_t saved = module_read_pos(loc_pos(s->loc));
    module_eval(m, s->a, NULL);  // (fails here, or gives what is not a bool: the message below)
    module_read_pos(saved);
  }
  diag_context((Loc){0}, NULL);
}

// NULL where the condition is not known here.
static Obj *chosen_branch(Module *m, const char *name, Node *use, bool in_kernel) {
  Obj *choices = lookup(m->conditional, name);
  Node *ifnode = if_at_line(file_of(m)->root, (int)choices->ival), *block = NULL;
  if (!ifnode || !taken_block(m, ifnode, &block)) return NULL;
  Obj *o = lookup(collect_block_imports(m, block), name);
  if (!o) diag_fatal(use->loc, "'%s' is not bound by the branch that the `if` at %s:%lld takes", use->str,
                     file_of(m)->path, (long long)choices->ival);
  return imports_force(o, use, in_kernel);
}

Obj *imports_choose(Module *m, Node *use, bool in_kernel) { return chosen_branch(m, use->str, use, in_kernel); }

// The files read, for the depfile.
void imports_files(Vec *out) {
  for (int i = 0; i < modules.len; i++) {
    Module *u = modules.items[i];
    if (u->file->path) vec_push(out, (void *)u->file->path);
  }
}

// The compute capability torch.cuda.get_device_capability() gives the host code tl2cu runs
// (attorch's configs: `2 if torch.cuda.get_device_capability()[0] < 8 else n_stages`): that of
// the --target the CUDA is written for (sm_90a: 9.0).
void imports_device_capability(int *major, int *minor) {
  const char *t = device_target ? device_target : "sm_90";
  *major = t[3] - '0';
  *minor = t[4] - '0';
}
