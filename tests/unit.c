// tests/unit.c: unit tests of the translator's stages, linked with its objects
// (everything but main.o). Each CHECK names what it tests; the last line of
// output is "unit: N checks passed" when all pass.
#include "../translator/tl2cu.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int checks, failures;

#define CHECK(cond, what)                                              \
  do {                                                                 \
    checks++;                                                          \
    if (!(cond)) {                                                     \
      failures++;                                                      \
      fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, what); \
    }                                                                  \
  } while (0)

static void test_types(void) {
  Scalar s;
  CHECK(scalar_from_name("float32", &s) && s == TY_F32, "float32 names fp32");
  CHECK(scalar_from_name("i64", &s) && s == TY_I64, "i64 names int64");
  CHECK(scalar_from_name("bf16", &s) && s == TY_BF16, "bf16");
  CHECK(!scalar_from_name("fp33", &s), "fp33 is not a type");
  CHECK(!strcmp(type_ctype(type_ptr(TY_I1)), "bool *"), "*i1 is bool *");
  Shape a = {2, {32, 1}}, b = {1, {64}}, out;
  CHECK(shape_broadcast(a, b, &out) && out.rank == 2 && out.dim[0] == 32 && out.dim[1] == 64,
        "[32,1] with [64] broadcasts to [32,64]");
  Shape c = {1, {32}};
  CHECK(!shape_broadcast(b, c, &out), "[64] and [32] do not broadcast");
  CHECK(!strcmp(shape_text(a), "[32, 1]"), "shape text");
}

// names.c: the emitter's names start with "_", so user names never do; C++ and CUDA words get "_".
static void test_names(void) {
  CHECK(!strcmp(user_cname("x_ptr"), "x_ptr"), "plain names are kept");
  CHECK(!strcmp(user_cname("buf"), "buf") && !strcmp(user_cname("lane"), "lane"), "the emitter's old names are free");
  CHECK(!strcmp(user_cname("_k"), "u_k") && !strcmp(user_cname("_"), "u_"), "a leading _ gets a u");
  CHECK(!strcmp(user_cname("new"), "new_") && !strcmp(user_cname("threadIdx"), "threadIdx_"), "C++ and CUDA words");
  CHECK(!strcmp(user_cname("tl2cu_smem"), "tl2cu_smem_"), "runtime names");
  CHECK(is_reserved_name("float4") && is_reserved_name("ulonglong2") && !is_reserved_name("float5"), "vector types");
}

static Node *parse(const char *src) {
  diag_set_source("<unit>", src, strlen(src));
  return ast_parse(src, strlen(src));
}

static void test_ast(void) {
  Node *m = parse("x = a[:, None] + 2 * b\n");
  CHECK(m && m->kind == ND_ASSIGN, "assignment");
  CHECK(m->b->kind == ND_BINOP && m->b->op == OP_ADD, "+ at the top");
  CHECK(m->b->a->kind == ND_SUBSCRIPT && m->b->a->args->kind == ND_SLICE, "a[:, None] keeps ':'");
  CHECK(m->b->a->args->next->kind == ND_NONE, "a[:, None] inserts None");
  CHECK(m->b->loc.line == 1 && m->b->loc.col == 5, "1-based locations");
  m = parse("if a:\n    pass\nelif b:\n    pass\nelse:\n    x = 1\n");
  CHECK(m->kind == ND_IF && m->orelse && m->orelse->kind == ND_IF && m->orelse->orelse->kind == ND_ASSIGN,
        "elif chains nest in orelse");
  m = parse("y = a < b < c\n");
  CHECK(m->b->kind == ND_UNSUPPORTED, "chained comparisons are refused");
  m = parse("n = 0x1F + 1_000\n");
  CHECK(m->b->a->ival == 31 && m->b->b->ival == 1000, "hex and underscore literals");
}

// An expression, fully parenthesized, in the form tests/parse_check.py writes from
// Python's own ast module.
static const char *parenthesized(const Node *n) {
  switch (n->kind) {
  case ND_BINOP: case ND_COMPARE: case ND_BOOLOP:
    return xprintf("(%s %s %s)", parenthesized(n->a), op_text(n->op), parenthesized(n->b));
  case ND_UNARY: return xprintf("(%s%s)", op_text(n->op), parenthesized(n->a));
  case ND_NOT: return xprintf("(not %s)", parenthesized(n->a));
  case ND_COND: return xprintf("(%s if %s else %s)", parenthesized(n->b), parenthesized(n->a), parenthesized(n->c));
  case ND_NAME: return n->str;
  case ND_UNSUPPORTED: return xprintf("unsupported: %s", n->str);
  default: return "?";
  }
}

