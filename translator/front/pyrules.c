// pyrules.c: Python's compile-time rules that tree-sitter-python does not enforce.
//
// tree-sitter-python's grammar is wider than Python's: it takes Python 2's print and
// exec statements, parameter lists in any order, any target after `as`, and so on.
// CPython finds these mistakes in three phases, and so does this file:
//   - pyrules_node_error: the parser's rules (Grammar/python.gram's invalid_* rules and
//     the checks of its actions), one syntax-tree node at a time, in ast.c's error walk;
//   - pyrules_compile_error, once the file parses: the symbol table's rules (Python/
//     symtable.c: global, nonlocal, duplicate parameters, type parameter scopes), then
//     the compiler's (Python/compile.c: __debug__, break and continue, keywords).
// Each rule is a small function named for what it checks, returning the issue in
// Python's words and at Python's place (msg NULL: none).
#include "tl2cu.h"

#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

static const SyntaxIssue none;

bool syntax_is(TSNode ts, const char *type) {
  if (ts_node_is_null(ts)) return false;
  const char *t = ts_node_type(ts);
  return t[0] == type[0] && strcmp(t, type) == 0;  // (most types differ in the first letter: a walk's hot path)
}

TSNode syntax_field(TSNode ts, const char *name) {
  return ts_node_child_by_field_name(ts, name, (uint32_t)strlen(name));
}

static bool is(TSNode ts, const char *type) { return syntax_is(ts, type); }
static TSNode field(TSNode ts, const char *name) { return syntax_field(ts, name); }

static SyntaxIssue at(TSNode ts, const char *msg) { return ast_issue_at(ts, msg); }

static bool text_is(TSNode ts, const char *s) { return !ts_node_is_null(ts) && ast_text_is(ts, s); }

// The children of a node (named only, or all tokens too), comments skipped, in one walk.
typedef SyntaxChildren Children;

// A node's children (named only, or all tokens too), comments skipped, in one walk: tree-sitter
// finds the i-th child of a node from its first, and a call may have thousands of arguments.
SyntaxChildren syntax_children(TSNode ts, bool named_only) {
  SyntaxChildren k = {0};
  int cap = 0;
  TSTreeCursor cur = ts_tree_cursor_new(ts);
  for (bool more = ts_tree_cursor_goto_first_child(&cur); more; more = ts_tree_cursor_goto_next_sibling(&cur)) {
    TSNode c = ts_tree_cursor_current_node(&cur);
    if ((named_only && !ts_node_is_named(c)) || is(c, "comment") || is(c, "line_continuation")) continue;
    if (k.len == cap) {
      TSNode *bigger = xmalloc(sizeof(TSNode) * (size_t)(cap = cap ? 2 * cap : 8));
      if (k.len) memcpy(bigger, k.at, sizeof(TSNode) * (size_t)k.len);
      k.at = bigger;
    }
    k.at[k.len++] = c;
  }
  ts_tree_cursor_delete(&cur);
  return k;
}

static TSNode token_child(TSNode ts, const char *type) {
  Children k = syntax_children(ts, false);
  for (int i = 0; i < k.len; i++)
    if (!ts_node_is_named(k.at[i]) && is(k.at[i], type)) return k.at[i];
  return (TSNode){0};
}

