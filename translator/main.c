// main.c: the tl2cu command. The pipeline, one call per stage:
//   options -> read (decoded from a PEP 263 coding cookie's encoding) -> parse (syntax.c, ast.c,
//   pyrules.c) -> options in "# tl2cu:" lines -> collect
//   (collect.c) -> for each kernel:
//   lower (lower.c, semantic.c, builtins.c) -> canonical index sums (canon.c) -> group loads (loads.c) -> axis
//   facts (axisinfo.c) -> unit strides (unitstride.c) -> layout (layout.c) -> fma contraction (contract.c) ->
//   conversions (convert.c) -> shared memory (smem.c, dotplan.c's pipelines) -> loads ahead (prefetch.c) -> grid
//   (grid.c) -> emit (emit.c) -> format (clang-format).
// Around it, the build-tool side: the make depfile (-MD) and --print-include-dir, which
// both find the runtime header tl2cu.cuh beside this binary.
// Exit status: 0 success, 1 errors in the input, 2 usage errors.
#define _DEFAULT_SOURCE  // readlink, realpath, access
#include "tl2cu.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

// PEP 263: a comment on line 1 or 2 (line 2 if line 1 is blank or a comment) matching
// `coding[:=][ \t]*([-\w.]+)` names the file's encoding; NULL if none.
static const char *coding_cookie(const char *text, size_t len) {
  const char *line = text, *end = text + len;
  for (int i = 0; i < 2 && line < end; i++) {
    const char *nl = memchr(line, '\n', (size_t)(end - line)), *eol = nl ? nl : end, *p = line;
    while (p < eol && (*p == ' ' || *p == '\t' || *p == '\f')) p++;
    if (p < eol && *p != '#' && *p != '\r') return NULL;  // code: no cookie on this line or after
    for (const char *c = p; c + 7 < eol; c++) {
      if (memcmp(c, "coding", 6) || (c[6] != ':' && c[6] != '=')) continue;
      const char *name = c + 7;
      while (name < eol && (*name == ' ' || *name == '\t')) name++;
      size_t n = 0;
      while (name + n < eol && (isalnum((unsigned char)name[n]) || strchr("-_.", name[n]))) n++;
      if (n) return xstrndup(name, n);
    }
    line = eol + 1;
  }
  return NULL;
}

// The name iconv knows for a Python codec name: Python's spellings of UTF-8 and Latin-1
// (tokenizer.c's get_normal_name), '_' as '-'; NULL for UTF-8 itself.
static const char *iconv_name(const char *cookie) {
  char *name = xstrdup(cookie);
  for (char *p = name; *p; p++) *p = *p == '_' ? '-' : (char)tolower((unsigned char)*p);
  if (!strcmp(name, "utf-8") || !strncmp(name, "utf-8-", 6) || !strcmp(name, "utf8")) return NULL;
  static const char *const latin1[] = {"latin-1", "iso-8859-1", "iso-latin-1", "latin1", "l1"};
  for (size_t i = 0; i < sizeof latin1 / sizeof *latin1; i++)
    if (!strcmp(name, latin1[i]) || (!strncmp(name, latin1[i], strlen(latin1[i])) && name[strlen(latin1[i])] == '-'))
      return "ISO-8859-1";
  return name;
}

// A file in the encoding its coding cookie names, as UTF-8 (Python decodes it so too).
static void decode_source(char **text, size_t *len) {
  const char *cookie = coding_cookie(*text, *len);
  const char *encoding = cookie ? iconv_name(cookie) : NULL;
  if (!encoding) return;
  iconv_t cd = iconv_open("UTF-8", encoding);
  if (cd == (iconv_t)-1)
    diag_fatal((Loc){1, 1, 0}, "encoding problem: %s (an encoding iconv does not know)", cookie);
  size_t in_left = *len, out_size = 4 * *len + 1, out_left = out_size;
  char *in = *text, *out = xmalloc(out_size), *o = out;
  size_t converted = iconv(cd, &in, &in_left, &o, &out_left);
  iconv_close(cd);
  if (converted == (size_t)-1) {
    Loc at = {1, 1, 0};  // where the bad byte is, in the file's bytes
    for (const char *p = *text; p < in; p++) at.col = *p == '\n' ? (at.line++, 1) : at.col + 1;
    diag_set_source(diag_path(), xstrndup(*text, (size_t)(in - *text)), (size_t)(in - *text));  // up to the byte
    diag_fatal(at, "this is not %s text (byte 0x%02x)", cookie, (unsigned char)*in);
  }
  *o = 0;
  *text = out;
  *len = out_size - 1 - out_left;
  diag_set_encoding(encoding);
}

static const char *with_extension(const char *path, const char *ext) {
  const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
  size_t n = dot && (!slash || dot > slash) ? (size_t)(dot - path) : strlen(path);
  return xprintf("%.*s%s", (int)n, path, ext);
}

