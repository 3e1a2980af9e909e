// irdump.c: the IR in a stable text form (--dump-ir[=PASS]), one op per line with its
// shape, dtype and, once assigned, layout; for reading what a pass did and for tests that
// check passes through it, as LLVM and MLIR tests read their IR.
//
//   kernel add_kernel(%x_ptr: *fp32, %n_elements: i32) num_warps=4 BLOCK_SIZE=1024
//   L28   %pid = program_id 0 : i32
//   L30   %offsets = add %0, %1 : [1024] i32 #blocked<vec=4, per_thread=8, threads=128, space=[1024], map=[0]>
//
// A value the tracer did not name is %N, numbered where first printed; it is printed on
// its own line before the op that first uses it (the CUDA recomputes it where used).
#include "tl2cu.h"

#include <string.h>


typedef struct {
  FILE *out;
  int *numbers;  // by Value id (all below sem_next_id()): 0 = not printed yet, else its %N + 1
  int next;
  int indent;
  Vec layouts;   // the distinct #blocked<...> texts printed, and
  Vec linear;    // each one's #linear<...> (listed after the kernel)
  bool facts;    // after the axisinfo pass: every integer and pointer block's facts
} Dump;

static const char *op_mnemonic(Op op) {
  static const char *const names[] = {"add", "sub", "mul", "div", "floordiv", "mod", "pow",   "shl", "shr",
                                      "and", "or",  "xor", "lt",  "le",       "gt",  "ge",    "eq",  "ne",
                                      "is",  "isnot", "in", "neg", "pos",     "invert", "land", "lor"};
  return (unsigned)op < sizeof names / sizeof names[0] ? names[op] : "?";
}

static const char *kind_mnemonic(Value *v) {
  switch (v->kind) {
  case V_CONST: return "const";
  case V_PARAM: return "param";
  case V_PROGRAM_ID: return "program_id";
  case V_NUM_PROGRAMS: return "num_programs";
  case V_ARANGE: return "arange";
  case V_EXPAND: return "expand_dims";
  case V_BROADCAST: return "broadcast";
  case V_BINARY: case V_UNARY: return op_mnemonic(v->op);
  case V_CAST: return "cast";
  case V_BITCAST: return "bitcast";
  case V_WHERE: return "where";
  case V_MATH: return xprintf("math.%s", v->fn);
  case V_LOAD: return "load";
  case V_VAR: return "var";
  case V_PERMUTE: return "permute";
  case V_RESHAPE: return "reshape";
  case V_FLIP: return "flip";
  case V_JOIN: return "join";
  case V_SPLIT: return "split";
  case V_REDUCE: return xprintf("reduce.%s", v->combine ? v->combine->name : v->fn);
  case V_SCAN: return xprintf("scan.%s", v->combine ? v->combine->name : v->fn);
  case V_ATOMIC: return xprintf("atomic.%s", v->fn);
  case V_GATHER: return "gather";
  case V_HISTOGRAM: return "histogram";
  case V_SORT: return xprintf("sort.%s", v->fn);
  case V_ASM: return "inline_asm";
  case V_MAP: return "map_elementwise";
  case V_DOT: return "dot";
  case V_RESULT: return "result";
  case V_ARG: return "arg";
  }
  return "?";
}

static int *number_slot(Dump *d, Value *v) { return &d->numbers[v->id]; }

static void print_value(Dump *d, Value *v);

// How an operand is written: its C name, or %N (printed first if it was not).
static const char *operand(Dump *d, Value *v) {
  if (v->kind == V_CONST)
    return scalar_is_float(v->ty.kind) ? xprintf("%.17g", v->fval) : xprintf("%lld", (long long)v->ival);
  if (v->cname && (v->kind == V_PARAM || v->kind == V_VAR || is_materialized(v))) return xprintf("%%%s", v->cname);
  if (!*number_slot(d, v)) print_value(d, v);
  return xprintf("%%%d", *number_slot(d, v) - 1);
}

static const char *type_text(Value *v) {
  return v->shape.rank ? xprintf("%s %s", shape_text(v->shape), type_name(v->ty)) : type_name(v->ty);
}

