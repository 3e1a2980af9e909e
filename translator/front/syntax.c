// syntax.c: the syntax errors Python's tokenizer finds, found as it finds them.
//
// tree-sitter-python recovers from errors silently (a body that is not indented
// parses as an empty block, an unclosed bracket is reported a line late), so this
// scans the source once the way CPython's Parser/tokenizer.c does: an indentation
// stack (with the tab-width-1 shadow stack behind TabError), a bracket stack, strings,
// numbers and line continuations, and f-strings' replacement fields as code (PEP 701).
// It also marks what tree-sitter-python would misread (blanks: see ast.c). It records
// the first error of each kind Python tells apart; syntax_report() then reports the
// one Python would, given the first error of the parser (tree-sitter and pyrules.c):
//   - an error the tokenizer raises itself (strings, numbers, brackets, bad characters)
//     wins wherever it is, because CPython tokenizes the rest of the file after a
//     parser error to look for one;
//   - otherwise the earliest of the parser's error, the indentation layout errors
//     (unexpected indent, expected an indented block) and the errors that stop the
//     tokenizer (unindent, tabs, continuation);
//   - an unclosed bracket wins over a parser error on a later line.
#include "tl2cu.h"

#include <string.h>

#define MAX_BRACKETS 200  // CPython's MAXLEVEL: "too many nested parentheses"
#define MAX_INDENTS 100   // CPython's MAXINDENT: "too many levels of indentation"

typedef struct {
  const char *p, *end;
  int line;
  const char *line_start;
  SyntaxScan *out;
  char brackets[MAX_BRACKETS];
  Loc bracket_at[MAX_BRACKETS];
  int level;
  int indents[MAX_INDENTS + 1], alt_indents[MAX_INDENTS + 1];
  int depth;
  // the last logical line, for the layout errors
  bool header;           // it ended with ':' outside brackets
  const char *opener;    // what its first token opens ("'if' statement", "function definition")
  int header_line;
  Loc opener_end;        // where it ended
  // the current logical line
  bool line_has_tokens;
  bool last_was_colon;
  const char *first_token;
  size_t first_len;
  const char *text;
  Loc last_newline;  // where the last logical line with tokens ended
  // the line breaks, comments and continuations of the outermost bracket now open, and
  // whether a line among them is indented less than the block (see blank_bracket_layout)
  Vec layout_in_brackets;
  bool dedented_in_brackets;
  // a type parameter list (see type_parameter_defaults)
  int tp_step;             // 1 after a statement's def, class or type; 2 after its name too
  int tp_level;            // the bracket level inside the list; 0 outside one
  bool tp_param_start;     // the next token starts a parameter
  const char *tp_kind;     // of the parameter: "TypeVar", "TypeVarTuple" (*Ts), "ParamSpec" (**P)
  const char *tp_default;  // the '=' of its default, NULL if none (yet)
  const char *prev_token;  // the token before this one
  size_t prev_len;
} Scanner;

static Loc loc_at(Scanner *s, const char *p) {
  return (Loc){s->line, (int)(p - s->line_start) + 1, 0};
}

static bool set(SyntaxIssue *issue, Loc loc, const char *msg) {
  if (issue->msg) return false;
  issue->loc = loc;
  issue->msg = msg;
  return true;
}

static bool hard(Scanner *s, const char *at, const char *msg) {
  return set(&s->out->hard, loc_at(s, at), msg);
}

static bool soft(Scanner *s, Loc loc, const char *msg) {
  return set(&s->out->soft, loc, msg);
}

