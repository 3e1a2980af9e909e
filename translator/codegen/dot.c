// dot.c: tl.dot through the shared scratch buffer (tl2cu_smem): fp16 and bf16 operands into
// fp32, fp16 into fp16, fp32 as tf32, int8 into int32 and fp8 into fp32 or fp16 (sm_89 and
// later) on tensor cores (mma.sync; fp16 and bf16 into fp32 on warpgroup MMA, wgmma, at
// --target sm_90a where the shape fits) in whole tiles, the
// result in registers as mma accumulators where layout.c holds its space so
// (emit_dot_registers), else staged through the buffer too (emit_dot_mma); everything
// else on CUDA cores. In registers, an operand held as mma accumulators of the same warps
// is read from them (a_in_registers: attention's p), one the same every iteration of its
// loop is stored once before it (stationary), runs go into the buffer a run at a time and B
// goes in K-major where its runs go along K (docs/NOTES.md 67). Which unit runs a dot, and
// which loop dots are pipelined, dotplan.c decides; the buffers' geometry is dotfacts.c's.
//
// Both operands are stored there row-major in their own element types (a at the start,
// b after it at a 16-byte boundary), then every thread computes the elements of the
// result it holds: one fused multiply-add per k, in k order, from the accumulator's
// element (k the outer loop, so that a thread's elements sharing a row of a or a column
// of b read it once per k). This is Triton's FMA lowering of a dot (DotOpToLLVM/FMA.cpp, what it does for
// input_precision="ieee" on fp32 and for shapes the tensor cores do not take), and the
// reference the tensor-core lowering of issue 14 (wgmma, mma.sync) is checked against.
// Where Triton uses tensor cores the sums are the same products added in another order:
// equal for integers, within the tolerance docs/NOTES.md 49 states for floats.
//
// Per element type: int8 products added in int32, wrapping as IMMA does; fp16, bf16 and
// fp8 widened exactly to fp32 (fp16 accumulators: fp32 sums of 16 products at a time,
// rounded to fp16 after each, as an HMMA instruction's k = 16 step rounds its result);
// fp32 with input_precision "tf32" rounded to tf32 (cvt.rna.tf32.f32) as it is stored (on
// the tensor cores the fp32 bits themselves, as Triton passes them to its MMA, which reads
// them as tf32),
// "tf32x3" as three products (small * big, big * small, big * big, the split of
// Triton's F32DotTC pass), "ieee" as it is; fp64 in fp64.
#include "emit.h"

#include <math.h>
#include <string.h>

// The accumulator at the current element of the result.
static const char *dot_acc(Em *em, Stmt *s, Cx *cx) { return ex(em, s->v->c, cx); }

static const char *operand_elem(Em *em, Value *v, Value *x, const char *at, Cx *own);

// The bytes operand x of dot v is stored a run at a time (0: an element at a time): where the
// result stays in registers, the dot reading its operands with ldmatrix (rows padded by 16
// bytes) or wgmma (swizzled: a warp's 16-byte stores fill distinct banks), and a run lies
// contiguous in the buffer, its length printed as a number.
// Not 8-byte runs of 16-bit elements: fuzz kernel k2961 (a bf16 dot staged through shared
// memory) stored them so, as st.shared.v4.u16, and got other results than element by element
// from PTX otherwise the same, on the H200 (docs/NOTES.md 67); not understood, not used.
static int store_run_bytes(Em *em, Value *v, Value *x) {
  if (!dot_in_registers(v) || x->packed || run_is_symbolic(em, x->layout)) return 0;
  int bytes = dot_buffer_run_bytes(v, x, x->layout);
  return bytes == 8 && elem_bytes(x->ty) == 2 ? 0 : bytes;
}

// Operand x of dot v into the buffer at byte offset `at` (C), as operand_elem lays it out
// (fp32 for "tf32": rounded): a run at a time where store_run_bytes says, else an element
// at a time.
static void store_operand(Em *em, Value *v, Value *x, const char *at, bool to_tf32) {
  bool uses_e = false;
  Cx own = identity_cx(x->layout, &uses_e);
  const char *dst = operand_elem(em, v, x, at, &own);
  int bytes = store_run_bytes(em, v, x), vec = bytes / elem_bytes(x->ty);
  const char *val = elem_at(x, bytes ? "_k + _j" : "_k");
  if (to_tf32) val = xprintf("tl2cu_tf32(%s)", val);
  if (!bytes) {
    open_elem_loop(em, x->layout, uses_e);
    line(em, "%s = %s;", dst, val);
    close_loop(em);
    return;
  }
  const char *run = xprintf("tl2cu_vec<%s, %d>", ctype(x->ty), vec);
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; _k += %d) {  // %d-byte stores", (long long)x->layout->per_thread, vec, bytes);
  em->indent++;
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, x->layout));
  line(em, "%s _run;", run);
  line(em, "for (int _j = 0; _j < %d; ++_j) _run.v[_j] = %s;", vec, val);
  line(em, "*(%s*)&%s = _run;", run, dst);
  close_loop(em);
}

// Element (batch, row, col) of an operand stored at byte offset `at` with rows of `cols`
// elements and `rows` rows a batch, widened to the type products are taken in.
static const char *operand_at(Value *x, int64_t at, int64_t rows, int64_t cols, const char *batch, const char *row,
                              const char *col) {
  const char *index = batch ? xprintf("(%s * %lld + %s) * %lld + %s", batch, (long long)rows, row, (long long)cols, col)
                            : xprintf("%s * %lld + %s", row, (long long)cols, col);
  const char *e = xprintf("((const %s*)(tl2cu_smem + %lld))[%s]", ctype(x->ty), (long long)at, index);
  Scalar t = x->ty.kind;
  if (scalar_is_fp8(t)) return xprintf("tl2cu_%s_to_fp32(%s)", scalar_name(t), e);
  if (t == TY_F16 || t == TY_BF16) return xprintf("tl2cu_cast<float>(%s)", e);
  if (t == TY_I8) return xprintf("(int32_t)%s", e);
  return e;
}