// -k names no jit function: a usage error (status 2), with the closest kernel's name.
static _Noreturn void no_such_kernel(Module *m, const char *name) {
  Vec names = {0};
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    if (f->is_jit) vec_push(&names, (void *)func_qualname(f));
  }
  const char *close = closest_name(name, &names);
  fprintf(stderr, "tl2cu: error: -k %s: no @triton.jit function named '%s'%s\n", name, name,
          close ? xprintf("; did you mean '%s'?", close) : "");
  util_free_all();
  exit(2);
}

// Entry kernels: those named with -k, else every module-level jit function no other calls;
// those defined inside functions (tests) where the module defines none (a note names them
// otherwise: a test's kernel may read values only the test knows).
static Vec select_kernels(Module *m, Options *opt) {
  Vec out = {0}, nested = {0};
  if (opt->kernels.len) {
    for (int i = 0; i < opt->kernels.len; i++) {
      Func *f = jit_func_named(m, opt->kernels.items[i]);
      if (!f || !f->is_jit) no_such_kernel(m, opt->kernels.items[i]);
      vec_push(&out, f);
    }
    return out;
  }
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    if (f->is_jit && !f->called_by_jit) vec_push(f->enclosing ? &nested : &out, f);
  }
  if (!out.len) out = nested;
  else if (nested.len) {
    Func *first = nested.items[0];
    diag_note(first->def->loc, "%d kernel%s defined inside functions (%s%s) %s translated only when -k names %s",
              nested.len, nested.len > 1 ? "s" : "", first->qualname, nested.len > 1 ? ", ..." : "",
              nested.len > 1 ? "are" : "is", nested.len > 1 ? "them" : "it");
  }
  if (!out.len) diag_fatal((Loc){1, 1, 0}, "no @triton.jit kernel in this file");
  return out;
}

// The kernels the file's own options may name: those translated, and those the file
// translates without -k (a '# tl2cu:' line serves every kernel of its file).
static Vec file_kernels(Module *m, Vec *translated) {
  Vec out = {0};
  for (int i = 0; i < translated->len; i++) vec_push(&out, translated->items[i]);
  for (int i = 0; i < m->funcs.len; i++) {
    Func *f = m->funcs.items[i];
    bool listed = false;
    for (int j = 0; j < translated->len && !listed; j++) listed = translated->items[j] == f;
    if (f->is_jit && !f->called_by_jit && !listed) vec_push(&out, f);
  }
  return out;
}

// ---- the runtime header beside the binary, and the depfile that names it

// This binary's own path, absolute: /proc/self/exe (symlinks resolved), else argv[0],
// looked up in PATH when it has no '/' as the shell did. NULL if neither works.
static const char *self_path(const char *argv0) {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n > 0) {
    buf[n] = 0;
    return xstrdup(buf);
  }
  if (strchr(argv0, '/')) return realpath(argv0, buf) ? xstrdup(buf) : NULL;
  const char *path = getenv("PATH");
  for (const char *p = path ? path : ""; *p;) {
    size_t len = strcspn(p, ":");
    const char *cand = len ? xprintf("%.*s/%s", (int)len, p, argv0) : xprintf("./%s", argv0);
    if (access(cand, X_OK) == 0 && realpath(cand, buf)) return xstrdup(buf);
    p += len + (p[len] == ':');
  }
  return NULL;
}

// The directory of this tl2cu's tl2cu.cuh, absolute: PREFIX/include beside an installed
// PREFIX/bin/tl2cu, runtime/ beside the source tree's build/tl2cu (or build/asan/tl2cu).
// Looking beside the binary rather than in a path fixed at build time keeps an install
// relocatable, and pairs each translator with its own runtime when several are around.
static const char *find_include_dir(const char *argv0) {
  static const char *const beside[] = {"../include", "../runtime", "../../runtime"};
  const char *exe = self_path(argv0);
  if (!exe) return NULL;
  const char *bindir = xstrndup(exe, (size_t)(strrchr(exe, '/') - exe));  // exe is absolute
  char buf[PATH_MAX];
  for (size_t i = 0; i < sizeof beside / sizeof *beside; i++) {
    const char *dir = xprintf("%s/%s", bindir, beside[i]);
    if (access(xprintf("%s/tl2cu.cuh", dir), R_OK) == 0 && realpath(dir, buf)) return xstrdup(buf);
  }
  return NULL;
}

// --print-include-dir: for `nvcc -I$(tl2cu --print-include-dir)` in a build.
static int print_include_dir(const char *argv0) {
  const char *dir = find_include_dir(argv0);
  if (!dir) {
    const char *exe = self_path(argv0);
    fprintf(stderr, "tl2cu: error: no tl2cu.cuh beside %s (looked in ../include and ../runtime)\n",
            exe ? exe : argv0);
    return 1;
  }
  printf("%s\n", dir);
  return 0;
}