static bool is_name_start(unsigned char c) { return c == '_' || ((c | 32) >= 'a' && (c | 32) <= 'z') || c >= 0x80; }
static bool is_name_char(unsigned char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

static void newline(Scanner *s, const char *after) {
  s->line++;
  s->line_start = after;
}

// What a compound statement's header opens, in Python's words; NULL for other lines.
static const char *block_kind(const char *tok, size_t n) {
  static const char *const kw[] = {"if", "elif", "else", "for", "while", "with", "try", "except", "finally"};
  if (n == 3 && !memcmp(tok, "def", 3)) return "function definition";
  if (n == 5 && !memcmp(tok, "class", 5)) return "class definition";
  for (size_t i = 0; i < sizeof kw / sizeof *kw; i++)
    if (strlen(kw[i]) == n && !memcmp(tok, kw[i], n)) return xprintf("'%s' statement", kw[i]);
  return NULL;
}

static void token(Scanner *s, const char *start, size_t n) {
  if (!s->line_has_tokens && s->level == 0) {
    LogicalLine *l = xmalloc(sizeof *l);
    l->start = (size_t)(start - s->text);
    l->end_of_previous = s->last_newline;
    vec_push(&s->out->lines, l);
  }
  if (!s->line_has_tokens) {
    s->first_token = start;
    s->first_len = n;
  }
  s->line_has_tokens = true;
  s->last_was_colon = s->level == 0 && n == 1 && *start == ':';
}

// ---- strings: an optional prefix is already consumed; p is at the quote
static bool string_prefix(const char *p, const char *end, size_t *n);
static void string(Scanner *s, const char *start);

typedef struct {
  char quote;
  bool triple, raw;
  Loc at;          // where the string starts, for Python's "unterminated" errors
  int start_line;
} Quote;

static bool closes(Scanner *s, const Quote *q) {
  return *s->p == q->quote && (!q->triple || (s->end - s->p >= 3 && s->p[1] == q->quote && s->p[2] == q->quote));
}

static void unterminated(Scanner *s, const Quote *q, bool fstring) {
  const char *kind = fstring ? "f-string" : "string";
  int last = s->line - (s->p > s->text && s->p[-1] == '\n');  // Python counts the last line with text
  set(&s->out->hard, q->at,
      q->triple ? xprintf("unterminated triple-quoted %s literal (detected at line %d)", kind, last)
                : xprintf("unterminated %s literal (detected at line %d)", kind, q->start_line));
}

static bool fstring_literal(Scanner *s, const Quote *q, bool in_format_spec);

// An f-string's {expression!conversion:format} after its '{' (PEP 701: the expression is
// tokenized like any other, so it may hold strings with the same quotes, backslashes,
// comments and line breaks). Returns false at the end of the file.
static bool replacement_field(Scanner *s, const Quote *q) {
  int depth = 0;
  while (s->p < s->end) {
    const char *start = s->p;
    char c = *s->p;
    size_t prefix = 0;
    if (string_prefix(s->p, s->end, &prefix) || c == '\'' || c == '"') {
      s->p += prefix;
      string(s, start);
      if (s->out->hard.msg) return false;
    } else if (is_name_char((unsigned char)c)) {
      while (s->p < s->end && is_name_char((unsigned char)*s->p)) s->p++;
    } else if (c == '#') {
      while (s->p < s->end && *s->p != '\n') s->p++;
    } else if (c == '\n') {
      newline(s, ++s->p);
    } else if (c == '\\' && s->p + 1 < s->end && s->p[1] == '\n') {
      s->p += 2;
      newline(s, s->p);
    } else if (depth == 0 && (c == '}' || c == ':')) {
      s->p++;
      return c == '}' || fstring_literal(s, q, true);
    } else {
      depth += strchr("([{", c) ? 1 : strchr(")]}", c) ? -1 : 0;
      s->p++;
    }
  }
  return false;
}

// An f-string's text up to its closing quote (or, in a format spec, up to the '}' that
// ends the field); its {fields} in between. Returns false on an error.
static bool fstring_literal(Scanner *s, const Quote *q, bool in_format_spec) {
  while (s->p < s->end) {
    char c = *s->p;
    if (c == '\\' && s->p + 1 < s->end && !strchr("{}", s->p[1])) {
      bool named = !q->raw && s->p[1] == 'N' && s->p + 2 < s->end && s->p[2] == '{';  // \N{NAME} is no field
      if (s->p[1] == '\n') newline(s, s->p + 2);
      s->p += 2;
      if (named)
        while (s->p < s->end && *s->p != '}' && *s->p != '\n' && *s->p != q->quote) s->p++;
    } else if (c == '\n') {
      if (!q->triple) return unterminated(s, q, true), false;
      newline(s, ++s->p);
    } else if (closes(s, q)) {
      if (in_format_spec) return true;  // Python: "f-string: expecting '}'"; the parser says so too
      s->p += q->triple ? 3 : 1;
      return true;
    } else if (in_format_spec && c == '}') {
      s->p++;
      return true;
    } else if (c == '{' && !in_format_spec && s->p + 1 < s->end && s->p[1] == '{') {
      s->p += 2;
    } else if (c == '{') {
      s->p++;
      if (!replacement_field(s, q)) {
        if (!s->out->hard.msg) unterminated(s, q, true);
        return false;
      }
    } else {
      s->p++;
    }
  }
  unterminated(s, q, true);
  return false;
}

static void string(Scanner *s, const char *start) {
  Quote q = {*s->p, false, memchr(start, 'r', (size_t)(s->p - start)) || memchr(start, 'R', (size_t)(s->p - start)),
             loc_at(s, start), s->line};
  q.triple = s->end - s->p >= 3 && s->p[1] == q.quote && s->p[2] == q.quote;
  bool fstring = memchr(start, 'f', (size_t)(s->p - start)) || memchr(start, 'F', (size_t)(s->p - start));
  s->p += q.triple ? 3 : 1;
  if (fstring) {
    fstring_literal(s, &q, false);
    return;
  }
  while (s->p < s->end) {
    char c = *s->p++;
    if (c == '\\' && s->p < s->end) {
      if (*s->p == '\n') newline(s, s->p + 1);
      s->p++;
    } else if (c == '\n') {
      if (!q.triple) {
        s->p--;
        set(&s->out->hard, q.at, xprintf("unterminated string literal (detected at line %d)", q.start_line));
        return;
      }
      newline(s, s->p);
    } else if (c == q.quote && (!q.triple || (s->end - s->p >= 2 && s->p[0] == q.quote && s->p[1] == q.quote))) {
      if (q.triple) s->p += 2;
      return;
    }
  }
  unterminated(s, &q, false);
}

static bool string_prefix(const char *p, const char *end, size_t *n) {
  size_t i = 0;
  while (p + i < end && i < 2 && strchr("rRbBuUfF", p[i]) && p[i]) i++;
  for (; i > 0; i--) {
    if (p + i < end && (p[i] == '\'' || p[i] == '"')) {
      char a = (char)(p[0] | 32), b = i == 2 ? (char)(p[1] | 32) : 0;
      bool ok = i == 1 || (a != b && a != 'u' && b != 'u' && !(strchr("bf", a) && strchr("bf", b)));
      if (ok) {
        *n = i;
        return true;
      }
    }
  }
  return false;
}

// ---- numbers: CPython's checks, including what may follow a number directly
static bool keyword_follows(const char *p, const char *end) {
  static const char *const kw[] = {"and", "else", "for", "if", "in", "is", "not", "or"};
  for (size_t i = 0; i < sizeof kw / sizeof *kw; i++) {
    size_t n = strlen(kw[i]);
    if ((size_t)(end - p) >= n && !memcmp(p, kw[i], n)) return true;
  }
  return false;
}

// Digits of a base with single '_' between them; returns false (and reports) on a bad '_'.
static bool digits(Scanner *s, const char *valid, const char *what) {
  for (;;) {
    while (s->p < s->end && strchr(valid, *s->p) && *s->p) s->p++;
    if (s->p >= s->end || *s->p != '_') return true;
    s->p++;
    if (s->p >= s->end || !strchr(valid, *s->p) || !*s->p) {
      hard(s, s->p - 1, xprintf("invalid %s literal", what));
      return false;
    }
  }
}

static void end_of_number(Scanner *s, const char *what) {
  if (s->p < s->end && is_name_char((unsigned char)*s->p) && !keyword_follows(s->p, s->end))
    hard(s, s->p, xprintf("invalid %s literal", what));
}

static void based_number(Scanner *s, const char *valid, const char *what) {
  s->p += 2;
  if (s->p < s->end && *s->p == '_') s->p++;
  const char *first = s->p;
  if (!digits(s, valid, what)) return;
  if (s->p < s->end && *s->p >= '0' && *s->p <= '9') {
    hard(s, s->p, xprintf("invalid digit '%c' in %s literal", *s->p, what));
  } else if (s->p == first) {
    hard(s, s->p, xprintf("invalid %s literal", what));
  } else {
    end_of_number(s, what);
  }
}

static void number(Scanner *s) {
  const char *start = s->p;
  char c1 = s->p + 1 < s->end ? (char)(s->p[1] | 32) : 0;
  if (*s->p == '0' && c1 == 'x') return based_number(s, "0123456789abcdefABCDEF", "hexadecimal");
  if (*s->p == '0' && c1 == 'o') return based_number(s, "01234567", "octal");
  if (*s->p == '0' && c1 == 'b') return based_number(s, "01", "binary");
  if (*s->p != '.' && !digits(s, "0123456789", "decimal")) return;
  bool is_float = false;
  if (s->p < s->end && *s->p == '.') {
    is_float = true;
    s->p++;
    if (s->p < s->end && *s->p >= '0' && *s->p <= '9' && !digits(s, "0123456789", "decimal")) return;
  }
  if (s->p < s->end && (*s->p | 32) == 'e') {
    const char *e = s->p++;
    if (s->p < s->end && (*s->p == '+' || *s->p == '-')) s->p++;
    if (s->p >= s->end || *s->p < '0' || *s->p > '9') {
      s->p = e;
      if (!keyword_follows(e, s->end)) hard(s, e, "invalid decimal literal");  // "1else" is fine
      return;
    }
    if (!digits(s, "0123456789", "decimal")) return;
    is_float = true;
  }
  if (s->p < s->end && (*s->p | 32) == 'j') {
    s->p++;
    return end_of_number(s, "imaginary");
  }
  if (!is_float && *start == '0') {
    for (const char *d = start; d < s->p; d++)
      if (*d != '0' && *d != '_') {
        hard(s, start,
             "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
        return;
      }
  }
  end_of_number(s, "decimal");
}

// ---- brackets
// Inside brackets Python ignores line breaks and indentation; tree-sitter-python's scanner
// does not when a line there is indented less than its block and follows a token that
// cannot end the bracket (`(bar.` then `baz)` further left): it closes the block, and the
// file becomes ERROR. So the breaks, comments and continuations of such a bracket are
// handed to ast.c to be read as spaces (byte offsets and so locations unchanged).
static void layout_in_brackets(Scanner *s, const char *from, const char *to) {
  ByteRange *r = xmalloc(sizeof *r);
  *r = (ByteRange){(size_t)(from - s->text), (size_t)(to - s->text)};
  vec_push(&s->layout_in_brackets, r);
}

static void blank_bracket_layout(Scanner *s) {
  if (s->dedented_in_brackets)
    for (int i = 0; i < s->layout_in_brackets.len; i++) vec_push(&s->out->blanks, s->layout_in_brackets.items[i]);
  s->layout_in_brackets = (Vec){0};
  s->dedented_in_brackets = false;
}

// A line inside brackets whose first token is at `first`: is it left of its block?
static void check_bracket_line(Scanner *s, const char *first) {
  int col = 0;
  for (const char *q = s->line_start; q < first; q++) {
    if (*q == ' ') col++;
    else if (*q == '\t') col = (col / 8 + 1) * 8;
    else if (*q == '\f') col = 0;
    else return;  // not the line's first token
  }
  if (col < s->indents[s->depth]) s->dedented_in_brackets = true;
}

static void open_bracket(Scanner *s, const char *at) {
  if (s->level >= MAX_BRACKETS) {
    hard(s, at, "too many nested parentheses");
    return;
  }
  s->brackets[s->level] = *at;
  s->bracket_at[s->level++] = loc_at(s, at);
}

static void close_bracket(Scanner *s, const char *at) {
  if (s->level == 0) {
    hard(s, at, xprintf("unmatched '%c'", *at));
    return;
  }
  char open = s->brackets[s->level - 1];
  Loc open_at = s->bracket_at[s->level - 1];
  char want = open == '(' ? ')' : open == '[' ? ']' : '}';
  if (*at != want) {
    hard(s, at,
         open_at.line == s->line
             ? xprintf("closing parenthesis '%c' does not match opening parenthesis '%c'", *at, open)
             : xprintf("closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", *at, open,
                       open_at.line));
    return;
  }
  if (--s->level == 0) blank_bracket_layout(s);
}

static const char unexpected_indent[] = "unexpected indent";  // compared by address

// ---- indentation, at the start of a logical line whose first token is at p
static void layout_error(Scanner *s, Loc loc, const char *msg) { set(&s->out->layout, loc, msg); }

// The line before this one ended with ':'; this one (or the end of the file) is not deeper.
static void expect_block(Scanner *s, Loc at) {
  if (s->opener)
    layout_error(s, at, xprintf("expected an indented block after %s on line %d", s->opener, s->header_line));
  else
    layout_error(s, at, "expected an indented block");
}

// Python measures indentation twice: tabs to multiples of 8 and tabs as 1 column; the
// two must order the lines alike, or the indentation depends on the tab size (TabError).
static bool indentation(Scanner *s, const char *first) {
  int col = 0, alt = 0;
  for (const char *q = s->line_start; q < first; q++) {
    if (*q == ' ') col++, alt++;
    else if (*q == '\t') col = (col / 8 + 1) * 8, alt++;
    else if (*q == '\f') col = alt = 0;
  }
  Loc here = loc_at(s, first);
  Loc line_start = {s->line, 1, 0};
  int top = s->indents[s->depth], alt_top = s->alt_indents[s->depth];
  if (col == top) {
    if (alt != alt_top) return !soft(s, line_start, "inconsistent use of tabs and spaces in indentation");
    if (s->header) expect_block(s, here);
  } else if (col > top) {
    if (s->depth + 1 >= MAX_INDENTS) return !soft(s, line_start, "too many levels of indentation");
    if (alt <= alt_top) return !soft(s, line_start, "inconsistent use of tabs and spaces in indentation");
    if (!s->header && s->opener) layout_error(s, s->opener_end, "expected ':'");  // `if x` then a block
    else if (!s->header) layout_error(s, here, unexpected_indent);
    s->depth++;
    s->indents[s->depth] = col;
    s->alt_indents[s->depth] = alt;
  } else {
    if (s->header) expect_block(s, here);
    while (s->depth > 0 && col < s->indents[s->depth]) s->depth--;
    if (col != s->indents[s->depth])
      return !soft(s, (Loc){s->line, (int)(first - s->line_start) + 1, 0},
                   "unindent does not match any outer indentation level");
    if (alt != s->alt_indents[s->depth])
      return !soft(s, line_start, "inconsistent use of tabs and spaces in indentation");
  }
  return true;
}

static void end_logical_line(Scanner *s) {
  if (!s->line_has_tokens) return;
  s->header = s->last_was_colon;
  s->opener = block_kind(s->first_token, s->first_len);
  s->opener_end = s->last_newline;
  s->header_line = s->line;
  s->line_has_tokens = false;
}

// Moves past blanks, comments and continuations; at a line's start (outside brackets)
// checks its indentation. Returns false when scanning must stop.
static bool skip_space(Scanner *s) {
  for (;;) {
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\f')) s->p++;
    const char *comment = s->p;
    if (s->p < s->end && *s->p == '#')
      while (s->p < s->end && *s->p != '\n') s->p++;
    if (s->p < s->end && *s->p == '\r' && s->p + 1 < s->end && s->p[1] == '\n') s->p++;
    if (s->level > 0 && s->p > comment) layout_in_brackets(s, comment, s->p);
    if (s->p >= s->end) return true;
    if (*s->p == '\n') {
      if (s->level == 0 && s->line_has_tokens) s->last_newline = loc_at(s, s->p);
      if (s->level > 0) layout_in_brackets(s, s->p, s->p + 1);
      s->p++;
      if (s->level == 0) end_logical_line(s);
      newline(s, s->p);
      continue;
    }
    if (*s->p == '\\') {
      const char *bs = s->p++;
      if (s->p < s->end && *s->p == '\r') s->p++;
      if (s->p >= s->end) return !soft(s, loc_at(s, bs), "unexpected EOF while parsing");
      if (*s->p != '\n') return !soft(s, loc_at(s, bs), "unexpected character after line continuation character");
      s->p++;
      if (s->level > 0) layout_in_brackets(s, bs, s->p);
      newline(s, s->p);
      continue;
    }
    if (s->level == 0 && !s->line_has_tokens && !indentation(s, s->p)) return false;
    if (s->level > 0) check_bracket_line(s, s->p);
    return true;
  }
}

static const char *const operators3[] = {"**=", "//=", ">>=", "<<=", "...", "!="};
static const char *const operators2[] = {"**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", ":=", "+=",
                                         "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="};

static size_t operator_length(const char *p, const char *end) {
  for (size_t i = 0; i < sizeof operators3 / sizeof *operators3; i++)
    if (end - p >= 3 && !memcmp(p, operators3[i], 3)) return 3;
  for (size_t i = 0; i < sizeof operators2 / sizeof *operators2; i++)
    if (end - p >= 2 && !memcmp(p, operators2[i], 2)) return 2;
  return strchr("+-*/%@&|^~<>=.,:;", *p) && *p ? 1 : 0;
}

// ---- PEP 696 (Python 3.13): type parameters with defaults, `def f[T = int]()`, which
// tree-sitter-python does not parse. The defaults are handed to ast.c to be read as spaces
// (`def f[T      ]()`), and what symtable.c forbids in them (walrus, yield, await) is
// found here, from their tokens.
static bool word(const char *tok, size_t n, const char *w) { return strlen(w) == n && !memcmp(tok, w, n); }

static void end_type_parameter_default(Scanner *s, const char *end) {
  if (s->tp_default) {
    ByteRange *r = xmalloc(sizeof *r);
    *r = (ByteRange){(size_t)(s->tp_default - s->text), (size_t)(end - s->text)};
    vec_push(&s->out->blanks, r);
  }
  s->tp_default = NULL;
}

static void check_type_parameter_default(Scanner *s, const char *tok, size_t n) {
  const char *what = word(tok, n, ":=")      ? "named"
                     : word(tok, n, "yield") ? "yield"
                     : word(tok, n, "await") ? "await"
                                             : NULL;
  if (!what || s->out->compile.msg) return;
  const char *at = what[0] == 'n' ? s->prev_token : tok;  // a walrus's expression starts at its name
  Loc loc = loc_at(s, at);
  if (at == tok) loc.end_col = loc.col + (int)n;  // the keyword
  set(&s->out->compile, loc, xprintf("%s expression cannot be used within a %s default", what, s->tp_kind));
}

static void type_parameter_defaults(Scanner *s, const char *tok, size_t n) {
  if (!s->tp_level) {
    bool after_async = s->first_token == s->prev_token && word(s->prev_token, s->prev_len, "async");
    bool starts = s->first_token == tok || after_async;
    if (s->level == 0 && starts && (word(tok, n, "def") || word(tok, n, "class") || word(tok, n, "type")))
      s->tp_step = 1;
    else if (s->tp_step == 1 && is_name_start((unsigned char)*tok))
      s->tp_step = 2;
    else if (s->tp_step == 2 && word(tok, n, "["))
      s->tp_level = s->level, s->tp_param_start = true, s->tp_step = 0;
    else
      s->tp_step = 0;
    return;
  }
  if (s->tp_default) check_type_parameter_default(s, tok, n);
  if (s->level == s->tp_level && s->tp_param_start) {
    s->tp_kind = word(tok, n, "**") ? "ParamSpec" : word(tok, n, "*") ? "TypeVarTuple" : "TypeVar";
    s->tp_param_start = false;
  }
  if (s->level == s->tp_level && word(tok, n, "=") && !s->tp_default) {
    s->tp_default = tok;
  } else if (s->level == s->tp_level && word(tok, n, ",")) {
    end_type_parameter_default(s, tok);
    s->tp_param_start = true;
  } else if (s->level < s->tp_level) {  // its ']'
    end_type_parameter_default(s, tok);
    s->tp_level = 0;
  }
}

// One token at s->p (not a blank): returns false when scanning must stop.
static bool next_token(Scanner *s) {
  const char *start = s->p;
  unsigned char c = (unsigned char)*s->p;
  size_t prefix = 0;
  if (string_prefix(s->p, s->end, &prefix) || c == '\'' || c == '"') {
    s->p += prefix;
    string(s, start);
  } else if (is_name_start(c)) {
    while (s->p < s->end && is_name_char((unsigned char)*s->p)) s->p++;
  } else if ((c >= '0' && c <= '9') || (c == '.' && s->p + 1 < s->end && s->p[1] >= '0' && s->p[1] <= '9')) {
    number(s);
  } else if (strchr("([{", c)) {
    s->p++;
    open_bracket(s, start);
  } else if (strchr(")]}", c)) {
    s->p++;
    close_bracket(s, start);
  } else {
    size_t n = operator_length(s->p, s->end);
    if (!n) {
      // '$', '?', '`', a lone '!': not a token; the parser reports "invalid syntax" there
      if (!s->out->stray.msg) set(&s->out->stray, loc_at(s, start), "invalid syntax");
      n = 1;
    }
    s->p += n;
  }
  token(s, start, (size_t)(s->p - start));
  type_parameter_defaults(s, start, (size_t)(s->p - start));
  s->prev_token = start;
  s->prev_len = (size_t)(s->p - start);
  return !s->out->hard.msg;
}

static int lines_in(const char *text, size_t len) {
  int n = 1;
  for (size_t i = 0; i + 1 < len; i++) n += text[i] == '\n';
  return n;
}

SyntaxScan syntax_scan(const char *text, size_t len) {
  SyntaxScan out = {0};
  Scanner s = {.p = text, .end = text + len, .line = 1, .line_start = text, .out = &out, .text = text};
  while (skip_space(&s) && s.p < s.end && next_token(&s)) {
  }
  if (out.hard.msg || out.soft.msg) return out;
  end_logical_line(&s);
  if (s.level > 0) {
    Loc at = s.bracket_at[s.level - 1];
    set(&out.unclosed, at, xprintf("'%c' was never closed", s.brackets[s.level - 1]));
  } else if (s.header) {
    s.line = lines_in(text, len);
    expect_block(&s, (Loc){s.line, 1, 0});
  }
  return out;
}

static bool before(Loc a, Loc b) { return a.line < b.line || (a.line == b.line && a.col < b.col); }

static const SyntaxIssue *earliest(const SyntaxIssue *a, const SyntaxIssue *b) {
  if (!a->msg) return b;
  if (!b->msg) return a;
  return before(b->loc, a->loc) ? b : a;  // a on a tie
}

// The error Python reports, given the scan and the parser's first error (msg NULL if none).
const SyntaxIssue *syntax_choose(const SyntaxScan *scan, const SyntaxIssue *parser) {
  // on a tie the tokenizer's error: the parser never got the token
  const SyntaxIssue *first = earliest(earliest(&scan->soft, &scan->layout), earliest(&scan->stray, parser));
  // CPython tokenizes on after a parser error, except after an unexpected indent
  if (scan->hard.msg && (!first->msg || first->msg != unexpected_indent || before(scan->hard.loc, first->loc)))
    return &scan->hard;
  // an unclosed bracket wins over a parser error on a later line (tree-sitter's error may
  // start before the bracket on its line; Python's cannot)
  const Loc *open = &scan->unclosed.loc;
  if (scan->unclosed.msg &&
      (!first->msg || first->loc.line > open->line || (first->loc.line == open->line && first->loc.col <= open->col)))
    return &scan->unclosed;
  return first->msg ? first : NULL;
}

void syntax_report(const SyntaxIssue *issue) { diag_error(issue->loc, "syntax error: %s", issue->msg); }
