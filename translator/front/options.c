// options.c: the command line, and the same options written in the kernel file
// as `# tl2cu: <options>` comment lines (so a generic `%.cu: %.py` rule works).
//
// Options on the command line win over those in the file: a -D or -s for the
// same name or kernel, and any single-valued option, given on the command
// line replaces the file's. Bad options on the command line are usage errors
// (status 2); bad options in the file are input errors at their line (status 1).
#include "tl2cu.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: tl2cu [options] FILE.py\n"
    "Translate the @triton.jit kernels of FILE.py into CUDA C.\n"
    "\n"
    "  -o FILE                 output .cu (default: FILE with .cu; '-' for stdout)\n"
    "  -H, --header FILE       also write a C header declaring the launchers\n"
    "  -k, --kernel NAME       translate this kernel (repeatable; default: every entry kernel);\n"
    "                          one defined inside a function: OUTER.NAME where others share NAME\n"
    "      --name NAME         launcher name when one kernel is translated\n"
    "  -s, --signature K:SIG   parameter types of kernel K, as Triton's AOT compiler takes them:\n"
    "                          '*fp32:16, *fp32, i32, 1024' (pointer, scalar, constexpr value)\n"
    "  -D, --define NAME=VALUE fix a parameter, autotune meta-parameter, heuristic, or\n"
    "                          module-level constant the kernels read\n"
    "      --grid 'E0[,E1[,E2]]'  launch grid over parameters, constexprs, cdiv, min, max\n"
    "      --import-path DIR   also look for the modules FILE.py imports in DIR (repeatable, as\n"
    "                          PYTHONPATH; they are looked for first in the folders above FILE.py)\n"
    "      --num-warps N       threads per program / 32 (default 4, or the autotune config's)\n"
    "      --line-directives   emit #line directives pointing into the .py\n"
    "      --strict-libdevice  refuse the libdevice variants whose results differ from Triton's\n"
    "                          in the last bits (default: translated with a warning; docs/LIBDEVICE.md)\n"
    "      --allow-inexact-libdevice  translate those without the warning\n"
    "      --debug             Triton's debug mode (TRITON_DEBUG=1): check tl.device_assert\n"
    "                          and assert statements (otherwise not compiled, as in Triton)\n"
    "      --target ARCH       sm_90a (default: tl.dot on warpgroup MMA, wgmma, where it fits;\n"
    "                          nvcc -gencode arch=compute_90a,code=sm_90a), or sm_80, sm_86, sm_89,\n"
    "                          sm_90: tl.dot on mma.sync (sm_90: code that also runs beyond Hopper,\n"
    "                          nvcc -arch=sm_90); fp8 needs sm_89 or later\n"
    "      --num-stages N      Triton's num_stages (default 3, or the autotune config's): a loop's\n"
    "                          tl.dot keeps N - 1 iterations' operand copies in flight (1: none)\n"
    "      --format=auto|none|clang-format  run clang-format on the output (auto: when present,\n"
    "                          the default; clang-format: required)\n"
    "  -MD                     write a make depfile: OUTPUT with .d, naming the .py and the\n"
    "                          runtime header tl2cu.cuh as prerequisites of the .cu and .h\n"
    "  -MF FILE                the same, into FILE\n"
    "      --print-include-dir print the directory holding tl2cu.cuh for this tl2cu (for nvcc -I)\n"
    "      --dump-ir[=PASS,...] print the IR after each PASS (trace, canon, group, axisinfo, unitstride,\n"
    "                          layout, contract, convert, smem; default layout) on stdout; CUDA is\n"
    "                          written too only when -o names a file\n"
    "  -h, --help, --version\n"
    "\n"
    "Every long option takes its value as --opt=VALUE or --opt VALUE.\n"
    "Options may also stand in FILE.py on comment lines '# tl2cu: <options>';\n"
    "command-line options win.\n";

const Define *option_define_entry(const Options *o, const char *name) {
  for (int i = 0; i < o->defines.len; i++) {
    Define *d = o->defines.items[i];
    if (!strcmp(d->name, name)) return d;
  }
  return NULL;
}

const char *option_define(const Options *o, const char *name) {
  const Define *d = option_define_entry(o, name);
  return d ? d->value : NULL;
}

typedef struct {
  Loc loc;      // the option's word in a '# tl2cu:' line (line 0: the command line)
  int val_end;  // where the word after it ends: the option and its value, when it takes one
} Origin;