// What Python calls an expression that cannot be assigned to, or NULL if it can be.
const char *pyrules_unassignable(TSNode target) {
  static const struct { const char *type, *name; } kinds[] = {
      {"call", "function call"},        {"integer", "literal"},        {"float", "literal"},
      {"string", "literal"},            {"concatenated_string", "literal"}, {"true", "True"},
      {"false", "False"},               {"none", "None"},              {"binary_operator", "expression"},
      {"unary_operator", "expression"}, {"boolean_operator", "expression"}, {"not_operator", "expression"},
      {"comparison_operator", "comparison"}, {"lambda", "lambda"}, {"conditional_expression", "conditional expression"},
      {"await", "await expression"},    {"dictionary", "dict literal"}, {"set", "set display"},
      {"list_comprehension", "list comprehension"}, {"generator_expression", "generator expression"},
      {"named_expression", "named expression"}, {"ellipsis", "ellipsis"},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (is(target, kinds[i].type)) return kinds[i].name;
  return NULL;
}

static bool is_sequence_target(TSNode ts) {
  static const char *const kinds[] = {"tuple", "list", "tuple_pattern", "list_pattern", "pattern_list",
                                      "expression_list", "parenthesized_expression", "list_splat",
                                      "list_splat_pattern", "as_pattern_target"};
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (is(ts, kinds[i])) return true;
  return false;
}

// The first part of a target (`(a, *(b, f()))`) that cannot be assigned to; null if none.
static TSNode bad_part_of_target(TSNode target) {
  if (pyrules_unassignable(target)) return target;
  if (!is_sequence_target(target)) return (TSNode){0};
  Children k = syntax_children(target, true);
  for (int i = 0; i < k.len; i++) {
    TSNode bad = bad_part_of_target(k.at[i]);
    if (!ts_node_is_null(bad)) return bad;
  }
  return (TSNode){0};
}

// ---------------------------------------------------------------- the parser's rules

// invalid_expression's print/exec hint: `print "x"`; `print >> f, "x"` is a tuple in Python 3.
static SyntaxIssue python2_print_or_exec(TSNode ts) {
  bool print = is(ts, "print_statement");
  if (!print && !is(ts, "exec_statement")) return none;
  if (print && is(ts_node_named_child(ts, 0), "chevron")) return none;
  const char *name = print ? "print" : "exec";
  return at(ts, xprintf("Missing parentheses in call to '%s'. Did you mean %s(...)?", name, name));
}

// tree-sitter reads a parenthesized target, `(o.a) += 1` or `(()): int`, as a tuple of one;
// Python sees parentheses.
static TSNode unparenthesized(TSNode ts) {
  while ((is(ts, "tuple_pattern") || is(ts, "parenthesized_expression")) && ts_node_named_child_count(ts) == 1 &&
         ts_node_is_null(token_child(ts, ",")))
    ts = ts_node_named_child(ts, 0);
  return ts;
}

// invalid_assignment, invalid_ann_assign_target, invalid_for_target.
static SyntaxIssue invalid_assignment_target(TSNode ts) {
  if (!is(ts, "assignment") && !is(ts, "augmented_assignment") && !is(ts, "for_statement")) return none;
  TSNode left = field(ts, "left");
  if (ts_node_is_null(left)) return none;
  const char *what = pyrules_unassignable(left);
  if ((is(left, "list_splat_pattern") || is(left, "list_splat")) && !is(ts, "augmented_assignment"))
    return at(left, "starred assignment target must be in a list or tuple");  // compile.c: `*a = b`
  if (is(ts, "augmented_assignment")) {
    left = unparenthesized(left);
    what = pyrules_unassignable(left);
    const char *seq = is(left, "list_pattern") || is(left, "list") ? "list"
                      : is_sequence_target(left) && !is(left, "parenthesized_expression") ? "tuple" : NULL;
    if (seq) return at(left, xprintf("'%s' is an illegal expression for augmented assignment", seq));
    if (what) return at(left, xprintf("'%s' is an illegal expression for augmented assignment", what));
    return none;
  }
  if (what && (is(ts, "for_statement") || !strcmp(what, "True") || !strcmp(what, "False") || !strcmp(what, "None")))
    return at(left, xprintf("cannot assign to %s", what));
  if (what) return at(left, xprintf("cannot assign to %s here. Maybe you meant '==' instead of '='?", what));
  return none;
}

// `(a, b): int`: a parenthesized name is fine, a tuple or a list is not.
static SyntaxIssue invalid_ann_assign_target(TSNode ts) {
  if (!is(ts, "assignment") || ts_node_is_null(field(ts, "type"))) return none;
  TSNode left = field(ts, "left");
  left = unparenthesized(left);
  bool list = is(left, "list_pattern") || is(left, "list");
  if (list || is(left, "tuple_pattern") || is(left, "tuple") || is(left, "pattern_list"))
    return at(left, xprintf("only single target (not %s) can be annotated", list ? "list" : "tuple"));
  return none;
}

// invalid_del_stmt.
static SyntaxIssue invalid_del_target(TSNode ts) {
  if (!is(ts, "delete_statement")) return none;
  TSNode bad = bad_part_of_target(ts_node_named_child(ts, 0));
  return ts_node_is_null(bad) ? none : at(bad, xprintf("cannot delete %s", pyrules_unassignable(bad)));
}

// The with item of `a as b` (tree-sitter reads `with (a as b):` as a parenthesized item).
static bool in_with_item(TSNode as_pattern) {
  TSNode parent = ts_node_parent(as_pattern);
  while (is(parent, "parenthesized_expression")) parent = ts_node_parent(parent);
  return is(parent, "with_item");
}

// invalid_with_item: `with a as f():`.
static SyntaxIssue invalid_with_target(TSNode ts) {
  if (!is(ts, "as_pattern_target") || !in_with_item(ts_node_parent(ts))) return none;
  TSNode bad = bad_part_of_target(ts_node_named_child(ts, 0));
  return ts_node_is_null(bad) ? none : at(bad, xprintf("cannot assign to %s", pyrules_unassignable(bad)));
}

// tree-sitter binds `*a + b` as `(*a) + b` and `*f(x)` as `(*f)(x)`; Python reads
// `*(a + b)` and `*(f(x))`: is star the first operand of the operation op?
static bool star_operand(TSNode op, TSNode star) {
  static const char *const operations[] = {"binary_operator", "comparison_operator", "boolean_operator",
                                           "call", "attribute", "subscript", "conditional_expression"};
  if (ts_node_start_byte(op) != ts_node_start_byte(star)) return false;
  for (size_t i = 0; i < sizeof operations / sizeof *operations; i++)
    if (is(op, operations[i])) return true;
  return false;
}

// The node `*x` stands in, once tree-sitter's `(*a) + b` is read as Python's `*(a + b)`.
static TSNode starred_whole(TSNode *star) {
  TSNode parent = ts_node_parent(*star);
  while (!ts_node_is_null(parent) && star_operand(parent, *star)) {
    *star = parent;
    parent = ts_node_parent(*star);
  }
  return parent;
}

// Where `*x` may stand: in a display, an argument list or a subscript (tree-sitter-python
// also takes `a * * b` as `a * (*b)`). PEP 646's `*args: *tuple[int, str]` is a starred
// annotation of *args. Alone as a statement's value it is compile.c's "can't use starred
// expression here".
static SyntaxIssue misplaced_star(TSNode ts) {
  if (!is(ts, "list_splat")) return none;
  TSNode star = ts, parent = starred_whole(&star);
  if (is(parent, "type")) {
    TSNode owner = ts_node_parent(parent);
    if (is(ts_node_named_child(owner, 0), "list_splat_pattern") || is(owner, "type_parameter")) return none;
  }
  static const char *const places[] = {"argument_list", "list", "tuple", "set", "expression_list", "subscript",
                                       "pattern_list", "tuple_pattern", "list_pattern"};
  for (size_t i = 0; i < sizeof places / sizeof *places; i++)
    if (is(parent, places[i])) return none;
  static const char *const statements[] = {"assignment", "augmented_assignment", "return_statement",
                                           "expression_statement", "for_statement"};
  for (size_t i = 0; i < sizeof statements / sizeof *statements; i++)
    if (is(parent, statements[i])) return at(star, "can't use starred expression here");
  return at(ts, "invalid syntax");
}

// star_annotation: only `*args` takes a starred annotation (`x: *b` is invalid).
static SyntaxIssue misplaced_star_annotation(TSNode ts) {
  if (!is(ts, "splat_type")) return none;
  TSNode owner = ts_node_parent(ts_node_parent(ts));
  if (is(owner, "typed_parameter") && is(ts_node_named_child(owner, 0), "list_splat_pattern")) return none;
  if (is(owner, "type_parameter")) return none;  // PEP 695's `class A[*Ts, **P]`
  return at(ts_node_child(ts, 0), "invalid syntax");
}

// A string prefix Python 3.13 and before take (tree-sitter takes any letters: t"" is 3.14's).
static bool python_string_prefix(const char *start) {
  static const char *const prefixes[] = {"", "r", "u", "f", "b", "br", "rb", "fr", "rf"};
  char prefix[4] = {0};
  size_t n = strcspn(start, "'\"");
  if (n >= sizeof prefix) return false;
  for (size_t i = 0; i < n; i++) prefix[i] = (char)(start[i] | 32);
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (!strcmp(prefix, prefixes[i])) return true;
  return false;
}

static SyntaxIssue invalid_string_prefix(TSNode ts) {
  return is(ts, "string_start") && !python_string_prefix(ast_text(ts)) ? at(ts, "invalid syntax") : none;
}

// Parser/string_parser.c: "bytes can only contain ASCII literal characters".
static SyntaxIssue non_ascii_bytes(TSNode ts) {
  if (!is(ts, "string")) return none;
  TSNode start = ts_node_named_child(ts, 0);
  if (!is(start, "string_start") || !strpbrk(ast_text(start), "bB")) return none;
  for (const char *p = ast_text(ts); *p; p++)
    if ((unsigned char)*p >= 0x80) return at(ts, "bytes can only contain ASCII literal characters");
  return none;
}

// `a as b` stands in a with item, an except clause (`except E as e`, `except* E as e`)
// and a case pattern (`case [a, b] as p`, nested in the pattern too).
static bool as_pattern_allowed(TSNode ts) {
  TSNode parent = ts_node_parent(ts);
  if (ts_node_is_null(parent)) return false;
  if (in_with_item(ts) || is(parent, "except_clause") || is(parent, "except_group_clause")) return true;
  for (TSNode n = parent; !ts_node_is_null(n); n = ts_node_parent(n))
    if (is(n, "case_clause")) return true;
  return false;
}

static SyntaxIssue misplaced_as(TSNode ts) {
  return is(ts, "as_pattern") && !as_pattern_allowed(ts) ? at(ts_node_child(ts, 1), "invalid syntax") : none;
}

// invalid_as_pattern: `case 42 as _`.
static SyntaxIssue wildcard_as_target(TSNode ts) {
  if (!is(ts, "as_pattern") || !is(ts_node_parent(ts), "case_pattern")) return none;
  TSNode name = ts_node_named_child(ts, ts_node_named_child_count(ts) - 1);
  return text_is(name, "_") ? at(name, "cannot use '_' as a target") : none;
}

// `a = b: T`
static SyntaxIssue annotation_after_assignment(TSNode ts) {
  if (!is(ts, "assignment")) return none;
  TSNode right = field(ts, "right");
  if (!is(right, "assignment") || ts_node_is_null(field(right, "type"))) return none;
  return at(ts_node_prev_sibling(field(right, "type")), "invalid syntax");
}

// invalid_arguments and _PyPegen_collect_call_seqs' checks of an argument list.
static SyntaxIssue argument_out_of_order(TSNode a, bool keyword, bool unpacking) {
  if (is(a, "list_splat") && unpacking) return at(a, "iterable argument unpacking follows keyword argument unpacking");
  if (is(a, "list_splat") || is(a, "keyword_argument") || is(a, "dictionary_splat")) return none;
  if (unpacking) return at(a, "positional argument follows keyword argument unpacking");
  return keyword ? at(a, "positional argument follows keyword argument") : none;
}

static SyntaxIssue invalid_argument_order(TSNode ts) {
  if (!is(ts, "argument_list")) return none;
  bool keyword = false, unpacking = false;
  SyntaxIssue issue = none;
  TSTreeCursor cur = ts_tree_cursor_new(ts);  // (a call may have thousands of arguments: no copy)
  bool more = ts_tree_cursor_goto_first_child(&cur) && ts_tree_cursor_goto_next_sibling(&cur);
  TSNode second = ts_tree_cursor_current_node(&cur);
  if (more && is(second, ",")) issue = at(second, "invalid syntax");  // `f(,)`
  for (; more && !issue.msg; more = ts_tree_cursor_goto_next_sibling(&cur)) {
    TSNode a = ts_tree_cursor_current_node(&cur);
    if (!ts_node_is_named(a) || is(a, "comment") || is(a, "line_continuation")) continue;
    issue = argument_out_of_order(a, keyword, unpacking);
    unpacking |= is(a, "dictionary_splat");
    keyword |= is(a, "keyword_argument");
  }
  ts_tree_cursor_delete(&cur);
  return issue;
}

// `f(x for x in L, 1)`: tree-sitter reads `L, 1` as the iterable; Python's comprehensions
// take no bare tuple there.
static SyntaxIssue unparenthesized_generator(TSNode ts) {
  if (!is(ts, "for_in_clause")) return none;
  TSNode comma = token_child(ts, ",");
  if (ts_node_is_null(comma)) return none;
  TSNode gen = ts_node_parent(ts);
  if (is(gen, "generator_expression") && is(ts_node_parent(gen), "call"))  // the call's only argument
    return ast_issue_span(field(gen, "body"), ts_node_prev_sibling(comma),
                          "Generator expression must be parenthesized");
  return at(comma, "invalid syntax");
}

// invalid_parameters and invalid_lambda_parameters, in the order Python tries them.
static SyntaxIssue invalid_parameter_order(TSNode ts) {
  bool lambda = is(ts, "lambda_parameters");
  if (!lambda && !is(ts, "parameters")) return none;
  Children k = syntax_children(ts, true);
  bool slash = false, star = false, kwargs = false, with_default = false, defaults_end = false;
  for (int i = 0; i < k.len; i++) {
    TSNode p = k.at[i];
    TSNode inner = is(p, "typed_parameter") ? ts_node_named_child(p, 0) : p;
    if (kwargs) return at(p, "arguments cannot follow var-keyword argument");
    if (is(p, "tuple_pattern"))
      return at(p, lambda ? "Lambda expression parameters cannot be parenthesized"
                          : "Function parameters cannot be parenthesized");
    if (is(p, "positional_separator")) {
      if (slash) return at(p, "/ may appear only once");
      if (star) return at(p, "/ must be ahead of *");
      if (i == 0) return at(p, "at least one argument must precede /");
      slash = true;
    } else if (is(inner, "list_splat_pattern") || is(p, "keyword_separator")) {
      if (star) return at(p, "* argument may appear only once");
      TSNode next = i + 1 < k.len ? k.at[i + 1] : (TSNode){0};
      if (is(next, "typed_parameter")) next = ts_node_named_child(next, 0);
      if (is(p, "keyword_separator") && (ts_node_is_null(next) || is(next, "dictionary_splat_pattern")))
        return at(ast_token_after(p), "named arguments must follow bare *");
      star = defaults_end = true;
    } else if (is(inner, "dictionary_splat_pattern")) {
      kwargs = true;
    } else if (is(p, "default_parameter") || is(p, "typed_default_parameter")) {
      with_default = true;
    } else if (with_default && !defaults_end) {
      return at(p, "parameter without a default follows parameter with a default");
    }
  }
  return none;
}

// invalid_except_stmt: `except A, B:` and `except*:`; invalid_try_stmt: except with except*.
static SyntaxIssue invalid_except_clauses(TSNode ts) {
  if (!is(ts, "try_statement")) return none;
  Children k = syntax_children(ts, true);
  int kind = -1;  // of the first handler: 0 except, 1 except*
  bool handled = false;
  for (int i = 0; i < k.len; i++) {
    TSNode c = k.at[i];
    handled |= is(c, "except_clause") || is(c, "except_group_clause") || is(c, "finally_clause");
    if (!is(c, "except_clause") && !is(c, "except_group_clause")) continue;
    TSNode star = token_child(c, "*");
    TSNode value = field(c, "value");
    if (!ts_node_is_null(star) && ts_node_is_null(value))
      return at(token_child(c, ":"), "expected one or more exception types");
    Children values = syntax_children(c, true);
    if (values.len > 2 && is(values.at[values.len - 1], "block") && ts_node_is_null(token_child(c, "(")) &&
        !ts_node_is_null(token_child(c, ",")))
      return ast_issue_span(values.at[0], values.at[values.len - 2], "multiple exception types must be parenthesized");
    int this_kind = !ts_node_is_null(star) || is(c, "except_group_clause");
    if (kind < 0) kind = this_kind;
    else if (kind != this_kind)
      return ast_issue_span(ts_node_child(c, 0), ts_node_is_null(star) ? ts_node_child(c, 0) : star,
                            "cannot have both 'except' and 'except*' on the same 'try'");
  }
  // tree-sitter takes a try without handlers; Python does not
  return handled ? none : at(ast_token_after(ts), "expected 'except' or 'finally' block");
}

// raise_stmt takes one expression: `raise X, Y` is Python 2's.
static SyntaxIssue python2_raise(TSNode ts) {
  if (!is(ts, "raise_statement") || !is(ts_node_named_child(ts, 0), "expression_list")) return none;
  return at(token_child(ts_node_named_child(ts, 0), ","), "invalid syntax");
}

// invalid_import_from_targets: `from t import x,`.
static SyntaxIssue import_trailing_comma(TSNode ts) {
  if (!is(ts, "import_from_statement") || !ts_node_is_null(token_child(ts, "("))) return none;
  TSNode last = ts_node_child(ts, ts_node_child_count(ts) - 1);
  if (!is(last, ",")) return none;
  SyntaxIssue issue = at(last, "trailing comma not allowed without surrounding parentheses");
  issue.loc.col++, issue.loc.end_col = 0;  // Python points just past the comma, at the line's end
  return issue;
}

// invalid_double_starred_kvpairs of patterns: `{**rest}` comes last and binds a name.
static SyntaxIssue invalid_mapping_pattern(TSNode ts) {
  if (!is(ts, "dict_pattern")) return none;
  Children k = syntax_children(ts, true);
  for (int i = 0; i < k.len; i++) {
    if (!is(k.at[i], "splat_pattern")) continue;
    if (ts_node_named_child_count(k.at[i]) == 0) return at(ts_node_child(k.at[i], 1), "invalid syntax");
    if (i + 1 < k.len) return at(k.at[i + 1], "invalid syntax");
  }
  return none;
}

// invalid_class_pattern: `case Foo(z=1, x)`.
static SyntaxIssue positional_after_keyword_pattern(TSNode ts) {
  if (!is(ts, "class_pattern")) return none;
  bool keyword = false;
  Children k = syntax_children(ts, true);
  for (int i = 1; i < k.len; i++) {
    bool kw = is(ts_node_named_child(k.at[i], 0), "keyword_pattern");
    if (keyword && !kw) return at(k.at[i], "positional patterns follow keyword patterns");
    keyword |= kw;
  }
  return none;
}

// invalid_assignment and invalid_for_target where tree-sitter gave up: an ERROR node of
// `f() =` or `for f() in x:`. Python's message for a lone `a = b` adds a hint; for a
// chain, a for target and True, False, None it does not.
SyntaxIssue pyrules_stuck_target(TSNode error) {
  uint32_t n = ts_node_child_count(error);
  bool loop = n >= 3 && is(ts_node_child(error, 0), "for") && is(ts_node_child(error, 2), "in");
  bool inner_loop = n == 2 && is(ts_node_child(error, 1), "in") && is(ts_node_prev_sibling(error), "for");
  TSNode target = ts_node_child(error, loop ? 1 : 0);
  loop |= inner_loop;  // (in a block: `for` outside the ERROR of `f() in`)
  if (!loop && (n != 2 || !is(ts_node_child(error, 1), "="))) return none;
  const char *what = pyrules_unassignable(target);
  if (!what) return none;
  TSNode next = ts_node_next_sibling(error);
  bool chain = is(ts_node_parent(error), "assignment") ||
               (!ts_node_is_null(next) && is(ts_node_named_child(next, 0), "assignment"));
  bool constant = !strcmp(what, "True") || !strcmp(what, "False") || !strcmp(what, "None");
  if (loop || chain || constant) return at(target, xprintf("cannot assign to %s", what));
  return at(target, xprintf("cannot assign to %s here. Maybe you meant '==' instead of '='?", what));
}

typedef SyntaxIssue Rule(TSNode ts);

SyntaxIssue pyrules_node_error(TSNode ts) {
  if (!ts_node_is_named(ts)) return none;  // every rule is about a named node
  static Rule *const rules[] = {
      invalid_string_prefix, non_ascii_bytes, python2_print_or_exec, invalid_assignment_target,
      invalid_ann_assign_target, invalid_del_target, invalid_with_target, misplaced_star, misplaced_star_annotation,
      misplaced_as, wildcard_as_target, annotation_after_assignment, invalid_argument_order,
      unparenthesized_generator, invalid_parameter_order, invalid_except_clauses, python2_raise,
      import_trailing_comma, invalid_mapping_pattern, positional_after_keyword_pattern,
  };
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
    SyntaxIssue issue = rules[i](ts);
    if (issue.msg) return issue;
  }
  return none;
}

