// tl2cu.h: every type and every cross-file function of the translator.
//
// The pipeline (see main.c): parse (ast.c) -> collect module-level facts
// (collect.c) -> trace each kernel into typed, shaped IR with constexprs folded
// and helpers inlined (lower.c, types.c) -> choose a thread-to-element layout
// for every block value (layout.c) -> write CUDA C and launchers (emit.c).
#pragma once

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TL2CU_VERSION "0.1.0"

// ---------------------------------------------------------------- util.c
// One arena for the whole run: nothing is freed before exit.
void *xmalloc(size_t size);  // zeroed; exits on out-of-memory
int log2i(int64_t n);        // log2 of a power of two
int64_t min64(int64_t a, int64_t b);
int64_t floor_mod(int64_t x, int64_t m);           // in [0, m): -1 mod 16 is 15
int64_t pow2_divisor(int64_t x, int64_t cap);      // the largest power of two up to cap dividing x (0: cap)
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void util_free_all(void);
bool read_file(const char *path, char **text, size_t *len);
uint32_t *line_starts_of(const char *text, size_t len, uint32_t *count);  // each line's first byte

// A growable string, for building generated code.
typedef struct {
  char *buf;
  size_t len, cap;
} Str;
void str_add(Str *s, const char *text);
void str_addf(Str *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// A set of names (open addressing), each with a counter: unique_cname's next suffix for it.
typedef struct {
  const char **names;
  int *next;
  int len, cap;
} NameSet;
int *nameset_find(NameSet *s, const char *name, bool add);  // its counter; NULL if absent and !add

// A growable array of pointers.
typedef struct {
  void **items;
  int len, cap;
} Vec;
void vec_push(Vec *v, void *item);
// The name of `names` (const char*) close enough to `name` to be what a typo meant, or NULL.
const char *closest_name(const char *name, Vec *names);

#define unreachable() internal_error(__FILE__, __LINE__, "unreachable")
_Noreturn void internal_error(const char *file, int line, const char *what);

// ---------------------------------------------------------------- diag.c
typedef struct {
  int line, col;  // 1-based; col counts bytes
  int end_col;    // end of the caret range on the same line (exclusive), 0 = one caret
  int file;       // 0: the input file (diag_set_source's); else an imported file (diag_add_file)
} Loc;

void diag_set_source(const char *path, const char *text, size_t len);
void diag_shift(Loc at, const char *what);
void diag_set_encoding(const char *encoding);  // columns are then reported in the file's bytes
void diag_error(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_note(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_warning(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void diag_fatal(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int diag_error_count(void);
void diag_context(Loc loc, const char *text);  // a note for any fatal error: pushed, popped by NULL
bool diag_attempt(void (*fn)(void *), void *arg);  // fn(arg); false if it failed (nothing printed)
void diag_attempt_keeps(int *depth);  // a stack's depth that diag_attempt puts back when fn fails
void diag_attempt_fails(void);         // before an error with notes: fails a diag_attempt_any
bool diag_attempt_any(void (*fn)(void *), void *arg);  // diag_attempt that errors with notes fail too
const char *diag_path(void);
const char *diag_line_text(Loc loc);  // the source line, without its newline
// Imported files (imports.c): each read once, its Locs stamped with its number while ast_parse reads it.
int diag_add_file(const char *path, const char *text, size_t len);  // its number; now the file being parsed
void diag_parse_done(void);               // Locs made from now on are the input file's again
int diag_current_file(void);              // the number ast.c stamps on Locs
const char *diag_file_path(int file);     // 0: the input file's path

// ---------------------------------------------------------------- syntax.c
// One syntax error, in Python's words (msg NULL: none).
typedef struct {
  Loc loc;
  const char *msg;
} SyntaxIssue;

// Where a logical line starts, and where the one before it ended (its NEWLINE token).
typedef struct {
  size_t start;
  Loc end_of_previous;
} LogicalLine;

// Bytes [from, to) of the source that tree-sitter-python is to read as spaces.
typedef struct {
  size_t from, to;
} ByteRange;

// The first error of each kind that Python's tokenizer tells apart (see syntax.c).
typedef struct {
  Vec lines;             // LogicalLine *: each must start a statement (ast.c checks)
  Vec blanks;            // ByteRange *: line breaks and comments inside brackets that tree-sitter misreads
  SyntaxIssue hard;      // raised by the tokenizer itself: reported wherever the parser stops
  SyntaxIssue soft;      // stops the tokenizer: unindent, tabs and spaces, line continuation
  SyntaxIssue layout;    // unexpected indent, expected an indented block
  SyntaxIssue stray;     // a character that is no token ('$', '?')
  SyntaxIssue unclosed;  // a bracket still open at the end of the file
  SyntaxIssue compile;   // the symbol table's error in a type parameter's default (reported if the file parses)
} SyntaxScan;

SyntaxScan syntax_scan(const char *text, size_t len);
// The error Python reports, given the parser's first one (msg NULL if none); NULL if none.
const SyntaxIssue *syntax_choose(const SyntaxScan *scan, const SyntaxIssue *parser);
void syntax_report(const SyntaxIssue *issue);  // `error: syntax error: ...`

// ---------------------------------------------------------------- ast.c
typedef enum {
  // statements
  ND_FUNCDEF,    // def str(params): body; decorators in args
  ND_PARAM,      // str: a (annotation), b (default)
  ND_EXPR_STMT,  // a
  ND_ASSIGN,     // a = b   (c: annotation)
  ND_AUGASSIGN,  // a op= b
  ND_FOR,        // for a in b: body
  ND_WHILE,      // while a: body
  ND_IF,         // if a: body else orelse (elif is a nested ND_IF in orelse)
  ND_RETURN,     // return a
  ND_PASS,       // pass
  ND_IMPORT,     // import ...: str is the statement's text
  ND_ASSERT,     // assert a, b
  ND_UNSUPPORTED_STMT,  // str names the construct
  // expressions
  ND_NAME,       // str
  ND_INT,        // ival
  ND_FLOAT,      // fval
  ND_BOOL,       // ival
  ND_NONE,       // None
  ND_STR,        // str
  ND_FSTRING,    // f"...": args, string pieces (ND_STR) and interpolated expressions
  ND_BINOP,      // a op b
  ND_UNARY,      // op a   (-, +, ~)
  ND_NOT,        // not a
  ND_BOOLOP,     // a and/or b (op)
  ND_COMPARE,    // a op b
  ND_CALL,       // a(args); keyword arguments are ND_KWARG in args
  ND_KWARG,      // str=a
  ND_ATTR,       // a.str
  ND_SUBSCRIPT,  // a[args]
  ND_SLICE,      // a:b:c (all may be NULL)
  ND_TUPLE,      // (args)
  ND_LIST,       // [args]
  ND_DICT,       // {args}: each arg is ND_PAIR
  ND_PAIR,       // a: b
  ND_COND,       // b if a else c
  ND_LISTCOMP,   // [a for ... in ...]; args: ND_FOR clauses (a target, b iterable)
  ND_LAMBDA,     // lambda params: a
  ND_UNSUPPORTED,  // str names the construct
} NodeKind;

typedef enum {
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW,
  OP_LSHIFT, OP_RSHIFT, OP_AND, OP_OR, OP_XOR,
  OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_IS, OP_ISNOT, OP_IN,
  OP_NEG, OP_POS, OP_INVERT, OP_LAND, OP_LOR,
} Op;

typedef struct Node Node;
struct Node {
  NodeKind kind;
  Loc loc;
  Op op;
  const char *str;
  int64_t ival;
  double fval;
  Node *a, *b, *c;
  Node *body, *orelse;  // statement lists
  Node *args;           // list: arguments, parameters, elements, decorators
  Node *next;
};

// Parses Python source; on a syntax error (syntax.c's scan or the parser's, whichever
// Python would report) reports it and returns NULL.
Node *ast_parse(const char *text, size_t len);
const char *op_text(Op op);
// for pyrules.c: an issue at a syntax node (or spanning two), a node's text, the token after one
struct TSNode;
SyntaxIssue ast_issue_at(struct TSNode ts, const char *msg);
SyntaxIssue ast_issue_span(struct TSNode from, struct TSNode to, const char *msg);
char *ast_text(struct TSNode ts);
bool ast_text_is(struct TSNode ts, const char *text);  // without copying it
struct TSNode ast_token_after(struct TSNode ts);

// ---------------------------------------------------------------- pyrules.c
// tree-sitter helpers ast.c shares: a node's type, a field, its children (comments skipped)
typedef struct {
  struct TSNode *at;
  int len;
} SyntaxChildren;
bool syntax_is(struct TSNode ts, const char *type);
struct TSNode syntax_field(struct TSNode ts, const char *name);
SyntaxChildren syntax_children(struct TSNode ts, bool named_only);
// Python's rules that tree-sitter-python does not enforce: the parser's, for one node of
// the error walk, and the symbol table's and compiler's, for a tree that parses.
SyntaxIssue pyrules_node_error(struct TSNode ts);
SyntaxIssue pyrules_compile_error(struct TSNode root);
const char *pyrules_unassignable(struct TSNode target);  // "function call", ...; NULL if assignable
SyntaxIssue pyrules_stuck_target(struct TSNode error);    // `f() = 1` where tree-sitter gave up

// ---------------------------------------------------------------- types.c
typedef enum {  // ORDER SCALAR: keep in step with the table in types.c
  TY_I1, TY_I8, TY_I16, TY_I32, TY_I64, TY_U8, TY_U16, TY_U32, TY_U64,
  TY_F16, TY_BF16, TY_F32, TY_F64,
  TY_F8E4NV, TY_F8E5,  // storage only: loaded, stored, converted, bitcast, selected (not computed on)
  TY_PTR, TY_NONE,
} Scalar;

typedef struct {
  Scalar kind;
  Scalar pointee;  // for TY_PTR
} Type;

#define MAX_RANK 4
typedef struct {
  int rank;  // 0 = scalar
  int64_t dim[MAX_RANK];
} Shape;

Type type_scalar(Scalar s);
Type type_ptr(Scalar pointee);
bool type_eq(Type a, Type b);
bool scalar_is_int(Scalar s);
bool scalar_is_float(Scalar s);  // fp16, bf16, fp32, fp64: the types arithmetic runs in
bool scalar_is_fp8(Scalar s);    // fp8e4nv, fp8e5
// Why an fp8 dtype Triton names ("fp8e4b15", "float8e4b8"...) is refused, or NULL if it is not one of those.
const char *fp8_refused(const char *name);
bool scalar_is_signed(Scalar s);
int scalar_bits(Scalar s);
int elem_bytes(Type t);  // in memory: a bool takes a byte, a pointer 8
// A thread block may have 48 KB of static shared memory; up to 227 KB on sm_90 when the
// launch asks for it dynamically (cudaFuncAttributeMaxDynamicSharedMemorySize).
enum { STATIC_SMEM_MAX = 48 * 1024, SMEM_MAX_SM90 = 227 * 1024 };
const char *scalar_name(Scalar s);    // "fp32"
const char *scalar_ctype(Scalar s);   // "float"
const char *type_ctype(Type t);       // "float *" for pointers
const char *ctype(Type t);            // the same, short for the printers
const char *type_name(Type t);        // "*fp32"
bool scalar_from_name(const char *name, Scalar *out);  // "fp32", "float32", "int32", "i32"...
bool shape_eq(Shape a, Shape b);
int64_t shape_numel(Shape s);
const char *shape_text(Shape s);  // "[32, 32]"
bool shape_broadcast(Shape a, Shape b, Shape *out);

// ---------------------------------------------------------------- collect.c
typedef enum {
  OBJ_VALUE,   // a runtime value (IR)
  OBJ_INT, OBJ_FLOAT, OBJ_BOOL, OBJ_NONE, OBJ_STR,
  OBJ_DTYPE,   // ival: Scalar; fval: a TY_PTR's pointee; str: NULL, DTYPE_BLOCK or DTYPE_BLOCK_PTR (dtype.c)
  OBJ_TUPLE,   // items
  OBJ_DICT,    // items: keys at even, values at odd positions; str: "torch.finfo" ... (attributes, dtype.c)
  OBJ_FUNC,    // a @triton.jit function (fn)
  OBJ_MODULE,  // str: "tl", "triton", "libdevice", "math"
  OBJ_BUILTIN, // str: the callable's name ("tl.load", "range", "triton.Config")
  OBJ_METHOD,  // str: method name, self: the receiver
  OBJ_CONFIG,  // a triton.Config: items = kwargs dict, its num_stages (OBJ_INT, 0: not given); ival = num_warps
  OBJ_PYFUNC,  // a plain (non-jit) Python function or lambda (not callable in kernels)
  OBJ_BLOCK_PTR,    // tl.make_block_ptr: items BP_* (blockptr.c)
  OBJ_TENSOR_DESC,  // tl.make_tensor_descriptor: items TD_* (blockptr.c)
} ObjKind;

// The items of a block pointer: run-time scalars (the base pointer; int64 shape and
// strides, int32 offsets, as tuples), then compile-time ints (tuples).
enum { BP_BASE, BP_SHAPE, BP_STRIDES, BP_OFFSETS, BP_BLOCK_SHAPE, BP_ORDER, BLOCK_PTR_RUNTIME_ITEMS = BP_BLOCK_SHAPE };
// A tensor descriptor's: the base pointer, int32 shape and int64 strides (tuples of
// run-time scalars), then the block shape (ints) and the padding option (a string).
enum { TD_BASE, TD_SHAPE, TD_STRIDES, TD_BLOCK_SHAPE, TD_PADDING, TENSOR_DESC_RUNTIME_ITEMS = TD_BLOCK_SHAPE };

typedef struct Value Value;
typedef struct Func Func;
typedef struct Obj Obj;
struct Obj {
  ObjKind kind;
  int64_t ival;
  double fval;
  const char *str;
  Value *val;
  Func *fn;
  Obj *self;
  Vec items;  // Obj*
  struct Module *module;  // OBJ_MODULE of a package file, or a name imported from one not yet read (imports.c)
};

typedef struct {
  const char *name;  // the constexpr it sets
  Node *lambda;      // ND_LAMBDA: str is its parameter's name, a its body
} Heuristic;

// Where the file launches a kernel itself: kernel[grid](args...).
typedef struct {
  Node *call;   // the ND_CALL whose function is kernel[grid]
  Node *scope;  // the statement list around it (to find `grid = ...`)
} Launch;

struct Func {
  const char *name;
  Node *def;         // ND_FUNCDEF
  bool is_jit;
  bool runs_as_written;  // a plain function whose decorators all return it callable as it is (@tl.constexpr)
  Obj *autotune_configs;  // OBJ_TUPLE of OBJ_CONFIG, or NULL
  Obj *autotune_keys;     // OBJ_TUPLE of OBJ_STR: the parameters whose values key the tuning
  Vec heuristics;         // Heuristic*: @triton.heuristics({NAME: lambda args: ...})
  bool heuristics_outside;  // @triton.heuristics above @triton.autotune: its lambdas do not see the configs
  Launch *launch;         // the file's own launch of this kernel, if any
  bool launch_typed_noted;  // the note naming the types taken from that launch is printed
  Node *autotune_loc;
  bool called_by_jit;  // called from another jit function: not an entry kernel
  bool debug;          // @triton.jit(debug=True): device_assert and assert are checked
  const char *signature;  // from a decorator (Inductor's triton_meta), -s's form: used where no -s names f
  const char *grid;       // from a decorator (Inductor's grid_type), --grid's form: used where no --grid does
  struct Module *module;  // the module whose file defines it: its names are read there
  Func *enclosing;        // the function whose body defines it (a kernel inside a test), NULL at module level
  const char *qualname;   // outer.fn for one defined inside outer, else its name (-k takes either)
  struct Binding *closure;  // the enclosing functions' names it may read (collect.c closure_env)
};

typedef struct Binding {
  const char *name;
  Obj *obj;
  struct Binding *next;
} Binding;

// A module-level binding of a name by assignment (collect.c), computed when first read:
// host code tl2cu never runs stays unjudged unless a kernel, its configs, heuristics or grid need it.
typedef struct {
  const char *name;
  Node *stmt;              // ND_ASSIGN or ND_AUGASSIGN
  int64_t pos;             // where in the file (line, col): a reader sees the bindings before it
  bool in_branch;          // under a module-level if, try, for, while or with: it may not have run
  bool constexpr_wrapped;  // NAME = tl.constexpr(...): kernels may read it (Triton's rule)
  bool mutates;            // stmt, a module-level statement, changes NAME's list in place
                           // (`for ...: NAME.append(x)`): replayed on the value read
  int state;               // 0 not computed, 1 being computed, 2 computed (value)
  Obj *value;
} ModuleDef;

typedef struct Module {
  Binding *globals;  // module-level names: modules, functions, -D values
  Vec defs;          // ModuleDef*: module-level assignments, in file order
  Binding *conditional;  // names imported differently by the branches of a module-level if:
                         // a tuple of the choices, ival the if's line (collect.c if_imports)
  Vec funcs;         // Func*
  Vec define_bound;  // const char *: the names a -D bound (collect_apply_defines)
  Vec closure_vars;  // ClosureVar*: enclosing functions' variables nested kernels may read (collect.c)
  struct ModuleFile *file;  // the file it was read from (imports.c); NULL: the input file
} Module;

Func *module_func(Module *m, const char *name);  // a module-level function of that name
// The jit function -k or -s names: by its C name, qualified name (outer.fn, outer.<locals>.fn) or
// its own name where one function has it; NULL where none. An own name several share is an error.
Func *jit_func_named(Module *m, const char *name);
const char *func_qualname(const Func *f);  // outer.fn for a function defined inside another
// Is e (or the function it calls) the module member `qualified` ("triton.jit", "tl.constexpr"),
// by what its name is bound to, however the file imported it?
bool refers_to(Module *m, Node *e, const char *qualified);
bool collect_define_bound(Module *m, const char *name);  // a -D bound name in m
Node *collect_opaque_decorator(Func *f);
const char *dotted_name(Node *e);        // a decorator's name as written (`libentry`, `triton.jit`)  // a decorator above @triton.jit not Triton's, or NULL
Node *call_keyword(Node *call, const char *name);  // the ND_KWARG name=... of a call, or NULL
Node *call_kwarg(Node *call, const char *name);    // its value, or NULL
Obj *obj_new(ObjKind kind);
Obj *obj_int(int64_t v);
Obj *obj_float(double v);
Obj *obj_bool(bool v);
// pymath.c: Python's math module on compile-time numbers
Obj *pymath_constant(const char *name);  // math.pi, e, tau, inf, nan (NULL: not one)
bool pymath_has(const char *name);
Obj *pymath_call(const char *fn, Obj **args, int nargs, Loc at);
Obj *obj_none(void);
Obj *obj_str(const char *s);
Obj *obj_dtype(Scalar s);
Obj *obj_module(const char *name);        // "tl", "tl.math", "libdevice"
Obj *env_value(const char *name, Loc loc);  // os.environ's NAME (a note says which), NULL if unset (builtins.c)
bool str_method_known(const char *name);  // a str method host code may call ("lower", "strip"...) (builtins.c)
typedef struct {  // a str method's arguments, as the call gave them
  Obj **args;
  int nargs;
  Node **kwnodes;  // (their names)
  Obj **kwargs;
  int nkw;
  Loc loc;
} StrArgs;
Obj *str_method(Obj *self, const char *name, StrArgs *a);
Obj *obj_builtin(const char *qualified);  // "tl.exp", "libdevice.tanh"
Obj *obj_undecided(Node *call);            // isinstance()'s answer where Triton's wrapping decides it
bool obj_is_undecided(const Obj *o);
bool is_constexpr_annotation(Module *m, Node *ann);  // tl.constexpr however imported, or "constexpr"
const char *obj_kind_name(const Obj *o);
bool obj_same(const Obj *a, const Obj *b);  // the same value (runtime values: the same Value)
#define TRITON_VERSION "3.6.0"  // the Triton whose semantics tl2cu follows (triton.__version__)
bool obj_truthy(Obj *o, Loc loc);          // Python's bool(o) of a compile-time value
Obj *lookup(Binding *env, const char *name);
Binding *bind(Binding *env, const char *name, Obj *obj);
const char *import_choices(Obj *choices);
void choose_import(Module *m, const char *name, const char *choice, Loc loc);
// A module-level constant (tl.constexpr or plain), not an import or a function.
bool is_module_constant(Module *m, const char *name);
// The value of a module-level name bound by assignment (NULL: none), computed now if not yet; in a
// kernel, only what Triton lets a kernel read (tl.constexpr(...) and dtypes), in int64.
Obj *module_global(Module *m, Node *use, bool in_kernel);
int64_t module_read_pos(int64_t pos);  // the file position reads see bindings before; returns the old
int64_t loc_pos(Loc loc);
bool obj_is_big_int(const Obj *o);     // a Python int beyond int64 (str: its digits)
// The names a -D may fix for kernel f: its parameters, autotune meta-parameters and
// heuristics, and the module constants it and the jit functions it calls read.
void define_targets(Module *m, Func *f, Vec *out);

// ---------------------------------------------------------------- inductor.c
// PyTorch Inductor's kernels: @triton_heuristics.* decoded into f (false: not one of them),
// its triton_helpers module, and its wrapper modules' kernel strings.
bool inductor_decorator(Func *f, Node *decorator);
void inductor_collect(Module *m);                  // after imports: triton_helpers' functions
Obj *inductor_helper(const char *name, Loc loc);  // triton_helpers.NAME
char *inductor_unwrap(const char *text, size_t len);  // the kernel strings alone, lines kept; NULL: none

// ---------------------------------------------------------------- names.c
// The namespace policy: the emitter's own names start with "_"; user names are
// renamed only where C++ would read them otherwise (see names.c).
bool is_reserved_name(const char *name);  // C/C++/CUDA words and runtime names (tl2cu_*)
const char *user_cname(const char *name);  // "_x" -> "u_x", "new" -> "new_", "x" -> "x"

// ---------------------------------------------------------------- options.c
typedef struct {
  const char *name;   // NAME=VALUE from -D
  const char *value;
  Loc loc;            // the option in a '# tl2cu:' line (line 0: the command line)
} Define;

typedef struct {
  const char *kernel;
  const char *sig;
  Loc loc;            // as Define's
} SigOpt;

typedef struct {
  const char *input;
  const char *output;     // NULL: input with .cu; "-": stdout
  const char *header;
  const char *launcher_name;
  Vec kernels;            // const char*
  Vec sigs;               // SigOpt*
  Vec defines;            // Define*
  const char *grid;       // "E0, E1, E2" (optionally "KERNEL:...")
  Loc grid_loc;           // the '# tl2cu:' line it came from (line 0: the command line)
  int num_warps;          // 0: default
  bool line_directives;
  bool inexact_libdevice; // --allow-inexact-libdevice: no warning for libdevice variants that differ from Triton
  bool strict_libdevice;  // --strict-libdevice: refuse them (libdevice.c)
  bool debug;             // --debug (Triton's TRITON_DEBUG=1): device_assert and assert are checked
  int num_stages;         // --num-stages N (Triton's num_stages): loops' dots pipelined over it (dot.c); 0: default
  const char *target;     // --target sm_80 ... sm_90a (NULL: sm_90); sm_90a: warpgroup MMA (dot.c)
  const char *format;     // "auto", "none", "clang-format"
  const char *depfile;    // -MF
  bool write_depfile;     // -MD (or -MF)
  bool print_include_dir; // --print-include-dir: print where tl2cu.cuh is, translate nothing
  const char *dump_ir;    // --dump-ir[=PASS,...]: print the IR after each PASS ("trace", "layout"), CUDA only with -o
  bool output_given;      // -o on the command line (--dump-ir writes CUDA too then)
  Vec import_paths;       // Define*: --import-path DIR in name, loc its '# tl2cu:' line (relative to FILE.py's folder)
} Options;

// collect.c (declared here, after Options): -D can stand for autotune configs
Module *collect_module(Node *root, Options *opt);
// A variable of a function around a nested kernel, read in it (Triton's nonlocals): its value.
bool is_closure_var(Obj *o);
Obj *closure_var_value(Obj *o, Node *use, const Options *opt);
Node *collect_module_names(Module *m, Node *root);       // imports, functions, assignments (no decorators)
Binding *collect_block_imports(Module *m, Node *block);  // what a branch's imports and defs bind

// ---------------------------------------------------------------- imports.c
// Names imported from the package's other files, found and read when first used.
void imports_begin(const char *input, Node *root, const Options *opt);
void imports_device_capability(int *major, int *minor);  // the --target's, as torch.cuda reports it
void imports_set_root(Module *m, Node *root);  // the statements once decided ifs are spliced in
bool imports_external(const char *dotted);  // torch, numpy, the standard library...: never read
Obj *imports_name_ref(Module *m, const char *from, const char *name, Loc at);  // from FROM import NAME
Obj *imports_module_ref(Module *m, const char *dotted);                        // import DOTTED
bool imports_is_name_ref(const Obj *o);
Obj *imports_define_ref(Module *m, const Define *d);  // -D NAME=pkg.module.function, as that import in m
bool imports_reads_files(Module *m);          // does m import names or modules of the package's files?
bool imports_define_applied(const char *name);  // a -D gave NAME where another file binds it
void imports_check_callee(Obj *o, Node *use);  // jit code calls o: refuses a function under a decorator tl2cu cannot run
Obj *imports_force(Obj *o, Node *use, bool in_kernel);  // o's value where it is a reference, else o
Obj *imports_attr(Obj *module, Node *use, bool in_kernel);  // module.NAME (use an ND_ATTR); NULL: not a file's
Obj *imports_choose(Module *m, Node *use, bool in_kernel);  // of a module-level if's imports, when known; NULL
Obj *imports_function_named(Module *m, const char *name, const char *func);  // -D NAME=FUNC
void imports_files(Vec *out);  // const char*: the paths of the files read

const char *option_define(const Options *o, const char *name);  // -D NAME's value, or NULL
const Define *option_define_entry(const Options *o, const char *name);  // -D NAME, or NULL
bool option_dumps_ir_after(const Options *o, const char *pass);         // is PASS in --dump-ir's list?

// Parses argv; exits with status 2 on usage errors.
void options_parse_argv(Options *o, int argc, char **argv);
// Adds options from "# tl2cu:" comment lines of the file; command-line options win.
void options_from_source(Options *o, const char *text);
// An option's error: a usage error (status 2) from the command line (at.line 0), else
// an input error at the option in its '# tl2cu:' line.
void option_error(Loc at, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
// Every -s names one of the kernels, every -D something define_targets gives for one of
// them: those translated for the command line's options, those and the file's entry
// kernels (what it translates without -k) for the file's own.
void options_check_names(Options *o, Module *m, Vec *translated, Vec *in_file);
void options_check_deferred(void);  // the -D names only another file may bind: after lowering

// ---------------------------------------------------------------- lower.c
// IR: SSA values (Value) and structured statements (Stmt).
typedef enum {
  V_CONST,       // ival / fval
  V_PARAM,       // kernel argument (name)
  V_PROGRAM_ID,  // ival: axis
  V_NUM_PROGRAMS,  // ival: axis
  V_ARANGE,      // ival: start, shape [n]
  V_EXPAND,      // a; ival: inserted axis
  V_BROADCAST,   // a (a scalar or a block with size-1 dims) -> shape
  V_BINARY,      // a op b
  V_UNARY,       // op a (OP_NEG, OP_INVERT, OP_NOT via OP_LAND? no: see op)
  V_CAST,        // a -> ty
  V_BITCAST,     // a -> ty (same width)
  V_WHERE,       // a ? b : c
  V_MATH,        // str: function; a, b, c operands
  V_LOAD,        // a: pointer; b: mask; c: other
  V_VAR,         // a mutable variable (loop-carried or if-merged value)
  V_PERMUTE,     // a with dims permuted: result dim i is a's dim perm[i]
  V_RESHAPE,     // a reshaped, row-major
  V_FLIP,        // a reversed along ival
  V_JOIN,        // a, b stacked on a new last dim of size 2
  V_SPLIT,       // part ival (0/1) of a's last dim (of size 2)
  V_REDUCE,      // a reduced along ival with fn ("sum", "max", "argmax", ... or combine); keep_dims.
                 // Over a tuple (combine->n > 1): a is a V_ARG list, results are V_RESULTs
  V_SCAN,        // a scanned along ival with fn; reverse (over a tuple: as V_REDUCE)
  V_ATOMIC,      // fn: "add", "max", ... "cas"; a: pointer; b: value (cas: cmp); c: mask (cas: value);
                 // ival: AtomicSem | AtomicScope << 4. Materialized where it is called, never dropped
  V_GATHER,      // a (the source) at b (the index, of the result's shape) along axis ival
  V_HISTOGRAM,   // int32 counts of ival bins of a (1-D, 32-bit ints); b: mask or NULL
  V_SORT,        // a's rows (its last dim) through Triton's bitonic network: fn "sort", "topk" or
                 // "bitonic_merge"; ival: descending; the result's last dim is k (sort: all of it)
  V_ASM,         // tl.inline_asm_elementwise, the call (asm_call); a: its operands (V_ARG list).
                 // Its results are V_RESULTs; materialized where called, dropped only if pure
  V_RESULT,      // result ival of a (inline asm, or a reduce/scan over a tuple): its array is
                 // written by a's statement
  V_DOT,         // tl.dot (dot.c): a [B,] M x K times b [B,] K x N plus c (the accumulator, of the
                 // result's shape and type); ival: DotPrecision
  V_MAP,         // tl.map_elementwise (map.c): combine, the scalar function, called on ival (pack)
                 // elements of each operand at a time; a: its operands (V_ARG list). Its results
                 // are V_RESULTs
  V_ARG,         // one operand of a (inline asm, map, or a reduce/scan over a tuple): a, broadcast to
                 // the op's shape; b: the next (or NULL)
} VKind;

typedef struct Combine Combine;
typedef struct Stmt Stmt;
typedef struct AsmCall AsmCall;
typedef struct Prefetch Prefetch;

typedef struct Layout Layout;

// axisinfo.c: per dim of a block value, before layouts (Triton's AxisInfo). Scalars use index 0.
typedef struct {
  int64_t contiguity[MAX_RANK];    // shortest run of consecutive integers (elements, for pointers)
  int64_t divisibility[MAX_RANK];  // largest power of two dividing every run's first (bytes, for pointers)
  int64_t modulus[MAX_RANK];       // every run's first is residue modulo this power of two
  int64_t residue[MAX_RANK];
  int64_t constancy[MAX_RANK];     // shortest run of equal values
  int contiguous;     // the dim walked consecutively end to end, -1 if none
  unsigned constant;  // bit d: the value is the same along all of dim d
} AxisInfo;

struct Value {
  VKind kind;
  Type ty;
  Shape shape;
  Op op;
  const char *fn;     // V_MATH
  int64_t ival;
  double fval;
  Value *a, *b, *c;
  Loc loc;
  Loc returned_at;    // the `return` of an inlined jit helper that gave it, where the caller names it (line 0: none)
  int bb;             // basic block id, for fp contraction (same block only)
  int uses;
  const char *cname;  // set when the value lives in a C variable
  Layout *layout;     // for materialized block values
  struct {            // axisinfo.c, computed when first asked: plain and aligned variant
    int generation[2];  // valid while axisinfo.c's generation is this (0: never computed)
    AxisInfo facts[2];
    AxisInfo *solved;   // V_VAR: the facts the pass solved for it, plain and aligned (NULL: none)
  } info;
  int id;
  int fuse;           // fp add/sub: 1 or 2 = operand a or b is a multiply folded into an fma (negation: 1)
  bool mul_rn;        // fp multiply feeding an add it is not folded into: keep it unfused
  bool negate_bits;   // fp fma with a negated factor: its sign flipped as integer bits (Triton's xor)
  bool volatile_load; // V_LOAD of tl.load(..., volatile=True): read through a volatile pointer, element by element
  int vector[2];      // V_LOAD, after the axisinfo pass: the widest vector its facts allow in the plain and aligned variant
  int fused_uses;     // fp multiply: how many of its uses are folded into fmas
  int param_index;    // V_PARAM of a kernel: its position among the parameters
  int visit;          // walk marker (layout.c)
  bool auto_named;    // materialized under a name the tracer made up (renamed on assignment)
  bool packed;        // 8-bit elements held four to a word (pack.c), in the variant being emitted
  bool rolled;        // a scalar of a rolled element loop (emit_rolled), while it is emitted
  bool read_across;   // V_LOAD held in its own layout and converted by its users (layout.c)
  bool in_mma;        // held as a tensor-core dot's accumulators are, where its space is one (layout.c)
  bool predicated;    // ... and element by element there: its masked loads, and the masked
                      // stores of values read from it, predicated (layout_mark_predicated)
  bool predicated_narrow;  // the same under a run template's narrow runs (layout_keep_narrow_predicated)
  bool fixed_counter; // V_VAR of a for loop's counter that its body never assigns (convert.c)
  struct {            // V_VAR of a for loop's counter: its bounds, when range.c knows them
    bool known;
    int64_t lo, hi;
  } counter;
  int perm[MAX_RANK]; // V_PERMUTE
  int defer;          // V_DOT in a loop, pipelined (dotplan.c dot_pipeline_pass): its mma this many iterations late,
  int64_t stages_at;  // ... its defer + 2 operand buffers (wgmma: defer + 1) from this byte of the scratch on
  Value *into_dot;    // V_LOAD: copied straight into the operand buffer of this pipelined dot (dot.c)
  int64_t ahead_at;   // V_LOAD read by a wgmma dot as B: copied an iteration ahead into two buffers from this scratch byte (prefetch.c; 0: not)
  int ahead_wait;     // ... the copy groups that may still fly when its dot reads it (cp.async.wait_group)
  Prefetch *prefetch; // V_LOAD: loaded (or copied) the iteration before, in the variant laid out (prefetch.c)
  bool named_in_loop;  // a let inside a loop's body: may change from one iteration to the next (canon.c)
  int unit_run;       // V_LOAD, a dot's operand: 1 + the dim along its memory where an int argument is 1 (unitstride.c)
  bool unit_run_now;  // ... laid out so in the variant being laid out (the aligned one: layout_assign)
  int64_t a_stationary_at;  // V_DOT in a loop whose a is the same every iteration: a stored once before the
                            // loop, at this byte of the scratch, past every use inside it (0: none; dot.c)
  bool wgmma;         // V_DOT, in registers: on warpgroup MMA, its operands in swizzled atoms (dot.c)
  bool imprecise_acc; // V_DOT: Triton's max_num_imprecise_acc is not 0 (canon.c leaves a dot + add unfused)
  bool keep_dims;     // V_REDUCE
  bool reverse;       // V_SCAN
  bool arith_shift;   // V_BINARY >>: arithmetic, whatever the result's signedness (sem_binary)
  Combine *combine;   // V_REDUCE / V_SCAN with a user combine function; V_MAP: its function
  Vec results;        // V_REDUCE / V_SCAN over a tuple: its V_RESULTs, by index
  AsmCall *asm_call;  // V_ASM
};

// A @triton.jit function traced on scalars, emitted as a __device__ function
// f(params[0], ..., params[nparams-1]) -> result[0], ..., result[n-1]. A combine function
// (tl.reduce, tl.associative_scan) of n accumulated values (more than one: a reduce or
// scan over a tuple) takes the n left values, then the n right ones; tl.map_elementwise's
// takes `pack` elements of each operand in turn and returns `pack` of each result.
#define MAX_COMBINED 8
struct Combine {
  const char *name;   // C function name
  int n;
  int nparams;
  Value **params;     // V_PARAM
  Stmt *body;
  Value **result;
};

typedef enum {
  S_LET,      // v: materialize v into its C variable
  S_VARDEF,   // var = v (declare the mutable variable var; v NULL: declared unset)
  S_ASSIGN,   // var = v at the end of a body, in order (carry.c orders a loop's updates)
  S_STORE,    // ptr, v (value), mask
  S_FOR,      // var: induction variable; lo, hi, step; body
  S_IF,       // cond; body, orelse
  S_RETURN,   // early return (in a kernel)
  S_BARRIER,  // __syncthreads()
  S_WHILE,    // for (;;) { body }: the body computes the condition, then S_BREAK_UNLESS
  S_BREAK_UNLESS,  // if (!cond) break;
  S_PRINT,    // tl.device_print: v (NULL: the prefix alone), each element with its index (debug.c)
  S_ASSERT,   // tl.device_assert in debug mode: v, the condition, every element (debug.c)
} SKind;

struct Stmt {
  SKind kind;
  Loc loc;
  const char *src;  // the Python line, for the comment
  Value *v, *var, *ptr, *mask, *lo, *hi, *step, *cond;
  Stmt *body, *orelse;
  Stmt *next;
  int bb_first, bb_last;  // S_FOR / S_WHILE: the basic blocks of the body (fp contraction);
                          // S_IF: the block before it and the join block after it
  const char *text;       // S_PRINT: the prefix as Triton completes it; S_ASSERT: the message
  int operand, operands;  // S_PRINT: v is operand `operand` of `operands` (tagged when several)
  bool hex;               // S_PRINT: hex=True
  int num_stages;         // S_FOR of tl.range(..., num_stages=N): N (0: the kernel's)
  int vector[2];          // S_STORE, after the axisinfo pass: as Value.vector
  Vec converts;           // Convert*: what it reads in another layout (convert.c), in the variant laid out
  Vec prefetches;         // Prefetch*: the loads this dot reads that load its next iteration's block after it (prefetch.c)
  bool predicated;        // S_STORE with a mask: stores values of a predicated load (layout.c)
  bool predicated_narrow;  // the same under a run template's narrow runs
  int64_t scratch;        // S_LET: the shared memory its op lays out; S_STORE: its staging (smem.c), in the variant laid out
};

// A tensor descriptor made on the host (Triton's TensorDescriptor; signature entry
// "tensordesc<fp16[64, 64]>"): the launchers take one tl2cu_tensordesc (runtime header),
// the kernel its parts, each a Param of its own (DESC_BASE, a shape and a stride per
// dimension, the last stride being 1, and the padding flag).
// Every value a statement holds (v, var, ptr, mask, lo, hi, step, cond; NULL where its
// kind has none), for the passes that visit them all.
enum { STMT_VALUES = 8 };
static inline void stmt_values(const Stmt *s, Value **out) {
  Value *vs[STMT_VALUES] = {s->v, s->var, s->ptr, s->mask, s->lo, s->hi, s->step, s->cond};
  for (int i = 0; i < STMT_VALUES; i++) out[i] = vs[i];
}

typedef struct {
  const char *name, *cname;  // the launchers' struct argument
  Scalar elem;
  Shape block;
} DescParam;
enum { DESC_BASE, DESC_SHAPE, DESC_STRIDE, DESC_PADDING };

typedef struct {
  const char *name;
  const char *cname;  // its name in C (names.c), set for runtime parameters
  Type ty;
  bool is_constexpr;
  Obj *constval;
  int divisibility;  // 16 from a ":16" hint
  Value *value;      // its V_PARAM (runtime parameters)
  DescParam *desc;   // a part of this host descriptor: desc_part (DESC_*) of dimension desc_dim
  int desc_part, desc_dim;
} Param;

// The kernels emitted for one Kernel (emit.c): plain, assuming aligned arguments, and
// with plain facts in the aligned variant's layout.
enum { PLAIN_VARIANT, ALIGNED_VARIANT, POINTER_LAYOUT_VARIANT, NVARIANTS };

// Which of them a Kernel has, and how they are printed.
typedef enum {
  VARIANTS_PLAIN,             // the plain kernel alone (no access gains vectors when aligned)
  VARIANTS_ALIGNED,           // the plain and the aligned kernels
  VARIANTS_RUN_TEMPLATE,      // those two as one template over kAssumeAligned, their runs kRun elements
  VARIANTS_POINTER_LAYOUT,    // plain, aligned and pointer-layout kernels
  VARIANTS_POINTER_TEMPLATE,  // the plain kernel; the aligned and pointer-layout ones as one template
} Variants;

#define MAX_POINTER_NEEDS 16  // Kernel.pointer_needs: the alternatives of its pointer-layout variant

typedef struct {
  Func *func;
  const char *launcher;
  int num_warps;
  Vec params;      // Param*
  Stmt *body;
  const char *grid_c[3];  // launch grid as C expressions over the launcher's parameters (NULL: none)
  const char *grid_from;  // where grid_c came from, for the -H header's comment: "--grid", ...
  Vec constexprs;  // Binding-like pairs for the banner: "NAME=VALUE" strings
  Vec values;      // Value*: every value lowering made (sem_new), for joining blocks (lower.c)
  int nvalues;
  int smem_bytes[NVARIANTS];  // each variant's shared scratch (emit.c): conversions, reductions
  int64_t convert_bytes;      // the largest conversion's buffer (convert.c), in the variant laid out
  int64_t smem;               // the shared-memory buffer (smem.c): its largest use, in the variant laid out
  Vec combines;    // Combine*
  Variants variants;         // which kernels emit.c prints for it, the launcher picking one
  int program_threads;       // >0: programs this small share a thread block, this many threads each
  int config_index;          // autotune config this kernel was specialized for, -1: none
  const char *config_text;   // its meta-parameters, "BLOCK_SIZE=256, num_warps=2"
  int nconfigs;              // configs of the kernel's autotune group
  const char *select[8];     // heuristics group: host C for bit i of the variant index
  int nselect;
  const char *select_values[8];  // heuristic i takes more values than False and True: them, as C ("16, 32");
                                 // the variant index counts them mixed-radix, heuristic 0 fastest
  int select_count[8];           // how many (2 for a condition)
  bool select_reads_selected[8]; // heuristic i reads a run-time heuristic's value (picked by NAME_pick)
  const char *select_name[8];    // heuristic i's name, for the launcher's error
  int ntuned;                    // heuristics group under autotune: its configs; variant = config * picks + pick
  uint64_t assumed_params;   // which parameters (by index) that variant assumes so
  uint64_t unit_params;      // of those, the ints it assumes equal to 1 instead (access.c)
  bool float_sums;           // sums (or combines) of floats: their bits follow the layout's order
  int num_stages;            // Triton's num_stages (--num-stages, the autotune config's; default 3): dot.c's pipelines
  bool wgmma;                // --target sm_90a: pipelined dots of 64-row warpgroup slices on wgmma (dot.c)
  bool fp8;                  // the target has fp8 (cvt to and from it, mma.sync's fp8 types: sm_89 and later)
  bool sm90;                 // the target is sm_90(a): Triton's fp8 dots default to max_num_imprecise_acc = 2**30
  uint64_t pointer_needs[MAX_POINTER_NEEDS];  // launched when these parameters hold for any one
  int npointer_needs;
  NameSet cnames;            // C names in use in this kernel (the tracer's, and the passes')
} Kernel;

Kernel *lower_kernel(Module *m, Func *f, Options *opt);
const char *kernel_cname(Kernel *k, const char *name);  // a C name for `name`, unique in k
Param *kernel_param(Kernel *k, const char *name);  // by its Python name, or NULL
Obj *literal_value(const char *text);  // a signature literal (numbers, True, False, None, dtypes, 'strings'); NULL if none
Obj *define_literal(const char *text); // a -D value: a literal, else the text as a string
void collect_apply_defines(Module *m, const Options *opt);  // -D for module constants (collect.c)
// Every kernel to emit for f: one per autotune config unless -D/--num-warps pick one.
Vec lower_function(Module *m, Func *f, Options *opt);
const char *obj_repr(const Obj *o);

// ---------------------------------------------------------------- heuristics.c
// @triton.heuristics: which values are known now, and host C for the others.
enum { HEURISTIC_POW2_MAX = 1 << 14 };  // run-time triton.next_power_of_2(...) in heuristics: variants up to it
bool heuristic_is_runtime(Module *m, Func *f, Heuristic *h, Options *opt);
bool heuristic_given(const Options *opt, const Heuristic *h);  // -D NAME, or --num-warps/--num-stages for those
Obj *heuristic_value(Module *m, Func *f, Heuristic *h, Obj *args);  // args: the known constexprs (a dict)
Obj *heuristic_runtime_values(Module *m, Func *f, Heuristic *h, Options *opt, Obj *args);  // a tuple
const char *heuristic_c(Kernel *k, Heuristic *h);
bool heuristic_reads_selected(Kernel *k, Heuristic *h);  // reads a run-time heuristic's value

// ---------------------------------------------------------------- layout.c
typedef enum {
  LAYOUT_BLOCKED,  // runs of vec elements, consecutive threads taking consecutive runs (tl2cu_elem)
  LAYOUT_MMA,      // a 2-D space as mma.sync's accumulators hold it: wm x wn warps, each a tile of
                   // 16 x 8 fragments (tl2cu_elem_mma; vec 2: a fragment's pairs of columns)
} LayoutKind;

struct Layout {
  LayoutKind kind;
  int wm, wn;             // LAYOUT_MMA: the warps along the space's rows and columns
  Shape space;            // the block shape whose elements are spread over the threads
  int map[MAX_RANK];      // for each dim of the value: the space dim it follows, -1 if size 1
  int threads;            // num_warps * 32
  int64_t per_thread;     // E: elements each thread holds
  int vec;                // V: contiguous elements per thread
  bool kernel_run;        // V is the kernel's run (layout.c): kRun in a template over the variants' runs
  int root;               // the id of the value whose layout this one's was required from (layout.c)
  unsigned keep;          // LAYOUT_MMA sliced (layout.c slice_values): the space's register bits the
                          // value's array holds, E = 2^popcount (one a row for a row vector); 0: all
};

// ---------------------------------------------------------------- linear.c
// A layout as a linear map over GF(2) (Triton's LinearLayout): for each bit of a thread's
// register index, lane and warp, the element (row-major index into shape) it adds by XOR.
typedef struct {
  Shape shape;
  int nreg, nlane, nwarp;
  int64_t reg[32], lane[5], warp[5];
} LinearLayout;
LinearLayout linear_layout(const Layout *l, Shape value);  // a value of shape `value` held in l
int64_t linear_apply(const LinearLayout *ll, int64_t reg, int lane, int warp);
const char *linear_text(const LinearLayout *ll);  // "#linear<register=[[0, 1], ...], lane=..., warp=...>"

// Lays out every block value with runs of `run` elements per thread (the
// emitter lays a kernel out again for each of its variants).
void layout_assign(Kernel *k, int run, int variant);
void layout_mark_predicated(Kernel *k, int run);  // as the layouts with runs of `run` elements would
void layout_keep_narrow_predicated(Kernel *k, int narrow, int wide);  // both, wide's in force
void layout_swap_predicated(Stmt *access);  // the access's flags: the other run's
AxisInfo axis_info(Value *v);  // (axisinfo.c) the plain variant's facts
AxisInfo axis_info_in(Value *v, int variant);  // PLAIN_VARIANT or ALIGNED_VARIANT
int axis_vector(Value *ptr, Value *mask, int variant);  // widest vector the facts allow, in elements
int axis_shifted_vector(Value *ptr, int variant, int64_t *shift);  // runs c elements past a boundary
void axisinfo_pass(Kernel *k);
void unit_stride_pass(Kernel *k);  // (unitstride.c) dot operands whose memory runs along a dim where an int is 1
void axisinfo_assume(Kernel *k, uint64_t withdrawn, uint64_t unit_ones);  // the aligned variant's assumptions
uint64_t assumable_params(Kernel *k);          // (axisinfo.c) the arguments it may assume things of
uint64_t axisinfo_unit_candidates(Kernel *k, int threads);  // the ints it may assume equal to 1
bool axis_run_constant(Value *v, const Layout *l, int variant);     // along l's runs (axisinfo.c)
bool axis_run_contiguous(Value *v, const Layout *l, int variant);
bool axis_run_shift(Value *ptr, const Layout *l, int vec, int variant, int64_t *shift);
bool axis_run_vector(Value *ptr, Value *mask, const Layout *l, int vec, int64_t shift, int variant);
bool stmts_define(Stmt *s, Value *x);  // (axisinfo.c) a let of x in s..., at any depth
bool value_reads(Value *v, Value *x, int depth);  // (loads.c) does v read x, through values computed inline?
void var_assignments(Stmt *s, Value *var, Vec *out);  // the S_ASSIGNs to var in s..., at any depth  // every access's vector widths (Value.vector, Stmt.vector)
bool int_constant(Value *v, int64_t *c);                   // v is this integer constant everywhere
bool constant_difference(Value *p, Value *q, int64_t *d);  // p - q is the constant d (elements)
void group_loads(Kernel *k);   // (loads.c) neighbouring loads named, as one run of loads
void prefetch_pass(Kernel *k);  // (prefetch.c) dot operands' loads to issue one iteration ahead
// A load of prefetch.c's: x = tl.load(P) with P = P + step (update: the value assigned),
// its loop and the dot statement that reads x.
struct Prefetch {
  Value *load, *update;
  Stmt *loop, *reader;
};
void contract_fma(Kernel *k);  // (contract.c) which float adds fuse a multiply, as LLVM and ptxas do
int layout_widest_run(Kernel *k);
Vec layout_snapshot(Kernel *k);  // every value's layout: two assignments compare equal or not
bool layout_snapshots_equal(Vec a, Vec b);
const Layout *layout_own_space(Value *v, int threads, Layout *own);  // v's layout if over its shape, else *own
bool layout_same(const Layout *a, const Layout *b, const Shape *value_shape);
bool layout_holds(const Layout *l, Value *x);  // x held in l as l holds its elements
// A 2-D layout whose space dims are the value's in order: mma fragments, written rows first,
// are read right only there (a square space also fits a transposed map).
bool layout_rows_first(const Layout *l);
// Is a value of kind k computed element by element from the same elements of its operands
// (or an index, a constant, a load, a variable)? What may live in an mma layout (layout.c)
// and beside a pipelined dot (dot.c).
bool layout_elementwise_kind(VKind k);

// ---------------------------------------------------------------- convert.c
// A block value a statement reads through shared memory: converted from its layout into
// the statement's (to), at coordinates crd of to's space (symbols: "d1", "0", ...).
typedef struct {
  Value *v;
  Layout to;
  const char *crd[MAX_RANK];
  int64_t bytes;  // its buffer in shared memory
  int64_t row;    // rows of this many elements padded by one (0: no padding)
} Convert;
void convert_pass(Kernel *k);  // Stmt.converts and Kernel.convert_bytes for the layouts assigned
bool reads_across(Value *v, const Layout *l);  // reading v in l converts some value
bool recomputable(Value *v);    // index math: recomputed where another layout reads it
void operand_coords(const Value *v, const char *const *in, const char **out);  // broadcast/expand/permute
int operand_coord_index(const Value *v, int j);  // which coordinate operand dim j reads; -1: none
// Coordinates as symbols (the passes' and the printer's, for deciding what a thread holds)
extern const char *const SYM_ZERO, *const SYM_ONE;  // the constant coordinates' symbols (interned, as all are)
const char *coord_symbol(int space_dim);
const char *flip_symbol(int64_t n, const char *c);
const char *linear_symbol(const char *const *sym, Shape s);
const char *reshape_symbol(const char *lin, int64_t stride, int64_t dim);
// What a symbol made by flip_symbol, linear_symbol or reshape_symbol stands for (NULL for
// "0", "1" and a dim's "d<i>"): the printer writes it as C for a layout.
typedef struct {
  enum { SYM_FLIP, SYM_LINEAR, SYM_RESHAPE } kind;
  const char *arg;              // FLIP: the coordinate flipped; RESHAPE: the linear index
  int64_t n;                    // FLIP: the dim's size; RESHAPE: the stride
  int64_t size;                 // RESHAPE: the dim
  const char *terms[MAX_RANK];  // LINEAR: the coordinates, in
  Shape shape;                  // LINEAR: this shape, row-major
} CoordSym;
const CoordSym *coord_sym(const char *sym);
bool held_at(Value *v, const Layout *lay, const char *const *sym);  // does the reading thread hold v there?
// The register of a held value's array: tl2cu_squeeze<squeeze>(tl2cu_deposit<deposit>(_k)),
// each step left out where its mask is 0 (sliced layouts' registers, layout.c).
typedef struct {
  bool held;
  unsigned deposit, squeeze;
} HeldRegister;
HeldRegister held_register(Value *v, const Layout *lay, const char *const *sym);  // which register (.held false: none)

// ---------------------------------------------------------------- smem.c
// The kernel's shared-memory buffer (Kernel.smem) and each let's scratch (Stmt.scratch),
// for the layouts assigned, after convert_pass. The ops' sizes, as their emitters lay them out:
void smem_pass(Kernel *k);
// reduceplan.c: a reduction's or scan's split over registers, lanes and warps (its layout's).
typedef struct {
  LinearLayout ll;  // the layout as a linear map over its space
  int64_t reduced;  // mask of the element index's bits that walk the reduced dim
} ReduceBits;
typedef struct {
  int64_t len, numel, lines, P, S;  // a scan's lines of len elements, each P segments of S
} ScanCut;
bool is_arg_reduction(Value *v);
int reduce_inputs(Value *v, Value **xs);  // the n inputs of a reduce or scan (a tuple's blocks)
Value *reduce_result(Value *v, int i);
ReduceBits reduce_bits(const Layout *l, int space_dim);
int reduce_walking_bits(ReduceBits b, const int64_t *bases, int n, int *lo);
int reduce_warp_bits_of(ReduceBits b, int d, int *wlo);  // the warps that combine (as bits), the first one's thread bit
int reduce_warp_bits(Value *v, int *wlo);  // ... of reduction v
int64_t reduce_scratch_regions(Value *v, int64_t slots, int64_t *offset);
ScanCut scan_cut_of(Value *x, int64_t axis, int64_t threads);
int64_t scan_scratch_regions(Value *v, int n, ScanCut c, int64_t *region);
int64_t reduce_scratch_bytes(Value *v);           // (reduceplan.c) partials exchanged across warps
int64_t scan_scratch_bytes(Value *v, int threads);  // (reduceplan.c) the blocks and segment totals
int64_t block_scratch_bytes(Value *x);            // (scratch.c) a sort's or gather's source block
int64_t atomic_scratch_bytes(Value *v, int program_threads, int threads);  // (scratch.c) old values handed on
int64_t store_staging_bytes(Kernel *k, Stmt *s, int threads);  // (scratch.c) an mma tile's store
bool staged_store_layout(Stmt *s, int threads, Layout *to);    // (scratch.c) the blocked layout it is stored from

// ---------------------------------------------------------------- ir.c
// Queries over the IR as data, for every stage.
// Does the value live in a C variable (named by the tracer, or a loop-carried variable)?
bool is_materialized(Value *v);
int layout_chunk(const Layout *l, Type elem);  // elements a run moves at once (16 bytes at most)
int layout_vector_chunk(const Layout *l, Type elem, int vector);  // ... where facts allow `vector`; 0: no vector
int sem_walk_mark(void);  // a fresh mark for a walk over values (Value.visit)

// ---------------------------------------------------------------- vectorize.c
bool kernel_has_vectors(Kernel *k, int variant);  // as now laid out and packed

// ---------------------------------------------------------------- pack.c
// Which int8, uint8 and bool values are held four to a 32-bit word (Value.packed).
void decide_packing(Stmt *body);
bool packs_store_value(Stmt *s, const Layout *l);  // is the stored expression computed a word at a time?
bool pack_uniform_scalar(Value *v);  // the same for every element (spread into every byte)

// ---------------------------------------------------------------- dotfacts.c
// What a dot's lowering takes, for the passes that plan it and for dot.c that prints it.
int64_t dot_mma_k(Value *v);                      // k of one tensor-core step (0: CUDA cores)
bool dot_on_tensor_cores(Value *v);               // types mma.sync takes, whole tiles
bool dot_wgmma_shape(Value *v, int warps);        // may dot v run on warpgroup MMA (--target sm_90a)?
int64_t dot_wgmma_reps(Value *v);                 // the 16-row tiles a warp holds on wgmma (1 otherwise)
bool dot_fp8_wgmma(Value *v);                     // on wgmma, fp8 operands
bool dot_in_registers(Value *v);                  // the result held as mma accumulators
bool dot_b_kmajor(Value *v);                      // B stored K-major in its buffer
bool dot_stored_kmajor(Value *v, Value *x);       // operand x so stored (x: a, b or b's copy ahead)
int64_t dot_operand_pitch(Value *v, Value *x);    // a buffer row of operand x, in elements (padded)
int64_t dot_operand_rows(Value *v, Value *x);     // its buffer rows
int64_t dot_aligned(Value *v, int64_t bytes);     // bytes rounded up to where an operand may start
int64_t dot_operand_tile_bytes(Value *v, Value *x);  // operand x's buffer, unaligned
int64_t dot_operand_bytes(Value *v, Value *x);    // ... aligned
int64_t dot_b_offset(Value *v);                   // b's buffer in a stage
int64_t dot_c_offset(Value *v);                   // the accumulators' (a stage's size where they stay in registers)
int dot_buffer_run_bytes(Value *v, Value *x, const Layout *l);  // a run of x in l as one buffer access (0: none)
int64_t dot_scratch_bytes(Value *v);              // both operands (and staged accumulators)
int64_t dot_pipeline_bytes(Value *v, int defer);  // a pipelined dot's buffers after the loop's other uses
bool dot_copies_ahead(Value *v, Value *x);        // may dot v read load x from buffers copied ahead?

// ---------------------------------------------------------------- dotplan.c
// Run by smem_pass on each variant: the marks each dot is printed by.
void dot_pipeline_clear(Kernel *k);               // the previous pass's marks gone
void dot_unit_pass(Kernel *k);                    // each dot on wgmma or mma.sync
void dot_pipeline_pass(Kernel *k);                // loop dots whose mma may run late; stationary operands
bool dots_on_wgmma(Stmt *s);                      // does a dot among s (and nested) run on wgmma?

// ---------------------------------------------------------------- verify.c, irdump.c
// The IR's invariants after a pass (layouts: they are assigned); an internal error if not.
void ir_verify(Kernel *k, const char *after, bool layouts);
// The IR in a stable text form, one op per line (--dump-ir).
void ir_dump(FILE *out, Kernel *k, const char *after);

// ---------------------------------------------------------------- grid.c
// Compiles a --grid expression into C over the launcher's parameters.
void grid_compile(Kernel *k, Options *opt, const char *path, const char *src, size_t len);
// Without --grid: the grid of the file's own kernel[grid](...) launch, where it maps onto parameters.
void grid_from_launch(Kernel *k);
const char *host_int_op(Op op);           // "+" for OP_ADD, "tl2cu_floordiv" for //... in host C, NULL if none
const char *host_function(const char *name);  // cdiv/min/max -> tl2cu_cdiv/..., NULL if none

// ---------------------------------------------------------------- emit.c
void emit_file(FILE *out, Vec *kernels, Options *opt);
void emit_header(FILE *out, Vec *kernels, Options *opt);

// ---------------------------------------------------------------- lower.c (tracer state)
// The tracer walks a kernel's AST like Triton's code generator: constexprs are
// Python values computed now, everything else becomes IR.
typedef struct {
  Module *m;
  Options *opt;
  Kernel *k;
  Binding *env;        // locals of the function being traced (innermost first)
  Stmt **tail;         // where the next statement goes
  int bb;              // current basic block (for fp contraction)
  Loc loc;             // the Python statement being traced
  const char *src;     // its text
  int inline_depth;
  Obj *returned;       // set by `return` inside an inlined helper
  Vec rest;            // Node*: the statements after each statement being traced, innermost last
  int rest_base;       // where the inlined function being traced starts in rest
  int loop_depth;      // loops around the statement, in the function being traced
  Func *inlined;       // the function being traced (NULL: the kernel)
  bool in_kernel;      // false while evaluating module-level expressions
  int compile_time_calls;  // plain Python functions jit code is calling now (their constants come wrapped)
  const char *callee;  // the builtin being called, by what it is ("tl.exp"), whatever the call's spelling
} Ctx;

// Triton's debug mode (--debug, @triton.jit(debug=True) on the kernel): assertions are checked.
static inline bool debug_mode(const Ctx *c) { return c->opt->debug || c->k->func->debug; }

Obj *eval(Ctx *c, Node *e);
Obj *obj_binary(Ctx *c, Op op, Obj *a, Obj *b, Loc loc);  // Python on constexprs, else semantic.c
Obj *call_function(Ctx *c, Func *f, Node *call, Obj **args, int nargs, Node **kwnodes, Obj **kwargs, int nkw);
const char *unique_cname(Ctx *c, const char *name);  // kernel_cname in the kernel being traced
Stmt *add_stmt(Ctx *c, SKind kind);
Obj *obj_value(Value *v);
bool obj_is_const_number(const Obj *o);  // int, float or bool constexpr
Obj *module_eval(Module *m, Node *e, Binding *env);
Obj *module_exec(Module *m, Node *stmt, const char *name, Obj *value);  // NAME's value after stmt
Value *lower_materialize(Ctx *c, Value *v, const char *name);  // S_LET with a name given by the tracer
Combine *lower_combine(Ctx *c, Func *f, const Type *types, int n, Node *call);  // traces a combine function on scalars
int func_param_count(const Func *f);
// f traced on nparams scalars of the given types, into fn's params and body; what it returns.
Obj *lower_scalar_fn(Ctx *c, Func *f, const Type *types, int nparams, Node *call, Combine *fn);
// A value built but not used after all (a result a builtin does not return): it no longer
// reads its operands, so what only it read is dropped as dead.
void lower_discard(Value *v);

// ---------------------------------------------------------------- canon.c
// Integer index arithmetic in one normal form (before the analyses), and dot + add as an
// accumulating dot where Triton's combiner makes it one.
typedef struct { Value *atom; int64_t coef; } AffineTerm;
enum { AFFINE_TERMS = 24 };
typedef struct {
  Scalar ty;        // the sum's type (a pointer's offsets: i64, in elements)
  Value *root;      // the value decomposed
  Value *base;      // a pointer's base (its offsets are the terms)
  int n;
  AffineTerm t[AFFINE_TERMS];
  int64_t constant;
  bool overflow;    // more terms than AFFINE_TERMS: not decomposed
} Affine;
// v as constant + sum of coef * atom, through named values and pointer offsets (as if no
// offset wrapped, as Triton's AxisInfo assumes); false if v is not an integer or pointer.
bool affine_form(Value *v, Affine *f);
bool affine_same_atom(Value *a, Value *b, int depth);  // the same elements, computed alike
void canon_pass(Kernel *k);

// ---------------------------------------------------------------- semantic.c
// Runtime values with Triton's typing: promotion, broadcasting, casts.
Value *sem_new(Ctx *c, VKind kind, Type ty, Shape shape, Loc loc);
Value *sem_const(Ctx *c, Obj *o, Scalar ty, Loc loc);
Value *sem_to_value(Ctx *c, Obj *o, Loc loc);  // constexpr -> runtime scalar (literal typing)
Value *sem_cast(Ctx *c, Value *v, Scalar to, Loc loc);
// fp_downcast_rounding: V_CAST's ival is 1 for ROUND_RTZ (cvt.rz, or fp32 -> fp8e5 toward zero).
typedef enum { ROUND_DEFAULT, ROUND_RTNE, ROUND_RTZ } CastRounding;
Value *sem_cast_rounded(Ctx *c, Value *v, Scalar to, CastRounding rounding, Loc loc);
Value *sem_cast_pointer(Ctx *c, Value *v, Type to, Loc loc);  // to or from a pointer type
Value *sem_broadcast_to(Ctx *c, Value *v, Shape s, Loc loc);
bool kernel_reads_unbound(Module *m, Func *f, const char *name);  // a name the module never binds
bool define_is_import_path(const char *value);  // -D NAME=pkg.module.function (not triton's)
const char *known_module(const char *dotted);  // "triton.language.math" -> "tl.math", or NULL
Obj *sem_binary(Ctx *c, Op op, Obj *a, Obj *b, Loc loc);
Value *sem_binary_fresh(Ctx *c, Op op, Obj *a, Obj *b, Loc loc);
Obj *sem_unary(Ctx *c, Op op, Obj *a, Loc loc);
Value *sem_where(Ctx *c, Obj *cond, Obj *x, Obj *y, Loc loc);
Value *sem_minmax(Ctx *c, bool is_max, Obj *x, Obj *y, bool propagate_nan, Loc loc);
Value *sem_math(Ctx *c, const char *fn, Value *x, Loc loc);
Value *sem_clamp(Ctx *c, Obj *x, Obj *lo, Obj *hi, bool propagate_nan, Loc loc);
Scalar sem_promote(Scalar a, Scalar b, Loc loc);  // the dtype of a + b (computation_type_impl)
Value *sem_extern(Ctx *c, const char *symbol, Scalar ret, Value **args, int n, Loc loc);
Value *sem_umulhi(Ctx *c, Value *x, Value *y, Loc loc);      // tl.umulhi
Value *sem_bitcast(Ctx *c, Value *v, Scalar to, Loc loc);    // x.to(to, bitcast=True)
Value *sem_load(Ctx *c, Obj *ptr, Obj *mask, Obj *other, Loc loc);
void sem_store(Ctx *c, Obj *ptr, Obj *val, Obj *mask, Loc loc);
void sem_print(Ctx *c, const char *prefix, Obj **args, int n, bool hex, Loc loc);
void sem_assert(Ctx *c, Obj *cond, Obj *mask, const char *msg, Loc loc);
typedef enum { SEM_RELAXED, SEM_ACQUIRE, SEM_RELEASE, SEM_ACQ_REL } AtomicSem;
typedef enum { SCOPE_CTA, SCOPE_GPU, SCOPE_SYS } AtomicScope;
// tl.atomic_OP(ptr, val, mask): op is "add", "max", "min", "and", "or", "xor" or "xchg".
Value *sem_atomic_rmw(Ctx *c, const char *op, Obj *ptr, Obj *val, Obj *mask, int order, Loc loc);
Value *sem_atomic_cas(Ctx *c, Obj *ptr, Obj *cmp, Obj *val, int order, Loc loc);
Value *sem_expand(Ctx *c, Value *v, int axis, Loc loc);
bool sem_is_block(const Obj *o);
bool is_compare(Op op);  // < <= > >= == !=
Value *unbroadcast(Value *v);  // the value a broadcast or expand copies
bool float_from_int_bits(Value *x, Value *r);  // x: fp32/fp64 bits of an integer (a load) in r's block
bool float_bits_in_block(Value *x, int bb);     // the same, in basic block bb
int sem_next_id(void);  // the id the next value will have: later values have larger ones
int sem_new_id(void);  // an id for a value a pass builds itself
// Whether a and b compute the same value from the same operands (as MLIR's CSE sees it).
bool same_value(Value *a, Value *b, int depth);
// A named value nothing reads: only its own definition counts (lower.c's dead-value
// sweep leaves 0). It is not emitted.
static inline bool never_read(const Value *v) { return v->uses <= 1; }
void check_block_shape(Shape s, const char *what, Loc loc);  // powers of 2, at most 2^20 elements (what: "shape")
Value *sem_permute(Ctx *c, Value *x, const int *perm, Loc loc);
Value *sem_reshape(Ctx *c, Value *x, Shape s, Loc loc);
Value *sem_flip(Ctx *c, Value *x, int64_t axis, Loc loc);
Value *sem_join(Ctx *c, Obj *a, Obj *b, const char *what, Loc loc);  // what: "tl.join" or its caller
Value *sem_split(Ctx *c, Value *x, int part, Loc loc);
Value *sem_reduce(Ctx *c, Value *x, int64_t axis, bool axis_none, const char *fn, Combine *combine, bool keep_dims,
                  Loc loc);
Value *sem_scan(Ctx *c, Value *x, int64_t axis, const char *fn, Combine *combine, bool reverse, Loc loc);
// Over a tuple of n blocks of one shape (combine->n == n): the n results in out.
void sem_reduce_tuple(Ctx *c, Value **xs, int n, int64_t axis, bool axis_none, Combine *combine, bool keep_dims, Loc loc,
                      Value **out);
void sem_scan_tuple(Ctx *c, Value **xs, int n, int64_t axis, Combine *combine, bool reverse, Loc loc, Value **out);
Value *sem_gather(Ctx *c, Obj *src, Obj *index, int64_t axis, Loc loc);
Value *sem_histogram(Ctx *c, Obj *input, int64_t num_bins, Obj *mask, Loc loc);
// tl.dot's input_precision for fp32 operands (Triton's INPUT_PRECISION).
typedef enum { DOT_TF32, DOT_TF32X3, DOT_IEEE } DotPrecision;
// tl.dot(a, b, acc, input_precision, out_dtype) (semantic.py dot): acc NULL for zeros.
Value *sem_dot(Ctx *c, Value *a, Value *b, Value *acc, DotPrecision precision, Scalar out_dtype, Loc loc);
// tl.sort (k < 0), tl.topk (k > 0), tl.bitonic_merge (fn): along dim (has_dim false: the last)
Value *sem_sort(Ctx *c, Value *x, const char *fn, int64_t k, bool has_dim, int64_t dim, int64_t descending, Loc loc);
// Values the threads of a program compute together, through shared memory and barriers
// (reduce.c, gather.c, sort.c): never recomputed where they are read, only read from their arrays.
// Inline asm counts too: its elements go to the asm in groups of a thread's elements (asm.c),
// and the asm may read the thread's own registers (%laneid), so it keeps Triton's threads;
// and so does tl.map_elementwise, whose groups are a thread's elements too (map.c).
static inline bool is_collective(const Value *v) {
  return v->kind == V_REDUCE || v->kind == V_SCAN || v->kind == V_GATHER || v->kind == V_HISTOGRAM ||
         v->kind == V_SORT || v->kind == V_ASM || v->kind == V_MAP || v->kind == V_DOT || v->kind == V_RESULT;
}

// ---------------------------------------------------------------- carry.c
// Names that outlive a run-time loop body or `if` branch: their run-time parts in
// V_VAR variables, inside tuples, block pointers and tensor descriptors too.
typedef struct Carried Carried;
// Before a loop: the names the body assigns that exist now become variables.
Carried *carry_into_loop(Ctx *c, Node *body, const char *skip, Loc loc);
void carry_mark_loop(Carried *cr, Stmt *loop);        // the loop statement, once added
void yield_carried(Ctx *c, Node *loop, Carried *cr);  // the end of the body: the updates
void carry_out_of_loop(Ctx *c, Carried *cr);          // after it: names bound, unchanged parts unvaried
// How many leading items of a tuple, block pointer or tensor descriptor are run-time parts (0: none).
int obj_runtime_items(const Obj *o);
// The C name of item i of a tuple, block pointer or tensor descriptor named `label` ("acc_0", "p_offsets").
const char *obj_item_label(const char *label, const Obj *o, int i);
// The value an inlined function returns from a run-time `if` on whose every path it
// returns: t and e, what the 'if' and 'else' branches returned (a variable if they differ).
Obj *merge_returns(Ctx *c, Node *s, const char *fname, int first_id, Stmt **then_list, Obj *t, Stmt **else_list,
                   Obj *e);
// After a run-time `if` whose branches are traced: the names they change, merged.
void merge_branches(Ctx *c, Node *s, int first_id, Binding *before, Stmt **then_list, Binding *then_env,
                    bool returned_then, Stmt **else_list, Binding *else_env, bool returned_else);

// ---------------------------------------------------------------- builtins.c
// tl.*, triton.* and Python builtins callable in kernels (table in builtins.c).
typedef Obj *(*BuiltinFn)(Ctx *c, Node *call, Obj **args);
bool builtin_exists(const char *qualified);
Obj *builtin_call(Ctx *c, const char *qualified, Node *call, Obj **args, int nargs,
                  Node **kwnodes, Obj **kwargs, int nkw);
Obj *builtin_attr(Ctx *c, Obj *module, const char *name, Loc loc);
// The builtin a member of tl.math or tl.random is ("tl.rsqrt", "libdevice.tanh"), or NULL.
const char *builtin_member(const char *module, const char *name);

// ---------------------------------------------------------------- random.c
// tl.rand & co., Triton's Philox generator (random.py), built from semantic.c's
// operations: BuiltinFns for the table in builtins.c.
Obj *random_randint(Ctx *c, Node *call, Obj **args);
Obj *random_randint4x(Ctx *c, Node *call, Obj **args);
Obj *random_rand(Ctx *c, Node *call, Obj **args);
Obj *random_rand4x(Ctx *c, Node *call, Obj **args);
Obj *random_randn(Ctx *c, Node *call, Obj **args);
Obj *random_randn4x(Ctx *c, Node *call, Obj **args);
Obj *random_philox(Ctx *c, Node *call, Obj **args);
Obj *random_philox_impl(Ctx *c, Node *call, Obj **args);
Obj *random_uint_to_uniform_float(Ctx *c, Node *call, Obj **args);
Obj *random_pair_uniform_to_normal(Ctx *c, Node *call, Obj **args);

// ---------------------------------------------------------------- blockptr.c
// Block pointers and tensor descriptors as masked loads and stores: BuiltinFns for
// builtins.c's table, and tl.load / tl.store of a block pointer.
Obj *blockptr_make(Ctx *c, Node *call, Obj **args);
Obj *blockptr_advance(Ctx *c, Node *call, Obj **args);
Value *blockptr_load(Ctx *c, Obj *bp, Obj *mask, Obj *other, Obj *boundary_check, Obj *padding, Loc loc);
void blockptr_store(Ctx *c, Obj *bp, Obj *val, Obj *mask, Obj *boundary_check, Loc loc);
Obj *tensordesc_make(Ctx *c, Node *call, Obj **args);
Obj *tensordesc_load(Ctx *c, Node *call, Obj **args);
Obj *tensordesc_store(Ctx *c, Node *call, Obj **args);
Obj *tensordesc_atomic(Ctx *c, Node *call, Obj **a);  // desc.atomic_add ... atomic_xor
DescParam *tensordesc_signature(const char *entry, Loc loc);  // "tensordesc<fp16[64, 64]>", else NULL
Obj *tensordesc_of_params(Ctx *c, DescParam *d, Value **parts, Loc loc);
Obj *tensordesc_attr(Obj *desc, const char *name, Loc loc);  // desc.block_shape...; NULL: a method
Obj *blockptr_attr(Obj *bp, const char *name, Loc loc);      // p.dtype, p.type

// ---------------------------------------------------------------- dtype.c
// Triton's dtype attributes and predicates (core.py), folded at compile time.
#define DTYPE_BLOCK "block_type"    // OBJ_DTYPE str: a block_type of ival (x.type)
#define DTYPE_BLOCK_PTR "block_ptr" // OBJ_DTYPE str: pointer_type(block_type(fval)), a block pointer's
const char *dtype_triton_name(Scalar s);                 // "int32", "uint8", "fp16"
Obj *dtype_attr(Obj *d, const char *name, Loc loc);      // a field, or a method (OBJ_METHOD)
Obj *dtype_call(Obj *d, const char *name, int nargs, Loc loc);  // d.is_fp16() ...
Obj *torch_dtype(const char *name);                       // torch.float16 ..., or NULL

// hosttypes.c: parameter `index` (named `name`) of a kernel, typed from the file's own launch
// where the host code makes the argument plainly (torch factories, ints); false if it does not
bool launch_arg_type(Module *m, Launch *l, int index, const char *name, Type *out);
// the value last assigned to name before the launch in its statement list, NULL if not plainly one
Node *launch_assigned_value(Launch *l, const char *name);
Node *launch_arg(Launch *l, int index, const char *name);  // parameter index's argument, or NULL
Node *launch_literal(Launch *l, Node *arg);  // the literal arg is (a name followed), or NULL
Obj *torch_info(Obj *dtype, bool floating, Loc loc);      // torch.finfo / torch.iinfo: an OBJ_DICT, str set
Obj *torch_info_attr(Obj *info, const char *name, Loc loc);  // finfo.max ...
Obj *torch_device_properties(void);  // (dtype.c) torch.cuda.get_device_properties() of the --target

// ---------------------------------------------------------------- asm.c
// tl.inline_asm_elementwise: the BuiltinFn for builtins.c's table, and whether a call must
// stay although nothing reads its results (is_pure=False).
Obj *asm_elementwise(Ctx *c, Node *call, Obj **args);
Obj *map_elementwise(Ctx *c, Node *call, Obj **args);  // tl.map_elementwise (map.c)
bool asm_has_effect(const Value *v);
int asm_value_bits(Type t);      // a value's bits in a register (pointers: 64)
int asm_per_reg(Type t, int pack);  // elements of type t that share one register

// An asm call's register (asm.c reads its constraints, emit_asm.c prints through it).
typedef struct {
  char letter;     // r h l f d, as CUDA writes it (LLVM's c is CUDA's h)
  const char *ctype;  // the C type of the register
  int bits;
  bool is_float;   // f, d: the value's width must be the register's
} Reg;

struct AsmCall {
  const char *text;  // the asm as CUDA takes it: %N operands, %% for a %
  int pack;
  bool pure;
  bool memory;       // ~{memory} among the constraints
  Vec args;          // Value*: the operands, broadcast to the call's shape
  Vec outs, ins;     // Reg*, in operand order
};

// ---------------------------------------------------------------- libdevice.c
// triton.language.extra(.cuda).libdevice, as Triton maps it to __nv_*.
bool libdevice_has(const char *name);
Obj *libdevice_call(Ctx *c, const char *name, Node *call, Obj **args, int nargs);
