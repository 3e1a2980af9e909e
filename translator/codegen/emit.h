// emit.h: what the emitter's modules share (emit.c: expressions, statements,
// kernels and launchers; access.c: AxisInfo, vector accesses, load and store
// windows; reduce.c: reductions and scans; atomic.c: atomics; gather.c: gathers and
// histograms; debug.c: device_print and device_assert; asm.c: inline asm; map.c:
// tl.map_elementwise). Not part of the translator's API.
#pragma once

#include "tl2cu.h"

typedef struct {
  Value *v;
  const Layout *to;
  const char *sym[MAX_RANK];  // where the statement reads it (symbols: one conversion each)
  const char *name;
} Conversion;

typedef struct {
  Str *out;
  int indent;
  Kernel *k;
  Options *opt;
  int threads;
  Vec conversions;  // Conversion*, printed for the statement `converted`
  Vec externs;      // the "extern \"C\" ..." declarations of the libdevice functions called
  Vec extern_names; // ... their names (const char *)
  int smem_bytes;
  int last_line;
  int last_file;  // (of last_line: an imported helper's lines are another file's)
  int nconversions;  // per kernel, for unique names
  Stmt *converted;   // the statement whose conversions are printed
  int vec;           // the run length of the vector store being emitted
  bool vec_words;    // and whether it moves packed words (pack.c)
  bool assume_aligned;  // emitting the variant for aligned pointers and ints divisible by 16
  bool both_facts;      // ... as one template with the pointer-layout variant: each access as each would
  bool reads_k;             // an expression printed since it was cleared reads an array at register _k
  bool run_symbolic;        // printing a template whose instances' runs differ: a kernel-length run is kRun
  bool uses_tid, uses_run;  // the body printed so far reads _tid / kRun (declared only then)
  bool both_refused;    // ... where an access differs in a way one template cannot hold (windows)
  int nper_variant;     // ... and the accesses printed for each variant
  bool run_template;    // ... as one template with the plain variant, whose runs are shorter (kRun)
  bool project_plain;   // printing only what that template's plain instance does (to compare)
  int run_wide, run_narrow;  // the two instances' runs (kRun), elements
  uint64_t assumed;     // the parameters that variant's decisions relied on
  uint64_t denied;      // parameters the current query may not assume divisible by 16
  uint64_t pointer_needs[MAX_POINTER_NEEDS];  // per vector access: what its pointer alone needs (access.c)
  int npointer_needs;
  int nvector;          // vector accesses emitted in the current kernel
  int nspread_bytes;    // byte accesses element by element in runs of more than 4 (poorly coalesced)
  void **group;         // the kernels of the autotune group being emitted
  Vec windowed;         // loads already emitted with their window's anchor
  int stored_line, nstored;  // names of packed stored expressions (pack.c)
  bool split;           // emitting the fast branch of a window split (access.c)
  bool no_windows;      // emitting its slow branch: loads as written
  bool rolling;         // ... one element at a time (emit_rolled)
  Vec prechecked;       // stores whose store window a window split's decision covers
  int loops;            // source loops (for, while) around the statement being emitted
  Vec printed;          // Stmt*: those whose conversions are printed, in the variant
  Vec consumed;         // Value*: pipelined wgmma dots whose wgmma this iteration's printing has issued (dot.c)
  Vec running;          // Running*: dots of the loops being printed whose wgmma runs on past them (dot.c)
  Stmt *stmt;           // the statement being printed
  int mma_arch;         // the least sm_XY the file's mma.sync needs (dot.c): 80, 89 for fp8; 0: none
  bool wgmma;           // ... or wgmma (dot.c, --target sm_90a): sm_90a only
  bool tuner;           // a launcher times its configs: the file includes tl2cu_autotune.cuh
} Em;

typedef struct {
  const Layout *lay;          // the space whose element loop we are in; NULL: scalar code
  const char *crd[MAX_RANK];  // the current value's coordinates, as C over e ("0" for size-1 dims)
  const char *sym[MAX_RANK];  // the same as symbols (convert.c): what decides whether a thread holds a value
  bool crd_e[MAX_RANK];       // coordinate i is computed from the element index _e (not a constant, not _i)
  bool crd_zero[MAX_RANK];    // coordinate i is the constant 0 (a size-1 dim)
  bool lit_known;             // set by ex(): the expression it printed is the bare int literal lit
  int64_t lit;
  bool *uses_e;               // set when the expression prints a coordinate computed from _e
} Cx;


// A statement's right-hand side (or whole C statement) at the current element.
typedef const char *(*ExprFn)(Em *em, Stmt *s, Cx *cx);

// range.c
bool cannot_wrap(Value *v);
bool bound_counter(Stmt *s);

