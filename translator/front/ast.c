// ast.c: Python source -> our own AST (Node), through tree-sitter-python.
//
// The concrete syntax tree is walked once; identifiers and literals are
// copied into the arena and every node keeps its 1-based Loc, so the TSTree is
// deleted before any later stage runs. Syntax errors (ERROR and MISSING nodes)
// are reported here, with Python's rules tree-sitter-python does not enforce
// (pyrules.c). tree-sitter parses a copy of the source in which syntax.c's ranges
// (line breaks inside brackets it would misread, PEP 696 defaults it cannot parse)
// are spaces; lines and columns come from our own table of the source's lines. Constructs outside the kernel language still become
// nodes (ND_UNSUPPORTED*) naming the construct: whether they are an error
// depends on where they appear (module level is free Python, kernels are not).
// Above each converter: the node type and fields from node-types.json.
#include "tl2cu.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_python(void);

static const char *source;
// Where each line of the source starts: tree-sitter's rows and columns are those of the
// text it parsed, in which syntax.c's line breaks inside brackets became spaces.
static uint32_t *line_starts;
static uint32_t line_count;

static TSPoint point_at(uint32_t byte) {
  uint32_t lo = 0, hi = line_count;  // the last line starting at or before byte
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (line_starts[mid] <= byte) lo = mid;
    else hi = mid;
  }
  return (TSPoint){lo, byte - line_starts[lo]};
}

// Bytes the parsed text has and the source has not (parenthesize_starred's), ascending:
// every position tree-sitter gives is mapped back through them.
static uint32_t *added;
static int nadded;

static uint32_t source_byte(uint32_t parsed) {
  int n = 0;
  while (n < nadded && added[n] < parsed) n++;
  return parsed - (uint32_t)n;
}

static uint32_t parsed_byte(uint32_t src) {
  for (int i = 0; i < nadded && added[i] <= src; i++) src++;
  return src;
}

static TSPoint start_point(TSNode ts) { return point_at(source_byte(ts_node_start_byte(ts))); }
static TSPoint end_point(TSNode ts) { return point_at(source_byte(ts_node_end_byte(ts))); }

static Node *new_node(NodeKind kind, TSNode ts) {
  Node *n = xmalloc(sizeof(Node));
  n->kind = kind;
  TSPoint p = start_point(ts), e = end_point(ts);
  n->loc.line = (int)p.row + 1;
  n->loc.col = (int)p.column + 1;
  n->loc.end_col = e.row == p.row ? (int)e.column + 1 : 0;
  n->loc.file = diag_current_file();
  return n;
}

static char *text_of(TSNode ts) {
  uint32_t s = ts_node_start_byte(ts), e = ts_node_end_byte(ts);
  return xstrndup(source + s, e - s);
}

static bool is(TSNode ts, const char *type) { return syntax_is(ts, type); }
static TSNode field(TSNode ts, const char *name) { return syntax_field(ts, name); }

typedef SyntaxChildren Kids;  // (pyrules.c's walk: named children, comments skipped)
static Kids kids(TSNode ts) { return syntax_children(ts, true); }

static int named_count(TSNode ts) { return kids(ts).len; }

static TSNode named(TSNode ts, int k) {
  Kids ks = kids(ts);
  return k < ks.len ? ks.at[k] : (TSNode){0};
}

static Node *expr(TSNode ts);
static Node *block(TSNode ts);

static Node *unsupported(TSNode ts, const char *what) {
  Node *n = new_node(ND_UNSUPPORTED, ts);
  n->str = what;
  return n;
}

static Node **append(Node **tail, Node *n) {
  *tail = n;
  return &n->next;
}

static Node *expr_list(TSNode ts, NodeKind kind) {
  Node *n = new_node(kind, ts);
  Node **tail = &n->args;
  Kids ks = kids(ts);
  for (int i = 0; i < ks.len; i++) tail = append(tail, expr(ks.at[i]));
  return n;
}

static Op binop_of(const char *s) {
  static const struct { const char *text; Op op; } ops[] = {
      {"+", OP_ADD}, {"-", OP_SUB}, {"*", OP_MUL}, {"/", OP_DIV}, {"//", OP_FLOORDIV},
      {"%", OP_MOD}, {"**", OP_POW}, {"<<", OP_LSHIFT}, {">>", OP_RSHIFT}, {"&", OP_AND},
      {"|", OP_OR}, {"^", OP_XOR}, {"<", OP_LT}, {"<=", OP_LE}, {">", OP_GT},
      {">=", OP_GE}, {"==", OP_EQ}, {"!=", OP_NE}, {"is", OP_IS}, {"in", OP_IN},
  };
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(ops[i].text, s) == 0) return ops[i].op;
  return OP_POW;  // "@" and friends: reported as unsupported by the caller
}

const char *op_text(Op op) {
  static const char *t[] = {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^",
                            "<", "<=", ">", ">=", "==", "!=", "is", "is not", "in",
                            "-", "+", "~", "and", "or"};
  return t[op];
}

// integer: decimal, hex, octal, binary, with underscores
static Node *integer(TSNode ts) {
  char *t = text_of(ts), *d = t;
  for (char *s = t; *s; s++)
    if (*s != '_') *d++ = *s;
  *d = 0;
  int base = 10;
  char *p = t;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) base = 16, p += 2;
  else if (p[0] == '0' && (p[1] == 'o' || p[1] == 'O')) base = 8, p += 2;
  else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) base = 2, p += 2;
  char *end;
  unsigned long long v = strtoull(p, &end, base);
  if (*end) return unsupported(ts, "this integer literal");
  Node *n = new_node(ND_INT, ts);
  n->ival = (int64_t)v;
  return n;
}

