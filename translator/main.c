// main.c: the tl2cu command. The pipeline, one call per stage:
//   options -> read -> parse (ast.c) -> collect (collect.c) -> for each kernel:
//   lower (lower.c, semantic.c, builtins.c) -> layout (layout.c) -> grid (grid.c)
//   -> emit (emit.c) -> format (clang-format, when present).
// Exit status: 0 success, 1 errors in the input, 2 usage errors.
#include "tl2cu.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void stop_if_errors(void) {
  if (diag_error_count()) {
    util_free_all();
    exit(1);
  }
}

// Binary garbage is not Python: refuse NUL bytes and invalid UTF-8 up front.
static void check_text(const char *text, size_t len) {
  int line = 1, col = 1;
  for (size_t i = 0; i < len; i++, col++) {
    unsigned char c = (unsigned char)text[i];
    int extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
    bool bad = c == 0 || extra < 0 || i + (size_t)extra >= len + (extra ? 0 : 1);
    for (int j = 1; !bad && j <= extra; j++) bad = ((unsigned char)text[i + j] & 0xC0) != 0x80;
    if (bad) diag_fatal((Loc){line, col, 0}, "this is not a UTF-8 text file (byte 0x%02x)", c);
    i += (size_t)extra;
    if (c == '\n') line++, col = 0;
  }
}

static const char *with_extension(const char *path, const char *ext) {
  const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
  size_t n = dot && (!slash || dot > slash) ? (size_t)(dot - path) : strlen(path);
  return xprintf("%.*s%s", (int)n, path, ext);
}

// Entry kernels: those named with -k, else every jit function no other calls.
static Vec select_kernels(Module *m, Options *opt) {
  Vec out = {0};
  if (opt->kernels.len) {
    for (int i = 0; i < opt->kernels.len; i++) {
      Func *f = module_func(m, opt->kernels.items[i]);
      if (!f || !f->is_jit) diag_fatal((Loc){0, 0, 0}, "no @triton.jit function named '%s'", (char *)opt->kernels.items[i]);
      vec_push(&out, f);
    }
    return out;
  }
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    if (f->is_jit && !f->called_by_jit) vec_push(&out, f);
  }
  if (!out.len) diag_fatal((Loc){1, 1, 0}, "no @triton.jit kernel in this file");
  return out;
}

// -D NAME=VALUE also fixes module-level constants.
static void apply_module_defines(Module *m, Options *opt) {
  for (int i = 0; i < opt->defines.len; i++) {
    Define *d = opt->defines.items[i];
    if (!lookup(m->plain, d->name) && !lookup(m->globals, d->name)) continue;
    Node n = {.kind = ND_NAME};
    char *end;
    long long iv = strtoll(d->value, &end, 0);
    Obj *v = *d->value && !*end ? obj_int(iv) : NULL;
    if (!v) {
      double fv = strtod(d->value, &end);
      if (*d->value && !*end) v = obj_float(fv);
    }
    if (!v) {
      fprintf(stderr, "tl2cu: error: -D %s=%s: a module-level constant needs a number\n", d->name, d->value);
      exit(2);
    }
    (void)n;
    m->globals = bind(m->globals, d->name, v);
  }
}

static bool have_clang_format(void) { return system("command -v clang-format >/dev/null 2>&1") == 0; }

static void write_output(Vec *kernels, Options *opt) {
  bool to_stdout = !strcmp(opt->output, "-");
  FILE *out = to_stdout ? stdout : fopen(opt->output, "w");
  if (!out) {
    fprintf(stderr, "tl2cu: error: cannot write '%s': %s\n", opt->output, strerror(errno));
    exit(1);
  }
  emit_file(out, kernels, opt);
  if (!to_stdout) fclose(out);
  bool format = strcmp(opt->format, "none") && !to_stdout;
  if (format && (have_clang_format() || !strcmp(opt->format, "clang-format"))) {
    const char *cmd = xprintf("clang-format -i --style='{BasedOnStyle: Google, ColumnLimit: 100}' '%s'", opt->output);
    if (system(cmd) != 0) fprintf(stderr, "tl2cu: warning: clang-format failed; the output is unformatted\n");
  }
  if (opt->header) {
    FILE *h = fopen(opt->header, "w");
    if (!h) {
      fprintf(stderr, "tl2cu: error: cannot write '%s': %s\n", opt->header, strerror(errno));
      exit(1);
    }
    emit_header(h, kernels, opt);
    fclose(h);
  }
  if (opt->write_depfile && !to_stdout) {
    const char *dep = opt->depfile ? opt->depfile : with_extension(opt->output, ".d");
    FILE *d = fopen(dep, "w");
    if (!d) {
      fprintf(stderr, "tl2cu: error: cannot write '%s': %s\n", dep, strerror(errno));
      exit(1);
    }
    fprintf(d, "%s%s%s: %s\n%s:\n", opt->output, opt->header ? " " : "", opt->header ? opt->header : "", opt->input,
            opt->input);
    fclose(d);
  }
}

int main(int argc, char **argv) {
  Options opt = {0};
  options_parse_argv(&opt, argc, argv);
  char *text;
  size_t len;
  if (!read_file(opt.input, &text, &len)) {
    fprintf(stderr, "tl2cu: error: cannot read '%s': %s\n", opt.input, strerror(errno));
    return 1;
  }
  diag_set_source(opt.input, text, len);
  check_text(text, len);
  options_from_source(&opt, text);
  stop_if_errors();
  if (!opt.output) opt.output = with_extension(opt.input, ".cu");

  Node *module = ast_parse(text, len);
  stop_if_errors();
  Module *m = collect_module(module);
  apply_module_defines(m, &opt);
  Vec funcs = select_kernels(m, &opt);
  if (opt.launcher_name && funcs.len > 1) {
    fprintf(stderr, "tl2cu: error: --name needs exactly one kernel (use -k)\n");
    return 2;
  }

  Vec kernels = {0};
  for (int i = 0; i < funcs.len; i++) {
    Func *f = funcs.items[i];
    Kernel *k = lower_kernel(m, f, &opt);
    layout_assign(k, layout_widest_run(k));  // emit.c lays out again per kernel variant
    grid_compile(k, &opt, opt.input, text, len);
    k->launcher = opt.launcher_name ? opt.launcher_name : f->name;
    if (!k->grid_c[0])
      diag_note(f->def->loc, "kernel '%s' has no --grid: only %s_grid(), with the caller's grid, is emitted",
                f->name, k->launcher);
    vec_push(&kernels, k);
  }
  stop_if_errors();
  write_output(&kernels, &opt);
  util_free_all();
  return 0;
}