// emit.c
void line(Em *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *config_label(const Kernel *k);  // "autotune config 2: BLOCK=64, num_warps=4" (k->config_text set)
const char *elem_of(Em *em, const Layout *l, const char *k);  // element index e of this thread's element k (C text)
const char *space_register(const Layout *l, const char *k);  // a sliced layout's register k in its space's numbering
const char *elem_of_thread(Em *em, const Layout *l, const char *tid, const char *k);  // of thread tid's
const char *elem_k(Em *em, const Layout *l, int64_t k);
const char *elem_index(Em *em, const Layout *l);
const char *tid(Em *em);  // "_tid", noted as used
const char *coord(const Layout *l, int d);
const char *ex(Em *em, Value *v, Cx *cx);
const char *int_arith(Op op, Scalar t, const char *A, const char *B);
Cx child(Cx *cx);
Cx identity_cx(const Layout *l, bool *uses_e);
const char *use_crd(Cx *cx, int i);  // coordinate i of cx, noting that the loop needs _e if it reads it
bool held_here(Value *v, Cx *cx);
Cx operand_cx(Value *v, Cx *cx);  // a broadcast's, expand_dims' or permute's operand's coordinates
// A block value read at cx in another layout than its own, and recomputed there (index
// math) rather than converted.
bool recomputed_at(Value *v, Cx *cx);
const char *deref(Em *em, Value *p, Cx *cx);
const char *linear_of(Cx *cx, Shape s);
void open_elem_loop(Em *em, const Layout *l, bool uses_e);
void close_loop(Em *em);
void elem_loop_line(Em *em, const Layout *l, bool uses_e, const char *stmt);
void source_comment(Em *em, Stmt *s);
void print_conversions(Em *em);  // those of the statement being printed (convert.c), once
// `fmt` with the target element and fn's C, for every element of layout l (or once, for scalars).
void elementwise(Em *em, Stmt *s, const Layout *l, ExprFn fn, const char *fmt, Value *target)
    __attribute__((format(printf, 5, 0)));
const char *elem_at(Value *v, const char *k);
const char *array_decl(Value *v);
const char *rhs_value(Em *em, Stmt *s, Cx *cx);
const char *rhs_definition(Em *em, Stmt *s, Cx *cx);
const char *shape_comment(Value *v);
const char *store_rhs(Em *em, Stmt *s, Cx *cx);
const char *store_value(Em *em, Stmt *s, Cx *cx);
const char *store_address(Em *em, Stmt *s, Cx *cx);
const char *store_value_and_address(Em *em, Stmt *s, Cx *cx);

void emit_stmts(Em *em, Stmt *s);
bool emit_rolled(Em *em, Stmt *first);

// access.c
void note_scalar_access(Em *em, const Layout *l, Type t);
const char *vec_type(Type t, int vec);
const char *run_type(Type t, int vec, bool packed);
bool vector_access(Em *em, const Layout *l, Value *ptr, Value *mask, Value *other, Type elem, int64_t shift);
void note_access_pointer(Em *em, const Layout *l, Value *ptr, Type elem);  // (emit.c's pointer-layout variant)
enum { IN_ALIGNED = 1, IN_PLAIN = 2 };  // load_vectors, store_vectors: the variants moving vectors
int load_vectors(Em *em, Stmt *s);
int store_vectors(Em *em, Stmt *s, const Layout *l);
void emit_vector_load(Em *em, Stmt *s, const Layout *l);
void emit_vector_store(Em *em, Stmt *s, const Layout *l);
int staged_store_variants(Em *em, Stmt *s);  // stores of mma-held tiles through shared memory
void emit_staged_store(Em *em, Stmt *s, const Layout *l);
bool emit_store_window(Em *em, Stmt *s, const Layout *l);
void emit_load_windows(Em *em, Stmt *first);
bool emit_window_split(Em *em, Stmt *first);
bool windowed(Em *em, Stmt *s);

// emit_pack.c
const char *packed_decl(Value *v);
const char *packed_elem(Value *v, const char *k);
const char *packed_lvalue(Value *v, const char *k);
void emit_packed_let(Em *em, Stmt *s);
bool begin_packed_store(Em *em, Stmt *s, const Layout *l);
void end_packed_store(Stmt *s);

// atomic.c
void emit_atomic(Em *em, Stmt *s);

// debug.c
void emit_print(Em *em, Stmt *s);
void emit_assert(Em *em, Stmt *s);

// reduce.c
void emit_reduce(Em *em, Stmt *s);
void emit_scan(Em *em, Stmt *s);

// asm.c
void emit_asm(Em *em, Stmt *s);
// The operands of a call (inline asm, map: s->v->a, a V_ARG list) into the arrays _a0, _a1...
// of layout l (scalars: variables _a0...).
void emit_call_operands(Em *em, Stmt *s, const Layout *l, int64_t per_thread);

// emit.c: an access the two variants of one template do differently, each its own way
typedef void (*AccessFn)(Em *em, Stmt *s, const Layout *l);
void per_variant(Em *em, Stmt *s, const Layout *l, int vectors, AccessFn vector, AccessFn scalar);

// map.c
void emit_map(Em *em, Stmt *s);

// dot.c
void emit_dot(Em *em, Stmt *s);
void emit_operand_load(Em *em, Stmt *s);    // a load into a pipelined dot's buffer (Value.into_dot)
void dot_before_loop(Em *em, Stmt *loop);  // a pipelined dot's count of iterations issued
void emit_load_statement(Em *em, Stmt *s);  // (emit.c) a load's array and its loads
bool run_is_symbolic(Em *em, const Layout *l);  // (emit.c) is l's run printed as kRun?
// emit_prefetch.c: a dot operand's load one iteration ahead (prefetch.c marks it)
bool prefetched(Value *x);                      // is load x's block loaded the iteration before?
void prefetch_before_loop(Em *em, Stmt *loop);  // the first iteration's blocks
void prefetch_after(Em *em, Stmt *s);           // the next iteration's, after s (the dot) read this one's
void emit_copy_ahead(Em *em, Stmt *s, const char *stage);  // (dot.c) load s copied into a stage of its dot's buffers
const char *ahead_stage_name(Value *x);        // the C int naming the stage load x's dot reads
void dot_after_loop(Em *em, Stmt *loop);   // ... and its last mmas
void dot_wait_before(Em *em, Stmt *s);     // waits for the wgmma groups left running that s reads

// gather.c
void smem_store_block(Em *em, Value *x);  // x row-major into tl2cu_smem, between barriers
void need_smem(Em *em, int64_t bytes);     // the kernel's tl2cu_smem holds at least this many bytes
void emit_gather(Em *em, Stmt *s);
void emit_histogram(Em *em, Stmt *s);

// sort.c
void emit_sort(Em *em, Stmt *s);