// One k step: accumulator acc (an lvalue) plus a(.., k) * b(k, ..), as the element types want.
static const char *mac(Value *v, const char *acc, const char *x, const char *y) {
  Scalar t = v->a->ty.kind;
  if (t == TY_I8) return xprintf("%s = tl2cu_add(%s, %s * %s);", acc, acc, x, y);
  if (t == TY_F64) return xprintf("%s = fma(%s, %s, %s);", acc, x, y, acc);
  if (t == TY_F32 && v->ival == DOT_TF32X3)
    return xprintf("{ const float _x = %s, _y = %s, _xb = tl2cu_tf32(_x), _yb = tl2cu_tf32(_y);"
                   " %s = fmaf(tl2cu_tf32(_x - _xb), _yb, %s); %s = fmaf(_xb, tl2cu_tf32(_y - _yb), %s);"
                   " %s = fmaf(_xb, _yb, %s); }", x, y, acc, acc, acc, acc, acc, acc);
  return xprintf("%s = fmaf(%s, %s, %s);", acc, x, y, acc);
}

// The file's mma.sync instructions need sm_80, those on fp8 sm_89 (its #error line, emit.c).
static void need_mma_arch(Em *em, Value *v) {
  int arch = scalar_is_fp8(v->a->ty.kind) ? 89 : 80;
  if (em->mma_arch < arch) em->mma_arch = arch;
}

// The operand type the runtime's tensor-core templates take for x's elements: the C type,
// except fp8's formats, which are bytes elsewhere (tl2cu_e4m3, tl2cu_e5m2).
static const char *mma_type(Value *x) {
  if (x->ty.kind == TY_F8E4NV) return "tl2cu_e4m3";
  if (x->ty.kind == TY_F8E5) return "tl2cu_e5m2";
  return ctype(x->ty);
}

// Does dot v take a from a's own registers (tl2cu_mma_regs_a, FlashAttention-2's p; on
// wgmma tl2cu_wgmma_regs_a, FlashAttention-3's)? Unpipelined, a not stored once for the loop
// (stationary_a), fp16 or bf16, with a held as the accumulators of an M x K mma layout whose
// warps are the result's, in one column: a thread's accumulators of two neighbouring column
// tiles are then the A fragment of a k step (tl2cu_a_fragment_regs), and a skips shared memory.
static bool a_in_registers(Value *v) {
  Value *a = v->a;
  const Layout *al = a->layout, *l = v->layout;
  return dot_in_registers(v) && !v->defer && !v->a_stationary_at && v->shape.rank == 2 && dot_mma_k(v) == 16 &&
         dot_wgmma_reps(v) == 1 &&  // (A's registers are one 16-row tile a warp, a wgmma slice's)
         is_materialized(a) && !(v->wgmma && v->ty.kind != TY_F32) &&  // (wgmma's fp16 accumulators: A in memory)
         !a->packed && al && al->kind == LAYOUT_MMA && !al->keep && shape_eq(al->space, a->shape) &&
         layout_rows_first(al) && al->wn == 1 &&
         l->wn == 1 && al->wm == l->wm;
}

// On warpgroup MMA: the width in bytes of operand x's swizzle atoms (the bytes of its dim
// contiguous in the buffer, at most 128).
static int64_t atom_bytes(Value *v, Value *x) {
  return min64(128, x->shape.dim[dot_stored_kmajor(v, x) ? 0 : 1] * elem_bytes(x->ty));
}

// The byte of element (row, col) in a swizzled tile of es-byte elements, `rows` rows in atoms
// of w bytes: the runtime's tl2cu_wgmma_at, here to check what the emitter prints.
static int64_t wgmma_at(int64_t w, int64_t es, int64_t rows, int64_t row, int64_t col) {
  int64_t byte = row * w + col % (w / es) * es;
  return col / (w / es) * (rows * w) + (byte ^ ((byte >> 7 & (w / 16 - 1)) << 4));
}

// The buffer row of row `row` of operand x: A's rows permuted where a warp holds several
// 16-row tiles (the runtime's tl2cu_wgmma_row), B's as they are.
static int64_t operand_row(Value *v, Value *x, int64_t row) {
  int64_t reps = x == v->a ? dot_wgmma_reps(v) : 1;
  if (reps == 1) return row;
  int64_t groups = v->shape.dim[0] / 64 / reps, i = row % 16, b = row / 16 % reps, w = row / (16 * reps);
  return (b * groups + w / 4) * 64 + w % 4 * 16 + i;
}

// The same of element e (row-major) of operand x of dot v: tl2cu_wgmma_at_e, x K-major
// (dot_stored_kmajor) a tile of x's columns as rows.
static int64_t operand_at_e(Value *v, Value *x, int64_t e) {
  int64_t rows = x->shape.dim[0], cols = x->shape.dim[1], w = atom_bytes(v, x), es = elem_bytes(x->ty);
  if (dot_stored_kmajor(v, x)) return wgmma_at(w, es, cols, e % cols, e / cols);
  return wgmma_at(w, es, rows, operand_row(v, x, e / cols), e % cols);
}

// How thread t's element k of operand x (held in l) lies at byte at(e(t, 0)) OP at(e(0, k))
// of its tile for every t and k: '+' (the thread's part computed once, each element's part
// a constant the address takes), '^' (the parts share bits), 0 neither. The layouts and the
// swizzle are linear over GF(2), so '^' always holds for them; both are checked here element
// by element, as the emitter prints them.
static char wgmma_at_split(Value *v, Value *x, const Layout *l) {
  if (l->kind == LAYOUT_MMA || l->space.rank != 2 || l->map[0] != 0 || l->map[1] != 1 ||
      l->space.dim[0] != x->shape.dim[0] || l->space.dim[1] != x->shape.dim[1])
    return 0;
  LinearLayout ll = linear_layout(l, x->shape);
  // e(t, k) = e(t, 0) ^ e(0, k): the element's index is the XOR of its bases' (linear.c)
  int64_t *ek = xmalloc(sizeof(int64_t) * (size_t)l->per_thread), *at_k = xmalloc(sizeof(int64_t) * (size_t)l->per_thread);
  for (int64_t k = 0; k < l->per_thread; k++) {
    ek[k] = linear_apply(&ll, k, 0, 0);
    at_k[k] = operand_at_e(v, x, ek[k]);
  }
  bool sum = true, xor = true;
  for (int t = 0; t < l->threads && (sum || xor); t++) {
    int64_t et = linear_apply(&ll, 0, t % 32, t / 32);
    int64_t at_t = operand_at_e(v, x, et);
    for (int64_t k = 0; k < l->per_thread; k++) {
      int64_t e = et ^ ek[k], at = operand_at_e(v, x, e);
      sum &= at == at_t + at_k[k];
      xor &= at == (at_t ^ at_k[k]);
    }
  }
  return sum ? '+' : xor ? '^' : 0;
}