// ---------------------------------------------------------------- the symbol table's rules
// A scope is a function_definition, lambda, class_definition or the module; the rules
// below look up one name at a time, walking the scope's own nodes (not those of the
// scopes nested in it), so no table of every name is kept.

enum { USE = 1, ASSIGN = 2, ANNOT = 4, PARAM = 8, GLOBAL = 16, NONLOCAL = 32 };

static bool opens_scope(TSNode ts) {
  return is(ts, "function_definition") || is(ts, "class_definition") || is(ts, "lambda") || is(ts, "module");
}

static bool is_comprehension(TSNode ts) {
  return is(ts, "list_comprehension") || is(ts, "set_comprehension") || is(ts, "dictionary_comprehension") ||
         is(ts, "generator_expression");
}

static TSNode scope_of(TSNode ts) {
  TSNode n = ts_node_parent(ts);
  while (!ts_node_is_null(n) && !opens_scope(n)) n = ts_node_parent(n);
  return n;
}

// The statement or clause a target stands in, seen from one of its names.
static TSNode target_owner(TSNode name) {
  TSNode n = name, parent = ts_node_parent(n);
  while (is_sequence_target(parent)) n = parent, parent = ts_node_parent(n);
  if (is(parent, "assignment") || is(parent, "augmented_assignment") || is(parent, "for_statement"))
    return ts_node_eq(field(parent, "left"), n) ? parent : (TSNode){0};
  if (is(parent, "named_expression")) return ts_node_eq(field(parent, "name"), n) ? parent : (TSNode){0};
  if (is(parent, "delete_statement") || is(parent, "as_pattern") || is(parent, "except_clause")) return parent;
  return (TSNode){0};
}

