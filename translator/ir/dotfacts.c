// dotfacts.c: what a dot's lowering takes, read by the passes that plan it (smem.c's sizes,
// dotplan.c's pipelines and units, prefetch.c's copies ahead) and by the printer (dot.c)
// alike: which unit runs it, and where its operands and accumulators lie in shared memory.
// Facts only: nothing here prints or decides.
#include "tl2cu.h"

// The k of one tensor-core step for dot v (mma.sync in the runtime: fp16 or bf16 into
// fp32, fp16 into fp16, fp32 as tf32 into fp32, int8 into int32, fp8 into fp32 or fp16, on
// a target with fp8: semantic.c refuses it on others), 0 where it stays on CUDA cores. (Two
// fp8 formats in one dot stay there: the runtime's tiles take one operand type.)
int64_t dot_mma_k(Value *v) {
  Scalar t = v->a->ty.kind, out = v->ty.kind;
  if (v->b->ty.kind != t) return 0;
  if ((t == TY_F16 || t == TY_BF16) && out == TY_F32) return 16;
  if (t == TY_F16 && out == TY_F16) return 16;
  if (t == TY_F32 && out == TY_F32 && v->ival == DOT_TF32) return 8;
  if (t == TY_I8 && out == TY_I32) return 32;
  if (scalar_is_fp8(t) && (out == TY_F32 || out == TY_F16)) return 32;
  return 0;
}

// Does dot v go to the tensor cores? Types they take, in whole 16 x 8 x k tiles.
bool dot_on_tensor_cores(Value *v) {
  int rank = v->shape.rank;
  int64_t M = v->shape.dim[rank - 2], N = v->shape.dim[rank - 1], K = v->a->shape.dim[rank - 1], k = dot_mma_k(v);
  return k && M % 16 == 0 && N % 8 == 0 && K % k == 0;
}

// May dot v run on warpgroup MMA with `warps` warps (--target sm_90a)? fp16, bf16 or fp8 (one
// format) into fp32, fp16 or fp8 into fp16, 2-D, 16-row tiles a warp (64 rows a warpgroup,
// repeated a power of two times over M as Triton's 128 x N tiles on 4 warps, at most 128
// fp32 accumulators a thread), N a wgmma width (16 to 256, a power of two), K whole steps
// (32 bytes of it).
bool dot_wgmma_shape(Value *v, int warps) {
  Scalar t = v->a->ty.kind, out = v->ty.kind;
  if (v->shape.rank != 2 || v->b->ty.kind != t) return false;
  if (!(out == TY_F32 && (t == TY_F16 || t == TY_BF16 || scalar_is_fp8(t))) &&
      !(out == TY_F16 && (t == TY_F16 || scalar_is_fp8(t))))
    return false;
  int64_t M = v->shape.dim[0], N = v->shape.dim[1], K = v->a->shape.dim[1];
  int64_t reps = warps ? M / (16 * warps) : 0;  // (16-row tiles a warp)
  return warps % 4 == 0 && reps >= 1 && M == 16 * warps * reps && (reps & (reps - 1)) == 0 && reps * N <= 256 &&
         N >= 16 && N <= 256 && (N & (N - 1)) == 0 && K * elem_bytes(v->a->ty) % 32 == 0;
}

// The 16-row tiles a warp holds of wgmma dot v's result (layout.c: all warps along M).
int64_t dot_wgmma_reps(Value *v) { return v->wgmma ? v->shape.dim[0] / (16 * v->layout->wm) : 1; }

bool dot_fp8_wgmma(Value *v) { return v->wgmma && scalar_is_fp8(v->a->ty.kind); }

// Is dot v's result held as mma accumulators (layout.c)? Then it stays in registers.
bool dot_in_registers(Value *v) { return v->layout && v->layout->kind == LAYOUT_MMA; }

// The operands in shared memory: a, then b from the next 16-byte boundary, then (on the
// tensor cores, staged) the accumulators. Their rows are as long as the operand's, and 16
// bytes longer where the result stays in registers: tl2cu_mma_regs reads them with
// ldmatrix, whose eight rows a matrix then fall in distinct banks. On warpgroup MMA
// (v->wgmma) each is a tile of swizzled atoms (operand_elem), at a multiple of 1024 bytes.
//
// B is stored K-major (row n holding column n of B) where its layout's runs go along K (a
// load along its memory, layout.c dot_operand: flash attention's k): a run is then one store
// into a buffer row, and ldmatrix reads the fragments without transposing (tl2cu_mma_regs
// with BK; wgmma with its B K-major, imm-trans-b 0). Stored N-major, a warp's scattered
// 2-byte stores met 8 to a bank. Not for a dot
// whose accumulator is a loop's variable (what dot_pipeline_pass may pipeline: its copies
// into K-major buffers have not run on a GPU yet). An fp8 dot on wgmma has B K-major always
// (wgmma has no transposed form for 8-bit operands), element by element where B's runs go
// along N.
bool dot_b_kmajor(Value *v) {
  Value *b = v->b;
  const Layout *l = b->layout;
  if (dot_fp8_wgmma(v)) return true;
  return dot_in_registers(v) && v->a != b && v->shape.rank == 2 && dot_mma_k(v) == 16 &&
         l && l->kind == LAYOUT_BLOCKED && l->space.rank == 2 && l->map[0] == 1 && l->map[1] == 0 &&
         (v->wgmma || v->shape.dim[1] / v->layout->wn % 16 == 0);
}