// A held block's layout: runs of vec elements, per_thread of them in each of the threads,
// over the block `space`; map: the space dim each of the value's dims follows (-1: size 1),
// so a reduction's result held where its elements were shows as a slice of the space.
static const char *blocked_text(Dump *d, const Layout *l, Shape value) {
  Str t = {0};
  if (l->kind == LAYOUT_MMA)
    str_addf(&t, "#mma<warps=[%d, %d], per_thread=%lld%s, threads=%d, space=%s, map=[", l->wm, l->wn,
             (long long)l->per_thread, l->keep ? xprintf(", registers=0x%x", l->keep) : "", l->threads,
             shape_text(l->space));
  else
    str_addf(&t, "#blocked<vec=%d, per_thread=%lld, threads=%d, space=%s, map=[", l->vec, (long long)l->per_thread,
             l->threads, shape_text(l->space));
  for (int i = 0; i < value.rank; i++) str_addf(&t, "%s%d", i ? ", " : "", l->map[i]);
  str_add(&t, "]>");
  bool listed = false;
  for (int i = 0; i < d->layouts.len; i++) listed |= !strcmp(d->layouts.items[i], t.buf);
  if (!listed) {
    LinearLayout ll = linear_layout(l, value);
    vec_push(&d->layouts, t.buf);
    vec_push(&d->linear, (void *)linear_text(&ll));
  }
  return t.buf;
}

static const char *layout_text(Dump *d, Value *v) {
  Layout *l = v->shape.rank ? v->layout : NULL;
  return l ? xprintf(" %s", blocked_text(d, l, v->shape)) : "";
}

// "name=[1, 64]"; a divisibility of any power of two (zero's, an arange from 0) is "inf".
static void add_dims(Str *t, const char *name, const int64_t *x, int rank) {
  str_addf(t, "%s=[", name);
  for (int i = 0; i < rank; i++)
    str_addf(t, x[i] >= (1 << 30) ? "%sinf" : "%s%lld", i ? ", " : "", (long long)x[i]);
  str_add(t, "]");
}

// One fact per dim: "[4, 16]", or with the aligned variant's where they differ,
// "[4, 16] aligned=[16, 16]".
static void add_fact(Str *t, const char *name, const int64_t *plain, const int64_t *aligned, int rank) {
  add_dims(t, name, plain, rank);
  if (aligned && memcmp(plain, aligned, rank * sizeof *plain)) add_dims(t, " aligned", aligned, rank);
}

// "past=[0, 2 mod 16]": first elements a known distance past a boundary (x + 1), or "".
static const char *past_text(AxisInfo a, int rank) {
  bool any = false;
  for (int i = 0; i < rank; i++) any |= a.residue[i] && a.modulus[i] > a.divisibility[i] && a.modulus[i] < (1 << 30);
  if (!any) return "";
  Str t = {0};
  str_add(&t, "past=[");
  for (int i = 0; i < rank; i++) {
    bool known = a.residue[i] && a.modulus[i] < (1 << 30);
    str_addf(&t, "%s%lld", i ? ", " : "", (long long)(known ? a.residue[i] : 0));
    if (known) str_addf(&t, " mod %lld", (long long)a.modulus[i]);
  }
  str_add(&t, "]");
  return t.buf;
}

// After the axisinfo pass, an integer, pointer or bool block's facts (axisinfo.c), where
// anything is known: per dim its contiguity, divisibility and constancy, how far past a
// boundary its first elements are, and the aligned variant's where they differ.
static const char *axis_facts(Dump *d, Value *v) {
  Scalar t = v->ty.kind;
  if (!d->facts || !v->shape.rank || v->kind == V_LOAD || !(t == TY_PTR || scalar_is_int(t))) return "";
  int rank = v->shape.rank;
  AxisInfo a = axis_info_in(v, PLAIN_VARIANT), b = axis_info_in(v, ALIGNED_VARIANT);
  const char *past = past_text(a, rank), *past_aligned = past_text(b, rank);
  bool known = *past || *past_aligned;
  for (int i = 0; i < rank; i++)
    known |= a.contiguity[i] > 1 || a.divisibility[i] > 1 || b.divisibility[i] > 1 || a.constancy[i] > 1 || b.constancy[i] > 1;
  if (!known) return "";
  Str s = {0};
  str_add(&s, " {");
  add_fact(&s, "contiguity", a.contiguity, NULL, rank);
  add_fact(&s, ", divisibility", a.divisibility, b.divisibility, rank);
  add_fact(&s, ", constancy", a.constancy, b.constancy, rank);
  if (*past) str_addf(&s, ", %s", past);
  if (strcmp(past, past_aligned)) str_addf(&s, *past_aligned ? ", aligned %s" : ", aligned past=[]", past_aligned);
  str_add(&s, "}");
  return s.buf;
}