// How the identifier `name` is used where it stands (0: not as a variable).
static int name_use(TSNode name) {
  TSNode parent = ts_node_parent(name);
  const char *p = ts_node_type(parent);
  if (!strcmp(p, "attribute")) return ts_node_eq(field(parent, "attribute"), name) ? 0 : USE;
  if (!strcmp(p, "keyword_argument") || !strcmp(p, "keyword_pattern"))
    return ts_node_eq(field(parent, "name"), name) || ts_node_eq(ts_node_named_child(parent, 0), name) ? 0 : USE;
  if (!strcmp(p, "splat_pattern")) return ASSIGN;  // `case [*rest]`, `case {**rest}`
  if (!strcmp(p, "global_statement")) return GLOBAL;
  if (!strcmp(p, "nonlocal_statement")) return NONLOCAL;
  if (!strcmp(p, "function_definition") || !strcmp(p, "class_definition") || !strcmp(p, "aliased_import") ||
      !strcmp(p, "type_alias_statement"))
    return ASSIGN;
  if (!strcmp(p, "dotted_name")) {
    TSNode stmt = ts_node_parent(parent);
    bool first = ts_node_eq(ts_node_named_child(parent, 0), name);
    if (is(stmt, "import_statement")) return first ? ASSIGN : 0;
    if (is(stmt, "import_from_statement")) return ts_node_eq(field(stmt, "module_name"), parent) ? 0 : ASSIGN;
    bool capture = (is(stmt, "case_pattern") || is(stmt, "keyword_pattern")) && ts_node_named_child_count(parent) == 1;
    if (capture) return ASSIGN;  // `case x:`, `case C(k=x)`
    return is(stmt, "case_pattern") || is(stmt, "class_pattern") ? USE : 0;
  }
  if (is_comprehension(parent) || is(parent, "for_in_clause")) return USE;
  TSNode owner = target_owner(name);
  if (ts_node_is_null(owner)) return USE;
  if (is(owner, "assignment") && !ts_node_is_null(field(owner, "type"))) return ANNOT;
  return ASSIGN;
}