// A string's text with Python's common escapes (\n \t \r \\ \' \" \0) decoded; a raw
// string's as written; an f-string's {{ and }} as { and }.
static const char *unescaped(const char *text, bool raw, bool fstring) {
  Str s = {0};
  str_add(&s, "");
  for (const char *p = text; *p; p++) {
    if (fstring && (p[0] == '{' || p[0] == '}') && p[1] == p[0]) p++;
    const char *map = "n\nt\tr\r\\\\''\"\"0\0";
    const char *m = !raw && p[0] == '\\' && p[1] ? strchr(map, p[1]) : NULL;
    while (m && (m - map) % 2) m = strchr(m + 1, p[1]);  // a key, not a value
    char ch[2] = {m ? m[1] : *p, 0};
    if (m) p++;
    if (ch[0]) str_add(&s, ch);
    else str_add(&s, "");  // (a NUL ends a C string: dropped)
  }
  return s.buf;
}

// string: string_start (string_content | interpolation)* string_end; an f-string's
// pieces are strings and {expression}s (without !conversions or :formats).
static Node *string(TSNode ts) {
  Node *n = new_node(ND_STR, ts), head = {0}, *tail = &head;
  Str s = {0};
  str_add(&s, "");
  bool raw = false, fstring = false;
  Kids ks = kids(ts);
  for (int i = 0; i < ks.len; i++) {
    TSNode c = ks.at[i];
    if (is(c, "string_start")) raw = strpbrk(text_of(c), "rR") != NULL, fstring = strpbrk(text_of(c), "fF") != NULL;
    if (is(c, "string_content")) str_add(&s, unescaped(text_of(c), raw, fstring));
    if (!is(c, "interpolation")) continue;
    if (!ts_node_is_null(field(c, "type_conversion")) || !ts_node_is_null(field(c, "format_specifier")))
      return unsupported(c, "an f-string conversion or format");
    Node *piece = new_node(ND_STR, c);
    piece->str = s.buf;
    tail = tail->next = piece;
    tail = tail->next = expr(field(c, "expression"));
    s = (Str){0};
    str_add(&s, "");
  }
  if (!head.next) {
    n->str = s.buf;
    return n;
  }
  Node *last = new_node(ND_STR, ts);
  last->str = s.buf;
  tail->next = last;
  n->kind = ND_FSTRING;
  n->args = head.next;
  return n;
}

// concatenated_string: string string ...: Python joins adjacent literals ("=r," "r"), as
// tl.inline_asm_elementwise's constraints are often written; f-strings among them are not supported.
static Node *concatenated(TSNode ts) {
  Node *n = new_node(ND_STR, ts);
  Str s = {0};
  str_add(&s, "");
  for (uint32_t i = 0; i < ts_node_named_child_count(ts); i++) {
    TSNode c = ts_node_named_child(ts, i);
    if (!is(c, "string")) continue;  // (comments between the parts)
    Node *part = string(c);
    if (part->kind != ND_STR) return unsupported(ts, "concatenated f-strings");
    str_add(&s, part->str);
  }
  n->str = s.buf;
  return n;
}

// comparison_operator: a op b (operators field); chains are rejected like Triton does
static Node *comparison(TSNode ts) {
  if (named_count(ts) != 2) {
    Node *n = unsupported(ts, "a chained comparison");
    n->str = "simultaneous multiple comparison (a < b < c)";
    return n;
  }
  Node *n = new_node(ND_COMPARE, ts);
  n->a = expr(named(ts, 0));
  n->b = expr(named(ts, 1));
  // the operator tokens sit between the operands; "is not" / "not in" are two tokens
  Str op = {0};
  str_add(&op, "");
  for (uint32_t i = 0; i < ts_node_child_count(ts); i++) {
    TSNode c = ts_node_child(ts, i);
    if (!ts_node_is_named(c)) {
      if (op.len) str_add(&op, " ");
      str_add(&op, ts_node_type(c));
    }
  }
  if (strcmp(op.buf, "is not") == 0) n->op = OP_ISNOT;
  else if (strcmp(op.buf, "not in") == 0) {  // not (a in b)
    n->op = OP_IN;
    Node *not = new_node(ND_NOT, ts);
    not->a = n;
    return not;
  }
  else n->op = binop_of(op.buf);
  return n;
}

// slice: [expression] ':' [expression] [':' [expression]]
static Node *slice(TSNode ts) {
  Node *n = new_node(ND_SLICE, ts);
  int part = 0;
  for (uint32_t i = 0; i < ts_node_child_count(ts); i++) {
    TSNode c = ts_node_child(ts, i);
    if (!ts_node_is_named(c)) part++;
    else if (!is(c, "comment")) *(part == 0 ? &n->a : part == 1 ? &n->b : &n->c) = expr(c);
  }
  return n;
}

static Node *list_comprehension(TSNode ts);

// call: function arguments:(argument_list | generator_expression)
static Node *call(TSNode ts) {
  Node *n = new_node(ND_CALL, ts);
  n->a = expr(field(ts, "function"));
  TSNode args = field(ts, "arguments");
  if (is(args, "generator_expression")) {  // f(x for x in xs): one argument
    n->args = list_comprehension(args);
    return n;
  }
  Node **tail = &n->args;
  Kids ks = kids(args);
  for (int i = 0; i < ks.len; i++) {
    TSNode a = ks.at[i];
    if (is(a, "keyword_argument")) {
      Node *k = new_node(ND_KWARG, a);
      k->str = text_of(field(a, "name"));
      k->a = expr(field(a, "value"));
      tail = append(tail, k);
    } else if (is(a, "list_splat") || is(a, "dictionary_splat")) {
      tail = append(tail, unsupported(a, "*args / **kwargs in a call"));
    } else {
      tail = append(tail, expr(a));
    }
  }
  return n;
}