static void add_runtime_headers(Vec *out, const char *dir, const char *name);

// The runtime headers that TEXT includes with "...", found in DIR, and transitively the
// headers they include so. System <...> headers are left out, as gcc -MMD leaves them out.
static void add_included_headers(Vec *out, const char *dir, char *text) {
  for (char *p = text; (p = strstr(p, "#include \"")) != NULL;) {
    p += strlen("#include \"");
    char *end = strpbrk(p, "\"\n");
    if (end && *end == '"') add_runtime_headers(out, dir, xstrndup(p, (size_t)(end - p)));
  }
}

static void add_runtime_headers(Vec *out, const char *dir, const char *name) {
  const char *path = xprintf("%s/%s", dir, name);
  for (int i = 0; i < out->len; i++)
    if (!strcmp(out->items[i], path)) return;
  char *text;
  size_t len;
  if (!read_file(path, &text, &len)) return;
  vec_push(out, (void *)path);
  add_included_headers(out, dir, text);
}

// A path in a make rule: '\' before a space, tab or '#', and '$$' for '$', as gcc writes them.
static void put_make_path(FILE *f, const char *path) {
  for (const char *p = path; *p; p++) {
    if (*p == '$') fputc('$', f);
    if (*p == ' ' || *p == '\t' || *p == '#') fputc('\\', f);
    fputc(*p, f);
  }
}

// The depfile, as gcc -MD -MP writes one (each prerequisite on a continued line of its own,
// a blank line before each empty rule):
//   kernel.cu kernel.h: kernel.py /usr/local/include/tl2cu_device.cuh ...
//   /usr/local/include/tl2cu_device.cuh:
// The .cu depends on the runtime headers it includes (read back from the written file)
// although its text does not: a changed header means a new tl2cu, whose output may call the
// runtime differently, so the kernel is translated again. The empty rules keep make going
// when a header is deleted or moved (gcc -MP); the .py gets none, so a missing kernel file
// stays an error, as a missing .c is for gcc.
static void write_depfile(const Options *opt, const char *argv0) {
  const char *path = opt->depfile ? opt->depfile : with_extension(opt->output, ".d");
  Vec headers = {0};
  const char *inc = find_include_dir(argv0);
  char *written;
  size_t len;
  if (inc && read_file(opt->output, &written, &len)) add_included_headers(&headers, inc, written);
  FILE *d = fopen(path, "w");
  if (!d) {
    fprintf(stderr, "tl2cu: error: cannot write '%s': %s\n", path, strerror(errno));
    exit(1);
  }
  put_make_path(d, opt->output);
  if (opt->header) {
    fputc(' ', d);
    put_make_path(d, opt->header);
  }
  fputs(": ", d);
  put_make_path(d, opt->input);
  Vec imported = {0};
  imports_files(&imported);  // (a changed module the kernels import changes the translation)
  for (int i = 0; i < imported.len; i++) {
    fputs(" \\\n  ", d);
    put_make_path(d, imported.items[i]);
  }
  for (int i = 0; i < headers.len; i++) {
    fputs(" \\\n  ", d);
    put_make_path(d, headers.items[i]);
  }
  fputc('\n', d);
  for (int i = 0; i < imported.len; i++) {  // (deleted or moved: translated again, as for headers)
    fputc('\n', d);
    put_make_path(d, imported.items[i]);
    fputs(":\n", d);
  }
  for (int i = 0; i < headers.len; i++) {
    fputc('\n', d);
    put_make_path(d, headers.items[i]);
    fputs(":\n", d);
  }
  fclose(d);
}

static bool have_clang_format(void) { return system("command -v clang-format >/dev/null 2>&1") == 0; }

// clang-format puts a comment that stands before a #pragma in column 0, as the directive;
// a `// Lnn: source` comment labels the code under the pragma, so it gets that code's
// indentation back (the pragma stays in column 0, as clang-format writes it).
static void reindent_source_comments(const char *path) {
  char *text;
  size_t len;
  if (!read_file(path, &text, &len)) return;
  Str out = {0};
  str_add(&out, "");
  for (char *p = text; *p;) {
    char *end = strchr(p, '\n');
    size_t n = end ? (size_t)(end - p) + 1 : strlen(p);
    char *next = p + n, *after = next;
    if (!strncmp(p, "// ", 3) && !strncmp(next, "#pragma", 7)) {
      while (*after && *after != '\n') after++;  // the line under the pragma: its indentation
      int indent = 0;
      while (*after == '\n' && after[1 + indent] == ' ') indent++;
      str_addf(&out, "%*s", indent, "");
    }
    str_addf(&out, "%.*s", (int)n, p);
    p = next;
  }
  FILE *f = fopen(path, "w");
  if (f) fputs(out.buf, f), fclose(f);
}