static _Noreturn void usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "tl2cu: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(run 'tl2cu --help' for usage)\n");
  exit(2);
}

void option_error(Loc at, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (!at.line) usage_error("%s", msg);
  diag_error(at, "%s", msg);
}

static void bad_option(Origin *o, const char *fmt, const char *arg) { option_error(o->loc, fmt, arg); }

// The option and its value: where a two-word option's errors point.
static Loc with_value(Origin *o) { return o->loc.line ? (Loc){o->loc.line, o->loc.col, o->val_end} : o->loc; }

static const char *parse_target(Origin *o, const char *s) {
  static const char *known[] = {"sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"};
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (!strcmp(s, known[i])) return s;
  bad_option(o, "--target takes sm_80, sm_86, sm_89, sm_90 or sm_90a, not '%s'", s);
  return NULL;
}

// --num-stages: any count from 1 to 64, as tl.range's num_stages (not only powers of two).
static int parse_stages(Origin *o, const char *opt, const char *s) {
  char *end;
  long v = strtol(s, &end, 10);
  if (*end || v < 1 || v > 64) {
    bad_option(o, xprintf("%s needs a whole number from 1 to 64, not '%%s'", opt), s);
    return 0;
  }
  return (int)v;
}

static int parse_positive(Origin *o, const char *opt, const char *s) {
  char *end;
  long v = strtol(s, &end, 10);
  if (*end || v <= 0 || v > 32 || (v & (v - 1))) {
    bad_option(o, xprintf("%s needs a power of two between 1 and 32, not '%%s'", opt), s);
    return 0;
  }
  return (int)v;
}

static void add_define(Options *opt, Loc at, const char *arg) {
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg) {
    option_error(at, "-D needs NAME=VALUE, not '%s'", arg);
    return;
  }
  const char *value = eq + 1;  // a bare word is a string; one that starts like a number is a typo
  if (!literal_value(value) && (isdigit((unsigned char)value[0]) || (value[0] && strchr("+-.", value[0])))) {
    option_error(at, "-D %s: not a number (a string constexpr would be written -D %.*s='%s')", arg, (int)(eq - arg), arg,
                 value);
    return;
  }
  Define *d = xmalloc(sizeof *d);
  d->name = xstrndup(arg, (size_t)(eq - arg));
  d->value = xstrdup(eq + 1);
  d->loc = at;
  vec_push(&opt->defines, d);
}

static void add_sig(Options *opt, Loc at, const char *arg) {
  SigOpt *s = xmalloc(sizeof *s);
  s->loc = at;
  const char *colon = strchr(arg, ':');
  // "KERNEL:SIG" unless the part before ':' is a type ("*fp32:16")
  if (colon && colon != arg && !strchr("*", arg[0]) && !memchr(arg, ',', (size_t)(colon - arg))) {
    s->kernel = xstrndup(arg, (size_t)(colon - arg));
    s->sig = xstrdup(colon + 1);
  } else {
    s->kernel = NULL;
    s->sig = xstrdup(arg);
  }
  vec_push(&opt->sigs, s);
}

// ---- the options, one handler each: a table gives every long option both spellings,
// `--opt=VALUE` and `--opt VALUE`, as gcc and nvcc take them, and the names for did-you-mean.

typedef void (*OptionHandler)(Options *opt, Origin *o, const char *name, const char *val);

