// dot.c: tl.dot through the shared scratch buffer (tl2cu_smem): fp16 and bf16 operands into
// fp32, fp32 as tf32 and int8 into int32 on tensor cores (mma.sync) in whole tiles, the
// result in registers as mma accumulators where layout.c holds its space so
// (emit_dot_registers), else staged through the buffer too (emit_dot_mma); everything
// else on CUDA cores.
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

#include <string.h>

// The accumulator at the current element of the result.
static const char *dot_acc(Em *em, Stmt *s, Cx *cx) { return ex(em, s->v->c, cx); }

// Operand x into the buffer at byte offset `at` (C), row-major, rows `pitch` elements apart
// (fp32 for "tf32": rounded).
static void store_operand(Em *em, Value *x, const char *at, int64_t pitch, bool to_tf32) {
  bool uses_e = false;
  Cx own = identity_cx(x->layout, &uses_e);
  Shape rows = x->shape;
  rows.dim[rows.rank - 1] = pitch;
  const char *pos = linear_of(&own, rows), *val = elem_at(x, "_k");
  open_elem_loop(em, x->layout, uses_e);
  line(em, "((%s*)(tl2cu_smem + %s))[%s] = %s;", ctype(x->ty), at, pos,
       to_tf32 ? xprintf("tl2cu_tf32(%s)", val) : val);
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

// The k of one tensor-core step for dot v (mma.sync in the runtime: fp16 or bf16 into
// fp32, fp32 as tf32 into fp32, int8 into int32), 0 where it stays on CUDA cores.
static int64_t mma_k(Value *v) {
  Scalar t = v->a->ty.kind, out = v->ty.kind;
  if (v->b->ty.kind != t) return 0;
  if ((t == TY_F16 || t == TY_BF16) && out == TY_F32) return 16;
  if (t == TY_F32 && out == TY_F32 && v->ival == DOT_TF32) return 8;
  if (t == TY_I8 && out == TY_I32) return 32;
  return 0;
}

// Does dot v go to the tensor cores? Types they take, in whole 16 x 8 x k tiles.
bool dot_on_tensor_cores(Value *v) {
  int rank = v->shape.rank;
  int64_t M = v->shape.dim[rank - 2], N = v->shape.dim[rank - 1], K = v->a->shape.dim[rank - 1], k = mma_k(v);
  return k && M % 16 == 0 && N % 8 == 0 && K % k == 0;
}

// Is dot v's result held as mma accumulators (layout.c)? Then it stays in registers.
static bool in_registers(Value *v) { return v->layout && v->layout->kind == LAYOUT_MMA; }

// The operands in shared memory: a, then b from the next 16-byte boundary, then (on the
// tensor cores, staged) the accumulators. Their rows are as long as the operand's, and 16
// bytes longer where the result stays in registers: tl2cu_mma_regs reads them with
// ldmatrix, whose eight rows a matrix then fall in distinct banks.
static int64_t operand_pitch(Value *v, Value *x) {
  int64_t cols = x->shape.dim[x->shape.rank - 1];
  return in_registers(v) ? cols + 16 / elem_bytes(x->ty) : cols;
}
static int64_t aligned16(int64_t bytes) { return (bytes + 15) / 16 * 16; }
static int64_t operand_bytes(Value *v, Value *x) {
  return shape_numel(x->shape) / x->shape.dim[x->shape.rank - 1] * operand_pitch(v, x) * elem_bytes(x->ty);
}
static int64_t b_offset(Value *v) { return aligned16(operand_bytes(v, v->a)); }
static int64_t c_offset(Value *v) { return b_offset(v) + aligned16(operand_bytes(v, v->b)); }

int64_t dot_scratch_bytes(Value *v) {
  if (in_registers(v)) return c_offset(v);
  if (dot_on_tensor_cores(v)) return c_offset(v) + shape_numel(v->shape) * elem_bytes(v->ty);
  return b_offset(v) + operand_bytes(v, v->b);
}

// The byte offset (C) of late dot v's buffer `stage`, plus `plus`.
static const char *stage_at(Value *v, const char *stage, int64_t plus) {
  const char *at = xprintf("%s * %lld", stage, (long long)c_offset(v));
  if (v->late_at) at = xprintf("%lld + %s", (long long)v->late_at, at);
  return plus ? xprintf("%s + %lld", at, (long long)plus) : at;
}

// Both operands into the buffer (into buffer `stage` of a late dot: a C int, else NULL).
static void store_operands(Em *em, Value *v, const char *stage, bool to_tf32) {
  const char *at_a = stage ? stage_at(v, stage, 0) : "0";
  const char *at_b = stage ? stage_at(v, stage, b_offset(v)) : xprintf("%lld", (long long)b_offset(v));
  store_operand(em, v->a, at_a, operand_pitch(v, v->a), to_tf32);
  store_operand(em, v->b, at_b, operand_pitch(v, v->b), to_tf32);
}

// The result's array, then a block that stores both operands in the buffer (after the
// statement's conversions, which use it too), `how` the dot is computed said.
static void open_dot(Em *em, Value *v, const char *how, bool to_tf32) {
  need_smem(em, dot_scratch_bytes(v));
  line(em, "%s", array_decl(v));
  print_conversions(em);
  line(em, "{  // tl.dot: %s @ %s %s", v->a->cname, v->b->cname, how);
  em->indent++;
  line(em, "__syncthreads();");
  store_operands(em, v, NULL, to_tf32);
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
  int64_t at_b = b_offset(v), at_c = c_offset(v);
  open_dot(em, v, xprintf("on tensor cores (mma.sync m16n8k%lld), through shared memory", (long long)mma_k(v)), false);
  bool uses_e = false;
  Cx cx = identity_cx(v->layout, &uses_e);
  const char *pos = linear_of(&cx, v->shape), *acc = dot_acc(em, s, &cx), *ct = ctype(v->ty);
  const char *put = xprintf("((%s*)(tl2cu_smem + %lld))[%s] = %s;", ct, (long long)at_c, pos, acc);
  elem_loop_line(em, v->layout, uses_e && mentions(put, "_e"), put);
  line(em, "__syncthreads();");
  const char *t = ctype(a->ty);
  line(em, "tl2cu_mma_block<%s, %lld, %lld, %lld, %lld, %d>((const %s*)tl2cu_smem, (const %s*)(tl2cu_smem + %lld), "
           "(%s*)(tl2cu_smem + %lld), _tid);",
       t, (long long)NB, (long long)M, (long long)N, (long long)K, em->threads / 32, t, t, (long long)at_b, ct,
       (long long)at_c);
  line(em, "__syncthreads();");
  const char *get = xprintf("%s[_k] = ((const %s*)(tl2cu_smem + %lld))[%s];", v->cname, ct, (long long)at_c, pos);
  elem_loop_line(em, v->layout, uses_e && mentions(get, "_e"), get);
  em->indent--;
  line(em, "}");
  em->tensor_cores = true;
}

// mma.sync into acc from the operands dot v stored (in buffer `stage` when late: a C int).
static void print_mma_regs(Em *em, Value *v, const char *acc, const char *stage) {
  Value *a = v->a;
  const char *t = ctype(a->ty), *at_a = "tl2cu_smem", *at_b = xprintf("(tl2cu_smem + %lld)", (long long)b_offset(v));
  if (stage) {
    at_a = xprintf("(tl2cu_smem + %s)", stage_at(v, stage, 0));
    at_b = xprintf("(tl2cu_smem + %s)", stage_at(v, stage, b_offset(v)));
  }
  line(em, "tl2cu_mma_regs<%s, %lld, %lld, %lld, %d, %d, %lld, %lld>(%s, (const %s*)%s, (const %s*)%s, _tid);", t,
       (long long)v->shape.dim[0], (long long)v->shape.dim[1], (long long)a->shape.dim[1], v->layout->wm, v->layout->wn,
       (long long)operand_pitch(v, a), (long long)operand_pitch(v, v->b), acc, t, at_a, t, at_b);
}

// The dot's result array starts as its accumulator operand.
static void copy_accumulator(Em *em, Stmt *s) {
  bool uses_e = false;
  Cx cx = identity_cx(s->v->layout, &uses_e);
  const char *init = xprintf("%s[_k] = %s;", s->v->cname, dot_acc(em, s, &cx));
  elem_loop_line(em, s->v->layout, uses_e && mentions(init, "_e"), init);
}

// On the tensor cores with the result in registers, laid out as mma.sync holds its
// accumulators: the accumulator copied in where it is read, then every warp's fragments
// updated in place (the runtime's tl2cu_mma_regs), only the operands through shared memory.
static void emit_dot_registers(Em *em, Stmt *s) {
  Value *v = s->v;
  open_dot(em, v, xprintf("on tensor cores (mma.sync m16n8k%lld), the result in registers", (long long)mma_k(v)), false);
  line(em, "__syncthreads();");
  copy_accumulator(em, s);
  print_mma_regs(em, v, v->cname, NULL);
  em->indent--;
  line(em, "}");
  em->tensor_cores = true;
}

// ---------------------------------------------------------------- the mma one iteration late
// --experimental-pipeline. In tutorial 03's loop (`a = tl.load(..)`, `b = tl.load(..)`,
// `acc = tl.dot(a, b, acc)`) each step's loads wait unhidden before its mma. A late dot
// runs each iteration's mma at the next one instead, after that one's loads are issued and
// before their values are stored (to the other of two buffers), and the last one after the
// loop: the same products added in the same order, so the same bits, with the loads of one
// step in flight while the tensor cores run the step before. Legal where the accumulator
// is read in the loop only by the dot and the dot's result only by the carry back into it,
// the dot runs once each iteration (directly in a for loop's body). Its buffers live across
// iterations: they follow the scratch that the loop's other statements use (a conversion
// of the loads' indices, say), which starts at byte 0 as always. The deferral, not a look
// ahead of the loads, makes the pipeline: more stages (cp.async) defer more steps.

static const char *stage_name(Value *dot) { return xprintf("_mma_stage_%s", dot->cname); }

// The scratch a late dot takes: the loop's other uses, then its two buffers (where
// dot_scratch_bytes is what it would take at each call: the other uses' size it sees).
static int64_t late_bytes(Value *v) { return v->late_at + 2 * c_offset(v); }

static void emit_dot_late(Em *em, Stmt *s) {
  Value *v = s->v;
  const char *stage = stage_name(v);
  need_smem(em, late_bytes(v));
  line(em, "%s", array_decl(v));
  line(em, "{  // tl.dot: %s @ %s on tensor cores (mma.sync m16n8k%lld), the result in registers; the mma of the "
           "iteration before runs here, this one's at the next (--experimental-pipeline)",
       v->a->cname, v->b->cname, (long long)mma_k(v));
  em->indent++;
  copy_accumulator(em, s);
  line(em, "if (%s >= 0)", stage);
  em->indent++;
  print_mma_regs(em, v, v->cname, stage);
  em->indent--;
  line(em, "%s = %s == 0 ? 1 : 0;  // the other buffer", stage, stage);
  store_operands(em, v, stage, false);
  line(em, "__syncthreads();");
  em->indent--;
  line(em, "}");
  em->tensor_cores = true;
}

// Before a for loop: each late dot of its body has no pending mma yet (and the buffer's
// earlier use is over: the dot's first stores have no barrier before them).
void dot_before_loop(Em *em, Stmt *loop) {
  bool any = false;
  for (Stmt *s = loop->body; s; s = s->next)
    if (s->kind == S_LET && s->v->kind == V_DOT && s->v->late) {
      line(em, "int %s = -1;  // the buffer holding the operands of %s's pending mma (-1: none)", stage_name(s->v),
           s->v->cname);
      any = true;
    }
  if (any) line(em, "__syncthreads();");
}

// After it: their last mma, into the loop's accumulator.
void dot_after_loop(Em *em, Stmt *loop) {
  for (Stmt *s = loop->body; s; s = s->next)
    if (s->kind == S_LET && s->v->kind == V_DOT && s->v->late) {
      line(em, "if (%s >= 0)  // the last iteration's mma", stage_name(s->v));
      em->indent++;
      print_mma_regs(em, s->v, s->v->c->cname, stage_name(s->v));
      em->indent--;
    }
}

typedef struct {
  Value *dot, *acc;
  Stmt *dot_stmt;
  bool ok;
  int64_t others;  // the most shared memory another statement of the loop uses
} LateCheck;

// Values whose operands are a, b and c only, and that use no shared memory of their own.
static bool plain_kind(VKind k) {
  switch (k) {
  case V_CONST: case V_PARAM: case V_ARANGE: case V_PROGRAM_ID: case V_NUM_PROGRAMS: case V_EXPAND: case V_BROADCAST:
  case V_BINARY: case V_UNARY: case V_CAST: case V_BITCAST: case V_WHERE: case V_MATH: case V_LOAD: case V_VAR:
  case V_DOT: return true;
  default: return false;
  }
}

static void check_value(LateCheck *c, Value *w, int mark) {
  if (!w || w->visit == mark) return;
  w->visit = mark;
  if (!plain_kind(w->kind)) c->ok = false;
  Value *ops[3] = {w->a, w->b, w->c};
  for (int i = 0; i < 3; i++) {
    if ((ops[i] == c->acc && !(w == c->dot && i == 2)) || (ops[i] && ops[i] == c->dot)) c->ok = false;
    check_value(c, ops[i], mark);
  }
}

static void check_stmts(LateCheck *c, Stmt *s, int mark) {
  for (; s; s = s->next) {
    if (s != c->dot_stmt && s->scratch > c->others) c->others = s->scratch;
    for (int i = 0; i < s->converts.len; i++) {
      Convert *cv = s->converts.items[i];
      if (cv->bytes > c->others) c->others = cv->bytes;
    }
    if (s->kind != S_LET && s->kind != S_VARDEF && s->kind != S_ASSIGN && s->kind != S_STORE && s->kind != S_IF &&
        s->kind != S_FOR)
      c->ok = false;
    bool carry = s->kind == S_ASSIGN && s->var == c->acc && s->v == c->dot;
    if (s->kind == S_ASSIGN && s->var == c->acc && !carry) c->ok = false;
    Value *vs[STMT_VALUES];
    stmt_values(s, vs);
    for (int i = 0; i < STMT_VALUES; i++) {
      Value *x = vs[i];
      if (!x || (carry && (x == c->acc || x == c->dot))) continue;  // (the carry writes acc)
      if (x == c->dot && s == c->dot_stmt) check_value(c, x, mark);  // (its operands; acc as its c)
      else if (x == c->acc || x == c->dot) c->ok = false;
      else check_value(c, x, mark);
    }
    check_stmts(c, s->body, mark);
    check_stmts(c, s->orelse, mark);
  }
}

// Returns where its buffers start (-1: it may not run late).
static int64_t may_run_late(Stmt *loop, Stmt *d) {
  Value *v = d->v;
  if (!in_registers(v) || !v->c || v->c->kind != V_VAR || d->converts.len) return -1;
  LateCheck c = {v, v->c, d, true, 0};
  bool carried = false;
  for (Stmt *s = loop->body; s; s = s->next) carried |= s->kind == S_ASSIGN && s->var == v->c && s->v == v;
  check_stmts(&c, loop->body, sem_walk_mark());
  return carried && c.ok ? aligned16(c.others) : -1;
}

static void mark_late(Kernel *k, Stmt *s) {
  for (; s; s = s->next) {
    if (s->kind == S_LET && s->v->kind == V_DOT) s->v->late = false;
    mark_late(k, s->body);
    mark_late(k, s->orelse);
    if (s->kind != S_FOR || !k->pipeline_dots) continue;
    for (Stmt *d = s->body; d; d = d->next) {
      int64_t at = d->kind == S_LET && d->v->kind == V_DOT ? may_run_late(s, d) : -1;
      if (at < 0) continue;
      d->v->late = true;
      d->v->late_at = at;
      d->scratch = late_bytes(d->v);
      if (d->scratch > k->smem) k->smem = d->scratch;
    }
  }
}

void dot_pipeline_pass(Kernel *k) { mark_late(k, k->body); }

void emit_dot(Em *em, Stmt *s) {
  if (s->v->late) {
    emit_dot_late(em, s);
    return;
  }
  if (in_registers(s->v)) {
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
  int64_t at_b = b_offset(v);
  bool tf32 = a->ty.kind == TY_F32 && v->ival == DOT_TF32, half_acc = v->ty.kind == TY_F16;
  open_dot(em, v, "through shared memory, a fused multiply-add per k (CUDA cores)", tf32);
  line(em, "__syncthreads();");
  bool uses_e = false;
  Cx cx = identity_cx(v->layout, &uses_e);
  const char *acc0 = dot_acc(em, s, &cx);
  const char *batch = rank == 3 ? cx.crd[0] : NULL, *row = cx.crd[rank - 2], *col = cx.crd[rank - 1];
  const char *x = operand_at(a, 0, M, K, batch, row, "_kk"), *y = operand_at(b, at_b, K, N, batch, "_kk", col);
  bool coords_use_e = strstr(row, "_e") || strstr(col, "_e") || (batch && strstr(batch, "_e"));
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