// Python ranks & above ^ (tree-sitter-python's grammar the other way round); the
// expected forms are what Python's own ast module gives.
static void test_bitwise_precedence(void) {
  static const char *cases[][2] = {
      {"a & b ^ c", "((a & b) ^ c)"},
      {"a ^ b & c", "(a ^ (b & c))"},
      {"a & b ^ c & d", "((a & b) ^ (c & d))"},
      {"a ^ b & c ^ d", "((a ^ (b & c)) ^ d)"},
      {"a & b & c ^ d ^ e & f", "((((a & b) & c) ^ d) ^ (e & f))"},
      {"a | b ^ c & d | e", "((a | (b ^ (c & d))) | e)"},
      {"a & (b ^ c)", "(a & (b ^ c))"},
      {"(a ^ b) & c", "((a ^ b) & c)"},
      {"a + b & c ^ d << e", "(((a + b) & c) ^ (d << e))"},
      {"~a & b ^ c", "(((~a) & b) ^ c)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Node *m = parse(xprintf("x = %s\n", cases[i][0]));
    const char *got = m && m->kind == ND_ASSIGN ? parenthesized(m->b) : "no assignment";
    CHECK(!strcmp(got, cases[i][1]), xprintf("%s parses as %s, got %s", cases[i][0], cases[i][1], got));
  }
  Node *m = parse("x = a & b ^ c\n");
  CHECK(m->b->loc.col == 5 && m->b->loc.end_col == 14 && m->b->a->loc.end_col == 10, "rebuilt nodes span their operands");
}

static void test_options(void) {
  Options o = {0};
  options_from_source(&o, "x = 1\n# tl2cu: -s 'k:*fp32, i32' -D B=64 --grid 'cdiv(n, B), 2'\n");
  CHECK(o.sigs.len == 1 && !strcmp(((SigOpt *)o.sigs.items[0])->kernel, "k"), "-s KERNEL:SIG from a comment");
  CHECK(!strcmp(((SigOpt *)o.sigs.items[0])->sig, "*fp32, i32"), "quoted signature");
  CHECK(o.defines.len == 1 && !strcmp(((Define *)o.defines.items[0])->value, "64"), "-D from a comment");
  Loc at = ((Define *)o.defines.items[0])->loc;
  CHECK(at.line == 2 && at.col == 28 && at.end_col == 35, "a -D in a comment is located at '-D B=64'");
  CHECK(o.grid && !strcmp(o.grid, "cdiv(n, B), 2") && o.grid_loc.line == 2, "--grid and its line");
  Options cli = {0};
  Define *d = xmalloc(sizeof *d);
  d->name = "B", d->value = "128";
  vec_push(&cli.defines, d);
  options_from_source(&cli, "# tl2cu: -D B=64 -D C=1\n");
  CHECK(cli.defines.len == 2 && !strcmp(((Define *)cli.defines.items[0])->value, "128"), "command line wins");
}

static void test_closest_name(void) {
  Vec names = {0};
  vec_push(&names, "B");
  vec_push(&names, "BLOCK_SIZE");
  vec_push(&names, "add_kernel");
  CHECK(!strcmp(closest_name("BLOCK_SZ", &names), "BLOCK_SIZE"), "a typo finds its name");
  CHECK(!strcmp(closest_name("block_size", &names), "BLOCK_SIZE"), "case does not count");
  CHECK(!strcmp(closest_name("add_kernl", &names), "add_kernel"), "a dropped letter");
  CHECK(!closest_name("X", &names), "a one-letter name is no typo of another");
  CHECK(!closest_name("kernel_typo", &names), "nothing close: no suggestion");
}

// Traces a kernel and returns the value bound to the last `out = ...` statement.
static Kernel *trace(const char *src, const char *sig) {
  parse(src);
  Node *m = ast_parse(src, strlen(src));
  Options no_options = {0};
  Module *mod = collect_module(m, &no_options);
  Options o = {0};
  SigOpt *s = xmalloc(sizeof *s);
  s->sig = sig;
  vec_push(&o.sigs, s);
  Kernel *k = lower_kernel(mod, mod->funcs.items[0], &o);
  unit_stride_pass(k);
  layout_assign(k, layout_widest_run(k), PLAIN_VARIANT);
  return k;
}

static Stmt *last_let(Kernel *k) {
  Stmt *last = NULL;
  for (Stmt *s = k->body; s; s = s->next)
    if (s->kind == S_LET) last = s;
  return last;
}

static void test_promotion(void) {
  const char *hdr = "import triton\nimport triton.language as tl\n@triton.jit\ndef k(p, n):\n";
  Kernel *k = trace(xprintf("%s    x = tl.load(p + tl.arange(0, 16))\n    out = x + 1\n", hdr), "*i8, i32");
  CHECK(last_let(k)->v->ty.kind == TY_I8, "int8 block + literal stays int8");
  k = trace(xprintf("%s    x = tl.load(p + tl.arange(0, 16))\n    out = x + n\n", hdr), "*i8, i32");
  CHECK(last_let(k)->v->ty.kind == TY_I32, "int8 block + int32 scalar is int32");
  k = trace(xprintf("%s    x = tl.load(p + tl.arange(0, 16))\n    out = x / x\n", hdr), "*fp16, i32");
  CHECK(last_let(k)->v->ty.kind == TY_F32, "fp16 / fp16 is fp32");
  k = trace(xprintf("%s    x = tl.load(p + tl.arange(0, 16))\n    out = x * 1.5\n", hdr), "*i32, i32");
  CHECK(last_let(k)->v->ty.kind == TY_F32, "int32 * 1.5 is fp32");
  k = trace(xprintf("%s    x = tl.load(p + tl.arange(0, 16))\n    out = x + n\n", hdr), "*u32, i32");
  CHECK(last_let(k)->v->ty.kind == TY_U32, "uint32 + int32 is uint32");
  k = trace(xprintf("%s    x = tl.load(p + tl.arange(0, 16))\n    out = x[:, None] + x.to(tl.int64)[None, :]\n", hdr), "*i32, i32");
  Value *v = last_let(k)->v;
  CHECK(v->ty.kind == TY_I64 && v->shape.rank == 2 && v->shape.dim[0] == 16 && v->shape.dim[1] == 16,
        "[16,1] i32 + [1,16] i64 is [16,16] i64");
  CHECK(v->layout && v->layout->per_thread == 2, "a 256-element block gives 2 elements to each of 128 threads");
}

// --parenthesize: each line of stdin, an expression, parsed and written back fully
// parenthesized (for tests/parse_check.py).
static int parenthesize_lines(void) {
  char line[4096];
  while (fgets(line, sizeof line, stdin)) {
    Node *m = parse(xprintf("x = %s", line));
    printf("%s\n", m && m->kind == ND_ASSIGN ? parenthesized(m->b) : "no assignment");
  }
  return 0;
}

// ---------------------------------------------------------------- verify.c

static Value *ir_value(VKind kind, Type ty, Shape shape) {
  Value *v = xmalloc(sizeof(Value));
  v->kind = kind, v->ty = ty, v->shape = shape;
  return v;
}

static Stmt *ir_store(Value *ptr, Value *val) {
  Stmt *s = xmalloc(sizeof(Stmt));
  s->kind = S_STORE, s->ptr = ptr, s->v = val;
  return s;
}

// Does ir_verify accept the kernel? (It stops the process on a violation: run it in a child.)
static bool verifies(Kernel *k, bool layouts) {
  fflush(NULL);
  pid_t child = fork();
  if (child == 0) {
    freopen("/dev/null", "w", stderr);
    ir_verify(k, "unit", layouts);
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static void test_verify(void) {
  Shape block = {1, {128}}, scalar = {0, {0}};
  Value *ptr = ir_value(V_PARAM, type_ptr(TY_F32), scalar), *n = ir_value(V_PARAM, type_scalar(TY_I32), scalar);
  Value *range = ir_value(V_ARANGE, type_scalar(TY_I32), block);
  Value *ptrs = ir_value(V_BINARY, type_ptr(TY_F32), block);
  ptrs->op = OP_ADD, ptrs->a = ptr, ptrs->b = range;
  Value *x = ir_value(V_LOAD, type_scalar(TY_F32), block);
  x->a = ptrs, x->cname = "x";
  Stmt *let = xmalloc(sizeof(Stmt));
  let->kind = S_LET, let->v = x, let->next = ir_store(ptrs, x);
  Kernel k = {.body = let};
  CHECK(verifies(&k, false), "verify: a load and a store through pointers pass");
  CHECK(!verifies(&k, true), "verify: after layout assignment, a materialized block without a layout is caught");
  let->next = ir_store(n, x);
  CHECK(!verifies(&k, false), "verify: a store through an int is caught");
  Value *half_block = ir_value(V_ARANGE, type_scalar(TY_I32), (Shape){1, {64}});
  ptrs->b = half_block;
  let->next = ir_store(ptrs, x);
  CHECK(!verifies(&k, false), "verify: an elementwise operand of another shape is caught");
  ptrs->b = range;
  x->ty = type_scalar(TY_I16);
  CHECK(!verifies(&k, false), "verify: a load of another type than the pointer's is caught");
  x->ty = type_scalar(TY_F32);
  // a conversion (convert.c) of x through shared memory: x must be held in a layout, and
  // the buffer hold all of it
  Layout held = {.space = block, .map = {0}, .threads = 128, .per_thread = 1, .vec = 1};
  Convert c = {.v = x, .to = held, .bytes = 128 * 4};
  vec_push(&let->next->converts, &c);
  CHECK(!verifies(&k, false), "verify: a conversion of a value without a layout is caught");
  x->layout = &held;
  CHECK(verifies(&k, false), "verify: a conversion of a held value through its whole block passes");
  c.bytes = 100;
  CHECK(!verifies(&k, false), "verify: a conversion through a buffer smaller than its value is caught");
}

// ---------------------------------------------------------------- axisinfo.c

// The pointers of a kernel's loads, in order.
static int load_pointers(Kernel *k, Value **out, int max) {
  int n = 0;
  for (Stmt *s = k->body; s && n < max; s = s->next)
    if (s->kind == S_LET && s->v->kind == V_LOAD) out[n++] = s->v->a;
  return n;
}

// Contiguity and constancy per dim of row-major, column-major, broadcast and strided
// pointers (Triton's AxisInfo, the part the layouts read).
static void test_axis_info(void) {
  Kernel *k = trace("import triton\nimport triton.language as tl\n@triton.jit\n"
                    "def f(p, N, BM: tl.constexpr, BN: tl.constexpr):\n"
                    "    rm = tl.program_id(0) * BM + tl.arange(0, BM)\n"
                    "    rn = tl.arange(0, BN)\n"
                    "    a = tl.load(p + rm[:, None] * N + rn[None, :])\n"
                    "    b = tl.load(p + rm[:, None] + rn[None, :] * N)\n"
                    "    c = tl.load(p + rm[:, None] * N + tl.zeros([BM, BN], tl.int32))\n"
                    "    d = tl.load(p + rn * 2)\n"
                    "    e = tl.load(p + (rn.to(tl.int64) - 1))\n"
                    "    f = tl.load(p + (rn + 1) - 1)\n"
                    "    g = tl.load(p + (rn.to(tl.int64) + N).to(tl.int32))\n"
                    "    tl.store(p + rm[:, None] * N + rn[None, :], a + b + c + (d + e + f + g)[None, :])\n",
                    "*fp32, i32, 16, 32");
  Value *ptr[8];
  int n = load_pointers(k, ptr, 8);
  CHECK(n == 7, "axisinfo: seven loads traced");
  if (n != 7) return;
  AxisInfo a = axis_info(ptr[0]), b = axis_info(ptr[1]), c = axis_info(ptr[2]), d = axis_info(ptr[3]), e = axis_info(ptr[4]);
  CHECK(a.contiguous == 1 && a.constant == 0, "axisinfo: a row-major tile walks its last dim");
  CHECK(b.contiguous == 0 && b.constant == 0, "axisinfo: a column-major tile walks its first dim");
  CHECK(c.contiguous == -1 && c.constant == 2, "axisinfo: a row's start broadcast along dim 1 is constant there");
  CHECK(d.contiguous == -1 && d.constant == 0, "axisinfo: a stride of 2 is not contiguous");
  CHECK(e.contiguous == 0, "axisinfo: a widened offset minus a constant stays contiguous");
  CHECK(a.contiguity[1] == 32 && a.contiguity[0] == 1 && a.divisibility[1] == 4, "axisinfo: a row of 32 from an fp32 pointer");
  AxisInfo d16 = axis_info_in(ptr[3], ALIGNED_VARIANT);
  CHECK(d.divisibility[0] == 4 && d16.divisibility[0] == 8, "axisinfo: p + 2i is 8-byte aligned where p is 16");
  int64_t shift = 0;
  int width = axis_shifted_vector(ptr[4], ALIGNED_VARIANT, &shift);
  CHECK(width == 4 && shift == 3, "axisinfo: p + i - 1 runs start 3 elements past a 16-byte boundary");
  CHECK(axis_vector(ptr[0], NULL, PLAIN_VARIANT) == 1 && axis_vector(ptr[0], NULL, ALIGNED_VARIANT) == 4,
        "axisinfo: a row-major tile's loads are 16-byte vectors only in the aligned variant");
  CHECK(axis_vector(ptr[5], NULL, ALIGNED_VARIANT) == 4, "axisinfo: p + (i + 1) - 1 is aligned again (x - 1 is x + -1)");
  CHECK(axis_vector(ptr[6], NULL, ALIGNED_VARIANT) == 4 && axis_vector(ptr[6], NULL, PLAIN_VARIANT) == 1,
        "axisinfo: an offset narrowed from int64 keeps its facts");
}

// ---------------------------------------------------------------- canon.c

// Constant differences between addresses on the affine form, whatever the order and
// parentheses of the source (issue 43: `dc + center + dr * s` lost every window), before
// canon.c rewrites anything; and after it, the same sums in one form.
static void test_constant_differences(void) {
  const char *src = "import triton\nimport triton.language as tl\n@triton.jit\n"
                    "def f(p, s, N: tl.constexpr):\n"
                    "    i = tl.arange(0, N)\n"
                    "    a = tl.load(p + i)\n"
                    "    b = tl.load(1 + (i + p))\n"
                    "    c = tl.load(p + (2 + i - s) + 1 * s)\n"
                    "    d = tl.load(p + (-1 * s + i) + 0 * s)\n"
                    "    e = tl.load(p + i * 2)\n"
                    "    tl.store(p + i, a + b + c + d + e)\n";
  Kernel *k = trace(src, "*i32, i64, 64");
  Value *ptr[8];
  int n = load_pointers(k, ptr, 8);
  CHECK(n == 5, "canon: five loads traced");
  if (n != 5) return;
  int64_t d = 0;
  CHECK(constant_difference(ptr[1], ptr[0], &d) && d == 1, "canon: 1 + (i + p) is p + i plus 1 (a constant on the left)");
  CHECK(constant_difference(ptr[2], ptr[0], &d) && d == 2, "canon: p + (2 + i - s) + 1 * s is p + i plus 2 (s cancels)");
  CHECK(!constant_difference(ptr[3], ptr[0], &d), "canon: p + (-1 * s + i) is not a constant from p + i");
  CHECK(!constant_difference(ptr[4], ptr[0], &d), "canon: p + 2i is not a constant from p + i");
  canon_pass(k);
  n = load_pointers(k, ptr, 8);
  CHECK(n == 5 && constant_difference(ptr[1], ptr[0], &d) && d == 1, "canon: after the pass, still p + i plus 1");
  Affine f;
  CHECK(n == 5 && affine_form(ptr[3], &f) && f.n == 2 && f.constant == 0, "canon: 0 * s folded, -1 * s a term of its own");
  Value *b = ptr[1];
  CHECK(b->kind == V_BINARY && b->op == OP_ADD && unbroadcast(b->b)->kind == V_CONST && unbroadcast(b->b)->ival == 1,
        "canon: the rewritten 1 + (i + p) ends in its constant");
}

// ---------------------------------------------------------------- linear.c

// The runtime's tl2cu_elem_mma<WM, WN, M, N>(tid, k), written again.
static int64_t elem_mma(int wm, int wn, int64_t M, int64_t N, int tid, int64_t k) {
  int64_t cols = N / wn / 8, warp = tid / 32, lane = tid % 32, f = k / 4, r = k % 4;
  int64_t row = warp / wn * (M / wm) + f / cols * 16 + lane / 4 + r / 2 * 8;
  int64_t col = warp % wn * (N / wn) + f % cols * 8 + lane % 4 * 2 + r % 2;
  return row * N + col;
}

// mma accumulator layouts (layout.c, for tl.dot on the tensor cores): the linear map names
// every element as the runtime's index function does, and prints as Triton's mma layout.
static void test_mma_linear_layouts(void) {
  struct { int64_t M, N; int wm, wn; } cases[] = {{128, 128, 2, 4}, {64, 32, 2, 2}, {16, 64, 1, 4}, {256, 128, 4, 2}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    Layout l = {.kind = LAYOUT_MMA, .wm = cases[c].wm, .wn = cases[c].wn, .space = {2, {cases[c].M, cases[c].N}},
                .threads = cases[c].wm * cases[c].wn * 32, .vec = 2, .map = {0, 1}};
    l.per_thread = cases[c].M * cases[c].N / l.threads;
    LinearLayout ll = linear_layout(&l, l.space);
    int wrong = 0;
    for (int64_t k = 0; k < l.per_thread; k++)
      for (int t = 0; t < l.threads; t++)
        if (linear_apply(&ll, k, t & 31, t >> 5) != elem_mma(l.wm, l.wn, cases[c].M, cases[c].N, t, k)) wrong++;
    CHECK(!wrong, xprintf("mma layout of %s over %d x %d warps: every element", shape_text(l.space), l.wm, l.wn));
  }
  Layout l = {.kind = LAYOUT_MMA, .wm = 2, .wn = 2, .space = {2, {32, 16}}, .threads = 128, .vec = 2, .per_thread = 4,
              .map = {0, 1}};
  LinearLayout ll = linear_layout(&l, l.space);
  CHECK(!strcmp(linear_text(&ll), "#linear<register=[[0, 1], [8, 0]], lane=[[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "
                                  "warp=[[0, 8], [16, 0]]>"),
        "mma layout printed as Triton's mma v2 layout");
}

// Every element of a layout as the linear map names it and as the runtime computes it
// (tl2cu_elem: e = ((k / V) * T + t) * V + k % V), for blocks larger and smaller than the
// threads; a reduction's result held in its block's layout names the row.
static void test_linear_layouts(void) {
  struct { Shape space; int threads, vec; } cases[] = {
      {{1, {1024}}, 128, 4}, {{2, {32, 64}}, 128, 4}, {{2, {16, 16}}, 256, 1}, {{1, {16}}, 128, 1},
      {{3, {4, 8, 32}}, 64, 8}, {{1, {64}}, 16, 4},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    Layout l = {.space = cases[c].space, .threads = cases[c].threads, .vec = cases[c].vec};
    for (int i = 0; i < l.space.rank; i++) l.map[i] = i;
    int64_t n = shape_numel(l.space);
    l.per_thread = n >= l.threads ? n / l.threads : 1;
    LinearLayout ll = linear_layout(&l, l.space);
    int wrong = 0;
    for (int64_t k = 0; k < l.per_thread; k++)
      for (int t = 0; t < l.threads; t++) {
        int64_t e = ((k / l.vec) * l.threads + t) * l.vec + k % l.vec;
        if (e < n && linear_apply(&ll, k, t & 31, t >> 5) != e) wrong++;
      }
    CHECK(!wrong, xprintf("linear layout of %s over %d threads in runs of %d: every element", shape_text(l.space),
                          l.threads, l.vec));
  }
  Layout rows = {.space = {2, {32, 64}}, .threads = 128, .vec = 4, .per_thread = 16, .map = {0}};
  LinearLayout ll = linear_layout(&rows, (Shape){1, {32}});
  int wrong = 0;
  for (int k = 0; k < 16; k++)
    for (int t = 0; t < 128; t++)
      if (linear_apply(&ll, k, t & 31, t >> 5) != (((k / 4) * 128 + t) * 4 + k % 4) >> 6) wrong++;
  CHECK(!wrong, "linear layout of a row reduction's result: each thread's row");
  CHECK(!strcmp(linear_text(&ll), "#linear<register=[[0], [0], [8], [16]], lane=[[0], [0], [0], [0], [1]], "
                                  "warp=[[2], [4]]>"),
        "linear layout printed as Triton prints it");
  test_mma_linear_layouts();
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--parenthesize")) return parenthesize_lines();
  test_types();
  test_names();
  test_ast();
  test_bitwise_precedence();
  test_options();
  test_closest_name();
  test_promotion();
  test_verify();
  test_axis_info();
  test_constant_differences();
  test_linear_layouts();
  if (failures) {
    fprintf(stderr, "unit: %d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("unit: %d checks passed\n", checks);
  return 0;
}