// The element of operand x of dot v under the coordinates of `own`, in the buffer at byte
// `at` (C): row-major with dot_operand_pitch, or (v->wgmma) in swizzled atoms, where it can the
// thread's byte and a constant for its element _k (wgmma_at_split).
static const char *operand_elem(Em *em, Value *v, Value *x, const char *at, Cx *own) {
  if (!v->wgmma) {
    Shape rows = x->shape;
    Cx at_row = *own;
    if (dot_stored_kmajor(v, x)) {  // (row n, column k)
      rows.dim[0] = x->shape.dim[1];
      at_row.crd[0] = own->crd[1], at_row.crd[1] = own->crd[0];
      at_row.crd_e[0] = own->crd_e[1], at_row.crd_e[1] = own->crd_e[0];
      at_row.crd_zero[0] = own->crd_zero[1], at_row.crd_zero[1] = own->crd_zero[0];
    }
    rows.dim[rows.rank - 1] = dot_operand_pitch(v, x);
    return xprintf("((%s*)(tl2cu_smem + %s))[%s]", ctype(x->ty), at, linear_of(&at_row, rows));
  }
  const char *type = ctype(x->ty), *km = dot_stored_kmajor(v, x) ? ", true" : "";
  const char *es = elem_bytes(x->ty) == 2 ? "" : xprintf(", %d", elem_bytes(x->ty));  // (element bytes, if not 2)
  long long w = atom_bytes(v, x), rows = x->shape.dim[0], cols = x->shape.dim[1];
  long long reps = x == v->a ? dot_wgmma_reps(v) : 1;  // (A's rows placed by tl2cu_wgmma_row)
  if (reps > 1) km = xprintf("%s, %d, %lld", *km ? km : ", false", elem_bytes(x->ty), reps);
  else if (*es) km = xprintf("%s%s", *km ? km : ", false", es);
  // (own is the identity of its layout at every call: its coordinates are the space's own
  // dims where the layout maps dim 0 to 0 and 1 to 1)
  bool identity = own->lay && own->lay->map[0] == 0 && own->lay->map[1] == 1;
  char op = identity ? wgmma_at_split(v, x, own->lay) : 0;
  if (op)
    return xprintf("(*(%s*)(tl2cu_smem + %s + (tl2cu_wgmma_at_e<%lld, %lld, %lld%s>(%s) %c "
                   "tl2cu_wgmma_at_e<%lld, %lld, %lld%s>(%s))))",
                   type, at, w, rows, cols, km, elem_of_thread(em, own->lay, tid(em), "0"), op, w, rows, cols, km,
                   elem_of_thread(em, own->lay, "0", "_k"));
  if (dot_stored_kmajor(v, x))  // (row n, column k of a tile of cols rows)
    return xprintf("(*(%s*)(tl2cu_smem + %s + tl2cu_wgmma_at<%lld, %lld%s>(%s, %s)))", type, at, w, cols, es,
                   use_crd(own, 1), use_crd(own, 0));
  const char *row = use_crd(own, 0);
  if (reps > 1) row = xprintf("tl2cu_wgmma_row<%lld, %lld>(%s)", rows, reps, row);
  return xprintf("(*(%s*)(tl2cu_smem + %s + tl2cu_wgmma_at<%lld, %lld%s>(%s, %s)))", type, at, w, rows, es, row,
                 use_crd(own, 1));
}

// The byte offset (C) of pipelined dot v's buffer `stage` (a C int), plus `plus`.
static const char *stage_at(Value *v, const char *stage, int64_t plus) {
  const char *at = xprintf("(%s) * %lld", stage, (long long)dot_c_offset(v));
  if (v->stages_at) at = xprintf("%lld + %s", (long long)v->stages_at, at);
  return plus ? xprintf("%s + %lld", at, (long long)plus) : at;
}

// Which operands the dot stores into its buffer at the call: not an A read from its
// registers or stored before the loop, not a B copied in an iteration ahead (prefetch.c).
static bool stores_a(Value *v) { return !a_in_registers(v) && !v->a_stationary_at; }
static bool stores_b(Value *v) { return !v->b->ahead_at; }

// After this thread's st.shared of a wgmma dot's operands: the async proxy, which wgmma
// reads through, sees them after fence.proxy.async (and, for other threads' reads, a barrier
// after it). cp.async copies need none: Triton's FenceInsertion pass fences only its
// register-to-shared stores, and on the H200 a fence at every dot whose operands came by
// cp.async cost flash attention 4% (docs/NOTES.md 70). A pipelined dot fences where it
// issues instead, whatever came (emit_wgmma_consume: measured so, note 64; without it the
// 128 x 256 x 64 matmul ran 1-2.5% slower in note 70's A/B, within the noise, and was kept).
static void fence_stores(Em *em, Value *v) {
  if (v->wgmma && !v->defer) line(em, "tl2cu_fence_async();  // (these stores, for wgmma's reads)");
}

// Both operands into the buffer.
static void store_operands(Em *em, Value *v, bool to_tf32) {
  if (stores_a(v)) store_operand(em, v, v->a, "0", to_tf32);
  if (stores_b(v)) store_operand(em, v, v->b, xprintf("%lld", (long long)dot_b_offset(v)), to_tf32);
  if (stores_a(v) || stores_b(v)) fence_stores(em, v);
}

// The result's array, then a block that stores both operands in the buffer (after the
// statement's conversions, which use it too; a barrier first, where it stores any), `how`
// the dot is computed said.
static void open_dot(Em *em, Value *v, const char *how, bool to_tf32) {
  need_smem(em, dot_scratch_bytes(v));
  line(em, "%s", array_decl(v));
  print_conversions(em);
  line(em, "{  // tl.dot: %s @ %s %s", v->a->cname, v->b->cname, how);
  em->indent++;
  if (stores_a(v) || stores_b(v)) line(em, "__syncthreads();");
  store_operands(em, v, to_tf32);
}