// The ways `name` is used in the scope's own nodes under ts that start before `upto`.
// In a comprehension (its own scope), only a walrus binds in the enclosing one.
static int uses_of(TSNode ts, const char *name, uint32_t upto, bool in_comprehension) {
  if (ts_node_start_byte(ts) >= upto) return 0;
  if (is(ts, "identifier")) {
    if (!text_is(ts, name)) return 0;
    int use = name_use(ts);
    return in_comprehension ? use & (is(ts_node_parent(ts), "named_expression") ? ASSIGN : 0) : use;
  }
  if (is(ts, "lambda")) return 0;
  if (is(ts, "function_definition") || is(ts, "class_definition"))  // only its name binds here
    return text_is(field(ts, "name"), name) && ts_node_start_byte(field(ts, "name")) < upto ? ASSIGN : 0;
  in_comprehension |= is_comprehension(ts);
  int flags = 0;
  TSTreeCursor cur = ts_tree_cursor_new(ts);  // (no copy of the children: this runs per declaration)
  for (bool more = ts_tree_cursor_goto_first_child(&cur); more; more = ts_tree_cursor_goto_next_sibling(&cur)) {
    TSNode c = ts_tree_cursor_current_node(&cur);
    if (ts_node_start_byte(c) >= upto) break;
    if (ts_node_is_named(c)) flags |= uses_of(c, name, upto, in_comprehension);
  }
  ts_tree_cursor_delete(&cur);
  return flags;
}

