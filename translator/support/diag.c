// diag.c: diagnostics in the form `file:line:col: error: message`, followed by
// the source line and a caret under the offending range (cproc, chibicc).
//
// Errors are counted, not fatal, so a stage can report several; main() stops
// at the stage boundary when diag_error_count() is non-zero. diag_fatal() is
// for errors after which the stage cannot go on.
#include "tl2cu.h"

#include <iconv.h>
#include <setjmp.h>

#include <stdlib.h>
#include <string.h>

static const char *src_encoding;  // a PEP 263 coding cookie's, when the text was decoded from it
static int errors;

// Files read for their imports (imports.c), numbered from 1; Locs with file 0 are the input file's,
// or, while an imported file is parsed, that file's (its syntax errors are reported before its nodes exist).
typedef struct {
  const char *path, *text;
  size_t len;
  uint32_t *lines;  // the byte each line starts at, found when a line is first asked for (line_start)
  uint32_t line_count;
} Source;
static Source input = {"<input>", "", 0, NULL, 0};
static Vec imported;  // Source*: file n at n - 1
static int parsing;   // the file ast.c is reading now (0: the input file)

int diag_add_file(const char *path, const char *text, size_t len) {
  Source *s = xmalloc(sizeof(Source));
  *s = (Source){path, text, len, NULL, 0};
  vec_push(&imported, s);
  return parsing = imported.len;
}

void diag_parse_done(void) { parsing = 0; }
int diag_current_file(void) { return parsing; }

static Source *source_of(int file) {
  return file > 0 && file <= imported.len ? imported.items[file - 1] : &input;
}

const char *diag_file_path(int file) { return source_of(file)->path; }

void diag_set_encoding(const char *encoding) { src_encoding = encoding; }

static Loc shift_to;  // where line 1, column 1 of what is being parsed stands in the source (diag_shift)
static const char *shift_what;  // ... and what it is, said before each message ("--grid")

void diag_set_source(const char *path, const char *text, size_t len) {
  input = (Source){path, text, len, NULL, 0};
  shift_to = (Loc){0, 0, 0};
  shift_what = NULL;
}

// Until the next diag_set_source: locations are of a text parsed apart (a --grid value)
// that stands at `at` in the source, so diagnostics name the source's line and column;
// messages start with `what` ("--grid: syntax error: ..."), never read as the file's own.
void diag_shift(Loc at, const char *what) {
  shift_to = at;
  shift_what = what;
}

static Loc shifted(Loc loc) {
  if (!shift_to.line || loc.line < 1) return loc;
  if (loc.line == 1) {
    loc.col += shift_to.col - 1;
    if (loc.end_col) loc.end_col += shift_to.col - 1;
  }
  loc.line += shift_to.line - 1;
  return loc;
}

const char *diag_path(void) { return input.path; }
int diag_error_count(void) { return errors; }

// The start of 1-based line `line` of file, or NULL.
static const char *line_start(int file, int line, size_t *n) {
  Source *src = source_of(file);
  // (indexed once: the generated code quotes every statement's line)
  if (!src->lines) src->lines = line_starts_of(src->text, src->len, &src->line_count);
  if (line > (int)src->line_count) return NULL;
  if (line < 1) line = 1;  // (line 0, a location with no line of its own: the first)
  const char *p = src->text + src->lines[line - 1], *end = src->text + src->len;
  if (p >= end && line > 1) return NULL;
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *n = (size_t)((nl ? nl : end) - p);
  if (*n && p[*n - 1] == '\r') (*n)--;
  return p;
}

const char *diag_line_text(Loc loc) {
  size_t n = 0;
  const char *p = line_start(loc.file, loc.line, &n);
  return p ? xstrndup(p, n) : "";
}

// The bytes of one character at p (at most n): a valid UTF-8 sequence of a printable
// character, or 0 for a control character or a byte that starts no valid sequence (shown
// as '?': a binary file's bytes must not reach the terminal).
static int printable_char(const char *p, int n) {
  unsigned char c = (unsigned char)p[0];
  if (c == '\t') return 1;
  if (c < 0x20 || c == 0x7f) return 0;
  int len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
  if (!len || len > n) return 0;
  for (int i = 1; i < len; i++)
    if (((unsigned char)p[i] & 0xC0) != 0x80) return 0;
  return len;
}

// Columns the first `bytes` bytes of a source line take on a terminal: tabs to the next
// multiple of 8, one per character (a '?' for each byte print_source cannot show).
static int display_width(const char *p, int bytes) {
  int w = 0;
  for (int i = 0; i < bytes;) {
    int len = printable_char(p + i, bytes - i);
    w = p[i] == '\t' ? (w / 8 + 1) * 8 : w + 1;
    i += len ? len : 1;
  }
  return w;
}

static void print_line(const char *p, int n) {
  for (int i = 0; i < n;) {
    int len = printable_char(p + i, n - i);
    if (len) fwrite(p + i, 1, (size_t)len, stderr);
    else fputc('?', stderr);
    i += len ? len : 1;
  }
  fputc('\n', stderr);
}

static void print_source(Loc loc) {
  size_t n = 0;
  const char *p = loc.line > 0 ? line_start(loc.file, loc.line, &n) : NULL;
  if (!p) return;
  print_line(p, (int)n);
  int col = loc.col - 1 < (int)n ? loc.col - 1 : (int)n;
  int end = loc.end_col > loc.col ? loc.end_col - 1 : col + 1;
  if (end > (int)n) end = (int)n > col ? (int)n : col + 1;
  int start_w = display_width(p, col);
  int span = end > col ? display_width(p + col, end - col) : 1;
  fprintf(stderr, "%*s^", start_w, "");
  for (int i = 1; i < span; i++) fputc('~', stderr);
  fputc('\n', stderr);
}