static void set_output(Options *opt, Origin *o, const char *n, const char *v) {
  (void)o, (void)n;
  opt->output = v;
  opt->output_given = true;  // (merge() does not copy it: a '# tl2cu: -o' line leaves --dump-ir's CUDA off)
}
static void set_header(Options *opt, Origin *o, const char *n, const char *v) { (void)o, (void)n, opt->header = v; }
static void add_kernel(Options *opt, Origin *o, const char *n, const char *v) {
  (void)o, (void)n;
  vec_push(&opt->kernels, (void *)v);
}
static void set_name(Options *opt, Origin *o, const char *n, const char *v) { (void)o, (void)n, opt->launcher_name = v; }
static void add_signature(Options *opt, Origin *o, const char *n, const char *v) { (void)n, add_sig(opt, with_value(o), v); }
static void add_define_option(Options *opt, Origin *o, const char *n, const char *v) {
  (void)n;
  add_define(opt, with_value(o), v);
}
static void add_import_path(Options *opt, Origin *o, const char *n, const char *v) {
  (void)n;
  Define *d = xmalloc(sizeof(Define));
  *d = (Define){.name = v, .loc = with_value(o)};
  vec_push(&opt->import_paths, d);
}
static void set_grid(Options *opt, Origin *o, const char *n, const char *v) {
  (void)n;
  opt->grid = v;
  opt->grid_loc = o->loc;
}
static void set_num_warps(Options *opt, Origin *o, const char *n, const char *v) { opt->num_warps = parse_positive(o, n, v); }
static void set_num_stages(Options *opt, Origin *o, const char *n, const char *v) { opt->num_stages = parse_stages(o, n, v); }
static void set_target(Options *opt, Origin *o, const char *n, const char *v) { (void)n, opt->target = parse_target(o, v); }
static void set_line_directives(Options *opt, Origin *o, const char *n, const char *v) {
  (void)o, (void)n, (void)v;
  opt->line_directives = true;
}
static void set_inexact_libdevice(Options *opt, Origin *o, const char *n, const char *v) {
  (void)o, (void)n, (void)v;
  opt->inexact_libdevice = true;
}
static void set_strict_libdevice(Options *opt, Origin *o, const char *n, const char *v) {
  (void)o, (void)n, (void)v;
  opt->strict_libdevice = true;
}
static void set_debug(Options *opt, Origin *o, const char *n, const char *v) { (void)o, (void)n, (void)v, opt->debug = true; }
static void set_format(Options *opt, Origin *o, const char *n, const char *v) {
  (void)n;
  opt->format = v;
  if (strcmp(v, "auto") && strcmp(v, "none") && strcmp(v, "clang-format"))
    bad_option(o, "--format takes auto, none or clang-format, not '%s'", v);
}
static const char *const ir_passes[] = {"trace",  "canon",    "group",   "axisinfo", "unitstride",
                                         "layout", "contract", "convert", "smem"};  // main.c's order

// --dump-ir's list item at item (up to a comma or the end) is PASS.
static bool list_item_is(const char *item, const char *pass) {
  size_t n = strcspn(item, ",");
  return strlen(pass) == n && !strncmp(item, pass, n);
}

static const char *next_item(const char *item) {
  const char *comma = strchr(item, ',');
  return comma ? comma + 1 : NULL;
}

bool option_dumps_ir_after(const Options *o, const char *pass) {
  for (const char *item = o->dump_ir; item; item = next_item(item))
    if (list_item_is(item, pass)) return true;
  return false;
}

static void set_dump_ir(Options *opt, Origin *o, const char *n, const char *v) {
  (void)n;
  opt->dump_ir = v ? v : "layout";
  for (const char *item = opt->dump_ir; item; item = next_item(item)) {
    bool known = false;
    for (size_t i = 0; i < sizeof ir_passes / sizeof ir_passes[0]; i++) known |= list_item_is(item, ir_passes[i]);
    if (!known)
      bad_option(o, "--dump-ir takes trace, canon, group, axisinfo, unitstride, layout, contract, convert or smem "
                    "(the passes, comma-separated), not '%s'", xprintf("%.*s", (int)strcspn(item, ","), item));
  }
}
static void set_depfile(Options *opt, Origin *o, const char *n, const char *v) { (void)o, (void)n, (void)v, opt->write_depfile = true; }
static void set_depfile_path(Options *opt, Origin *o, const char *n, const char *v) {
  (void)o, (void)n;
  opt->depfile = v;
  opt->write_depfile = true;
}

typedef enum {
  NO_VALUE,
  VALUE,           // the next word, or after '=' for a long option
  OPTIONAL_VALUE,  // only after '=' (--dump-ir[=PASS]), as gcc's optional arguments
} ValueKind;

typedef struct {
  const char *short_name, *long_name;  // either may be NULL
  ValueKind value;
  OptionHandler apply;
} OptionSpec;