// The parameter names of a function or lambda node, as identifiers.
static Children parameter_names(TSNode scope) {
  Children out = {0};
  TSNode params = field(scope, "parameters");
  if (ts_node_is_null(params)) return out;
  Children k = syntax_children(params, true);
  out.at = xmalloc(sizeof(TSNode) * (size_t)(k.len + 1));
  for (int i = 0; i < k.len; i++) {
    TSNode p = k.at[i];
    if (is(p, "default_parameter") || is(p, "typed_default_parameter")) p = field(p, "name");
    if (is(p, "typed_parameter")) p = ts_node_named_child(p, 0);
    if (is(p, "list_splat_pattern") || is(p, "dictionary_splat_pattern")) p = ts_node_named_child(p, 0);
    if (is(p, "identifier")) out.at[out.len++] = p;
  }
  return out;
}

static int flags_in_scope(TSNode scope, const char *name, uint32_t upto) {
  int flags = 0;
  Children params = parameter_names(scope);
  for (int i = 0; i < params.len; i++)
    if (text_is(params.at[i], name)) flags |= PARAM;
  TSNode body = is(scope, "module") ? scope : field(scope, "body");
  return flags | uses_of(body, name, upto, false);
}

// symtable.c's checks of `global x` / `nonlocal x` against what came before in its scope.
static SyntaxIssue declaration_conflict(TSNode stmt) {
  bool global = is(stmt, "global_statement");
  if (!global && !is(stmt, "nonlocal_statement")) return none;
  TSNode scope = scope_of(stmt);
  if (!global && is(scope, "module")) return at(stmt, "nonlocal declaration not allowed at module level");
  const char *kw = global ? "global" : "nonlocal";
  Children names = syntax_children(stmt, true);
  for (int i = 0; i < names.len; i++) {
    const char *x = ast_text(names.at[i]);
    int f = flags_in_scope(scope, x, ts_node_start_byte(stmt));
    if (f & PARAM) return at(stmt, xprintf("name '%s' is parameter and %s", x, kw));
    if (f & USE) return at(stmt, xprintf("name '%s' is used prior to %s declaration", x, kw));
    if (f & ANNOT) return at(stmt, xprintf("annotated name '%s' can't be %s", x, kw));
    if (f & ASSIGN) return at(stmt, xprintf("name '%s' is assigned to before %s declaration", x, kw));
  }
  return none;
}

// Python's private names: `__x` in a class body is `_Class__x`.
static const char *mangled(TSNode at_node, const char *name) {
  size_t n = strlen(name);
  if (n < 3 || strncmp(name, "__", 2) || !strcmp(name + n - 2, "__")) return name;
  for (TSNode s = ts_node_parent(at_node); !ts_node_is_null(s); s = ts_node_parent(s))
    if (is(s, "class_definition")) {
      const char *cls = ast_text(field(s, "name"));
      while (*cls == '_') cls++;
      return *cls ? xprintf("_%s%s", cls, name) : name;
    }
  return name;
}

// The `global x` statement of a scope's own nodes under ts; null if none.
static TSNode global_declaring(TSNode ts, const char *name) {
  if (is(ts, "global_statement")) {
    Children names = syntax_children(ts, true);
    for (int i = 0; i < names.len; i++)
      if (text_is(names.at[i], name)) return ts;
    return (TSNode){0};
  }
  if (opens_scope(ts) && !is(ts, "module")) return (TSNode){0};
  Children k = syntax_children(ts, true);
  for (int i = 0; i < k.len; i++) {
    TSNode found = global_declaring(k.at[i], name);
    if (!ts_node_is_null(found)) return found;
  }
  return (TSNode){0};
}