// Operand x of dot v copied ahead: its buffer of stage `stage` (C), a byte offset.
static const char *ahead_buffer(Value *v, Value *x, const char *stage) {
  return xprintf("%lld + (%s) * %lld", (long long)x->ahead_at, stage, (long long)dot_operand_bytes(v, x));
}

// On the tensor cores: the operands and the accumulator into shared memory, every warp's
// tiles through mma.sync (the runtime's tl2cu_mma_block), the result read back where the
// statement's layout holds it. The accumulator goes in as each tile's C, as Triton's MMA
// lowering chains it, so only the order of the sums differs from the CUDA-core path.
static void emit_dot_mma(Em *em, Stmt *s) {
  Value *v = s->v, *a = v->a;
  int rank = v->shape.rank;
  int64_t NB = rank == 3 ? v->shape.dim[0] : 1;
  int64_t M = v->shape.dim[rank - 2], N = v->shape.dim[rank - 1], K = a->shape.dim[rank - 1];
  int64_t at_b = dot_b_offset(v), at_c = dot_c_offset(v);
  open_dot(em, v, xprintf("on tensor cores (mma.sync m16n8k%lld), through shared memory", (long long)dot_mma_k(v)), false);
  bool uses_e = false;
  Cx cx = identity_cx(v->layout, &uses_e);
  const char *pos = linear_of(&cx, v->shape), *acc = dot_acc(em, s, &cx), *ct = ctype(v->ty);
  const char *put = xprintf("((%s*)(tl2cu_smem + %lld))[%s] = %s;", ct, (long long)at_c, pos, acc);
  elem_loop_line(em, v->layout, uses_e, put);
  line(em, "__syncthreads();");
  const char *t = mma_type(a);
  line(em, "tl2cu_mma_block<%s, %lld, %lld, %lld, %lld, %d>((const %s*)tl2cu_smem, (const %s*)(tl2cu_smem + %lld), "
           "(%s*)(tl2cu_smem + %lld), %s);",
       t, (long long)NB, (long long)M, (long long)N, (long long)K, em->threads / 32, t, t, (long long)at_b, ct,
       (long long)at_c, tid(em));
  line(em, "__syncthreads();");
  const char *get = xprintf("%s[_k] = ((const %s*)(tl2cu_smem + %lld))[%s];", v->cname, ct, (long long)at_c, pos);
  elem_loop_line(em, v->layout, uses_e, get);
  em->indent--;
  line(em, "}");
  need_mma_arch(em, v);
}

// mma.sync into acc from the operands dot v stored (in buffer `stage` when pipelined: a C int);
// on warpgroup MMA, `in_flight` of its groups may run on when it returns (0 or 1).
static void print_mma_regs(Em *em, Value *v, const char *acc, const char *stage, int in_flight) {
  Value *a = v->a;
  const char *t = mma_type(a), *at_a = "tl2cu_smem", *at_b = xprintf("(tl2cu_smem + %lld)", (long long)dot_b_offset(v));
  if (v->a_stationary_at) at_a = xprintf("(tl2cu_smem + %lld)", (long long)v->a_stationary_at);
  if (v->b->ahead_at) at_b = xprintf("(tl2cu_smem + %s)", ahead_buffer(v, v->b, ahead_stage_name(v->b)));
  if (stage) {
    at_a = xprintf("(tl2cu_smem + %s)", stage_at(v, stage, 0));
    at_b = xprintf("(tl2cu_smem + %s)", stage_at(v, stage, dot_b_offset(v)));
  }
  const char *bk = dot_b_kmajor(v) ? ", true" : "";  // (B K-major)
  long long M = v->shape.dim[0], N = v->shape.dim[1], K = a->shape.dim[1];
  if (v->wgmma && a_in_registers(v)) {
    if (in_flight) bk = xprintf(", %s, %d", dot_b_kmajor(v) ? "true" : "false", in_flight);
    line(em, "tl2cu_wgmma_regs_a<%s, %lld, %lld, %lld, %lld%s>(%s, %s, (const %s*)%s);  // (%s from its registers%s)", t,
         M, N, K, (long long)atom_bytes(v, v->b), bk, acc, a->cname, t, at_b, a->cname,
         in_flight ? "; left running" : "");
    return;
  }
  if (v->wgmma) {
    if (dot_wgmma_reps(v) > 1) bk = xprintf(", %s, %lld", dot_b_kmajor(v) ? "true" : "false", (long long)dot_wgmma_reps(v));
    line(em, "tl2cu_wgmma<%s, %lld, %lld, %lld, %lld, %lld, %d%s>(%s, (const %s*)%s, (const %s*)%s, %s);", t, M, N, K,
         (long long)atom_bytes(v, a), (long long)atom_bytes(v, v->b), in_flight, bk, acc, t, at_a, t, at_b, tid(em));
    return;
  }
  if (a_in_registers(v)) {
    line(em, "tl2cu_mma_regs_a<%s, %lld, %lld, %lld, %d, %lld%s>(%s, %s, (const %s*)%s, %s);  // (%s from its registers)",
         t, (long long)v->shape.dim[0], (long long)v->shape.dim[1], (long long)a->shape.dim[1], v->layout->wm,
         (long long)dot_operand_pitch(v, v->b), bk, acc, a->cname, t, at_b, tid(em), a->cname);
    return;
  }
  line(em, "tl2cu_mma_regs<%s, %lld, %lld, %lld, %d, %d, %lld, %lld%s>(%s, (const %s*)%s, (const %s*)%s, %s);", t,
       (long long)v->shape.dim[0], (long long)v->shape.dim[1], (long long)a->shape.dim[1], v->layout->wm, v->layout->wn,
       (long long)dot_operand_pitch(v, a), (long long)dot_operand_pitch(v, v->b), bk, acc, t, at_a, t, at_b, tid(em));
}