static const OptionSpec option_table[] = {
    {"-o", NULL, VALUE, set_output},
    {"-H", "--header", VALUE, set_header},
    {"-k", "--kernel", VALUE, add_kernel},
    {NULL, "--name", VALUE, set_name},
    {"-s", "--signature", VALUE, add_signature},
    {"-D", "--define", VALUE, add_define_option},
    {NULL, "--grid", VALUE, set_grid},
    {NULL, "--import-path", VALUE, add_import_path},
    {NULL, "--num-warps", VALUE, set_num_warps},
    {NULL, "--num-stages", VALUE, set_num_stages},
    {NULL, "--target", VALUE, set_target},
    {NULL, "--line-directives", NO_VALUE, set_line_directives},
    {NULL, "--allow-inexact-libdevice", NO_VALUE, set_inexact_libdevice},
    {NULL, "--strict-libdevice", NO_VALUE, set_strict_libdevice},
    {NULL, "--debug", NO_VALUE, set_debug},
    {NULL, "--format", VALUE, set_format},
    {NULL, "--dump-ir", OPTIONAL_VALUE, set_dump_ir},
    {"-MD", NULL, NO_VALUE, set_depfile},
    {"-MF", NULL, VALUE, set_depfile_path},
};

// Options only the command line takes (main.c acts on them), for did-you-mean.
static const char *const argv_only[] = {"--help", "-h", "--version", "--print-include-dir"};

static const OptionSpec *find_long(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof option_table / sizeof *option_table; i++) {
    const char *l = option_table[i].long_name;
    if (l && strlen(l) == len && !strncmp(l, name, len)) return &option_table[i];
  }
  return NULL;
}

static const OptionSpec *find_short(const char *word) {
  for (size_t i = 0; i < sizeof option_table / sizeof *option_table; i++)
    if (option_table[i].short_name && !strcmp(option_table[i].short_name, word)) return &option_table[i];
  return NULL;
}

// "; did you mean '--num-warps'?" for a misspelt option, or "".
static const char *option_hint(const char *word) {
  Vec names = {0};
  for (size_t i = 0; i < sizeof option_table / sizeof *option_table; i++) {
    if (option_table[i].short_name) vec_push(&names, (void *)option_table[i].short_name);
    if (option_table[i].long_name) vec_push(&names, (void *)option_table[i].long_name);
  }
  for (size_t i = 0; i < sizeof argv_only / sizeof *argv_only; i++) vec_push(&names, (void *)argv_only[i]);
  const char *eq = strchr(word, '=');
  const char *close = closest_name(eq ? xstrndup(word, (size_t)(eq - word)) : word, &names);
  return close ? xprintf("; did you mean '%s'?", close) : "";
}

// Options shared by argv and "# tl2cu:" lines. Returns how many words it used,
// 0 if `w` is not an option it knows.
static int parse_one(Options *opt, Origin *o, char **w, int n) {
  const char *a = w[0];
  const char *next = n > 1 ? w[1] : NULL;
  if (!strncmp(a, "-D", 2) && a[2]) {  // -DNAME=VALUE, as cc takes it
    add_define(opt, o->loc, a + 2);
    return 1;
  }
  const char *eq = !strncmp(a, "--", 2) ? strchr(a, '=') : NULL;
  const OptionSpec *spec = !strncmp(a, "--", 2) ? find_long(a, eq ? (size_t)(eq - a) : strlen(a)) : find_short(a);
  if (!spec) return 0;
  const char *name = eq ? xstrndup(a, (size_t)(eq - a)) : a;
  if (eq && spec->value == NO_VALUE) {
    bad_option(o, "option '%s' takes no value", name);
    return 1;
  }
  if (eq || spec->value != VALUE) {
    spec->apply(opt, o, name, eq ? eq + 1 : NULL);
    return 1;
  }
  if (!next) {
    bad_option(o, "option '%s' needs a value", name);
    return 1;
  }
  spec->apply(opt, o, name, next);
  return 2;
}

void options_parse_argv(Options *opt, int argc, char **argv) {
  Origin o = {{0, 0, 0}, 0};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      exit(0);
    }
    if (!strcmp(a, "--version")) {
      printf("tl2cu %s\n", TL2CU_VERSION);
      exit(0);
    }
    // Not handled here like --version: finding the header needs main.c's view of the binary.
    if (!strcmp(a, "--print-include-dir")) {
      opt->print_include_dir = true;
      continue;
    }
    int used = parse_one(opt, &o, argv + i, argc - i);
    if (used) {
      i += used - 1;
      continue;
    }
    if (a[0] == '-' && a[1]) usage_error(xprintf("unknown option '%%s'%s", option_hint(a)), a);
    if (opt->input) usage_error("more than one input file ('%s')", a);
    opt->input = a;
  }
  if (!opt->input && !opt->print_include_dir) usage_error("%s", "no input file");
}