static bool in_class(TSNode ts) {
  for (TSNode s = ts_node_parent(ts); !ts_node_is_null(s); s = ts_node_parent(s))
    if (is(s, "class_definition")) return true;
  return false;
}

// symtable.c's analysis: `nonlocal x` needs an enclosing function that binds x, and no
// name is both nonlocal and global in one scope.
static SyntaxIssue nonlocal_unbound(TSNode stmt) {
  if (!is(stmt, "nonlocal_statement")) return none;
  TSNode scope = scope_of(stmt);
  Children names = syntax_children(stmt, true);
  for (int i = 0; i < names.len; i++) {
    const char *x = ast_text(names.at[i]);
    if (flags_in_scope(scope, x, UINT32_MAX) & GLOBAL) {  // Python points at the first of the two
      TSNode global = global_declaring(is(scope, "module") ? scope : field(scope, "body"), x);
      bool before = !ts_node_is_null(global) && ts_node_start_byte(global) < ts_node_start_byte(stmt);
      return at(before ? global : stmt, xprintf("name '%s' is nonlocal and global", x));
    }
    bool bound = false;
    for (TSNode s = scope_of(scope); !bound && !is(s, "module") && !ts_node_is_null(s); s = scope_of(s)) {
      if (is(s, "class_definition")) continue;
      int f = flags_in_scope(s, x, UINT32_MAX);
      if (f & GLOBAL) break;
      bound = f & (PARAM | ASSIGN | ANNOT | NONLOCAL);
    }
    bound |= !strcmp(x, "__class__") && in_class(stmt);  // methods' implicit __class__ cell
    if (!bound) return at(stmt, xprintf("no binding for nonlocal '%s' found", mangled(stmt, x)));
  }
  return none;
}

typedef struct {
  const char *text;
  int at;
} Name;

static int by_text_then_place(const void *a, const void *b) {
  const Name *x = a, *y = b;
  int c = strcmp(x->text, y->text);
  return c ? c : x->at - y->at;
}

// The first of the names that repeats an earlier one (-1 if none), sorting a copy: an
// argument list may have thousands.
static int first_repeat(Children names) {
  Name *sorted = xmalloc(sizeof *sorted * (size_t)(names.len + 1));
  for (int i = 0; i < names.len; i++) sorted[i] = (Name){ast_text(names.at[i]), i};
  qsort(sorted, (size_t)names.len, sizeof *sorted, by_text_then_place);
  int first = -1;
  for (int i = 1; i < names.len; i++)
    if (!strcmp(sorted[i].text, sorted[i - 1].text) && (first < 0 || sorted[i].at < first)) first = sorted[i].at;
  return first;
}

// symtable_add_def's "duplicate argument".
static SyntaxIssue duplicate_parameter(TSNode ts) {
  if (!is(ts, "function_definition") && !is(ts, "lambda")) return none;
  Children names = parameter_names(ts);
  int i = first_repeat(names);
  if (i < 0) return none;
  return at(names.at[i], xprintf("duplicate argument '%s' in function definition", ast_text(names.at[i])));
}

// The first walrus, yield or await under ts (not in a lambda); null if none.
static TSNode first_walrus_yield_await(TSNode ts) {
  if (is(ts, "named_expression") || is(ts, "yield") || is(ts, "await")) return ts;
  if (is(ts, "lambda")) return (TSNode){0};
  Children k = syntax_children(ts, true);
  for (int i = 0; i < k.len; i++) {
    TSNode found = first_walrus_yield_await(k.at[i]);
    if (!ts_node_is_null(found)) return found;
  }
  return (TSNode){0};
}

static SyntaxIssue in_annotation_scope(TSNode part, const char *where) {
  TSNode bad = ts_node_is_null(part) ? part : first_walrus_yield_await(part);
  if (ts_node_is_null(bad)) return none;
  const char *what = is(bad, "named_expression") ? "named" : is(bad, "yield") ? "yield" : "await";
  return at(bad, xprintf("%s expression cannot be used within %s", what, where));
}

// symtable.c: type parameters' bounds, type aliases and generic classes' bases are
// evaluated lazily in their own scopes, where walrus, yield and await have no place.
static SyntaxIssue annotation_scope_expression(TSNode ts) {
  if (is(ts, "type_alias_statement")) return in_annotation_scope(field(ts, "right"), "a type alias");
  if (is(ts, "class_definition") && !ts_node_is_null(field(ts, "type_parameters")))
    return in_annotation_scope(field(ts, "superclasses"), "the definition of a generic");
  if (!is(ts, "constrained_type") || !is(ts_node_parent(ts_node_parent(ts)), "type_parameter")) return none;
  TSNode bound = ts_node_named_child(ts, 1);
  bool tuple = is(ts_node_named_child(bound, 0), "tuple");
  return in_annotation_scope(bound, tuple ? "a TypeVar constraint" : "a TypeVar bound");
}

// ---------------------------------------------------------------- the compiler's rules

// compile.c's forbidden_name: __debug__ is a constant.
static bool is_debug(TSNode ts) {
  if (is(ts, "attribute")) ts = field(ts, "attribute");
  return is(ts, "identifier") && text_is(ts, "__debug__");
}

static TSNode debug_in_target(TSNode target) {
  if (is_debug(target)) return target;
  if (!is_sequence_target(target)) return (TSNode){0};
  Children k = syntax_children(target, true);
  for (int i = 0; i < k.len; i++) {
    TSNode found = debug_in_target(k.at[i]);
    if (!ts_node_is_null(found)) return found;
  }
  return (TSNode){0};
}