// list_comprehension: body:expression (for_in_clause | if_clause)+; the clauses are ND_FOR
// (a: target, b: iterable) and ND_IF (a: condition) in order. A generator expression has the
// same fields, and host code consumes it as it would the list (join, sum, tuple); str names it.
static Node *list_comprehension(TSNode ts) {
  Node *n = new_node(ND_LISTCOMP, ts);
  n->str = is(ts, "generator_expression") ? "generator expressions" : "list comprehensions";
  n->a = expr(field(ts, "body"));
  Node **tail = &n->args;
  Kids ks = kids(ts);
  for (int i = 0; i < ks.len; i++) {
    TSNode c = ks.at[i];
    if (is(c, "for_in_clause")) {
      Node *f = new_node(ND_FOR, c);
      f->a = expr(field(c, "left"));
      f->b = expr(field(c, "right"));
      tail = append(tail, f);
    } else if (is(c, "if_clause")) {  // (ND_IF: a, the condition)
      Node *f = new_node(ND_IF, c);
      f->a = expr(named(c, 0));
      tail = append(tail, f);
    }
  }
  return n;
}

static Node *dictionary(TSNode ts) {
  Node *n = new_node(ND_DICT, ts);
  Node **tail = &n->args;
  Kids ks = kids(ts);
  for (int i = 0; i < ks.len; i++) {
    TSNode p = ks.at[i];
    if (!is(p, "pair")) return unsupported(p, "this dictionary entry");
    Node *pair = new_node(ND_PAIR, p);
    pair->a = expr(field(p, "key"));
    pair->b = expr(field(p, "value"));
    tail = append(tail, pair);
  }
  return n;
}

// ---- & and ^: tree-sitter-python 0.25 ranks '^' above '&' (grammar.js: PREC.xor 16,
// PREC.bitwise_and 15); Python ranks '&' above '^'. A run of unparenthesized & and ^ is
// taken apart in source order and rebuilt as Python reads it: a & b ^ c is (a & b) ^ c.

typedef struct {
  Vec operands;  // TSNode *, in source order
  Vec ops;       // Op *: ops[i] stands between operand i and operand i + 1
} BitwiseRun;

static bool and_or_xor(TSNode ts) {
  if (!is(ts, "binary_operator")) return false;
  const char *op = text_of(field(ts, "operator"));
  return strcmp(op, "&") == 0 || strcmp(op, "^") == 0;
}

static void flatten_bitwise(TSNode ts, BitwiseRun *run) {
  if (!and_or_xor(ts)) {
    TSNode *operand = xmalloc(sizeof *operand);
    *operand = ts;
    vec_push(&run->operands, operand);
    return;
  }
  flatten_bitwise(field(ts, "left"), run);
  Op *op = xmalloc(sizeof *op);
  *op = binop_of(text_of(field(ts, "operator")));
  vec_push(&run->ops, op);
  flatten_bitwise(field(ts, "right"), run);
}

// a op b, spanning the source from operand `first` to operand `last`.
static Node *bitwise(Op op, Node *a, Node *b, TSNode first, TSNode last) {
  Node *n = new_node(ND_BINOP, first);
  TSPoint p = start_point(first), e = end_point(last);
  n->loc.end_col = e.row == p.row ? (int)e.column + 1 : 0;
  n->op = op;
  n->a = a;
  n->b = b;
  return n;
}

static Node *bitwise_and_xor(TSNode ts) {
  BitwiseRun run = {{0}, {0}};
  flatten_bitwise(ts, &run);
  TSNode **operand = (TSNode **)run.operands.items;
  Op **op = (Op **)run.ops.items;
  Node *xor = NULL;
  for (int i = 0; i < run.operands.len; i++) {
    const int first = i;
    Node *and = expr(*operand[i]);
    for (; i + 1 < run.operands.len && *op[i] == OP_AND; i++)
      and = bitwise(OP_AND, and, expr(*operand[i + 1]), *operand[first], *operand[i + 1]);
    xor = xor ? bitwise(OP_XOR, xor, and, *operand[0], *operand[i]) : and;
  }
  return xor;
}