// Splits a comment's option text into words, with '...' and "..." quoting; locs[i]
// spans word i as written, the text starting at `at`.
static int split_words(const char *text, Loc at, char **words, Loc *locs, int max, Origin *o) {
  int n = 0;
  const char *s = text;
  while (*s) {
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) break;
    const char *start = s;
    Str w = {0};
    str_add(&w, "");
    while (*s && *s != ' ' && *s != '\t') {
      if (*s == '\'' || *s == '"') {
        char q = *s++;
        const char *end = strchr(s, q);
        if (!end) {
          bad_option(o, "unterminated quote in '# tl2cu:' options%s", "");
          return n;
        }
        char *part = xstrndup(s, (size_t)(end - s));
        str_add(&w, part);
        s = end + 1;
      } else {
        char c[2] = {*s++, 0};
        str_add(&w, c);
      }
    }
    if (n == max) {
      bad_option(o, "more than 64 words in one '# tl2cu:' line%s", "");
      return n;
    }
    locs[n] = (Loc){at.line, at.col + (int)(start - text), at.col + (int)(s - text)};
    words[n++] = w.buf;
  }
  return n;
}

static bool has_define(Vec *v, const char *name) {
  for (int i = 0; i < v->len; i++)
    if (!strcmp(((Define *)v->items[i])->name, name)) return true;
  return false;
}

static bool has_sig(Vec *v, const char *kernel) {
  for (int i = 0; i < v->len; i++) {
    const char *k = ((SigOpt *)v->items[i])->kernel;
    if ((!k && !kernel) || (k && kernel && !strcmp(k, kernel))) return true;
  }
  return false;
}

// Command-line values win: merge `file` into `opt` where opt has nothing.
static void merge(Options *opt, Options *file) {
  if (!opt->output) opt->output = file->output;
  if (!opt->header) opt->header = file->header;
  if (!opt->launcher_name) opt->launcher_name = file->launcher_name;
  if (!opt->grid) opt->grid = file->grid, opt->grid_loc = file->grid_loc;
  if (!opt->format) opt->format = file->format;
  if (!opt->num_warps) opt->num_warps = file->num_warps;
  opt->line_directives |= file->line_directives;
  opt->inexact_libdevice |= file->inexact_libdevice;
  opt->strict_libdevice |= file->strict_libdevice;
  opt->debug |= file->debug;
  if (!opt->num_stages) opt->num_stages = file->num_stages;
  if (!opt->target) opt->target = file->target;
  opt->write_depfile |= file->write_depfile;
  if (!opt->depfile) opt->depfile = file->depfile;
  if (!opt->kernels.len) opt->kernels = file->kernels;
  for (int i = 0; i < file->defines.len; i++) {
    Define *d = file->defines.items[i];
    if (!has_define(&opt->defines, d->name)) vec_push(&opt->defines, d);
  }
  for (int i = 0; i < file->import_paths.len; i++) vec_push(&opt->import_paths, file->import_paths.items[i]);
  for (int i = 0; i < file->sigs.len; i++) {
    SigOpt *s = file->sigs.items[i];
    if (!has_sig(&opt->sigs, s->kernel)) vec_push(&opt->sigs, s);
  }
}

void options_from_source(Options *opt, const char *text) {
  Options file = {0};
  int line = 1;
  for (const char *p = text; *p; line++) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    const char *q = p;
    while (q < p + len && (*q == ' ' || *q == '\t')) q++;
    if ((size_t)(p + len - q) > 7 && !strncmp(q, "#", 1)) {
      const char *r = q + 1;
      while (*r == ' ') r++;
      if (!strncmp(r, "tl2cu:", 6)) {
        Origin o = {{line, (int)(q - p) + 1, (int)len + 1}, 0};
        char *words[64];
        Loc locs[64];
        Loc text_at = {line, (int)(r + 6 - p) + 1, 0};
        int n = split_words(xstrndup(r + 6, (size_t)(p + len - r - 6)), text_at, words, locs, 64, &o);
        for (int i = 0; i < n;) {
          o.loc = locs[i];
          o.val_end = locs[i + (i + 1 < n)].end_col;
          int used = parse_one(&file, &o, words + i, n - i);
          if (!used) {
            bad_option(&o, xprintf("unknown option '%%s' in '# tl2cu:' line%s", option_hint(words[i])), words[i]);
            used = 1;
          }
          i += used;
        }
      }
    }
    p = nl ? nl + 1 : p + len;
  }
  merge(opt, &file);
}