static void write_output(Vec *kernels, Options *opt, const char *argv0) {
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
    else reindent_source_comments(opt->output);
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
  if (opt->write_depfile) write_depfile(opt, argv0);
}

// After each pass: the IR checked, and printed if --dump-ir asks for this pass.
static void after_pass(Kernel *k, const char *pass, bool layouts, Options *opt) {
  ir_verify(k, pass, layouts);
  if (option_dumps_ir_after(opt, pass)) ir_dump(stdout, k, pass);
}

int main(int argc, char **argv) {
  Options opt = {0};
  options_parse_argv(&opt, argc, argv);
  if (opt.print_include_dir) {
    int status = print_include_dir(argv[0]);
    util_free_all();
    return status;
  }
  char *text;
  size_t len;
  if (!read_file(opt.input, &text, &len)) {
    fprintf(stderr, "tl2cu: error: cannot read '%s': %s\n", opt.input, strerror(errno));
    return 1;
  }
  diag_set_source(opt.input, text, len);
  decode_source(&text, &len);
  diag_set_source(opt.input, text, len);
  check_text(text, len);
  char *kernels_only = inductor_unwrap(text, len);  // an Inductor wrapper module: its kernel strings
  if (kernels_only) diag_set_source(opt.input, text = kernels_only, len);
  Node *module = ast_parse(text, len);  // syntax errors first, as Python reports them
  stop_if_errors();
  options_from_source(&opt, text);
  stop_if_errors();
  if (!opt.output) opt.output = with_extension(opt.input, ".cu");
  if (!opt.format) opt.format = "auto";
  if (opt.dump_ir && opt.output_given && !strcmp(opt.output, "-")) {
    fprintf(stderr, "tl2cu: error: --dump-ir prints the IR on stdout; -o - would mix the CUDA into it\n");
    return 2;
  }
  if (opt.write_depfile && !strcmp(opt.output, "-")) {
    fprintf(stderr, "tl2cu: error: -MD and -MF need an output file to name in the depfile, not '-o -'\n");
    return 2;
  }

  imports_begin(opt.input, module, &opt);
  Module *m = collect_module(module, &opt);
  Vec funcs = select_kernels(m, &opt);
  Vec in_file = file_kernels(m, &funcs);
  options_check_names(&opt, m, &funcs, &in_file);
  stop_if_errors();
  if (opt.launcher_name && funcs.len > 1) {
    fprintf(stderr, "tl2cu: error: --name needs exactly one kernel (use -k)\n");
    return 2;
  }

  Vec kernels = {0};
  for (int i = 0; i < funcs.len; i++) {
    Func *f = funcs.items[i];
    Vec variants = lower_function(m, f, &opt);  // one per autotune config
    for (int j = 0; j < variants.len; j++) {
      Kernel *k = variants.items[j];
      after_pass(k, "trace", false, &opt);
      canon_pass(k);
      after_pass(k, "canon", false, &opt);
      group_loads(k);
      after_pass(k, "group", false, &opt);
      axisinfo_pass(k);
      after_pass(k, "axisinfo", false, &opt);
      unit_stride_pass(k);
      after_pass(k, "unitstride", false, &opt);
      layout_assign(k, layout_widest_run(k), PLAIN_VARIANT);  // emit.c lays out again per kernel variant
      after_pass(k, "layout", true, &opt);
      contract_fma(k);
      after_pass(k, "contract", true, &opt);
      convert_pass(k);  // (emit.c runs it and smem_pass again for each variant it lays out)
      after_pass(k, "convert", true, &opt);
      smem_pass(k);
      after_pass(k, "smem", true, &opt);
      prefetch_pass(k);
      grid_compile(k, &opt, opt.input, text, len);
      grid_from_launch(k);
      k->launcher = opt.launcher_name ? opt.launcher_name : f->name;
      vec_push(&kernels, k);
    }
    Kernel *k = variants.items[0];
    if (!k->grid_c[0] && k->config_index >= 0)
      diag_fatal(f->def->loc, "autotuned kernel '%s' needs a --grid (it may use the config's meta-parameters)", f->name);
    if (!k->grid_c[0])
      diag_note(f->def->loc, "kernel '%s' has no --grid: only %s_grid(), with the caller's grid, is emitted",
                f->name, k->launcher);
  }
  options_check_deferred();  // (a -D for a name another file binds: applied while lowering, or an error)
  stop_if_errors();
  if (!opt.dump_ir || opt.output_given) write_output(&kernels, &opt, argv[0]);  // (--dump-ir: only with -o)
  util_free_all();
  return 0;
}