static Node *expr(TSNode ts) {
  const char *t = ts_node_type(ts);
  if (is(ts, "identifier")) {
    Node *n = new_node(ND_NAME, ts);
    n->str = text_of(ts);
    return n;
  }
  if (is(ts, "integer")) return integer(ts);
  if (is(ts, "float")) {
    Node *n = new_node(ND_FLOAT, ts);
    char *s = text_of(ts), *d = s;
    for (char *p = s; *p; p++)
      if (*p != '_') *d++ = *p;
    *d = 0;
    n->fval = strtod(s, NULL);
    return n;
  }
  if (is(ts, "true") || is(ts, "false")) {
    Node *n = new_node(ND_BOOL, ts);
    n->ival = is(ts, "true");
    return n;
  }
  if (is(ts, "none")) return new_node(ND_NONE, ts);
  if (is(ts, "string")) return string(ts);
  if (is(ts, "concatenated_string")) return concatenated(ts);
  if (is(ts, "parenthesized_expression")) return expr(named(ts, 0));
  if (is(ts, "type")) return expr(named(ts, 0));
  if (and_or_xor(ts)) return bitwise_and_xor(ts);
  if (is(ts, "binary_operator")) {
    Node *n = new_node(ND_BINOP, ts);
    char *op = text_of(field(ts, "operator"));
    n->op = binop_of(op);
    if (strcmp(op, "@") == 0) return unsupported(ts, "the '@' operator");
    n->a = expr(field(ts, "left"));
    n->b = expr(field(ts, "right"));
    return n;
  }
  if (is(ts, "unary_operator")) {
    Node *n = new_node(ND_UNARY, ts);
    char *op = text_of(field(ts, "operator"));
    n->op = op[0] == '-' ? OP_NEG : op[0] == '+' ? OP_POS : OP_INVERT;
    n->a = expr(field(ts, "argument"));
    return n;
  }
  if (is(ts, "not_operator")) {
    Node *n = new_node(ND_NOT, ts);
    n->a = expr(field(ts, "argument"));
    return n;
  }
  if (is(ts, "boolean_operator")) {
    Node *n = new_node(ND_BOOLOP, ts);
    n->op = strcmp(text_of(field(ts, "operator")), "and") == 0 ? OP_LAND : OP_LOR;
    n->a = expr(field(ts, "left"));
    n->b = expr(field(ts, "right"));
    return n;
  }
  if (is(ts, "comparison_operator")) return comparison(ts);
  if (is(ts, "call")) return call(ts);
  if (is(ts, "attribute")) {
    Node *n = new_node(ND_ATTR, ts);
    n->a = expr(field(ts, "object"));
    n->str = text_of(field(ts, "attribute"));
    return n;
  }
  if (is(ts, "subscript")) {
    Node *n = new_node(ND_SUBSCRIPT, ts);
    n->a = expr(field(ts, "value"));
    Node **tail = &n->args;
    TSTreeCursor cur = ts_tree_cursor_new(ts);
    if (ts_tree_cursor_goto_first_child(&cur)) {
      do {
        const char *fname = ts_tree_cursor_current_field_name(&cur);
        if (fname && strcmp(fname, "subscript") == 0) {
          TSNode c = ts_tree_cursor_current_node(&cur);
          tail = append(tail, is(c, "slice") ? slice(c) : expr(c));
        }
      } while (ts_tree_cursor_goto_next_sibling(&cur));
    }
    ts_tree_cursor_delete(&cur);
    return n;
  }
  if (is(ts, "slice")) return slice(ts);
  if (is(ts, "tuple") || is(ts, "expression_list") || is(ts, "pattern_list") ||
      is(ts, "tuple_pattern"))
    return expr_list(ts, ND_TUPLE);
  if (is(ts, "list") || is(ts, "list_pattern")) return expr_list(ts, ND_LIST);
  if (is(ts, "dictionary")) return dictionary(ts);
  if (is(ts, "conditional_expression")) {
    Node *n = new_node(ND_COND, ts);
    n->b = expr(named(ts, 0));
    n->a = expr(named(ts, 1));
    n->c = expr(named(ts, 2));
    return n;
  }
  if (is(ts, "list_comprehension") || is(ts, "generator_expression")) return list_comprehension(ts);
  if (is(ts, "lambda")) {
    Node *n = new_node(ND_LAMBDA, ts);
    n->a = expr(field(ts, "body"));
    TSNode params = field(ts, "parameters");  // lambda_parameters: the first name, as in `lambda args: ...`
    if (!ts_node_is_null(params) && named_count(params) == 1 && is(named(params, 0), "identifier"))
      n->str = text_of(named(params, 0));
    return n;
  }
  if (is(ts, "keyword_argument")) return unsupported(ts, "a keyword argument here");
  if (is(ts, "ellipsis")) return unsupported(ts, "'...'");
  if (is(ts, "set_comprehension") || is(ts, "dictionary_comprehension"))
    return unsupported(ts, "a comprehension");
  if (is(ts, "list_splat") || is(ts, "parenthesized_list_splat")) return unsupported(ts, "a starred element (*x)");
  if (is(ts, "dictionary_splat")) return unsupported(ts, "a double-starred element (**x)");
  return unsupported(ts, xprintf("'%s' expressions", t));
}

// parameters: (identifier | typed_parameter | default_parameter | typed_default_parameter)*
static Node *parameters(TSNode ts) {
  Node head = {0}, *tail = &head;
  Kids ks = kids(ts);
  for (int i = 0; i < ks.len; i++) {
    TSNode p = ks.at[i];
    Node *n = new_node(ND_PARAM, p);
    if (is(p, "identifier")) {
      n->str = text_of(p);
    } else if (is(p, "typed_parameter")) {
      n->str = text_of(named(p, 0));
      n->a = expr(field(p, "type"));
      if (!is(named(p, 0), "identifier")) n->kind = ND_UNSUPPORTED, n->str = "*args / **kwargs";
    } else if (is(p, "default_parameter") || is(p, "typed_default_parameter")) {
      n->str = text_of(field(p, "name"));
      if (!ts_node_is_null(field(p, "type"))) n->a = expr(field(p, "type"));
      n->b = expr(field(p, "value"));
    } else {
      n->kind = ND_UNSUPPORTED;
      n->str = "*args / **kwargs / keyword-only parameters";
    }
    tail = tail->next = n;
  }
  return head.next;
}

static Node *function_definition(TSNode ts, Node *decorators) {
  Node *n = new_node(ND_FUNCDEF, ts);
  n->str = text_of(field(ts, "name"));
  n->a = parameters(field(ts, "parameters"));
  n->args = decorators;
  n->body = block(field(ts, "body"));
  // point diagnostics about the function at its name
  TSNode name = field(ts, "name");
  n->loc = new_node(ND_NAME, name)->loc;
  return n;
}

static Node *stmt(TSNode ts);