// ---- do the -s and -D options name something? (after the file is read)

static bool has_func(Vec *funcs, const char *name) {
  for (int i = 0; i < funcs->len; i++)
    if (!strcmp(((Func *)funcs->items[i])->name, name)) return true;
  return false;
}

static const char *did_you_mean(const char *name, Vec *names) {
  const char *close = closest_name(name, names);
  return close ? xprintf("; did you mean '%s'?", close) : NULL;
}

static void check_sig(SigOpt *s, Vec *kernels) {
  if (!s->kernel || has_func(kernels, s->kernel)) return;
  Vec names = {0};
  Str list = {0};
  str_add(&list, "");
  for (int i = 0; i < kernels->len; i++) {
    const char *name = ((Func *)kernels->items[i])->name;
    vec_push(&names, (void *)name);
    str_addf(&list, "%s'%s'", i ? ", " : "", name);
  }
  const char *hint = did_you_mean(s->kernel, &names);
  bool in_file = s->loc.line;
  option_error(s->loc, "-s %s:...: '%s' is not a kernel %s%s", s->kernel, s->kernel,
               in_file ? "of this file" : "translated", hint ? hint : xprintf(" (those are %s)", list.buf));
}

// "pkg.module.function": dotted identifiers outside Triton's modules (collect_apply_defines binds
// the name to that function of that module, found as an import of it would be).
bool define_is_import_path(const char *value) {
  if (!strchr(value, '.') || !strncmp(value, "triton.", 7) || !strncmp(value, "tl.", 3) || known_module(value) ||
      define_literal(value)->kind != OBJ_STR)  // (libdevice.div_rn: a Triton function)
    return false;
  for (const char *p = value; *p; p++)
    if (!(isalnum((unsigned char)*p) || *p == '_' || (*p == '.' && p > value && p[1] && p[1] != '.'))) return false;
  return !isdigit((unsigned char)*value);
}

static void define_error(Module *m, Define *d, Vec *kernels) {
  Vec targets = {0};
  for (int i = 0; i < kernels->len; i++) define_targets(m, kernels->items[i], &targets);
  const char *hint = did_you_mean(d->name, &targets);
  option_error(d->loc, "-D %s=%s: '%s' is not a parameter, autotune meta-parameter, heuristic or module-level constant of %s%s",
               d->name, d->value, d->name, d->loc.line ? "this file's kernels" : "the kernels translated", hint ? hint : "");
}

// -D names of no kernel of the file, which another file the kernels read from may bind where
// tl2cu cannot compute it (imports.c's member_or_define): known only once the kernels are lowered.
static struct {
  Module *m;
  Vec defines;  // Define*
  Vec kernels;  // Vec*: the kernels each may serve
} deferred;

static void check_define(Module *m, Define *d, Vec *kernels) {
  Vec targets = {0};
  for (int i = 0; i < kernels->len; i++) define_targets(m, kernels->items[i], &targets);
  for (int i = 0; i < targets.len; i++)
    if (!strcmp(targets.items[i], d->name)) return;
  for (int i = 0; define_is_import_path(d->value) && i < kernels->len; i++)
    if (kernel_reads_unbound(m, kernels->items[i], d->name)) return;
  if (imports_reads_files(m)) {
    deferred.m = m;
    vec_push(&deferred.defines, d);
    vec_push(&deferred.kernels, kernels);
    return;
  }
  define_error(m, d, kernels);
}

void options_check_deferred(void) {
  for (int i = 0; i < deferred.defines.len; i++) {
    Define *d = deferred.defines.items[i];
    if (!imports_define_applied(d->name)) define_error(deferred.m, d, deferred.kernels.items[i]);
  }
}

void options_check_names(Options *o, Module *m, Vec *translated, Vec *in_file) {
  for (int i = 0; i < o->sigs.len; i++) {
    SigOpt *s = o->sigs.items[i];
    check_sig(s, s->loc.line ? in_file : translated);
  }
  for (int i = 0; i < o->defines.len; i++) {
    Define *d = o->defines.items[i];
    check_define(m, d, d->loc.line ? in_file : translated);
  }
}
