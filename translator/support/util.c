// util.c: memory, strings and small containers shared by every stage.
//
// Allocation goes through xmalloc(), which never returns NULL: the translator
// is a one-shot program, so a run's memory is kept in one list and released
// once at exit (util_free_all), which keeps sanitizer runs free of leak noise.
// Small allocations are cut from 1 MiB blocks (a calloc each was a fifth of a run's
// time); under AddressSanitizer each has its own, so that ASan sees every bound.
#include "tl2cu.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct Chunk {
  struct Chunk *next;
  max_align_t data[];
} Chunk;

static Chunk *chunks;

static void *new_chunk(size_t size) {
  Chunk *c = calloc(1, sizeof(Chunk) + size);
  if (!c) {
    fprintf(stderr, "tl2cu: out of memory\n");
    exit(1);
  }
  c->next = chunks;
  chunks = c;
  return c->data;
}

#if defined(__SANITIZE_ADDRESS__)
void *xmalloc(size_t size) { return new_chunk(size); }
#else
enum { BLOCK_BYTES = 1 << 20, OWN_CHUNK = BLOCK_BYTES / 8 };
static char *block_next, *block_end;  // the free part of the current block (zeroed, as calloc's)

void *xmalloc(size_t size) {
  size_t align = sizeof(max_align_t);
  size = (size + align - 1) / align * align;
  if (size >= OWN_CHUNK) return new_chunk(size);
  if (!block_next || (size_t)(block_end - block_next) < size) {
    block_next = new_chunk(BLOCK_BYTES);
    block_end = block_next + BLOCK_BYTES;
  }
  void *p = block_next;
  block_next += size;
  return p;
}
#endif

void util_free_all(void) {
  while (chunks) {
    Chunk *next = chunks->next;
    free(chunks);
    chunks = next;
  }
#if !defined(__SANITIZE_ADDRESS__)
  block_next = block_end = NULL;
#endif
}

char *xstrndup(const char *s, size_t n) {
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

// The byte each line of text starts at (*count lines: one more than its newlines).
uint32_t *line_starts_of(const char *text, size_t len, uint32_t *count) {
  uint32_t n = 1;
  for (size_t i = 0; i < len; i++) n += text[i] == '\n';
  uint32_t *starts = xmalloc(sizeof *starts * n);
  for (uint32_t i = 0, l = 1; i < len; i++)
    if (text[i] == '\n') starts[l++] = i + 1;
  *count = n;
  return starts;
}

char *xprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *p = xmalloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}

bool read_file(const char *path, char **text, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  Str s = {0};
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
    if (s.len + n + 1 > s.cap) {
      size_t cap = (s.cap ? s.cap * 2 : 65536) + n;
      char *nb = xmalloc(cap);
      if (s.len) memcpy(nb, s.buf, s.len);
      s.buf = nb;
      s.cap = cap;
    }
    memcpy(s.buf + s.len, buf, n);
    s.len += n;
  }
  bool ok = !ferror(f);
  fclose(f);
  *text = s.buf ? s.buf : xmalloc(1);
  *len = s.len;
  return ok;
}

static void str_reserve(Str *s, size_t extra) {
  if (s->len + extra + 1 <= s->cap) return;
  size_t cap = s->cap ? s->cap * 2 : 256;
  while (cap < s->len + extra + 1) cap *= 2;
  char *nb = xmalloc(cap);
  if (s->len) memcpy(nb, s->buf, s->len);
  s->buf = nb;
  s->cap = cap;
}

void str_add(Str *s, const char *text) {
  size_t n = strlen(text);
  str_reserve(s, n);
  memcpy(s->buf + s->len, text, n + 1);
  s->len += n;
}

void str_addf(Str *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  str_reserve(s, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  s->len += (size_t)n;
}

void vec_push(Vec *v, void *item) {
  if (v->len == v->cap) {
    int cap = v->cap ? v->cap * 2 : 8;
    void **items = xmalloc(sizeof(void *) * (size_t)cap);
    if (v->len) memcpy(items, v->items, sizeof(void *) * (size_t)v->len);
    v->items = items;
    v->cap = cap;
  }
  v->items[v->len++] = item;
}

// Edits (insert, delete, replace a character) from a to b; letters that differ only in
// case count as the same, so `block` finds `BLOCK`.
static int edit_distance(const char *a, const char *b) {
  size_t n = strlen(b);
  int *row = xmalloc(sizeof(int) * (n + 1));  // row[j]: edits from a's prefix to b[0..j)
  for (size_t j = 0; j <= n; j++) row[j] = (int)j;
  for (size_t i = 0; a[i]; i++) {
    int diagonal = row[0];
    row[0] = (int)i + 1;
    for (size_t j = 1; j <= n; j++) {
      int above = row[j];
      int best = diagonal + (tolower((unsigned char)a[i]) != tolower((unsigned char)b[j - 1]));
      if (above + 1 < best) best = above + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diagonal = above;
    }
  }
  return row[n];
}

const char *closest_name(const char *name, Vec *names) {
  int limit = (int)strlen(name) / 3;  // a typo changes little of a name
  if (limit < 1) limit = 1;
  const char *best = NULL;
  int best_distance = limit + 1;
  for (int i = 0; i < names->len; i++) {
    const char *cand = names->items[i];
    int d = edit_distance(name, cand);
    if (d < best_distance && d < (int)strlen(cand)) best = cand, best_distance = d;
  }
  return best;
}

_Noreturn void internal_error(const char *file, int line, const char *what) {
  fprintf(stderr, "tl2cu: internal error at %s:%d: %s\n", file, line, what);
  abort();
}

static unsigned name_hash(const char *s) {
  unsigned h = 2166136261u;  // FNV-1a
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static int *nameset_slot(NameSet *s, const char *name, bool add) {
  unsigned i = name_hash(name) & (unsigned)(s->cap - 1);
  for (; s->names[i]; i = (i + 1) & (unsigned)(s->cap - 1))
    if (!strcmp(s->names[i], name)) return &s->next[i];
  if (!add) return NULL;
  s->names[i] = name;
  s->len++;
  return &s->next[i];
}

int *nameset_find(NameSet *s, const char *name, bool add) {
  if (add && 2 * (s->len + 1) > s->cap) {  // keep it at most half full
    NameSet bigger = {xmalloc(sizeof(char *) * (size_t)(s->cap ? 2 * s->cap : 64)),
                      xmalloc(sizeof(int) * (size_t)(s->cap ? 2 * s->cap : 64)), 0, s->cap ? 2 * s->cap : 64};
    for (int i = 0; i < s->cap; i++)
      if (s->names[i]) *nameset_slot(&bigger, s->names[i], true) = s->next[i];
    *s = bigger;
  }
  return s->cap ? nameset_slot(s, name, add) : NULL;
}

int log2i(int64_t n) {  // the exponent of a power of two (of the next one up otherwise)
  int r = 0;
  while ((int64_t)1 << r < n) r++;
  return r;
}

int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

int64_t floor_mod(int64_t x, int64_t m) { return ((x % m) + m) % m; }

int64_t pow2_divisor(int64_t x, int64_t cap) {
  if (x == 0) return cap;
  int64_t d = 1;
  while (d < cap && x % (d * 2) == 0) d *= 2;
  return d;
}