// The dot's result array starts as its accumulator operand.
static void copy_accumulator(Em *em, Stmt *s) {
  bool uses_e = false;
  Cx cx = identity_cx(s->v->layout, &uses_e);
  const char *init = xprintf("%s[_k] = %s;", s->v->cname, dot_acc(em, s, &cx));
  elem_loop_line(em, s->v->layout, uses_e, init);
}

// The unit a tensor-core dot runs on, for the comment that opens it.
static const char *mma_unit(Value *v) {
  return v->wgmma ? xprintf("warpgroup MMA (wgmma m64n%lldk%d)", (long long)v->shape.dim[1], 32 / elem_bytes(v->a->ty))
                  : xprintf("tensor cores (mma.sync m16n8k%lld)", (long long)dot_mma_k(v));
}

// ---------------------------------------------------------------- wgmma left running
// Flash attention's acc = tl.dot(p, v, acc): nothing reads the result before the next
// iteration's acc * alpha. Waiting for its wgmma at once leaves the warps idle while the
// tensor cores work; Triton leaves it running over the loop's back edge (its
// warp_group_dot_wait goes before the first use). Here the same for a wgmma dot in a for
// loop's body whose result only the carry into a loop variable L reads, L's one update:
// the dot returns with its group running, and L is waited for (tl2cu_wgmma_wait, every
// group of the warpgroup) before the first statement of the body that reads it or the dot
// itself, whichever comes first, and after the loop. Its operands are registers or buffers
// no other statement writes while it runs: A in registers (tl2cu_wgmma_regs_a, which pins
// them before its fence), B copied ahead (prefetch.c's next copy goes to the buffer of the
// iteration before, whose group the wait before this iteration's barrier at the dot ended).
// On the H200 flash attention at D = 128 went from 0.88x to 0.90-0.91x Triton with it
// (docs/NOTES.md 70).

typedef struct {
  Value *dot, *var;  // the dot, and the loop variable its result is carried into
  Stmt *wait_at;     // the first statement of the loop's body that reads var (or the dot's)
} Running;

// Does statement s (at any depth) read x? (The variable it assigns is written, not read.)
static bool stmt_reads(Stmt *s, Value *x) {
  Value *vs[STMT_VALUES];
  stmt_values(s, vs);
  for (int i = 0; i < STMT_VALUES; i++) {
    Value *w = vs[i];
    if (!w || w == s->var) continue;
    bool defined = s->kind == S_LET && w == s->v;  // (its operands are what it reads)
    if (defined ? value_reads(w->a, x, 0) || value_reads(w->b, x, 0) || value_reads(w->c, x, 0)
                : value_reads(w, x, 0))
      return true;
  }
  for (Stmt *t = s->body; t; t = t->next)
    if (stmt_reads(t, x)) return true;
  for (Stmt *t = s->orelse; t; t = t->next)
    if (stmt_reads(t, x)) return true;
  return false;
}

static bool returns(Stmt *s) {
  for (; s; s = s->next)
    if (s->kind == S_RETURN || returns(s->body) || returns(s->orelse)) return true;
  return false;
}

// Dot statement d of for loop `loop`'s body: may its wgmma run on (above)? Fills r if so.
static bool left_running(Stmt *loop, Stmt *d, Running *r) {
  Value *v = d->v;
  if (!v->wgmma || !a_in_registers(v) || v->defer || stores_b(v) || returns(loop->body)) return false;
  Stmt *carry = NULL;
  for (Stmt *s = d->next; s && !carry; s = s->next)
    if (s->kind == S_ASSIGN && s->v == v) carry = s;
  if (!carry) return false;
  Vec assigns = {0};
  var_assignments(loop->body, carry->var, &assigns);
  if (assigns.len != 1) return false;
  for (Stmt *s = loop->body; s; s = s->next)  // (the result: read by the carry alone)
    if (s != d && s != carry && stmt_reads(s, v)) return false;
  for (Stmt *s = carry->next; s; s = s->next)  // (L: not after the carry)
    if (stmt_reads(s, carry->var)) return false;
  Stmt *wait_at = loop->body;
  while (wait_at != d && !stmt_reads(wait_at, carry->var)) wait_at = wait_at->next;
  if (wait_at->kind == S_LET && wait_at->v->kind == V_LOAD) return false;  // (loads print in windows, maybe earlier)
  *r = (Running){v, carry->var, wait_at};
  return true;
}

static Running *running_of(Em *em, Value *v) {
  for (int i = 0; i < em->running.len; i++)
    if (((Running *)em->running.items[i])->dot == v) return em->running.items[i];
  return NULL;
}

static void print_wgmma_wait(Em *em, Running *r, const char *why) {
  line(em, "tl2cu_wgmma_wait<%lld>(%s);  // (line %d's wgmma%s)", (long long)(r->dot->shape.dim[1] * dot_wgmma_reps(r->dot)),
       r->var->cname,
       r->dot->loc.line, why);
}

// Before statement s of a loop body: the waits for the groups left running that s reads.
void dot_wait_before(Em *em, Stmt *s) {
  for (int i = 0; i < em->running.len; i++) {
    Running *r = em->running.items[i];
    if (r->wait_at == s) print_wgmma_wait(em, r, ", left running");
  }
}

// On the tensor cores with the result in registers, laid out as mma.sync holds its
// accumulators (wgmma's the same): the accumulator copied in where it is read, then every
// warp's fragments updated in place (the runtime's tl2cu_mma_regs, tl2cu_wgmma), only the
// operands through shared memory (for wgmma's reads, the stores fenced: fence_stores).
static void emit_dot_registers(Em *em, Stmt *s) {
  Value *v = s->v;
  open_dot(em, v, xprintf("on %s, the result in registers", mma_unit(v)), false);
  if (v->b->ahead_at)
    line(em, "tl2cu_cp_async_wait<%d>();  // %s's copies, made an iteration ahead", v->b->ahead_wait, v->b->cname);
  line(em, "__syncthreads();");
  copy_accumulator(em, s);
  print_mma_regs(em, v, v->cname, NULL, running_of(em, v) != NULL);
  em->indent--;
  line(em, "}");
  need_mma_arch(em, v);
  em->wgmma |= v->wgmma;
}