// if_statement: condition consequence alternative:(elif_clause* else_clause?)
static Node *if_statement(TSNode ts) {
  Node *n = new_node(ND_IF, ts);
  n->a = expr(field(ts, "condition"));
  n->body = block(field(ts, "consequence"));
  Node **hole = &n->orelse;
  Kids ks = kids(ts);
  for (int i = 0; i < ks.len; i++) {
    TSNode c = ks.at[i];
    if (is(c, "elif_clause")) {
      Node *e = new_node(ND_IF, c);
      e->a = expr(field(c, "condition"));
      e->body = block(field(c, "consequence"));
      *hole = e;
      hole = &e->orelse;
    } else if (is(c, "else_clause")) {
      *hole = block(field(c, "body"));
    }
  }
  return n;
}

static Node *unsupported_stmt(TSNode ts, const char *what) {
  Node *n = new_node(ND_UNSUPPORTED_STMT, ts);
  n->str = what;
  return n;
}

// try: body / except ...: orelse (the first handler's block). Unsupported in kernels;
// at module level collect.c reads the imports of its body (conditional imports).
static Node *try_statement(TSNode ts) {
  Node *n = unsupported_stmt(ts, "a 'try' statement");
  n->body = block(field(ts, "body"));
  Kids ks = kids(ts);
  for (int i = 0; i < ks.len && !n->orelse; i++) {
    if (!is(ks.at[i], "except_clause")) continue;
    Kids hs = kids(ks.at[i]);
    for (int j = 0; j < hs.len; j++)
      if (is(hs.at[j], "block")) n->orelse = block(hs.at[j]);
  }
  return n;
}

static Node *simple_statement(TSNode ts) {
  if (is(ts, "expression_statement")) {
    TSNode e = named(ts, 0);
    if (is(e, "assignment")) {
      Node *n = new_node(ND_ASSIGN, e);
      n->a = expr(field(e, "left"));
      TSNode right = field(e, "right");
      if (!ts_node_is_null(right)) {
        if (is(right, "assignment")) return unsupported_stmt(e, "chained assignment (a = b = c)");
        n->b = expr(right);
      }
      if (!ts_node_is_null(field(e, "type"))) n->c = expr(field(e, "type"));
      return n;
    }
    if (is(e, "augmented_assignment")) {
      Node *n = new_node(ND_AUGASSIGN, e);
      char *op = text_of(field(e, "operator"));
      op[strlen(op) - 1] = 0;  // "+=" -> "+"
      n->op = binop_of(op);
      n->a = expr(field(e, "left"));
      n->b = expr(field(e, "right"));
      return n;
    }
    Node *n = new_node(ND_EXPR_STMT, ts);
    n->a = named_count(ts) > 1 ? expr_list(ts, ND_TUPLE) : expr(e);
    return n;
  }
  if (is(ts, "return_statement")) {
    Node *n = new_node(ND_RETURN, ts);
    if (named_count(ts)) n->a = expr(named(ts, 0));
    return n;
  }
  if (is(ts, "pass_statement")) return new_node(ND_PASS, ts);
  if (is(ts, "import_statement") || is(ts, "import_from_statement") ||
      is(ts, "future_import_statement")) {
    Node *n = new_node(ND_IMPORT, ts);
    n->str = text_of(ts);
    return n;
  }
  if (is(ts, "assert_statement")) {
    Node *n = new_node(ND_ASSERT, ts);
    n->a = expr(named(ts, 0));
    if (named_count(ts) > 1) n->b = expr(named(ts, 1));
    return n;
  }
  if (is(ts, "break_statement")) return unsupported_stmt(ts, "'break'");
  if (is(ts, "continue_statement")) return unsupported_stmt(ts, "'continue'");
  if (is(ts, "global_statement") || is(ts, "nonlocal_statement"))
    return unsupported_stmt(ts, "'global' / 'nonlocal'");
  if (is(ts, "delete_statement")) return unsupported_stmt(ts, "'del'");
  if (is(ts, "raise_statement")) return unsupported_stmt(ts, "'raise'");
  return unsupported_stmt(ts, xprintf("'%s'", ts_node_type(ts)));
}

// A class is host code, never traced; its methods are read only for the kernel
// launches in them (autograd functions launch kernels in forward and backward).
static Node *class_definition(TSNode ts) {
  Node *n = unsupported_stmt(ts, "a class definition");
  n->body = block(field(ts, "body"));
  n->a = expr(field(ts, "name"));  // (the name it binds: collect.c)
  return n;
}

static Node *stmt(TSNode ts) {
  if (is(ts, "function_definition")) return function_definition(ts, NULL);
  if (is(ts, "decorated_definition")) {
    Node head = {0}, *tail = &head;
    Kids ks = kids(ts);
    for (int i = 0; i < ks.len; i++) {
      TSNode d = ks.at[i];
      if (is(d, "decorator")) tail = tail->next = expr(named(d, 0));
    }
    TSNode def = field(ts, "definition");
    if (is(def, "class_definition")) return class_definition(def);
    return function_definition(def, head.next);
  }
  if (is(ts, "if_statement")) return if_statement(ts);
  if (is(ts, "for_statement")) {
    Node *n = new_node(ND_FOR, ts);
    n->a = expr(field(ts, "left"));
    n->b = expr(field(ts, "right"));
    n->body = block(field(ts, "body"));
    if (!ts_node_is_null(field(ts, "alternative"))) return unsupported_stmt(ts, "'for ... else'");
    return n;
  }
  if (is(ts, "while_statement")) {
    Node *n = new_node(ND_WHILE, ts);
    n->a = expr(field(ts, "condition"));
    n->body = block(field(ts, "body"));
    return n;
  }
  if (is(ts, "with_statement")) return unsupported_stmt(ts, "a 'with' statement");
  if (is(ts, "try_statement")) return try_statement(ts);
  if (is(ts, "class_definition")) return class_definition(ts);
  if (is(ts, "match_statement")) return unsupported_stmt(ts, "a 'match' statement");
  return simple_statement(ts);
}