// An access's widest vectors (the axisinfo pass), in elements: plain and aligned variant.
static const char *vector_text(const int *vector) {
  return vector[PLAIN_VARIANT] ? xprintf(" {vector=%d, aligned %d}", vector[PLAIN_VARIANT], vector[ALIGNED_VARIANT]) : "";
}

// contract.c's decision on a float add, negation or multiply: the product an add (or a
// negation, 0 - x) fuses into an fma, or a multiply kept apart (mul.rn) because the add
// reading it does not fuse it.
static const char *contraction(Dump *d, Value *v) {
  if (v->kind != V_BINARY && v->kind != V_UNARY) return "";
  if (v->fuse) return xprintf(" {fma: %s}", operand(d, v->fuse == 1 ? v->a : v->b));
  return v->mul_rn ? " {unfused}" : "";
}

// A reduce or scan's input: one block, or the blocks of a tuple in parentheses.
static const char *inputs_text(Dump *d, Value *v) {
  if (!v->results.len) return operand(d, v->a);
  Str t = {0};
  str_add(&t, "(");
  for (Value *arg = v->a; arg; arg = arg->b) str_addf(&t, "%s%s", arg == v->a ? "" : ", ", operand(d, arg->a));
  str_add(&t, ")");
  return t.buf;
}

// The op's operands and attributes, after its mnemonic.
static const char *op_arguments(Dump *d, Value *v) {
  Str t = {0};
  str_add(&t, "");
  switch (v->kind) {
  case V_CONST: return operand(d, v);
  case V_PROGRAM_ID: case V_NUM_PROGRAMS: case V_ARANGE: return xprintf("%lld", (long long)v->ival);
  case V_EXPAND: case V_FLIP: return xprintf("%s, axis=%lld", operand(d, v->a), (long long)v->ival);
  case V_SPLIT: return xprintf("%s, part=%lld", operand(d, v->a), (long long)v->ival);
  case V_PERMUTE:
    str_add(&t, operand(d, v->a));
    str_add(&t, ", perm=[");
    for (int i = 0; i < v->shape.rank; i++) str_addf(&t, "%s%d", i ? ", " : "", v->perm[i]);
    str_add(&t, "]");
    return t.buf;
  case V_REDUCE: case V_SCAN:
    return xprintf("%s, axis=%lld%s%s", inputs_text(d, v), (long long)v->ival, v->keep_dims ? ", keep_dims" : "",
                   v->reverse ? ", reverse" : "");
  case V_HISTOGRAM: return xprintf("%s, bins=%lld%s%s", operand(d, v->a), (long long)v->ival, v->b ? ", mask " : "",
                                   v->b ? operand(d, v->b) : "");
  case V_RESULT: return xprintf("%s, result=%lld", operand(d, v->a), (long long)v->ival);
  case V_DOT:
    return xprintf("%s, %s, acc %s%s", operand(d, v->a), operand(d, v->b), operand(d, v->c),
                   v->a->ty.kind != TY_F32 ? "" : v->ival == DOT_TF32 ? ", tf32" : v->ival == DOT_TF32X3 ? ", tf32x3" : ", ieee");
  case V_LOAD:
    str_add(&t, operand(d, v->a));
    if (v->b) str_addf(&t, ", mask %s", operand(d, v->b));
    if (v->c) str_addf(&t, ", other %s", operand(d, v->c));
    str_add(&t, vector_text(v->vector));
    if (v->unit_run) str_addf(&t, " {runs along dim %d where an int argument is 1}", v->unit_run - 1);  // (unitstride.c)
    return t.buf;
  default:
    if (v->a) str_add(&t, operand(d, v->a));
    if (v->b) str_addf(&t, ", %s", operand(d, v->b));
    if (v->c) str_addf(&t, ", %s", operand(d, v->c));
    str_add(&t, contraction(d, v));
    return t.buf;
  }
}