// ---------------------------------------------------------------- pipelined dots
// Triton's num_stages. In tutorial 03's loop (`a = tl.load(..)`, `b = tl.load(..)`,
// `acc = tl.dot(a, b, acc)`) each step's loads would wait unhidden before its mma. A
// pipelined dot runs each iteration's mma `defer` iterations later (num_stages - 1), over
// defer + 2 operand buffers: the loads of the next iterations are in flight while the
// tensor cores run an earlier one's. Triton's pipeliner issues the loads of later
// iterations early instead (rotating the loop); deferring the mma keeps the loads where
// the Python has them, and adds the same products in the same order: the bits of the
// unpipelined dot. Loads read by the dot alone go from global memory straight into its
// buffer (into_dot; cp.async where a run is one aligned 4, 8 or 16-byte copy, else
// element by element); other operands are stored from registers after the mma, as before.
// Legal where the accumulator is read in the loop only by the dot and the dot's result
// only by the carry back into it, and the dot runs once each iteration (directly in a for
// loop's body). The buffers live across iterations: they follow the scratch the loop's
// other statements use, which starts at byte 0 as always.
//
// One barrier an iteration, before the mma: iteration k's copies go to buffer k % S (S =
// defer + 2), last read by the mma of iteration k - S, which ran at iteration k - 2, before
// the barrier of iteration k - 1 (a wgmma left running adds one after it, below).

// On warpgroup MMA a pipelined dot leaves its group of wgmma steps running when it goes on
// to the next iteration (docs/NOTES.md 64): that takes a second barrier an iteration, the
// accumulator updated in place and a wait after the loop. Its iteration runs in Triton's
// order (note 65): first the wgmma of `defer` iterations back, printed before the first
// copied load (emit_wgmma_consume: the copies of that iteration waited for, one barrier,
// the wgmma issued, the group before it waited for, a second barrier), then this
// iteration's copies into buffer k % S with S = defer + 1: last read by the wgmma of
// iteration k - S, the group the second barrier has just shown done in every warpgroup.

static const char *issued_name(Value *dot) { return xprintf("_issued_%s", dot->cname); }
static int stage_count(Value *v) { return v->defer + (v->wgmma ? 1 : 2); }

// The buffer this iteration's operands go to (C).
static const char *write_stage(Value *v) { return xprintf("%s %% %d", issued_name(v), stage_count(v)); }

// Does the pipelined dot v read operand x from registers (stored by the dot), not copied in by its load?
static bool stored_by_dot(Value *v, Value *x) { return x->into_dot != v; }

// The comment that opens a pipelined dot's block: where it runs, and which operands its loads copy in.
static const char *pipelined_heading(Value *v) {
  bool a = !stored_by_dot(v, v->a), b = !stored_by_dot(v, v->b);
  const char *copied = a && b ? xprintf("%s and %s", v->a->cname, v->b->cname) : a ? v->a->cname : b ? v->b->cname : NULL;
  const char *unit = mma_unit(v);
  return xprintf("tl.dot: %s @ %s on %s, the result in registers, pipelined (num_stages=%d): the mma of the "
                 "iteration %d before runs %s%s",
                 v->a->cname, v->b->cname, unit, v->defer + 1, v->defer, v->wgmma ? "above" : "here",
                 copied ? xprintf(", %s copied into buffer %s by %s", copied, write_stage(v),
                                  a && b ? "their loads" : "its load")
                        : "");
}

// Has this iteration's printing issued the wgmma of pipelined dot v (before its first copy)?
static bool wgmma_consumed(Em *em, Value *v) {
  for (int i = 0; i < em->consumed.len; i++)
    if (em->consumed.items[i] == v) return true;
  return false;
}

// The wgmma of `defer` iterations back, before this iteration's first copy into v's buffers
// (or at the dot, where none is copied): the accumulator is the loop's (v->c), which the dot
// updates in place.
static void emit_wgmma_consume(Em *em, Value *v) {
  const char *n = issued_name(v);
  bool copies = !stored_by_dot(v, v->a) || !stored_by_dot(v, v->b);
  line(em, "if (%s >= %d) {  // tl.dot of line %d: the wgmma of the iteration %d before, ahead of this "
       "iteration's copies", n, v->defer, v->loc.line, v->defer);
  em->indent++;
  if (copies) line(em, "tl2cu_cp_async_wait<%d>();  // that iteration's copies", v->defer - 1);
  line(em, "tl2cu_fence_async();  // (this thread's copies and stores, for wgmma's reads)");
  line(em, "__syncthreads();");
  print_mma_regs(em, v, v->c->cname, xprintf("(%s - %d) %% %d", n, v->defer, stage_count(v)), 1);
  line(em, "__syncthreads();  // (the group before is done in every warpgroup: its buffer is this iteration's)");
  em->indent--;
  line(em, "}");
  vec_push(&em->consumed, v);
}

// The mma.sync pipeline's: the mma of `defer` iterations back, after this iteration's copies.
static void emit_mma_consume(Em *em, Value *v, bool copies) {
  const char *n = issued_name(v);
  line(em, "if (%s >= %d) {", n, v->defer);
  em->indent++;
  if (copies) line(em, "tl2cu_cp_async_wait<%d>();  // that iteration's copies", v->defer);
  line(em, "__syncthreads();");
  print_mma_regs(em, v, v->cname, xprintf("(%s - %d) %% %d", n, v->defer, stage_count(v)), 0);
  em->indent--;
  line(em, "}");
}

static void emit_dot_pipelined(Em *em, Stmt *s) {
  Value *v = s->v;
  const char *n = issued_name(v);
  int copies = !stored_by_dot(v, v->a) + !stored_by_dot(v, v->b);
  need_smem(em, dot_pipeline_bytes(v, v->defer));
  if (v->wgmma)  // (in place: a wgmma still running must see no other instruction touch its registers)
    line(em, "%s (&%s)[%lld] = %s;  // the loop's accumulator, updated in place", ctype(v->ty), v->cname,
         (long long)v->layout->per_thread, v->c->cname);
  else
    line(em, "%s", array_decl(v));
  line(em, "{  // %s", pipelined_heading(v));
  em->indent++;
  if (!v->wgmma) copy_accumulator(em, s);
  if (v->wgmma && !wgmma_consumed(em, v)) emit_wgmma_consume(em, v);
  if (copies) line(em, "tl2cu_cp_async_commit();");
  if (!v->wgmma) emit_mma_consume(em, v, copies);
  for (int i = 0; i < em->consumed.len; i++)  // (the next iteration's printing issues it again)
    if (em->consumed.items[i] == v) em->consumed.items[i] = em->consumed.items[--em->consumed.len];
  const char *at = write_stage(v);
  if (stored_by_dot(v, v->a)) store_operand(em, v, v->a, stage_at(v, at, 0), false);
  if (stored_by_dot(v, v->b)) store_operand(em, v, v->b, stage_at(v, at, dot_b_offset(v)), false);
  line(em, "++%s;", n);
  em->indent--;
  line(em, "}");
  need_mma_arch(em, v);
  em->wgmma |= v->wgmma;
}