// block / module: statement*   (several simple statements on one line: ';')
static Node *block(TSNode ts) {
  Node head = {0}, *tail = &head;
  Kids ks = kids(ts);
  for (int i = 0; i < ks.len; i++) {
    TSNode c = ks.at[i];
    tail = tail->next = stmt(c);
    while (tail->next) tail = tail->next;
  }
  return head.next;
}

// ---- syntax errors the parser finds: tree-sitter's ERROR and MISSING nodes, and what
// its grammar accepts but Python's does not. Iterative walks: the tree may be deep.

// Levels of the syntax tree: about where Python's parser stops too (RecursionError), and
// what the recursive stages after this one (here, lower.c, emit.c) handle on an 8 MiB stack,
// with ASan's larger frames as well.
#define MAX_DEPTH 3000

SyntaxIssue ast_issue_at(TSNode ts, const char *msg) {
  SyntaxIssue issue = {new_node(ND_PASS, ts)->loc, msg};
  if (issue.loc.end_col - issue.loc.col > 40) issue.loc.end_col = 0;
  return issue;
}

// From the start of `from` to the end of `to`, on one line.
SyntaxIssue ast_issue_span(TSNode from, TSNode to, const char *msg) {
  SyntaxIssue issue = ast_issue_at(from, msg);
  Loc end = new_node(ND_PASS, to)->loc;
  int end_col = end.end_col ? end.end_col : 0;
  issue.loc.end_col = end.line == issue.loc.line && end_col - issue.loc.col <= 40 ? end_col : 0;
  return issue;
}

char *ast_text(TSNode ts) { return text_of(ts); }

bool ast_text_is(TSNode ts, const char *text) {
  uint32_t s = ts_node_start_byte(ts), e = ts_node_end_byte(ts);
  return strlen(text) == e - s && !memcmp(source + s, text, e - s);
}

// The first ERROR or MISSING node inside an ERROR node, which is closer to the mistake.
static TSNode innermost_error(TSNode ts) {
  TSTreeCursor cur = ts_tree_cursor_new(ts);
  TSNode found = ts;
  bool down = ts_tree_cursor_goto_first_child(&cur);
  while (down) {
    TSNode n = ts_tree_cursor_current_node(&cur);
    if (ts_node_is_missing(n) || ts_node_is_error(n)) found = n;
    if (ts_node_is_missing(n) || (ts_node_is_error(n) && !ts_node_has_error(n))) break;
    if (ts_node_has_error(n) && ts_tree_cursor_goto_first_child(&cur)) continue;
    down = ts_tree_cursor_goto_next_sibling(&cur);
    while (!down && ts_tree_cursor_goto_parent(&cur) && !ts_node_eq(ts_tree_cursor_current_node(&cur), ts))
      down = ts_tree_cursor_goto_next_sibling(&cur);
  }
  ts_tree_cursor_delete(&cur);
  return found;
}

// The first token after ts, or ts itself at the end of the file.
TSNode ast_token_after(TSNode ts) {
  for (TSNode n = ts; !ts_node_is_null(n); n = ts_node_parent(n)) {
    TSNode next = ts_node_next_sibling(n);
    if (!ts_node_is_null(next)) {
      while (ts_node_child_count(next)) next = ts_node_child(next, 0);
      return next;
    }
  }
  return ts;
}

// Complete subtrees only: tree-sitter gave up on what follows them, where Python stops too
// (`x = a b` wraps `a`; Python points at `b`).
static bool only_complete_parts(TSNode ts) {
  TSTreeCursor cur = ts_tree_cursor_new(ts);
  bool any = ts_tree_cursor_goto_first_child(&cur), all_named = any;
  for (bool more = any; more && all_named; more = ts_tree_cursor_goto_next_sibling(&cur))
    all_named = ts_node_is_named(ts_tree_cursor_current_node(&cur));
  ts_tree_cursor_delete(&cur);
  return all_named;
}

// A MISSING ':' is Python's "expected ':'"; anything else missing or skipped is invalid.
static SyntaxIssue parser_error(TSNode ts) {
  ts = innermost_error(ts);
  if (ts_node_is_missing(ts) && is(ts, ":")) return ast_issue_at(ts, "expected ':'");
  if (ts_node_is_error(ts) && only_complete_parts(ts)) return ast_issue_at(ast_token_after(ts), "invalid syntax");
  TSNode target = ts_node_prev_sibling(ts);  // `a = b + c = d`: Python points at `b + c`
  const char *what = ts_node_is_null(target) ? NULL : pyrules_unassignable(target);
  if (ts_node_child_count(ts) && is(ts_node_child(ts, 0), "=") && what)
    return ast_issue_at(target, xprintf("cannot assign to %s here. Maybe you meant '==' instead of '='?", what));
  SyntaxIssue named = ts_node_is_error(ts) ? pyrules_stuck_target(ts) : (SyntaxIssue){{0, 0, 0}, NULL};
  return named.msg ? named : ast_issue_at(ts, "invalid syntax");
}

// Python's statements end at the end of a logical line or at ';': tree-sitter-python also
// takes `a = b c` as two statements and lets a statement run on over a line end.
static SyntaxIssue statement_error(TSNode ts) {
  if (!is(ts, "module") && !is(ts, "block")) return (SyntaxIssue){{0, 0, 0}, NULL};
  TSNode prev = {0};
  Kids ks = kids(ts);
  for (int i = 0; i < ks.len; i++) {
    TSNode c = ks.at[i];
    // (an error inside prev comes first: the walk finds it there)
    if (!ts_node_is_null(prev) && !ts_node_has_error(prev) && end_point(prev).row == start_point(c).row) {
      uint32_t from = ts_node_end_byte(prev), to = ts_node_start_byte(c);
      if (!memchr(source + from, ';', to - from)) return ast_issue_at(c, "invalid syntax");
    }
    prev = c;
  }
  return (SyntaxIssue){{0, 0, 0}, NULL};
}