// (x: v->a, v->b or prefetch.c's copy of v->b's load, the next iteration's)
bool dot_stored_kmajor(Value *v, Value *x) { return x != v->a && dot_b_kmajor(v); }

// The length of a buffer row of operand x (its last dim's elements, padded), and the rows.
int64_t dot_operand_pitch(Value *v, Value *x) {
  int64_t cols = x->shape.dim[x->shape.rank - 1];
  if (dot_stored_kmajor(v, x)) cols = x->shape.dim[0];
  return dot_in_registers(v) && !v->wgmma ? cols + 16 / elem_bytes(x->ty) : cols;
}

int64_t dot_operand_rows(Value *v, Value *x) {
  return dot_stored_kmajor(v, x) ? x->shape.dim[1] : shape_numel(x->shape) / x->shape.dim[x->shape.rank - 1];
}

static int64_t aligned16(int64_t bytes) { return (bytes + 15) / 16 * 16; }

int64_t dot_aligned(Value *v, int64_t bytes) { return v->wgmma ? (bytes + 1023) / 1024 * 1024 : aligned16(bytes); }

int64_t dot_operand_tile_bytes(Value *v, Value *x) { return dot_operand_rows(v, x) * dot_operand_pitch(v, x) * elem_bytes(x->ty); }

int64_t dot_b_offset(Value *v) { return dot_aligned(v, dot_operand_tile_bytes(v, v->a)); }

int64_t dot_c_offset(Value *v) { return dot_b_offset(v) + dot_aligned(v, dot_operand_tile_bytes(v, v->b)); }

// The bytes of a run of operand x held in layout l, where the run lies contiguous in dot v's
// buffer and aligned to its size (4, 8 or 16: one access); 0 where it does not.
int dot_buffer_run_bytes(Value *v, Value *x, const Layout *l) {
  int vec = layout_chunk(l, x->ty), bytes = vec * elem_bytes(x->ty);
  if (bytes != 4 && bytes != 8 && bytes != 16) return 0;
  bool kmajor = dot_stored_kmajor(v, x);  // (a run along x's dim 0, a buffer row)
  int64_t cols = x->shape.dim[x->shape.rank - 1], step = kmajor ? cols : 1, along = kmajor ? x->shape.dim[0] : cols;
  LinearLayout ll = linear_layout(l, x->shape);
  for (int i = 0; (1 << i) < vec; i++)
    if (i >= ll.nreg || ll.reg[i] != step << i) return 0;
  if (along % vec || dot_operand_pitch(v, x) * elem_bytes(x->ty) % bytes) return 0;  // (wgmma: within a chunk)
  return bytes;
}

int64_t dot_scratch_bytes(Value *v) {
  if (dot_in_registers(v)) return dot_c_offset(v);
  if (dot_on_tensor_cores(v)) return dot_c_offset(v) + shape_numel(v->shape) * elem_bytes(v->ty);
  return dot_b_offset(v) + dot_operand_tile_bytes(v, v->b);
}

// May dot v read its B, load x, from two buffers that prefetch.c copies an iteration ahead
// with cp.async (Triton's pipelined loads; no registers, no stores at the dot)? On wgmma,
// unpipelined, where the load's runs go as single copies.
bool dot_copies_ahead(Value *v, Value *x) {
  return dot_in_registers(v) && v->wgmma && !v->defer && x == v->b && v->a != x && !x->packed && x->layout &&
         dot_buffer_run_bytes(v, x, x->layout) >= 4;
}

int64_t dot_operand_bytes(Value *v, Value *x) { return dot_aligned(v, dot_operand_tile_bytes(v, x)); }

// The scratch a pipelined dot takes: the loop's other uses, then its buffers.
int64_t dot_pipeline_bytes(Value *v, int defer) { return v->stages_at + (defer + (v->wgmma ? 1 : 2)) * dot_c_offset(v); }