// The stage of the buffers a load copied ahead goes to, while emit_copy_ahead prints it.
static const char *copying_ahead_to;

// Where operand x of pipelined dot v goes in its buffer (C bytes): the current stage's
// (copied ahead: the stage emit_copy_ahead is given).
static const char *operand_dest(Value *v, Value *x) {
  if (copying_ahead_to) return ahead_buffer(v, x, copying_ahead_to);
  return stage_at(v, write_stage(v), x == v->a ? 0 : dot_b_offset(v));
}

// Does the load's run of l go as one cp.async: `other` zero bits (what cp.async fills), a
// run contiguous along the operand's rows and as aligned in the buffer as its size?
static int copy_run_bytes(Value *load, const Layout *l) {
  Value *o = load->c;
  while (o && ((o->kind == V_BROADCAST && o->a->shape.rank == 0) || (o->kind == V_CAST && scalar_is_fp8(o->ty.kind))))
    o = o->a;  // (fp8's 0.0 is a cast of fp32's: all bits 0 too)
  if (o && !(o->kind == V_CONST && o->ival == 0 && o->fval == 0 && !signbit(o->fval))) return 0;
  return dot_buffer_run_bytes(load->into_dot, load, l);
}

// A run at a time, cp.async (the aligned variant's vector facts: the mask uniform over a run).
static void emit_async_copy(Em *em, Stmt *s, const Layout *l) {
  Value *x = s->v, *v = x->into_dot;
  int vec = layout_chunk(l, x->ty), bytes = vec * elem_bytes(x->ty);
  print_conversions(em);  // (its address or mask may read values held in other layouts)
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  Cx cp = cx, cm = cx, own = cx;
  const char *addr = ex(em, x->a, &cp), *mask = x->b ? ex(em, x->b, &cm) : "true";
  const char *dst = xprintf("&%s", operand_elem(em, v, x, operand_dest(v, x), &own));
  em->nvector++;
  line(em, "#pragma unroll");
  line(em, "for (int _k = 0; _k < %lld; _k += %d) {", (long long)l->per_thread, vec);
  em->indent++;
  if (uses_e) line(em, "const int _e = %s;", elem_index(em, l));
  line(em, "tl2cu_cp_async<%d>(%s, %s, %s);", bytes, dst, addr, mask);
  close_loop(em);
}

// Element by element, each loaded and stored into the buffer.
static void emit_copy_elements(Em *em, Stmt *s, const Layout *l) {
  Value *x = s->v, *v = x->into_dot;
  print_conversions(em);
  bool uses_e = false;
  Cx cx = identity_cx(l, &uses_e);
  Cx own = cx;
  const char *text = xprintf("%s = %s;", operand_elem(em, v, x, operand_dest(v, x), &own), rhs_definition(em, s, &cx));
  elem_loop_line(em, l, uses_e, text);
  fence_stores(em, v);
}

// Load s (its x->into_dot the dot) into the dot's buffer: cp.async a run at a time where
// the variant's facts allow, else element by element.
static void copy_operand(Em *em, Stmt *s) {
  Value *x = s->v;
  const Layout *l = x->layout;
  int vectors = copy_run_bytes(x, l) ? load_vectors(em, s) : 0;
  if (vectors == (IN_ALIGNED | IN_PLAIN)) emit_async_copy(em, s, l);
  else if (vectors) per_variant(em, s, l, vectors, emit_async_copy, emit_copy_elements);
  else emit_copy_elements(em, s, l);
}

// x = tl.load(..) read only by a pipelined dot: into the dot's buffer of this iteration.
void emit_operand_load(Em *em, Stmt *s) {
  Value *x = s->v;
  if (x->into_dot->wgmma && !wgmma_consumed(em, x->into_dot)) emit_wgmma_consume(em, x->into_dot);
  copy_operand(em, s);
}

// Load s (prefetch.c's copy of a load, its pointer the iteration's it is for, into_dot
// set) into stage `stage` (C) of its dot's buffers copied ahead.
void emit_copy_ahead(Em *em, Stmt *s, const char *stage) {
  copying_ahead_to = stage;
  copy_operand(em, s);
  copying_ahead_to = NULL;
}

// Before a for loop: its pipelined dots have issued nothing yet (and the buffers' earlier
// use is over: the first copies have no barrier before them); its dots left running noted.
void dot_before_loop(Em *em, Stmt *loop) {
  for (Stmt *d = loop->body; d; d = d->next) {
    Running r;
    if (d->kind != S_LET || d->v->kind != V_DOT || !left_running(loop, d, &r)) continue;
    Running *kept = xmalloc(sizeof *kept);
    *kept = r;
    vec_push(&em->running, kept);
  }
  bool barrier = false;
  for (Stmt *s = loop->body; s; s = s->next) {
    Value *v = s->kind == S_LET && s->v->kind == V_DOT ? s->v : NULL;
    if (!v || !v->a_stationary_at) continue;
    need_smem(em, v->a_stationary_at + dot_operand_tile_bytes(v, v->a));
    if (!barrier) line(em, "__syncthreads();");
    barrier = true;
    line(em, "// %s, the same every iteration: into shared memory once, for the tl.dot of line %d", v->a->cname, v->loc.line);
    store_operand(em, v, v->a, xprintf("%lld", (long long)v->a_stationary_at), false);
    fence_stores(em, v);
  }
  bool any = false;
  for (Stmt *s = loop->body; s; s = s->next)
    if (s->kind == S_LET && s->v->kind == V_DOT && s->v->defer) {
      line(em, "int %s = 0;  // iterations whose operands %s's pipeline has taken", issued_name(s->v), s->v->cname);
      any = true;
    }
  if (any) line(em, "__syncthreads();");
}