static bool starts_statement(TSNode n) {
  static const char *const clauses[] = {"elif_clause", "else_clause", "except_clause", "except_group_clause",
                                        "finally_clause", "case_clause", "decorator", "ERROR"};
  for (; !ts_node_is_null(n); n = ts_node_parent(n)) {
    TSNode parent = ts_node_parent(n);
    if (ts_node_is_null(parent)) return true;
    if (is(parent, "module") || is(parent, "block") || is(parent, "decorated_definition") || is(parent, "ERROR"))
      return true;
    for (size_t i = 0; i < sizeof clauses / sizeof *clauses; i++)
      if (is(n, clauses[i])) return true;
    if (ts_node_start_byte(parent) != ts_node_start_byte(n)) return false;
  }
  return true;
}

// The first logical line whose first token does not start a statement: Python stops at
// the line end before it (`y = x *` then a new line).
static SyntaxIssue logical_line_error(TSNode root, const SyntaxScan *scan) {
  for (int i = 0; i < scan->lines.len; i++) {
    LogicalLine *l = scan->lines.items[i];
    uint32_t at = parsed_byte((uint32_t)l->start);
    TSNode leaf = ts_node_descendant_for_byte_range(root, at, at);
    if (!starts_statement(leaf)) return (SyntaxIssue){l->end_of_previous, "invalid syntax"};
  }
  return (SyntaxIssue){{0, 0, 0}, NULL};
}

// The parser's first error in source order; msg NULL if none. *deep: the first node
// nested beyond MAX_DEPTH (null if none), where the walk stops too.
static SyntaxIssue first_parser_error(TSNode root, TSNode *deep) {
  TSTreeCursor cur = ts_tree_cursor_new(root);
  SyntaxIssue found = {{0, 0, 0}, NULL};
  int depth = 0;
  for (;;) {
    TSNode ts = ts_tree_cursor_current_node(&cur);
    if (ts_node_is_error(ts) || ts_node_is_missing(ts)) found = parser_error(ts);
    else found = pyrules_node_error(ts);
    if (!found.msg) found = statement_error(ts);
    if (!found.msg && depth >= MAX_DEPTH) *deep = ts;
    if (found.msg || depth >= MAX_DEPTH) break;
    if (ts_tree_cursor_goto_first_child(&cur)) {
      depth++;
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&cur)) {
      if (!ts_tree_cursor_goto_parent(&cur)) goto done;
      depth--;
    }
  }
done:
  ts_tree_cursor_delete(&cur);
  return found;
}

// ---- tree-sitter-python 0.25 takes a starred element outside brackets only of a name, an
// attribute or a subscript: `return dx, *[None] * 10` (Python 3.8 on; FLA's pack.py) is an
// ERROR, and the same list in parentheses parses, as the same tuple. A return, yield or
// assignment whose value is such a list, on one line, is parsed again parenthesized
// (parenthesize_starred); CPython's rules still apply to the result (pyrules.c).