// A column of the decoded UTF-8 text as a byte column of the file in its own encoding.
static int file_column(Loc loc) {
  size_t n = 0;
  const char *p = src_encoding && !loc.file ? line_start(0, loc.line, &n) : NULL;
  if (!p || loc.col < 1) return loc.col;
  size_t in_left = (size_t)loc.col - 1 < n ? (size_t)loc.col - 1 : n, out_size = 4 * in_left + 4, out_left = out_size;
  char *in = (char *)p, *out = xmalloc(out_size), *o = out;
  iconv_t cd = iconv_open(src_encoding, "UTF-8");
  if (cd == (iconv_t)-1) return loc.col;
  size_t done = iconv(cd, &in, &in_left, &o, &out_left);
  iconv_close(cd);
  return done == (size_t)-1 ? loc.col : (int)(out_size - out_left) + 1;
}

static void report_text(const char *level, Loc loc, const char *text) {
  loc = shifted(loc);
  if (!loc.file) loc.file = parsing;
  const char *path = diag_file_path(loc.file);
  if (loc.line > 0) fprintf(stderr, "%s:%d:%d: %s: ", path, loc.line, file_column(loc), level);
  else fprintf(stderr, "%s: %s: ", path, level);
  if (shift_what && strncmp(text, shift_what, strlen(shift_what))) fprintf(stderr, "%s: ", shift_what);
  fprintf(stderr, "%s\n", text);
  print_source(loc);
}

static void report(const char *level, Loc loc, const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, again);
  va_end(again);
  char *text = xmalloc((size_t)(n > 0 ? n : 0) + 1);
  vsnprintf(text, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
  report_text(level, loc, text);
}

void diag_error(Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report("error", loc, fmt, ap);
  va_end(ap);
  errors++;
}

// The last note or warning printed: the same one again, at the same place, is not printed
// (a value computed in an attempt that failed is computed again to report the failure,
// reading what it read; a list comprehension builds the same triton.Config many times).
typedef struct {
  char text[512];
  Loc loc;
} LastReport;

static bool repeats(LastReport *last, Loc loc, const char *text) {
  if (!strcmp(text, last->text) && loc.line == last->loc.line && loc.col == last->loc.col && loc.file == last->loc.file)
    return true;
  snprintf(last->text, sizeof last->text, "%s", text);
  last->loc = loc;
  return false;
}

void diag_warning(Loc loc, const char *fmt, ...) {
  static LastReport last;
  char text[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  if (!repeats(&last, loc, text)) report_text("warning", loc, text);
}

void diag_note(Loc loc, const char *fmt, ...) {
  static LastReport last;
  char text[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  if (!repeats(&last, loc, text)) report_text("note", loc, text);
}

// What is being done when an error stops translation, said after it: a stack, innermost
// first when printed (a module constant computed while the autotune configs are).
enum { MAX_CONTEXT = 16 };
static const char *context_text[MAX_CONTEXT];
static Loc context_loc[MAX_CONTEXT];
static int ncontext;

// text: pushes a note; NULL: pops the last one.
void diag_context(Loc loc, const char *text) {
  if (!text) {
    if (ncontext) ncontext--;
    return;
  }
  if (ncontext < MAX_CONTEXT) context_loc[ncontext] = loc, context_text[ncontext] = text;
  ncontext++;
}

// Set while an evaluation may fail quietly (diag_attempt): a fatal error jumps back.
static jmp_buf *attempt;
static int *kept[4];  // stack depths a failed attempt puts back, as it does ncontext (diag_attempt_keeps)
static int nkept;

void diag_attempt_keeps(int *depth) {
  if (nkept < 4) kept[nkept++] = depth;
}

bool diag_attempt(void (*fn)(void *), void *arg) {
  jmp_buf here, *saved = attempt;
  int depth = ncontext, depths[4];
  for (int i = 0; i < nkept; i++) depths[i] = *kept[i];
  attempt = &here;
  bool ok = setjmp(here) == 0;
  if (ok) fn(arg);
  attempt = saved;
  ncontext = depth;  // (the contexts a failed attempt pushed)
  for (int i = 0; i < nkept; i++) *kept[i] = depths[i];
  return ok;
}

// An error said with notes of its own ends translation even inside an attempt (it names the
// cause better than the attempt's caller would), unless an attempt that has a fallback for any
// failure is under way (diag_attempt_any): then it fails the innermost attempt, as diag_fatal does.
static int any_failure;

void diag_attempt_fails(void) {
  if (attempt && any_failure) longjmp(*attempt, 1);
}

bool diag_attempt_any(void (*fn)(void *), void *arg) {
  any_failure++;
  bool ok = diag_attempt(fn, arg);
  any_failure--;
  return ok;
}

_Noreturn void diag_fatal(Loc loc, const char *fmt, ...) {
  if (attempt) longjmp(*attempt, 1);
  va_list ap;
  va_start(ap, fmt);
  report("error", loc, fmt, ap);
  va_end(ap);
  for (int i = (ncontext < MAX_CONTEXT ? ncontext : MAX_CONTEXT) - 1; i >= 0; i--)
    diag_note(context_loc[i], "%s", context_text[i]);
  util_free_all();
  exit(1);
}