// After it: the waits for its dots left running, the mma of its pipelined dots' last
// iterations, into the loop's accumulator.
void dot_after_loop(Em *em, Stmt *loop) {
  for (Stmt *d = loop->body; d; d = d->next) {
    Running *r = d->kind == S_LET && d->v->kind == V_DOT ? running_of(em, d->v) : NULL;
    if (!r) continue;
    print_wgmma_wait(em, r, " of the last iteration");
    for (int i = 0; i < em->running.len; i++)
      if (em->running.items[i] == r) em->running.items[i] = em->running.items[--em->running.len];
  }
  for (Stmt *s = loop->body; s; s = s->next) {
    Value *v = s->kind == S_LET && s->v->kind == V_DOT ? s->v : NULL;
    if (!v || !v->defer) continue;
    const char *n = issued_name(v);
    if (v->wgmma)
      line(em, "tl2cu_wgmma_wait<%lld>(%s);  // the loop's last group", (long long)(v->shape.dim[1] * dot_wgmma_reps(v)),
           v->c->cname);
    line(em, "tl2cu_cp_async_wait<0>();");
    if (v->wgmma) line(em, "tl2cu_fence_async();");
    line(em, "__syncthreads();");
    line(em, "for (int _j = %s > %d ? %s - %d : 0; _j < %s; ++_j)  // the last iterations' mma", n, v->defer, n,
         v->defer, n);
    em->indent++;
    print_mma_regs(em, v, v->c->cname, xprintf("_j %% %d", stage_count(v)), 0);
    em->indent--;
  }
}

// Once a run: a tensor-core dot printed on mma.sync where the target has wgmma (Triton's
// lowering there) may run below Triton's speed; say which dots wgmma takes.
static void warn_not_wgmma(Em *em, Value *v) {
  static bool warned;
  if (warned || !em->k->wgmma || v->wgmma || !dot_on_tensor_cores(v)) return;
  warned = true;
  const Kernel *k = em->k;  // (under autotune: the config it was found in, the first only, once a run)
  const char *where = k->config_text ? xprintf(" in '%s', %s (other configs may be too)", k->func->name,
                                               config_label(k)) : "";
  diag_warning(v->loc, "tl.dot runs on tensor cores with mma.sync here%s, not wgmma (which takes fp16, bf16 or fp8 "
                       "into fp32 held in registers, M 16 x num_warps times a power of two, N a power of two up to 256, at most 128 "
                       "accumulators a thread): Triton's results "
                       "(floats within its tolerance), perhaps not its speed (README, \"Not yet\")", where);
}

void emit_dot(Em *em, Stmt *s) {
  warn_not_wgmma(em, s->v);
  if (s->v->defer) {
    emit_dot_pipelined(em, s);
    return;
  }
  if (dot_in_registers(s->v)) {
    emit_dot_registers(em, s);
    return;
  }
  if (dot_on_tensor_cores(s->v)) {
    emit_dot_mma(em, s);
    return;
  }
  Value *v = s->v, *a = v->a, *b = v->b;
  int rank = v->shape.rank;
  int64_t M = v->shape.dim[rank - 2], N = v->shape.dim[rank - 1], K = a->shape.dim[rank - 1];
  int64_t at_b = dot_b_offset(v);
  bool tf32 = a->ty.kind == TY_F32 && v->ival == DOT_TF32, half_acc = v->ty.kind == TY_F16;
  open_dot(em, v, "through shared memory, a fused multiply-add per k (CUDA cores)", tf32);
  line(em, "__syncthreads();");
  bool uses_e = false;
  Cx cx = identity_cx(v->layout, &uses_e);
  const char *acc0 = dot_acc(em, s, &cx);
  const char *batch = rank == 3 ? cx.crd[0] : NULL, *row = cx.crd[rank - 2], *col = cx.crd[rank - 1];
  const char *x = operand_at(a, 0, M, K, batch, row, "_kk"), *y = operand_at(b, at_b, K, N, batch, "_kk", col);
  bool coords_use_e = false;  // (a dim the layout maps is read off the element index _e: coord())
  for (int i = 0; i < rank; i++) coords_use_e |= v->layout->map[i] >= 0;
  // the accumulators: the result's array, or fp32 sums for fp16 results
  const char *acc = half_acc ? "_acc[_k]" : xprintf("%s[_k]", v->cname);
  if (half_acc) line(em, "float _acc[%lld];", (long long)v->layout->per_thread);
  open_elem_loop(em, v->layout, uses_e);
  line(em, "%s = %s;", acc, half_acc ? xprintf("__half2float(%s)", acc0) : acc0);
  close_loop(em);
  // k outside, the thread's elements inside: a row of a or a column of b that several of
  // them share is read once per k (the element loop is unrolled: the same address)
  if (half_acc) {  // fp16 accumulators: rounded after every 16 products (an HMMA k step)
    line(em, "for (int _k0 = 0; _k0 < %lld; _k0 += 16) {", (long long)K);
    em->indent++;
    line(em, "#pragma unroll 2");
    line(em, "for (int _kk = _k0; _kk < _k0 + 16; ++_kk) {");
  } else {
    line(em, "#pragma unroll 2");
    line(em, "for (int _kk = 0; _kk < %lld; ++_kk) {", (long long)K);
  }
  em->indent++;
  open_elem_loop(em, v->layout, coords_use_e);
  line(em, "%s", mac(v, acc, x, y));
  close_loop(em);
  em->indent--;
  line(em, "}");
  if (half_acc) {
    open_elem_loop(em, v->layout, false);
    line(em, "_acc[_k] = __half2float(__float2half_rn(_acc[_k]));");
    close_loop(em);
    em->indent--;
    line(em, "}");
    open_elem_loop(em, v->layout, false);
    line(em, "%s[_k] = __float2half_rn(_acc[_k]);", v->cname);
    close_loop(em);
  }
  em->indent--;
  line(em, "}");
}