// [*from, *to): the value of the statement on the line starting at `line` (`return X`,
// `yield X`, `T = X`, `T += X`), up to a comment, or false where it is not one, is not a
// tuple (a top-level comma) with a starred element, or the line continues.
static bool starred_value(const char *t, uint32_t line, uint32_t end, uint32_t *from, uint32_t *to) {
  uint32_t i = line, value = 0, close = end;
  while (i < end && (t[i] == ' ' || t[i] == '\t')) i++;
  if (!strncmp(t + i, "return ", 7) || !strncmp(t + i, "yield ", 6)) value = i + (t[i] == 'r' ? 7 : 6);
  int depth = 0;
  bool comma = false, star = false, element_start = value != 0;
  char quote = 0;
  for (uint32_t j = i; j < end; j++) {
    char c = t[j];
    if (quote) {
      if (c == '\\') j++;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    else if (c == '#') { close = j; break; }
    else if (c == '(' || c == '[' || c == '{') depth++;
    else if (c == ')' || c == ']' || c == '}') depth--;
    else if (depth == 0 && c == '=' && !value && t[j + 1] != '=' && (j == i || !strchr("=!<>:", t[j - 1])))
      value = j + 1, element_start = true;
    else if (depth == 0 && value && j >= value && c == ',') comma = element_start = true;
    else if (depth == 0 && value && j >= value && c == '*' && element_start && t[j + 1] != '*') star = true;
    if (j >= value && c != ' ' && c != ',' && c != '=') element_start = false;
  }
  while (close > value && (t[close - 1] == ' ' || t[close - 1] == '\t' || t[close - 1] == '\r')) close--;
  if (!value || quote || depth || !comma || !star || (close > value && t[close - 1] == '\\')) return false;
  while (value < close && t[value] == ' ') value++;
  *from = value, *to = close;
  return true;
}

// The text with '(' before byte from and ')' before byte to (to > from).
static char *parenthesize(const char *t, size_t len, uint32_t from, uint32_t to) {
  char *out = xmalloc(len + 3);
  memcpy(out, t, from);
  out[from] = '(';
  memcpy(out + from + 1, t + from, to - from);
  out[to + 1] = ')';
  memcpy(out + to + 2, t + to, len - to);
  out[len + 2] = 0;
  return out;
}

// The added list after parenthesize(.., from, to): the bytes after each insertion move on.
static void note_added(uint32_t from, uint32_t to) {
  uint32_t *grown = xmalloc(sizeof *grown * (size_t)(nadded + 2));
  int n = 0;
  for (int i = 0; i < nadded; i++) grown[n++] = added[i] + (added[i] >= from) + (added[i] >= to);
  grown[n++] = from, grown[n++] = to + 1;
  for (int i = 1; i < n; i++)  // (insertion sort: a handful of entries)
    for (int j = i; j > 0 && grown[j - 1] > grown[j]; j--) {
      uint32_t x = grown[j];
      grown[j] = grown[j - 1], grown[j - 1] = x;
    }
  added = grown, nadded = n;
}

// The parse of text, with the statements tree-sitter cannot take parenthesized while that
// clears the first error: *text/*parsed (and *len) become the repaired texts, or stay as they
// were (the error is then the original one).
// Also the first parser error of the tree it returns and the node past MAX_DEPTH (*issue,
// *deep), from its last walk of that tree, or *walked false where it did not walk it.
static TSTree *parse_repairing(TSParser *parser, const char **text, char **parsed, size_t *len, SyntaxIssue *issue_out,
                               TSNode *deep_out, bool *walked) {
  TSTree *tree = ts_parser_parse_string(parser, NULL, *parsed, (uint32_t)*len);
  const char *t = *text;
  char *p = *parsed;
  size_t n = *len;
  TSTree *repaired = NULL;
  int last_line = -1;
  *walked = false;
  for (int tries = 0; tries < 16; tries++) {
    TSNode root = ts_tree_root_node(repaired ? repaired : tree), deep = {0};
    source = t;
    SyntaxIssue issue = first_parser_error(root, &deep);
    *issue_out = issue, *deep_out = deep, *walked = true;
    if (!issue.msg) break;
    // (tree-sitter may stop on the line after, blank lines and comments between: `t = 1, *[2]`
    // then `return t`)
    uint32_t line = 0, end = 0, from = 0, to = 0;
    bool found = false;
    for (int at = issue.loc.line, tried = 0; tried < 2 && !found && at >= 1; at--) {
      line = parsed_byte(line_starts[at - 1]), end = line;
      while (end < n && t[end] != '\n') end++;
      uint32_t first = line;
      while (first < end && (t[first] == ' ' || t[first] == '\t' || t[first] == '\r')) first++;
      if (first == end || t[first] == '#') continue;  // (blank or a comment: not a statement)
      found = starred_value(t, line, end, &from, &to);
      tried++;
    }
    // (an earlier such statement tree-sitter recovered from may be what fails here: the first
    // one up to the error's line, in the file's order; one parenthesized no longer matches)
    for (int at = 1; !found && at <= issue.loc.line && at <= (int)line_count; at++) {
      line = parsed_byte(line_starts[at - 1]), end = line;
      while (end < n && t[end] != '\n') end++;
      found = starred_value(t, line, end, &from, &to);
    }
    if (found && (int)line == last_line) {  // (the parentheses did not help: the original error stands)
      ts_tree_delete(repaired);
      repaired = NULL;
      *walked = false;
      break;
    }
    if (!found) break;  // (another error, said in the repaired text)
    last_line = (int)line;
    t = parenthesize(t, n, from, to);
    p = parenthesize(p, n, from, to);
    n += 2;
    note_added(from, to);
    if (repaired) ts_tree_delete(repaired);
    repaired = ts_parser_parse_string(parser, NULL, p, (uint32_t)n);
    *walked = false;
  }
  if (!repaired) {
    nadded = 0;
    source = *text;
    return tree;
  }
  ts_tree_delete(tree);
  *text = t, *parsed = p, *len = n;
  return repaired;
}

Node *ast_parse(const char *text, size_t len) {
  SyntaxScan scan = syntax_scan(text, len);
  source = text;
  line_starts = line_starts_of(text, len, &line_count);
  char *parsed = (char *)text;
  if (scan.blanks.len) {
    parsed = xstrndup(text, len);
    for (int i = 0; i < scan.blanks.len; i++) {
      ByteRange *r = scan.blanks.items[i];
      memset(parsed + r->from, ' ', r->to - r->from);
    }
  }
  TSParser *parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_python());
  nadded = 0;
  SyntaxIssue parser_issue = {{0, 0, 0}, NULL};
  TSNode deep = {0};
  bool walked = false;
  TSTree *tree = parse_repairing(parser, &text, &parsed, &len, &parser_issue, &deep, &walked);
  source = text;
  TSNode root = ts_tree_root_node(tree);
  if (!walked) parser_issue = first_parser_error(root, &deep);
  SyntaxIssue line_issue = logical_line_error(root, &scan);
  if (line_issue.msg && (!parser_issue.msg || line_issue.loc.line < parser_issue.loc.line)) parser_issue = line_issue;
  const SyntaxIssue *issue = syntax_choose(&scan, &parser_issue);
  SyntaxIssue compile_issue = {{0, 0, 0}, NULL};
  if (!issue && ts_node_is_null(deep)) {  // Python's later phases run once the file parses
    compile_issue = pyrules_compile_error(root);
    if (scan.compile.msg && (!compile_issue.msg || scan.compile.loc.line < compile_issue.loc.line))
      compile_issue = scan.compile;  // in a type parameter's default, which tree-sitter did not see
    if (compile_issue.msg) issue = &compile_issue;
  }
  Node *module = NULL;
  if (issue) syntax_report(issue);
  else if (!ts_node_is_null(deep))
    diag_error(ast_issue_at(deep, "").loc, "nested too deeply: more than %d levels", MAX_DEPTH);
  else module = block(root);
  ts_tree_delete(tree);
  ts_parser_delete(parser);
  return module;
}