// ... and, after the axisinfo pass, its facts.
static const char *arguments(Dump *d, Value *v) { return xprintf("%s%s", op_arguments(d, v), axis_facts(d, v)); }

static void line_start(Dump *d, Loc loc) {
  fprintf(d->out, "%-6s%*s", loc.line ? xprintf("L%d", loc.line) : "", 2 * d->indent, "");
}

// An unnamed value on a line of its own, its unnamed operands before it.
static void print_value(Dump *d, Value *v) {
  const char *args = arguments(d, v);  // (prints what it needs first)
  *number_slot(d, v) = d->next++ + 1;
  line_start(d, v->loc);
  fprintf(d->out, "%%%d = %s %s : %s\n", *number_slot(d, v) - 1, kind_mnemonic(v), args, type_text(v));
}

static void print_stmts(Dump *d, Stmt *s);

static void print_block(Dump *d, Stmt *body, const char *close) {
  d->indent++;
  print_stmts(d, body);
  d->indent--;
  fprintf(d->out, "%-6s%*s%s\n", "", 2 * d->indent, "", close);
}

static void print_stmt(Dump *d, Stmt *s) {
  switch (s->kind) {
  case S_LET: {
    const char *args = arguments(d, s->v);
    line_start(d, s->loc);
    fprintf(d->out, "%%%s = %s %s : %s%s\n", s->v->cname, kind_mnemonic(s->v), args, type_text(s->v), layout_text(d, s->v));
    return;
  }
  case S_VARDEF: {
    const char *init = s->v ? operand(d, s->v) : NULL;
    line_start(d, s->loc);
    fprintf(d->out, "var %%%s : %s%s%s%s\n", s->var->cname, type_text(s->var), init ? " = " : "", init ? init : "",
            layout_text(d, s->var));
    return;
  }
  case S_ASSIGN: {
    const char *v = operand(d, s->v);
    line_start(d, s->loc);
    fprintf(d->out, "%%%s <- %s\n", s->var->cname, v);
    return;
  }
  case S_STORE: {
    const char *ptr = operand(d, s->ptr), *v = operand(d, s->v), *mask = s->mask ? operand(d, s->mask) : NULL;
    line_start(d, s->loc);
    fprintf(d->out, "store %s, %s%s%s%s\n", ptr, v, mask ? ", mask " : "", mask ? mask : "", vector_text(s->vector));
    return;
  }
  case S_FOR: {
    const char *lo = operand(d, s->lo), *hi = operand(d, s->hi), *step = operand(d, s->step);
    line_start(d, s->loc);
    fprintf(d->out, "for %%%s = %s to %s step %s {\n", s->var->cname, lo, hi, step);
    print_block(d, s->body, "}");
    return;
  }
  case S_IF: {
    const char *cond = operand(d, s->cond);
    line_start(d, s->loc);
    fprintf(d->out, "if %s {\n", cond);
    if (s->orelse) {
      print_block(d, s->body, "} else {");
      print_block(d, s->orelse, "}");
    } else {
      print_block(d, s->body, "}");
    }
    return;
  }
  case S_WHILE:
    line_start(d, s->loc);
    fprintf(d->out, "while {\n");
    print_block(d, s->body, "}");
    return;
  case S_BREAK_UNLESS: {
    const char *cond = operand(d, s->cond);
    line_start(d, s->loc);
    fprintf(d->out, "break_unless %s\n", cond);
    return;
  }
  case S_RETURN: line_start(d, s->loc); fprintf(d->out, "return\n"); return;
  case S_BARRIER: line_start(d, s->loc); fprintf(d->out, "barrier\n"); return;
  case S_PRINT: {
    const char *v = s->v ? operand(d, s->v) : NULL;
    line_start(d, s->loc);
    fprintf(d->out, "print \"%s\"%s%s\n", s->text ? s->text : "", v ? " " : "", v ? v : "");
    return;
  }
  case S_ASSERT: {
    const char *cond = operand(d, s->v);
    line_start(d, s->loc);
    fprintf(d->out, "assert %s, \"%s\"\n", cond, s->text ? s->text : "");
    return;
  }
  }
}