static SyntaxIssue debug_assignment(TSNode ts) {
  TSNode target = {0};
  if (is(ts, "assignment") || is(ts, "augmented_assignment") || is(ts, "for_statement")) target = field(ts, "left");
  else if (is(ts, "named_expression") || is(ts, "keyword_argument") || is(ts, "function_definition") ||
           is(ts, "class_definition"))
    target = field(ts, "name");
  else if (is(ts, "as_pattern_target") || is(ts, "aliased_import"))
    target = ts_node_named_child(ts, ts_node_named_child_count(ts) - 1);
  else if (is(ts, "delete_statement") && !ts_node_is_null(debug_in_target(ts_node_named_child(ts, 0))))
    return at(debug_in_target(ts_node_named_child(ts, 0)), "cannot delete __debug__");
  TSNode bad = ts_node_is_null(target) ? target : debug_in_target(target);
  return ts_node_is_null(bad) ? none : at(bad, "cannot assign to __debug__");
}

static SyntaxIssue debug_parameter(TSNode ts) {
  if (!is(ts, "function_definition") && !is(ts, "lambda")) return none;
  Children names = parameter_names(ts);
  for (int i = 0; i < names.len; i++)
    if (is_debug(names.at[i])) return at(names.at[i], "cannot assign to __debug__");
  return none;
}

// compile.c's validate_keywords: `f(a=1, a=2)`.
static int keyword_arguments(TSNode ts) {
  int n = 0;
  TSTreeCursor cur = ts_tree_cursor_new(ts);
  for (bool more = ts_tree_cursor_goto_first_child(&cur); more; more = ts_tree_cursor_goto_next_sibling(&cur))
    n += is(ts_tree_cursor_current_node(&cur), "keyword_argument");
  ts_tree_cursor_delete(&cur);
  return n;
}

static SyntaxIssue repeated_keyword(TSNode ts) {
  if (!is(ts, "argument_list") || keyword_arguments(ts) < 2) return none;
  Children k = syntax_children(ts, true), names = {xmalloc(sizeof(TSNode) * (size_t)(k.len + 1)), 0};
  for (int i = 0; i < k.len; i++)
    if (is(k.at[i], "keyword_argument")) names.at[names.len++] = field(k.at[i], "name");
  int i = first_repeat(names);
  if (i < 0) return none;
  return at(ts_node_parent(names.at[i]), xprintf("keyword argument repeated: %s", ast_text(names.at[i])));
}

// Where a statement stands, for break, continue, return and yield.
typedef struct {
  bool loop, function;
} Place;

static SyntaxIssue misplaced_statement(TSNode ts, Place place) {
  if (is(ts, "break_statement") && !place.loop) return at(ts, "'break' outside loop");
  if (is(ts, "continue_statement") && !place.loop) return at(ts, "'continue' not properly in loop");
  if (is(ts, "return_statement") && !place.function) return at(ts, "'return' outside function");
  if (is(ts, "yield") && !place.function) return at(ts, "'yield' outside function");
  return none;
}

// Python's phases, each a list of rules (NULL-terminated): an error of an earlier phase
// wins wherever it is, and within a phase the first in source order.
enum { PHASES = 3, RULES_PER_PHASE = 4 };
static Rule *const phases[PHASES][RULES_PER_PHASE] = {
    {declaration_conflict, duplicate_parameter, annotation_scope_expression},  // symtable.c's visit
    {nonlocal_unbound},                                                         // symtable.c's analysis
    {debug_assignment, debug_parameter, repeated_keyword},                      // compile.c
};

// One walk with one cursor (no copies of every node's children) for all the phases.
static SyntaxIssue first_by_phase(TSNode root) {
  SyntaxIssue found[PHASES] = {none, none, none};
  TSTreeCursor cur = ts_tree_cursor_new(root);
  for (bool more = true; more && !found[0].msg;) {
    TSNode ts = ts_tree_cursor_current_node(&cur);
    for (int p = 0; p < PHASES && ts_node_is_named(ts); p++)
      for (int r = 0; r < RULES_PER_PHASE && phases[p][r] && !found[p].msg; r++) found[p] = phases[p][r](ts);
    if (ts_tree_cursor_goto_first_child(&cur)) continue;
    while (!(more = ts_tree_cursor_goto_next_sibling(&cur)) && ts_tree_cursor_goto_parent(&cur)) {
    }
  }
  ts_tree_cursor_delete(&cur);
  for (int p = 0; p < PHASES; p++)
    if (found[p].msg) return found[p];
  return none;
}

static SyntaxIssue first_misplaced(TSNode ts, Place place) {
  SyntaxIssue issue = misplaced_statement(ts, place);
  if (issue.msg) return issue;
  if (is(ts, "function_definition") || is(ts, "lambda")) place = (Place){false, true};
  if (is(ts, "class_definition")) place = (Place){false, false};
  TSNode body = is(ts, "for_statement") || is(ts, "while_statement") ? field(ts, "body") : (TSNode){0};
  TSTreeCursor cur = ts_tree_cursor_new(ts);
  for (bool more = ts_tree_cursor_goto_first_child(&cur); more && !issue.msg;
       more = ts_tree_cursor_goto_next_sibling(&cur)) {
    TSNode c = ts_tree_cursor_current_node(&cur);
    if (!ts_node_is_named(c)) continue;
    Place inner = place;
    if (!ts_node_is_null(body) && ts_node_eq(c, body)) inner.loop = true;
    issue = first_misplaced(c, inner);
  }
  ts_tree_cursor_delete(&cur);
  return issue;
}

SyntaxIssue pyrules_compile_error(TSNode root) {
  SyntaxIssue issue = first_by_phase(root);
  return issue.msg ? issue : first_misplaced(root, (Place){false, false});  // compile.c's too
}