// After the conversions pass, each value a statement reads in another layout, before the
// statement: from its layout into the statement's, at the coordinates it reads (dims of
// the statement's space: "at [d1, d0]" is a transpose), through a shared-memory buffer.
static void print_converts(Dump *d, Stmt *s) {
  for (int i = 0; i < s->converts.len; i++) {
    Convert *c = s->converts.items[i];
    Str at = {0};
    for (int j = 0; j < c->v->shape.rank; j++) str_addf(&at, "%s%s", j ? ", " : "", c->crd[j]);
    const char *from = blocked_text(d, c->v->layout, c->v->shape);
    line_start(d, s->loc);
    fprintf(d->out, "convert %s %s -> space=%s at [%s] : %lld bytes of shared memory%s\n", operand(d, c->v), from,
            shape_text(c->to.space), at.buf, (long long)c->bytes, c->row ? ", rows padded" : "");
  }
}

static void print_stmts(Dump *d, Stmt *s) {
  for (; s; s = s->next) {
    print_converts(d, s);
    print_stmt(d, s);
    if (s->scratch) {  // after the smem pass: what the op lays out in shared memory
      line_start(d, s->loc);
      fprintf(d->out, "scratch %s : %lld bytes of shared memory\n", operand(d, s->v), (long long)s->scratch);
    }
  }
}

void ir_dump(FILE *out, Kernel *k, const char *after) {
  Dump d = {.out = out, .numbers = xmalloc((size_t)sem_next_id() * sizeof(int)), .facts = !strcmp(after, "axisinfo")};
  fprintf(out, "// %s after %s\n", k->func->name, after);
  fprintf(out, "kernel %s(", k->func->name);
  bool first = true;
  for (int i = 0; i < k->params.len; i++) {
    Param *p = k->params.items[i];
    if (p->is_constexpr) continue;
    fprintf(out, "%s%%%s: %s", first ? "" : ", ", p->cname, type_name(p->ty));
    first = false;
  }
  fprintf(out, ") num_warps=%d", k->num_warps);
  for (int i = 0; i < k->constexprs.len; i++) fprintf(out, " %s", (const char *)k->constexprs.items[i]);
  fprintf(out, "\n");
  for (int i = 0; i < k->combines.len; i++) {
    Combine *cb = k->combines.items[i];
    fprintf(out, "combine %s(", cb->name);
    for (int j = 0; j < cb->nparams; j++) fprintf(out, "%s%%%s", j ? ", " : "", cb->params[j]->cname);
    fprintf(out, ") {\n");
    d.indent++;
    print_stmts(&d, cb->body);
    Str results = {0};
    str_add(&results, "");
    for (int j = 0; j < cb->n; j++) str_addf(&results, "%s%s", j ? ", " : "", operand(&d, cb->result[j]));
    fprintf(out, "%-6s%*sreturn %s\n", "", 2 * d.indent, "", results.buf);
    d.indent--;
    fprintf(out, "}\n");
  }
  print_stmts(&d, k->body);
  if (k->convert_bytes) fprintf(out, "// shared memory for conversions: %lld bytes\n", (long long)k->convert_bytes);
  if (k->smem)  // (after the smem pass) every use starts at byte 0, after a barrier
    fprintf(out, "// shared memory: %lld bytes, the largest use\n", (long long)k->smem);
  for (int i = 0; i < d.layouts.len; i++)  // each layout as the linear map it is
    fprintf(out, "%s = %s\n", (const char *)d.layouts.items[i], (const char *)d.linear.items[i]);
  fprintf(out, "\n");
}
