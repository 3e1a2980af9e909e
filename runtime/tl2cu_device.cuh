// tl2cu_device.cuh: the device half of the tl2cu runtime, which every generated .cu includes.
//
// Device helpers that make CUDA C compute exactly what Triton 3.6 computes on
// NVIDIA GPUs (TRITON_SEMANTICS.md section 12: each float recipe below was
// matched bit for bit against Triton on an H200), the thread-to-element
// mapping. Helpers never read threadIdx: the generated kernel passes the thread
// index in. No C++ library beyond <type_traits>, memcpy and printf: nvcc parses this
// header for every generated file, and the STL would double that time
// (docs/NOTES.md 73). The launchers' host helpers are in tl2cu_launch.cuh, the
// autotuner in tl2cu_autotune.cuh; tl2cu.cuh includes all three.
// Build generated code without -ftz=true and without --use_fast_math.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <type_traits>


#define TL2CU_DEVICE static __device__ __forceinline__
#define TL2CU_HOST_DEVICE static __host__ __device__ __forceinline__

// ---------------------------------------------------------------- layout
// Element index (row-major, in the layout's space) of a thread's k-th element:
// runs of V contiguous elements, consecutive threads take consecutive runs,
// the pattern repeating every T * V elements.
template <int V, int T>
TL2CU_DEVICE int tl2cu_elem(int tid, int k) {
  return ((k / V) * T + tid) * V + (k % V);
}
// The same, telling nvcc that tid < T: then the coordinates of outer dims that come
// from k alone fold to constants (argmax, rows of 4x1024: 0.134 -> 0.096 ms on the
// H200). The emitter uses it for blocks of more than one row, where that happens.
template <int V, int T>
TL2CU_DEVICE int tl2cu_elem_rows(int tid, int k) {
  __builtin_assume(tid >= 0 && tid < T);
  return ((k / V) * T + tid) * V + (k % V);
}

// A run of V elements that moves as one 8- or 16-byte access.
template <typename T, int V>
struct alignas(sizeof(T) * V) tl2cu_vec {
  T v[V];
};

// The element index (row-major in M x N) of a thread's k-th accumulator of mma.sync
// (tensor cores, dot.c), WM x WN warps over the block, each warp a tile of (M / WM) x
// (N / WN) held as 16 x 8 fragments: k / 4 the fragment (row-major over the warp's
// tile), k % 4 its register (the fragment table at tl2cu_mma below: rows g, g + 8, each
// two columns 2t, 2t + 1).
template <int WM, int WN, int M, int N>
TL2CU_DEVICE int tl2cu_elem_mma(int tid, int k) {
  constexpr int kCols = N / WN / 8;  // fragments along a warp's columns
  const int warp = tid / 32, lane = tid % 32, f = k / 4, r = k % 4;
  const int row = warp / WN * (M / WM) + f / kCols * 16 + lane / 4 + r / 2 * 8;
  const int col = warp % WN * (N / WN) + f % kCols * 8 + lane % 4 * 2 + r % 2;
  return row * N + col;
}

// Shared-memory index with one padding word after every S (a transpose's rows: no bank
// conflicts between threads that read down a column).
template <int S>
TL2CU_DEVICE int tl2cu_pad(int i) {
  return i + i / S;
}

// A scan's slot for element i of its block: threads walking segments S elements apart
// and threads reading the block in layout order (consecutive runs) both find distinct
// banks, without padding. The low five bits (the bank within a 32-word row) are XORed
// with bits the walk changes from thread to thread: above bit 5 for S <= 32, from bit
// log2(S) up for longer segments. Only the low five bits change: a bijection on every
// aligned run of 32 words (docs/NOTES.md 55).
TL2CU_HOST_DEVICE constexpr int tl2cu_log2_of(int n) { return n <= 1 ? 0 : 1 + tl2cu_log2_of(n / 2); }  // log2 of a power of two
template <int S>
TL2CU_HOST_DEVICE int tl2cu_scan_slot(int i) {
  static_assert(S > 0 && (S & (S - 1)) == 0, "segments are powers of two");
  constexpr int shift = S <= 32 ? 5 : tl2cu_log2_of(S), mask = S <= 32 ? S - 1 : 31;
  return i ^ ((i >> shift) & mask);
}

// A reduction's element k of a thread, and the output position (group) it folds into:
// k without the bits [A, B) that walk the reduced dim; and back, group g's first element.
template <int A, int B>
TL2CU_DEVICE int tl2cu_drop_bits(int k) {
  return (k & ((1 << A) - 1)) | ((k >> B) << A);
}
template <int A, int B>
TL2CU_DEVICE int tl2cu_insert_bits(int g) {
  return (g & ((1 << A) - 1)) | ((g >> A) << B);
}

// A value that is constant along some of its layout's register bits (a row vector held in
// an mma space: the same for a row's columns) keeps one register per distinct element:
// those of the bits in Keep. Register k of the full layout is the value's register
// tl2cu_squeeze<Keep>(k) (k's bits in Keep, packed low); the value's register j is the full
// layout's tl2cu_deposit<Keep>(j). Both fold to constants in unrolled loops.
template <unsigned Keep>
TL2CU_DEVICE constexpr int tl2cu_squeeze(int k) {
  int j = 0, out = 0;
  for (int b = 0; b < 32; ++b)
    if (Keep >> b & 1) out |= (k >> b & 1) << j++;
  return out;
}
template <unsigned Keep>
TL2CU_DEVICE constexpr int tl2cu_deposit(int j) {
  int i = 0, out = 0;
  for (int b = 0; b < 32; ++b)
    if (Keep >> b & 1) out |= (j >> i++ & 1) << b;
  return out;
}

// ---------------------------------------------------------------- tensor cores (tl.dot)
// One warp's D += A x B on a 16 x 8 tile: PTX mma.sync.aligned.m16n8kK.row.col (sm_80 and
// later) with K = 16 for fp16 and bf16 operands into fp32 (fp16 also into fp16), K = 8 for
// fp32 operands read as tf32 into fp32, K = 32 for int8 into int32 (wrapping) and for fp8
// (e4m3, e5m2: sm_89 and later) into fp32 or fp16. The fragments, with g = lane / 4
// and t = lane % 4 (PTX ISA, "Matrix Fragments for mma.m16n8k16 / m16n8k8 / m16n8k32"),
// each register holding 32 / bits consecutive operand elements, the first in the low bits
// (a row's for A, a column's for B); in units of those registers (P = 2, 1, 4 elements):
//   A, 16 x K:   a[0] = A[g][P t ..]      a[1] = A[g+8][P t ..]
//                a[2] = A[g][P t + K/2 ..] a[3] = A[g+8][P t + K/2 ..]
//   B, K x 8:    b[0] = B[P t ..][g]      b[1] = B[P t + K/2 ..][g]
//   C, D, 16 x 8: c[0], c[1] = C[g][2t, 2t+1]    c[2], c[3] = C[g+8][2t, 2t+1]
// (fp16 accumulators go two to a register, c[0] and c[1] in one, c[2] and c[3] in the other.)
// fp8 operands are the bytes Triton stores, as everywhere in tl2cu, here typed by format so
// that the instruction can name it.
struct tl2cu_e4m3 {
  uint8_t bits;
};
struct tl2cu_e5m2 {
  uint8_t bits;
};
template <typename T>
struct tl2cu_mma_k {  // the K of one step
  static_assert(sizeof(T) == 0, "tensor cores take fp16, bf16, fp32 (tf32), int8 or fp8 operands");
};
template <> struct tl2cu_mma_k<half> { static constexpr int value = 16; };
template <> struct tl2cu_mma_k<__nv_bfloat16> { static constexpr int value = 16; };
template <> struct tl2cu_mma_k<float> { static constexpr int value = 8; };
template <> struct tl2cu_mma_k<int8_t> { static constexpr int value = 32; };
template <> struct tl2cu_mma_k<tl2cu_e4m3> { static constexpr int value = 32; };
template <> struct tl2cu_mma_k<tl2cu_e5m2> { static constexpr int value = 32; };

#define TL2CU_MMA_INPUTS "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1])
// Into fp32 or int32 accumulators (Acc: float, or int32_t for int8).
template <typename T, typename Acc>
TL2CU_DEVICE void tl2cu_mma_wide(Acc c[4], const uint32_t a[4], const uint32_t b[2]) {
#define TL2CU_MMA(SHAPE_TYPES, C)                                                                        \
  asm("mma.sync.aligned." SHAPE_TYPES " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" \
      : "+" C(c[0]), "+" C(c[1]), "+" C(c[2]), "+" C(c[3])                                              \
      : TL2CU_MMA_INPUTS)
  if constexpr (std::is_same<T, half>::value) TL2CU_MMA("m16n8k16.row.col.f32.f16.f16.f32", "f");
  else if constexpr (std::is_same<T, __nv_bfloat16>::value) TL2CU_MMA("m16n8k16.row.col.f32.bf16.bf16.f32", "f");
  else if constexpr (std::is_same<T, float>::value) TL2CU_MMA("m16n8k8.row.col.f32.tf32.tf32.f32", "f");
  else if constexpr (std::is_same<T, tl2cu_e4m3>::value) TL2CU_MMA("m16n8k32.row.col.f32.e4m3.e4m3.f32", "f");
  else if constexpr (std::is_same<T, tl2cu_e5m2>::value) TL2CU_MMA("m16n8k32.row.col.f32.e5m2.e5m2.f32", "f");
  else TL2CU_MMA("m16n8k32.row.col.s32.s8.s8.s32", "r");
#undef TL2CU_MMA
}
// Two fp16 accumulators in one register, the first in the low half (mma.sync's and wgmma's
// f16 fragments), and back.
TL2CU_DEVICE uint32_t tl2cu_pack_half2(half lo, half hi) {
  return (uint32_t)__half_as_ushort(lo) | (uint32_t)__half_as_ushort(hi) << 16;
}
TL2CU_DEVICE void tl2cu_unpack_half2(uint32_t r, half &lo, half &hi) {
  lo = __ushort_as_half((unsigned short)(r & 0xFFFF));
  hi = __ushort_as_half((unsigned short)(r >> 16));
}
// Into fp16 accumulators (tl.dot's out_dtype=tl.float16): c[0], c[1] and c[2], c[3] packed
// into the instruction's two registers, and back.
template <typename T>
TL2CU_DEVICE void tl2cu_mma_half(half c[4], const uint32_t a[4], const uint32_t b[2]) {
  uint32_t d0 = tl2cu_pack_half2(c[0], c[1]), d1 = tl2cu_pack_half2(c[2], c[3]);
#define TL2CU_MMA(SHAPE_TYPES) \
  asm("mma.sync.aligned." SHAPE_TYPES " {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%0, %1};" : "+r"(d0), "+r"(d1) : TL2CU_MMA_INPUTS)
  if constexpr (std::is_same<T, half>::value) TL2CU_MMA("m16n8k16.row.col.f16.f16.f16.f16");
  else if constexpr (std::is_same<T, tl2cu_e4m3>::value) TL2CU_MMA("m16n8k32.row.col.f16.e4m3.e4m3.f16");
  else if constexpr (std::is_same<T, tl2cu_e5m2>::value) TL2CU_MMA("m16n8k32.row.col.f16.e5m2.e5m2.f16");
  else static_assert(sizeof(T) == 0, "fp16 accumulators take fp16 or fp8 operands");
#undef TL2CU_MMA
  tl2cu_unpack_half2(d0, c[0], c[1]);
  tl2cu_unpack_half2(d1, c[2], c[3]);
}
#undef TL2CU_MMA_INPUTS
template <typename T, typename Acc>
TL2CU_DEVICE void tl2cu_mma(Acc c[4], const uint32_t a[4], const uint32_t b[2]) {
  if constexpr (std::is_same<Acc, half>::value) tl2cu_mma_half<T>(c, a, b);
  else tl2cu_mma_wide<T>(c, a, b);
}
// Two 16-bit elements in one register, lo in the low half.
template <typename T>
TL2CU_DEVICE uint32_t tl2cu_pack2(T lo, T hi) {
  uint16_t l, h;
  memcpy(&l, &lo, 2);
  memcpy(&h, &hi, 2);
  return l | (uint32_t)h << 16;
}
// An m16n8k16 A fragment (a[0..3] above) from a thread's accumulators of one 16-row tile of
// an M x K mma result of 16-bit elements (four a thread per 8-column tile, tl2cu_elem_mma):
// k step k's are those of column tiles k / 8 and k / 8 + 1 (columns 2t, 2t + 1 of rows g,
// g + 8 each), two elements to a register, the order ldmatrix gives.
template <typename T>
TL2CU_DEVICE void tl2cu_a_fragment_regs(uint32_t af[4], const T *acc, int k) {
  const T *lo = acc + 4 * (k / 8), *hi = lo + 4;  // columns k..k+7, k+8..k+15
  af[0] = tl2cu_pack2(lo[0], lo[1]);
  af[1] = tl2cu_pack2(lo[2], lo[3]);
  af[2] = tl2cu_pack2(hi[0], hi[1]);
  af[3] = tl2cu_pack2(hi[2], hi[3]);
}
// The register of 32 / bits elements starting at p, the next `step` elements apart (1: a
// row of A, N: a column of B), the first in the low bits.
template <typename T>
TL2CU_DEVICE uint32_t tl2cu_mma_reg(const T *p, int step) {
  if constexpr (sizeof(T) == 2) return tl2cu_pack2(p[0], p[step]);
  constexpr int n = 4 / sizeof(T);
  uint32_t r = 0;
#pragma unroll
  for (int i = 0; i < n; ++i) {
    uint32_t bits = 0;
    memcpy(&bits, p + i * step, sizeof(T));
    r |= bits << (32 / n * i);
  }
  return r;
}
// A's fragments of the 16 x K-step tile at `tile`, its rows `lda` elements apart, read
// element by element (any alignment, any pitch).
template <typename T>
TL2CU_DEVICE void tl2cu_frag_a(uint32_t a[4], const T *tile, int lda, int lane) {
  constexpr int kK = tl2cu_mma_k<T>::value, P = 4 / sizeof(T);
  const T *a0 = tile + lane / 4 * lda + P * (lane % 4), *a1 = a0 + 8 * lda;
  a[0] = tl2cu_mma_reg(a0, 1);
  a[1] = tl2cu_mma_reg(a1, 1);
  a[2] = tl2cu_mma_reg(a0 + kK / 2, 1);
  a[3] = tl2cu_mma_reg(a1 + kK / 2, 1);
}
// B's fragments of the K-step x 8 tile at `tile` (row-major, rows `ldb` elements apart),
// element by element: each register gathers a column's elements, `ldb` apart.
template <typename T>
TL2CU_DEVICE void tl2cu_frag_b(uint32_t b[2], const T *tile, int ldb, int lane) {
  constexpr int kK = tl2cu_mma_k<T>::value, P = 4 / sizeof(T);
  const T *b0 = tile + P * (lane % 4) * ldb + lane / 4;
  b[0] = tl2cu_mma_reg(b0, ldb);
  b[1] = tl2cu_mma_reg(b0 + kK / 2 * ldb, ldb);
}
// The same A fragments in one ldmatrix.x4: its four 8 x 16-byte matrices, rows 0-7 and
// 8-15 by bytes 0-15 and 16-31 of the tile (addresses from lanes 0-7, 8-15, 16-23,
// 24-31), give each lane the word lane % 4 of row lane / 4: a[0..3] for any element size.
// Rows must start 16-byte aligned; rows an odd number of 16 bytes apart put each
// matrix's eight rows in distinct banks.
template <typename T>
TL2CU_DEVICE void tl2cu_ldmatrix_a(uint32_t a[4], const T *tile, int lda, int lane) {
  const uint32_t at = (uint32_t)__cvta_generic_to_shared(tile + lane % 16 * lda + lane / 16 * (16 / (int)sizeof(T)));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3])
               : "r"(at)
               : "memory");
}
// B's fragments of two neighbouring 8-column tiles (16-bit elements, k16 x n16 of a
// row-major tile) in one ldmatrix.x4.trans: matrices k 0-7 and 8-15 by columns 0-7 and
// 8-15, transposed, give each lane B[2t, 2t+1][g] of each: b0[0], b0[1], b1[0], b1[1].
template <typename T>
TL2CU_DEVICE void tl2cu_ldmatrix_b(uint32_t b0[2], uint32_t b1[2], const T *tile, int ldb, int lane) {
  static_assert(sizeof(T) == 2, "ldmatrix transposes 16-bit elements");
  const uint32_t at = (uint32_t)__cvta_generic_to_shared(tile + lane % 16 * ldb + lane / 16 * 8);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(b0[0]), "=r"(b0[1]), "=r"(b1[0]), "=r"(b1[1])
               : "r"(at)
               : "memory");
}

// The same fragments from B stored K-major (its transpose row-major: row n holds B[0..K)[n],
// `ldb` elements apart), in one ldmatrix.x4 without transposing: matrices n 0-7 by k 0-7 and
// 8-15, then n 8-15 by k 0-7 and 8-15 give each lane B[2t, 2t+1][g] of each.
template <typename T>
TL2CU_DEVICE void tl2cu_ldmatrix_bk(uint32_t b0[2], uint32_t b1[2], const T *tile, int ldb, int lane) {
  static_assert(sizeof(T) == 2, "16-bit elements");
  const uint32_t at = (uint32_t)__cvta_generic_to_shared(tile + (lane / 16 * 8 + lane % 8) * ldb + lane / 8 % 2 * 8);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(b0[0]), "=r"(b0[1]), "=r"(b1[0]), "=r"(b1[1])
               : "r"(at)
               : "memory");
}

// A pipelined dot's operand copied from global to shared memory without passing through
// registers (PTX cp.async, sm_80 and later): BYTES (4, 8 or 16, both addresses aligned so)
// from src to dst, or BYTES zeros where `pred` is false (src-size 0: nothing is read). 16
// bytes go past L1 (.cg), as Triton's copies of dot operands do. A thread's copies since
// its last commit form one group; wait<N> returns once at most N of its groups are in
// flight (the copies of the others are then in shared memory, for this thread: a barrier
// makes them visible to the block).
template <int BYTES>
TL2CU_DEVICE void tl2cu_cp_async(void *dst, const void *src, bool pred) {
  static_assert(BYTES == 4 || BYTES == 8 || BYTES == 16, "cp.async copies 4, 8 or 16 bytes");
  const uint32_t at = (uint32_t)__cvta_generic_to_shared(dst);
  const int src_bytes = pred ? BYTES : 0;
  if constexpr (BYTES == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(at), "l"(src), "r"(src_bytes) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(at), "l"(src), "n"(BYTES), "r"(src_bytes)
                 : "memory");
}
TL2CU_DEVICE void tl2cu_cp_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N>
TL2CU_DEVICE void tl2cu_cp_async_wait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}

// ---------------------------------------------------------------- warpgroup MMA (sm_90a)
// Hopper's wgmma.mma_async: four warps (a warpgroup) D += A x B on a 64 x N x 16 step, A and
// B read from shared memory through 64-bit matrix descriptors (PTX ISA "Matrix Descriptor
// Format": start address, leading and stride byte offsets, each >> 4; the swizzle mode in
// bits 62-63). D's registers are mma.sync's fragments stacked: warp w of the group holds
// rows 16w..16w+15 and thread (g = lane / 4, q = lane % 4) d[4j + r] = D[16w + g + 8 (r / 2)]
// [8j + 2q + r % 2], j < N / 8: with num_warps / 4 groups over 64-row slices of the tile,
// tl2cu_elem_mma<num_warps, 1, M, N>. Operands (fp16, bf16; fp8 on m64nNk32 steps, both
// K-major) are tiles whose contiguous dim is cut into atoms W bytes wide (W = 32, 64, 128),
// an atom's rows W bytes apart, swizzled:
// within an atom byte a sits at a with bits 4.. XOR bits 7.. (log2(W / 16) of each: the
// 16-byte chunks of a row permuted by the row's place in its 8-row group, so the eight rows
// of an 8 x 16-byte matrix fall in distinct banks). The hardware applies the same XOR to
// the addresses a descriptor gives, on absolute addresses: an atom starts at a multiple of
// 8 W. A is K-major (rows M, atoms along K), B N-major (rows K, atoms along N; imm-trans-b).
// On the H200 (tests/gpu/probes/wgmma_gemm.cu, docs/NOTES.md 63): B's leading byte offset is
// the step between its atoms (K rows x W bytes), the stride byte offset 8 W.
template <int W>
TL2CU_DEVICE int tl2cu_swizzle(int byte) {
  return byte ^ (((byte >> 7) & (W / 16 - 1)) << 4);
}
// The byte of element (row, col) of a tile of ES-byte elements, R rows in W-byte atoms.
template <int W, int R, int ES = 2>
TL2CU_DEVICE int tl2cu_wgmma_at(int row, int col) {
  return col / (W / ES) * (R * W) + tl2cu_swizzle<W>(row * W + col % (W / ES) * ES);
}
// The buffer row of row `row` of an M-row A whose result rows are held RR 16-row tiles a warp
// (tl2cu_elem_mma<warps, 1, M, N>: warp w's rows 16 RR w..): a 64-row slice of wgmma gives
// warp w of its warpgroup rows 16w.. of the slice, so warp w's tile b is in slice b G + w / 4
// of the G warpgroups' (a permutation of the row's bits; the identity when RR is 1).
template <int M, int RR>
TL2CU_DEVICE constexpr int tl2cu_wgmma_row(int row) {
  if constexpr (RR == 1) {
    return row;
  } else {
    constexpr int G = M / 64 / RR;
    const int i = row % 16, b = row / 16 % RR, w = row / (16 * RR);
    return (b * G + w / 4) * 64 + w % 4 * 16 + i;
  }
}
// The same of element e (row-major) of an R x C tile: a pipelined copy's destination is the
// thread's part plus a constant for each of its elements (dot.c wgmma_at_split: the sum, or
// the XOR where the parts share bits).
// KM: the R x C operand (B, K x N) stored K-major, a tile of C rows in atoms along R.
// RR: A's rows placed by tl2cu_wgmma_row<R, RR>.
template <int W, int R, int C, bool KM = false, int ES = 2, int RR = 1>
TL2CU_DEVICE int tl2cu_wgmma_at_e(int e) {
  if constexpr (KM) return tl2cu_wgmma_at<W, C, ES>(e % C, e / C);
  return tl2cu_wgmma_at<W, R, ES>(tl2cu_wgmma_row<R, RR>(e / C), e % C);
}
template <int W>
TL2CU_DEVICE uint64_t tl2cu_wgmma_desc(uint32_t addr, uint32_t leading) {
  constexpr uint64_t mode = W == 128 ? 1 : W == 64 ? 2 : 3;
  return (uint64_t)((addr & 0x3FFFF) >> 4) | (uint64_t)((leading >> 4) & 0x3FFF) << 16 |
         (uint64_t)(((8 * W) >> 4) & 0x3FFF) << 32 | mode << 62;
}
#define TL2CU_D10(p) "%" #p "0, %" #p "1, %" #p "2, %" #p "3, %" #p "4, %" #p "5, %" #p "6, %" #p "7, %" #p "8, %" #p "9"
#define TL2CU_R8 "%0, %1, %2, %3, %4, %5, %6, %7"
#define TL2CU_R16 TL2CU_R8 ", %8, %9, %10, %11, %12, %13, %14, %15"
#define TL2CU_R32 TL2CU_R8 ", %8, %9, " TL2CU_D10(1) ", " TL2CU_D10(2) ", %30, %31"
#define TL2CU_R64                                                                                                 \
  TL2CU_R8 ", %8, %9, " TL2CU_D10(1) ", " TL2CU_D10(2) ", " TL2CU_D10(3) ", " TL2CU_D10(4) ", " TL2CU_D10(5) \
           ", %60, %61, %62, %63"
#define TL2CU_R128                                                                                                 \
  TL2CU_R8 ", %8, %9, " TL2CU_D10(1) ", " TL2CU_D10(2) ", " TL2CU_D10(3) ", " TL2CU_D10(4) ", " TL2CU_D10(5) ", " \
      TL2CU_D10(6) ", " TL2CU_D10(7) ", " TL2CU_D10(8) ", " TL2CU_D10(9) ", " TL2CU_D10(10) ", " TL2CU_D10(11)     \
           ", %120, %121, %122, %123, %124, %125, %126, %127"
#define TL2CU_F8(i) \
  "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), "+f"(d[i + 5]), "+f"(d[i + 6]), "+f"(d[i + 7])
#define TL2CU_F32(i) TL2CU_F8(i), TL2CU_F8(i + 8), TL2CU_F8(i + 16), TL2CU_F8(i + 24)
#define TL2CU_R4 "%0, %1, %2, %3"
#define TL2CU_U4(i) "+r"(h[i]), "+r"(h[i + 1]), "+r"(h[i + 2]), "+r"(h[i + 3])
#define TL2CU_U16(i) TL2CU_U4(i), TL2CU_U4(i + 4), TL2CU_U4(i + 8), TL2CU_U4(i + 12)
// One m64nNkK step into fp32 registers d (scale-d 1: D += A B), KT its "kK.f32.type.type",
// A K-major, B N-major (imm-trans-b TB = 1) or K-major (TB = 0): TRANS(TB), the transpose
// operands 16-bit types take (TL2CU_TRANS_B), none for fp8 (TL2CU_NO_TRANS: both K-major);
// DA, DB, ONE, TB: the numbers of the descriptor operands, of the constant 1 and of TB
// (after the N / 2 accumulators).
#define TL2CU_TRANS_B(TB) ", 0, %" #TB
#define TL2CU_NO_TRANS(TB) ""
#define TL2CU_WGMMA_STEP(N, KT, TRANS, REGS, DA, DB, ONE, ...)                                               \
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %" #ONE ", 0;\nwgmma.mma_async.sync.aligned.m64n" #N KT   \
               " {" REGS "}, %" #DA ", %" #DB ", p, 1, 1" TRANS ";\n}\n"                                    \
               : __VA_ARGS__                                                                                 \
               : "l"(da), "l"(db), "n"(1), "n"(BK ? 0 : 1)                                                   \
               : "memory")
// The same with A from registers: a[0..3] the thread's A fragment (mma.sync's m16n8k16 A
// fragment of its warp's 16 rows), A0 the number of a[0] (after the accumulators).
#define TL2CU_WGMMA_STEP_RA(N, AB, REGS, A0, A1, A2, A3, DB, ONE, TB, ...)                                     \
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %" #ONE ", 0;\nwgmma.mma_async.sync.aligned.m64n" #N       \
               "k16.f32." AB "." AB " {" REGS "}, {%" #A0 ", %" #A1 ", %" #A2 ", %" #A3 "}, %" #DB            \
               ", p, 1, 1, %" #TB ";\n}\n"                                                                  \
               : __VA_ARGS__                                                                                 \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "n"(1), "n"(BK ? 0 : 1)              \
               : "memory")
template <typename T, int N, bool BK = false>
TL2CU_DEVICE void tl2cu_wgmma_step(float *d, uint64_t da, uint64_t db) {
  static_assert(N == 16 || N == 32 || N == 64 || N == 128 || N == 256, "wgmma tiles of N = 16, 32, 64, 128, 256");
  static_assert(sizeof(T) == 2 || BK, "wgmma on fp8: B K-major (no transpose for 8-bit types)");
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define TL2CU_WGMMA_N(KT, TR)                                                                                      \
  if constexpr (N == 16) TL2CU_WGMMA_STEP(16, KT, TR(11), TL2CU_R8, 8, 9, 10, TL2CU_F8(0));                       \
  else if constexpr (N == 32) TL2CU_WGMMA_STEP(32, KT, TR(19), TL2CU_R16, 16, 17, 18, TL2CU_F8(0), TL2CU_F8(8));   \
  else if constexpr (N == 64) TL2CU_WGMMA_STEP(64, KT, TR(35), TL2CU_R32, 32, 33, 34, TL2CU_F32(0));              \
  else if constexpr (N == 128)                                                                                    \
    TL2CU_WGMMA_STEP(128, KT, TR(67), TL2CU_R64, 64, 65, 66, TL2CU_F32(0), TL2CU_F32(32));                        \
  else TL2CU_WGMMA_STEP(256, KT, TR(131), TL2CU_R128, 128, 129, 130, TL2CU_F32(0), TL2CU_F32(32), TL2CU_F32(64),   \
                        TL2CU_F32(96));
  if constexpr (std::is_same<T, half>::value) {
    TL2CU_WGMMA_N("k16.f32.f16.f16", TL2CU_TRANS_B)
  } else if constexpr (std::is_same<T, __nv_bfloat16>::value) {
    TL2CU_WGMMA_N("k16.f32.bf16.bf16", TL2CU_TRANS_B)
  } else if constexpr (std::is_same<T, tl2cu_e4m3>::value) {
    TL2CU_WGMMA_N("k32.f32.e4m3.e4m3", TL2CU_NO_TRANS)
  } else {
    static_assert(std::is_same<T, tl2cu_e5m2>::value, "wgmma takes fp16, bf16, fp8 (e4m3, e5m2) here");
    TL2CU_WGMMA_N("k32.f32.e5m2.e5m2", TL2CU_NO_TRANS)
  }
#undef TL2CU_WGMMA_N
#else
  __trap();  // (never run: a file that uses wgmma stops with an #error unless built for sm_90a)
#endif
}
// The same into fp16 accumulators, two a register (h[i]: elements 2i and 2i + 1 of the fp32
// form's d), KT's accumulator type f16.
template <typename T, int N, bool BK = false>
TL2CU_DEVICE void tl2cu_wgmma_step_h(uint32_t *h, uint64_t da, uint64_t db) {
  static_assert(N == 16 || N == 32 || N == 64 || N == 128 || N == 256, "wgmma tiles of N = 16, 32, 64, 128, 256");
  static_assert(sizeof(T) == 2 || BK, "wgmma on fp8: B K-major (no transpose for 8-bit types)");
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define TL2CU_WGMMA_N(KT, TR)                                                                                   \
  if constexpr (N == 16) TL2CU_WGMMA_STEP(16, KT, TR(7), TL2CU_R4, 4, 5, 6, TL2CU_U4(0));                        \
  else if constexpr (N == 32) TL2CU_WGMMA_STEP(32, KT, TR(11), TL2CU_R8, 8, 9, 10, TL2CU_U4(0), TL2CU_U4(4));     \
  else if constexpr (N == 64) TL2CU_WGMMA_STEP(64, KT, TR(19), TL2CU_R16, 16, 17, 18, TL2CU_U16(0));            \
  else if constexpr (N == 128)                                                                                 \
    TL2CU_WGMMA_STEP(128, KT, TR(35), TL2CU_R32, 32, 33, 34, TL2CU_U16(0), TL2CU_U16(16));                     \
  else TL2CU_WGMMA_STEP(256, KT, TR(67), TL2CU_R64, 64, 65, 66, TL2CU_U16(0), TL2CU_U16(16), TL2CU_U16(32),      \
                        TL2CU_U16(48));
  if constexpr (std::is_same<T, half>::value) {
    TL2CU_WGMMA_N("k16.f16.f16.f16", TL2CU_TRANS_B)
  } else if constexpr (std::is_same<T, tl2cu_e4m3>::value) {
    TL2CU_WGMMA_N("k32.f16.e4m3.e4m3", TL2CU_NO_TRANS)
  } else {
    static_assert(std::is_same<T, tl2cu_e5m2>::value, "wgmma into fp16 takes fp16 or fp8 (e4m3, e5m2)");
    TL2CU_WGMMA_N("k32.f16.e5m2.e5m2", TL2CU_NO_TRANS)
  }
#undef TL2CU_WGMMA_N
#else
  __trap();  // (as tl2cu_wgmma_step)
#endif
}
// The steps' operands. A K-major tile of R rows of ES-byte elements in atoms of W bytes (A; B
// where BK): step k's descriptor is the first's plus the byte offset of element (0, k), >> 4
// (the hardware swizzles the absolute address); an N-major B of W-byte atoms: plus k rows.
// (A descriptor's address field is the byte address >> 4, below 2^18 in shared memory: no
// field overflows.)
template <int R, int W, int ES = 2>
TL2CU_DEVICE constexpr int tl2cu_wgmma_kmajor_step(int k) {
  return (k * ES / W * (R * W) + k * ES % W) / 16;
}
template <int N, int K, int WB, bool BK, int ES = 2>
TL2CU_DEVICE uint64_t tl2cu_wgmma_desc_b(const void *B, int k) {
  const uint32_t b = (uint32_t)__cvta_generic_to_shared(B);
  if constexpr (BK) return tl2cu_wgmma_desc<WB>(b, 16) + tl2cu_wgmma_kmajor_step<N, WB, ES>(k);
  return tl2cu_wgmma_desc<WB>(b, K * WB) + k * WB / 16;
}
// Accumulators (and A fragments) pinned: the compiler keeps the ordinary instructions that
// write them before wgmma.fence and those that read them after the wait.
template <int N>
TL2CU_DEVICE void tl2cu_wgmma_pin(float *d) {
#pragma unroll
  for (int i = 0; i < N / 2; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

// D += A x B, D (M x N fp32, or fp16: Acc) held as above, A (M x K) in atoms of WA bytes and B (K x N) in
// atoms of WB bytes as above (BK: K-major, a tile of N rows in atoms along K, as A): warpgroup
// g takes rows 64 g.., one step per 32 bytes of K (16 fp16 or bf16, 32 fp8; fp8 with B
// K-major), all issued; returns once at most IN_FLIGHT (0
// or 1) of this warpgroup's groups of steps run on (their operands must not be rewritten
// until a barrier after a later call or a wait; d not read before tl2cu_wgmma_wait). Stores
// into A and B must be followed by fence.proxy.async (tl2cu_fence_async) and a barrier,
// cp.async copies into them by their wait and a barrier. fp16 accumulators go two to a
// register around the steps, every group waited for (IN_FLIGHT as 0). RR > 1: each warp
// holds RR 16-row tiles of D (M = 16 x warps x RR, Triton's 128 x N tiles on 4 warps), A's
// rows placed by tl2cu_wgmma_row: the steps run once per 64-row slice b of the warpgroup,
// into d + b N / 2, all in one group.
template <typename T, int M, int N, int K, int WA, int WB, int IN_FLIGHT = 0, bool BK = false, int RR = 1,
          typename Acc>
TL2CU_DEVICE void tl2cu_wgmma(Acc *d, const T *A, const T *B, int tid) {
  constexpr int ES = sizeof(T), KS = 32 / ES, G = M / 64 / RR;  // (element bytes, k a step, warpgroups)
  static_assert(M % (64 * RR) == 0 && K % KS == 0, "wgmma: 64-row warpgroup slices, K whole steps");
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  const uint32_t a = (uint32_t)__cvta_generic_to_shared(A) + tid / 128 * 64 * WA;
  if constexpr (std::is_same<Acc, half>::value) {
    uint32_t h[RR * N / 4];
#pragma unroll
    for (int i = 0; i < RR * N / 4; ++i) {
      h[i] = tl2cu_pack_half2(d[2 * i], d[2 * i + 1]);
      asm volatile("" : "+r"(h[i])::"memory");  // (pinned, as tl2cu_wgmma_pin)
    }
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int b = 0; b < RR; ++b) {
      const uint64_t da = tl2cu_wgmma_desc<WA>(a + b * G * 64 * WA, 16);
#pragma unroll
      for (int k = 0; k < K; k += KS)
        tl2cu_wgmma_step_h<T, N, BK>(h + b * N / 4, da + tl2cu_wgmma_kmajor_step<M, WA, ES>(k),
                                     tl2cu_wgmma_desc_b<N, K, WB, BK, ES>(B, k));
    }
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#pragma unroll
    for (int i = 0; i < RR * N / 4; ++i) {
      asm volatile("" : "+r"(h[i])::"memory");
      tl2cu_unpack_half2(h[i], d[2 * i], d[2 * i + 1]);
    }
  } else {
    if constexpr (IN_FLIGHT == 0) tl2cu_wgmma_pin<RR * N>(d);  // (else only wgmma writes d: a pipeline's)
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int b = 0; b < RR; ++b) {
      const uint64_t da = tl2cu_wgmma_desc<WA>(a + b * G * 64 * WA, 16);
#pragma unroll
      for (int k = 0; k < K; k += KS)
        tl2cu_wgmma_step<T, N, BK>(d + b * N / 2, da + tl2cu_wgmma_kmajor_step<M, WA, ES>(k),
                                   tl2cu_wgmma_desc_b<N, K, WB, BK, ES>(B, k));
    }
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(IN_FLIGHT) : "memory");
    if constexpr (IN_FLIGHT == 0) tl2cu_wgmma_pin<RR * N>(d);  // (read only after the wait)
  }
#else
  __trap();  // (as tl2cu_wgmma_step)
#endif
}

template <typename T, int N, bool BK>
TL2CU_DEVICE void tl2cu_wgmma_step_ra(float *d, const uint32_t *a, uint64_t db) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define TL2CU_WGMMA_N(AB)                                                                                      \
  if constexpr (N == 16) TL2CU_WGMMA_STEP_RA(16, AB, TL2CU_R8, 8, 9, 10, 11, 12, 13, 14, TL2CU_F8(0));         \
  else if constexpr (N == 32)                                                                                 \
    TL2CU_WGMMA_STEP_RA(32, AB, TL2CU_R16, 16, 17, 18, 19, 20, 21, 22, TL2CU_F8(0), TL2CU_F8(8));             \
  else if constexpr (N == 64) TL2CU_WGMMA_STEP_RA(64, AB, TL2CU_R32, 32, 33, 34, 35, 36, 37, 38, TL2CU_F32(0)); \
  else if constexpr (N == 128)                                                                                \
    TL2CU_WGMMA_STEP_RA(128, AB, TL2CU_R64, 64, 65, 66, 67, 68, 69, 70, TL2CU_F32(0), TL2CU_F32(32));         \
  else TL2CU_WGMMA_STEP_RA(256, AB, TL2CU_R128, 128, 129, 130, 131, 132, 133, 134, TL2CU_F32(0), TL2CU_F32(32), \
                           TL2CU_F32(64), TL2CU_F32(96));
  if constexpr (std::is_same<T, half>::value) {
    TL2CU_WGMMA_N("f16")
  } else {
    TL2CU_WGMMA_N("bf16")
  }
#undef TL2CU_WGMMA_N
#endif
}
// The same with A in registers (FlashAttention-3's p): A (M x K) held as the accumulators
// of an M x K wgmma result of the same warpgroups (tl2cu_elem_mma<num_warps, 1, M, K>), a[k]
// the thread's k-th element; a step's A fragment is then, as on mma.sync
// (tl2cu_mma_regs_a), the thread's accumulators of two neighbouring 8-column tiles, two
// elements to a register. Only B goes through shared memory; IN_FLIGHT as above (d and the
// fragments pinned before the fence, whatever it is: ordinary instructions write them).
template <typename T, int M, int N, int K, int WB, bool BK = false, int IN_FLIGHT = 0>
TL2CU_DEVICE void tl2cu_wgmma_regs_a(float *d, const T *a, const T *B) {
  static_assert(sizeof(T) == 2 && M % 64 == 0 && K % 16 == 0, "wgmma: 16-bit operands, 64-row warpgroup slices");
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  uint32_t af[K / 16][4];
#pragma unroll
  for (int k = 0; k < K; k += 16) {
    tl2cu_a_fragment_regs(af[k / 16], a, k);
#pragma unroll
    for (int r = 0; r < 4; ++r) asm volatile("" : "+r"(af[k / 16][r])::"memory");
  }
  tl2cu_wgmma_pin<N>(d);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
  for (int k = 0; k < K; k += 16) tl2cu_wgmma_step_ra<T, N, BK>(d, af[k / 16], tl2cu_wgmma_desc_b<N, K, WB, BK>(B, k));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(IN_FLIGHT) : "memory");
  if constexpr (IN_FLIGHT == 0) tl2cu_wgmma_pin<N>(d);
#else
  __trap();  // (as tl2cu_wgmma_step)
#endif
}
// Waits for this warpgroup's wgmma steps on the N / 2 accumulators d to finish (where a dot
// left them running: before every read of d).
template <int N>
TL2CU_DEVICE void tl2cu_wgmma_wait(float *d) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  tl2cu_wgmma_pin<N>(d);
#endif
}
template <int N>
TL2CU_DEVICE void tl2cu_wgmma_wait(half *) {}  // (fp16 accumulators: every group waited for already)
// This thread's st.shared writes made visible to wgmma's reads (the async proxy); a barrier
// after it publishes them to the block. (cp.async copies need none, as Triton's fence
// insertion has it: their wait_group and a barrier.)
TL2CU_DEVICE void tl2cu_fence_async() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

// D += A x B for NB products, D (M x N, the accumulators' type) and A (M x K), B (K x N)
// all row-major in shared memory, one product after another: the block's W warps take the
// 16 x 8 tiles of D in turn (warp w: tiles w, w + W, ..., row-major over the tiles, then
// the next product), each k step in order, so that every element of D is its C plus the
// tensor-core steps of its row and column in k order.
template <typename T, int NB, int M, int N, int K, int W, typename Acc>
TL2CU_DEVICE void tl2cu_mma_block(const T *A, const T *B, Acc *D, int tid) {
  constexpr int kK = tl2cu_mma_k<T>::value, kTiles = (M / 16) * (N / 8);
  static_assert(M % 16 == 0 && N % 8 == 0 && K % kK == 0, "whole m16n8kK tiles");
  const int lane = tid % 32, g = lane / 4, t = lane % 4;
  for (int tile = tid / 32; tile < NB * kTiles; tile += W) {
    const int p = tile / kTiles, m = tile % kTiles / (N / 8) * 16, n = tile % (N / 8) * 8;
    const T *a = A + p * M * K, *b = B + p * K * N;
    Acc *d0 = D + p * M * N + (m + g) * N + n + 2 * t, *d1 = d0 + 8 * N;
    Acc c[4] = {d0[0], d0[1], d1[0], d1[1]};
#pragma unroll 4
    for (int k = 0; k < K; k += kK) {
      uint32_t af[4], bf[2];
      tl2cu_frag_a(af, a + m * K + k, K, lane);
      tl2cu_frag_b(bf, b + k * N + n, N, lane);
      tl2cu_mma<T>(c, af, bf);
    }
    d0[0] = c[0];
    d0[1] = c[1];
    d1[0] = c[2];
    d1[1] = c[3];
  }
}

// D += A x B with D held in registers as tl2cu_elem_mma<WM, WN, M, N> lays it out (d[k]
// the thread's k-th element), A (M x K) and B (K x N) row-major in shared memory, their
// rows LDA and LDB elements apart (dot.c pads them by 16 bytes): each warp loads the
// fragments of its rows of A (ldmatrix) and its columns of B (ldmatrix for 16-bit
// elements, else element by element) once a k step and chains them into its own
// fragments of D, the k steps in order.
// A warp's B fragments of k step k for its kCols 8-column tiles from column n0: ldmatrix for
// 16-bit elements (.trans from B row-major; BK: from B stored K-major, row n of the buffer
// holding column n of B, LDB elements apart), else element by element.
template <typename T, int kCols, int LDB, bool BK>
TL2CU_DEVICE void tl2cu_b_fragments(uint32_t (*bf)[2], const T *B, int k, int n0, int lane) {
  static_assert(!BK || (sizeof(T) == 2 && kCols % 2 == 0), "K-major B: 16-bit, pairs of column tiles");
  if constexpr (BK) {
#pragma unroll
    for (int j = 0; j < kCols; j += 2) tl2cu_ldmatrix_bk(bf[j], bf[j + 1], B + (n0 + j * 8) * LDB + k, LDB, lane);
  } else if constexpr (sizeof(T) == 2 && kCols % 2 == 0) {
#pragma unroll
    for (int j = 0; j < kCols; j += 2) tl2cu_ldmatrix_b(bf[j], bf[j + 1], B + k * LDB + n0 + j * 8, LDB, lane);
  } else {
#pragma unroll
    for (int j = 0; j < kCols; ++j) tl2cu_frag_b(bf[j], B + k * LDB + n0 + j * 8, LDB, lane);
  }
}

// BK: B stored K-major (tl2cu_b_fragments).
template <typename T, int M, int N, int K, int WM, int WN, int LDA, int LDB, bool BK = false, typename Acc>
TL2CU_DEVICE void tl2cu_mma_regs(Acc *d, const T *A, const T *B, int tid) {
  constexpr int kK = tl2cu_mma_k<T>::value;
  constexpr int kRows = M / WM / 16, kCols = N / WN / 8;  // a warp's fragments
  static_assert(M % (16 * WM) == 0 && N % (8 * WN) == 0 && K % kK == 0, "whole m16n8kK tiles");
  static_assert((LDA * sizeof(T)) % 16 == 0, "ldmatrix reads rows that start 16-byte aligned");
  const int warp = tid / 32, lane = tid % 32;
  const int m0 = warp / WN * (M / WM), n0 = warp % WN * (N / WN);
#pragma unroll 2
  for (int k = 0; k < K; k += kK) {
    uint32_t af[kRows][4], bf[kCols][2];
#pragma unroll
    for (int i = 0; i < kRows; ++i) tl2cu_ldmatrix_a(af[i], A + (m0 + i * 16) * LDA + k, LDA, lane);
    tl2cu_b_fragments<T, kCols, LDB, BK>(bf, B, k, n0, lane);
#pragma unroll
    for (int i = 0; i < kRows; ++i)
#pragma unroll
      for (int j = 0; j < kCols; ++j) tl2cu_mma<T>(d + 4 * (i * kCols + j), af[i], bf[j]);
  }
}

// The same with A in registers (FlashAttention-2's p): A (M x K) held as the accumulators of
// an M x K mma layout of the same warps in one column (WN = 1: a warp holds all K of its
// rows), a[k] the thread's k-th element (tl2cu_elem_mma<WM, 1, M, K>). An m16n8k16 step's A
// fragment is then the thread's accumulators of two neighbouring 8-column tiles, two
// elements to a register: rows g and g + 8, columns 2t, 2t + 1 and 2t + 8, 2t + 9, the order
// ldmatrix gives (a[0..3] above). Only B goes through shared memory.
template <typename T, int M, int N, int K, int WM, int LDB, bool BK = false, typename Acc>
TL2CU_DEVICE void tl2cu_mma_regs_a(Acc *d, const T *a, const T *B, int tid) {
  static_assert(tl2cu_mma_k<T>::value == 16, "fp16 or bf16: a k step spans two accumulator tiles");
  constexpr int kRows = M / WM / 16, kCols = N / 8, kTilesA = K / 8;  // a warp's fragments of D, of A's row
  static_assert(M % (16 * WM) == 0 && N % 8 == 0 && K % 16 == 0, "whole m16n8k16 tiles");
  const int lane = tid % 32;
#pragma unroll
  for (int k = 0; k < K; k += 16) {
    uint32_t af[kRows][4], bf[kCols][2];
#pragma unroll
    for (int i = 0; i < kRows; ++i) tl2cu_a_fragment_regs(af[i], a + 4 * i * kTilesA, k);
    tl2cu_b_fragments<T, kCols, LDB, BK>(bf, B, k, 0, lane);
#pragma unroll
    for (int i = 0; i < kRows; ++i)
#pragma unroll
      for (int j = 0; j < kCols; ++j) tl2cu_mma<T>(d + 4 * (i * kCols + j), af[i], bf[j]);
  }
}

// ---------------------------------------------------------------- float math
TL2CU_DEVICE float tl2cu_ex2_approx(float x) {
  float r;
  asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
// fp32 rounded to tf32 (10 mantissa bits, to nearest, ties away), as tl.dot's
// input_precision="tf32" takes its operands (dot.c).
TL2CU_DEVICE float tl2cu_tf32(float x) {
  uint32_t r;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
  return __uint_as_float(r);
}
TL2CU_DEVICE float tl2cu_ftz(float x) { return fabsf(x) < 1.17549435e-38f ? copysignf(0.f, x) : x; }

// tl.exp: x * log2(e), then the non-ftz ex2.approx (Triton's ExpOpConversionApprox)
TL2CU_DEVICE float tl2cu_exp(float x) { return tl2cu_ex2_approx(__fmul_rn(x, 1.4426950408889634f)); }
TL2CU_DEVICE double tl2cu_exp(double x) { return exp(x); }
TL2CU_DEVICE float tl2cu_exp2(float x) {
  float r;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
TL2CU_DEVICE double tl2cu_exp2(double x) { return exp2(x); }
TL2CU_DEVICE float tl2cu_log(float x) { return logf(x); }
TL2CU_DEVICE double tl2cu_log(double x) { return log(x); }
TL2CU_DEVICE float tl2cu_log2(float x) { return log2f(x); }
TL2CU_DEVICE double tl2cu_log2(double x) { return log2(x); }
TL2CU_DEVICE float tl2cu_sqrt(float x) {
  float r;
  asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
TL2CU_DEVICE double tl2cu_sqrt(double x) { return sqrt(x); }
TL2CU_DEVICE float tl2cu_sqrt_rn(float x) { return __fsqrt_rn(x); }
TL2CU_DEVICE float tl2cu_rsqrt(float x) {
  float r;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
TL2CU_DEVICE double tl2cu_rsqrt(double x) { return rsqrt(x); }
TL2CU_DEVICE float tl2cu_sin(float x) { return sinf(tl2cu_ftz(x)); }
TL2CU_DEVICE double tl2cu_sin(double x) { return sin(x); }
TL2CU_DEVICE float tl2cu_cos(float x) { return cosf(x); }
TL2CU_DEVICE double tl2cu_cos(double x) { return cos(x); }
// tl.erf and libdevice.erf on fp32: __nv_erff as Triton 3.6 compiles it (its libdevice, the
// flush-to-zero path: nvvm-reflect-ftz=1), instruction for instruction from its PTX on the
// H100 (tests/gpu/probes/libdevice_ptx.py, docs/LIBDEVICE.md): one polynomial in x^2 below
// |x| = 1.00296 (x + x p(x^2)), another in |x| above, there 1 - 2^(-|x| - |x| q(|x|)) with x's
// sign. nvcc's erff is another algorithm: about 2% of results differed by an ulp.
TL2CU_DEVICE float tl2cu_fma_ftz(float a, float b, float c) {
  float d;
  asm("fma.rn.ftz.f32 %0, %1, %2, %3;" : "=f"(d) : "f"(a), "f"(b), "f"(c));
  return d;
}
TL2CU_DEVICE float tl2cu_erf(float x) {
  float a;
  asm("abs.ftz.f32 %0, %1;" : "=f"(a) : "f"(x));
  const bool big = a >= __uint_as_float(0x3F8060FEu);  // (1.0029602)
  const float t = big ? a : __fmul_rn(x, x);
  float p = big ? __uint_as_float(0x3789CA3Cu) : __uint_as_float(0x38B1E96Au);
  p = tl2cu_fma_ftz(p, t, big ? __uint_as_float(0xB9F560B9u) : __uint_as_float(0xBA574D20u));
  p = tl2cu_fma_ftz(p, t, big ? __uint_as_float(0x3BAC840Bu) : __uint_as_float(0x3BAAD5EAu));
  p = tl2cu_fma_ftz(p, t, big ? __uint_as_float(0xBD0C8162u) : __uint_as_float(0xBCDC1BE7u));
  p = tl2cu_fma_ftz(p, t, big ? __uint_as_float(0x3E1CF906u) : __uint_as_float(0x3DE718AFu));
  p = tl2cu_fma_ftz(p, t, big ? __uint_as_float(0x3F6A937Eu) : __uint_as_float(0xBEC093ACu));
  p = tl2cu_fma_ftz(p, t, big ? __uint_as_float(0x3F20D842u) : __uint_as_float(0x3E0375D3u));
  const float s = big ? -t : x;
  float r = tl2cu_fma_ftz(p, s, s);
  if (big) r = __uint_as_float((__float_as_uint(x) & 0x80000000u) | __float_as_uint(__fsub_rn(1.0f, tl2cu_exp2(r))));
  return r;
}
TL2CU_DEVICE double tl2cu_erf(double x) { return erf(x); }
TL2CU_DEVICE float tl2cu_floor(float x) {
  float r;
  asm("cvt.rmi.ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
TL2CU_DEVICE double tl2cu_floor(double x) { return floor(x); }
TL2CU_DEVICE float tl2cu_ceil(float x) {
  float r;
  asm("cvt.rpi.ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
TL2CU_DEVICE double tl2cu_ceil(double x) { return ceil(x); }
TL2CU_DEVICE float tl2cu_fma(float a, float b, float c) { return fmaf(a, b, c); }
TL2CU_DEVICE double tl2cu_fma(double a, double b, double c) { return fma(a, b, c); }

// `/` on fp32 is div.full.f32 in Triton (approximate, ~2 ulp), not IEEE division.
TL2CU_DEVICE float tl2cu_div(float a, float b) {
  float r;
  asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
TL2CU_DEVICE double tl2cu_div(double a, double b) { return a / b; }

// Float `%`: the sign follows the dividend; x % inf == x (Triton's frem lowering).
TL2CU_DEVICE float tl2cu_fmod(float x, float y) {
  float t = truncf(__fdiv_rn(x, y));
  float r = fmaf(-t, y, x);
  return isinf(y) ? x : r;
}
TL2CU_DEVICE double tl2cu_fmod(double x, double y) {
  double t = trunc(__ddiv_rn(x, y));
  double r = fma(-t, y, x);
  return isinf(y) ? x : r;
}

// A NaN constant as Triton makes it (APFloat's quiet NaN: 0x7fc00000, and for fp16 and
// bf16 0x7e00 and 0x7fc0, where converting the fp32 NaN would give CUDA's 0x7fff).
template <typename T>
TL2CU_DEVICE T tl2cu_nan() {
  if constexpr (std::is_same<T, half>::value) return __ushort_as_half((unsigned short)0x7e00);
  else if constexpr (std::is_same<T, __nv_bfloat16>::value) return __ushort_as_bfloat16((unsigned short)0x7fc0);
  else return T(__int_as_float(0x7fc00000));
}
template <typename T>
TL2CU_DEVICE T tl2cu_inf() {
  return T(__int_as_float(0x7f800000));
}

// ---------------------------------------------------------------- min / max / abs
// PropagateNan.NONE: a NaN operand is ignored (max.f32 / min.f32).
// U is T, or a literal of T's kind of integer (5LL for an int64_t, which is long).
template <typename T, typename U>
TL2CU_DEVICE T tl2cu_maximum(T a, U b) {
  static_assert(sizeof(T) == sizeof(U) && std::is_signed<T>::value == std::is_signed<U>::value,
                "tl2cu_maximum: operands of different types");
  return a > T(b) ? a : T(b);
}
template <typename T, typename U>
TL2CU_DEVICE T tl2cu_minimum(T a, U b) {
  static_assert(sizeof(T) == sizeof(U) && std::is_signed<T>::value == std::is_signed<U>::value,
                "tl2cu_minimum: operands of different types");
  return a < T(b) ? a : T(b);
}
TL2CU_DEVICE float tl2cu_maximum(float a, float b) { return fmaxf(a, b); }
TL2CU_DEVICE float tl2cu_minimum(float a, float b) { return fminf(a, b); }
TL2CU_DEVICE double tl2cu_maximum(double a, double b) { return fmax(a, b); }
TL2CU_DEVICE double tl2cu_minimum(double a, double b) { return fmin(a, b); }
TL2CU_DEVICE half tl2cu_maximum(half a, half b) { return __hmax(a, b); }
TL2CU_DEVICE half tl2cu_minimum(half a, half b) { return __hmin(a, b); }
// PropagateNan.ALL: a NaN operand wins.
template <typename T, typename U>
TL2CU_DEVICE T tl2cu_maximum_nan(T a, U b) {
  return a != a ? a : b != b ? T(b) : tl2cu_maximum(a, b);
}
template <typename T, typename U>
TL2CU_DEVICE T tl2cu_minimum_nan(T a, U b) {
  return a != a ? a : b != b ? T(b) : tl2cu_minimum(a, b);
}
// fp32 and fp16: max.NaN / min.NaN, as Triton lowers maximumf on sm_80 and later; a NaN
// operand gives the canonical NaN, not its own payload.
#if __CUDA_ARCH__ >= 800
TL2CU_DEVICE float tl2cu_maximum_nan(float a, float b) {
  float r;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
TL2CU_DEVICE float tl2cu_minimum_nan(float a, float b) {
  float r;
  asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
TL2CU_DEVICE half tl2cu_maximum_nan(half a, half b) { return __hmax_nan(a, b); }
TL2CU_DEVICE half tl2cu_minimum_nan(half a, half b) { return __hmin_nan(a, b); }
#endif

// tl.clamp(x, -m, m), as Triton lowers that pattern on sm_90 and later: |x| limited to
// |m|, with the sign of x xor that of m (min.xorsign.abs; .NaN: a NaN operand gives NaN).
// Before sm_90 Triton clamps with max then min, as here.
TL2CU_DEVICE float tl2cu_clip(float x, float m) {
#if __CUDA_ARCH__ >= 900
  float r;
  asm("min.xorsign.abs.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(m));
  return r;
#else
  return tl2cu_minimum(tl2cu_maximum(x, -m), m);
#endif
}
TL2CU_DEVICE float tl2cu_clip_nan(float x, float m) {
#if __CUDA_ARCH__ >= 900
  float r;
  asm("min.NaN.xorsign.abs.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(m));
  return r;
#else
  return tl2cu_minimum_nan(tl2cu_maximum_nan(x, -m), m);
#endif
}
TL2CU_DEVICE half tl2cu_clip(half x, half m) {
#if __CUDA_ARCH__ >= 900
  unsigned short r;
  asm("min.xorsign.abs.f16 %0, %1, %2;" : "=h"(r) : "h"(__half_as_ushort(x)), "h"(__half_as_ushort(m)));
  return __ushort_as_half(r);
#else
  return tl2cu_minimum(tl2cu_maximum(x, -m), m);
#endif
}
TL2CU_DEVICE half tl2cu_clip_nan(half x, half m) {
#if __CUDA_ARCH__ >= 900
  unsigned short r;
  asm("min.NaN.xorsign.abs.f16 %0, %1, %2;" : "=h"(r) : "h"(__half_as_ushort(x)), "h"(__half_as_ushort(m)));
  return __ushort_as_half(r);
#else
  return tl2cu_minimum_nan(tl2cu_maximum_nan(x, -m), m);
#endif
}

TL2CU_DEVICE float tl2cu_abs(float x) { return fabsf(x); }
TL2CU_DEVICE double tl2cu_abs(double x) { return fabs(x); }
TL2CU_DEVICE bool tl2cu_abs(bool x) { return x; }
// tl.abs of bits just loaded or reinterpreted from an integer: the sign bit cleared, as
// LLVM's integer and does it in Triton's kernel (abs.f32 would make a NaN canonical,
// abs.f64 leave its sign).
TL2CU_DEVICE float tl2cu_abs_bits(float x) { return __int_as_float(__float_as_int(x) & 0x7fffffff); }
TL2CU_DEVICE double tl2cu_abs_bits(double x) {
  return __longlong_as_double(__double_as_longlong(x) & 0x7fffffffffffffffLL);
}
// The negated factor of a fused multiply-subtract, when it is bits just loaded: the sign
// bit flipped, as LLVM's integer xor does in Triton's kernel (-x in C becomes a negated
// DFMA operand, which leaves a NaN's sign).
TL2CU_DEVICE float tl2cu_neg_bits(float x) { return __int_as_float(__float_as_int(x) ^ 0x80000000); }
TL2CU_DEVICE double tl2cu_neg_bits(double x) {
  return __longlong_as_double(__double_as_longlong(x) ^ (long long)0x8000000000000000ULL);
}
// fp16 / bf16: the sign bit cleared, NaNs included, as LLVM's fabs is defined (Triton's
// PTX has abs.f16 in some kernels, which returns the canonical NaN, and a bitwise and in
// others: NaN payloads of tl.abs differ between Triton's own kernels).
TL2CU_DEVICE half tl2cu_abs(half x) { return __ushort_as_half(__half_as_ushort(x) & 0x7fff); }
TL2CU_DEVICE __nv_bfloat16 tl2cu_abs(__nv_bfloat16 x) {
  return __ushort_as_bfloat16(__bfloat16_as_ushort(x) & 0x7fff);
}

// ---------------------------------------------------------------- integer arithmetic
// Triton's + - * and unary minus wrap in two's complement (LLVM add/sub/mul without
// nsw), where C's signed overflow is undefined: nvcc folds (x + INT32_MAX) < x to
// false. The generated code calls these on signed values of 32 and 64 bits, and on
// uint16 multiplies (computed in int by C's promotion, 65535 * 65535 overflows); the
// translator emits plain C where C already wraps. They compute in unsigned
// arithmetic of at least 32 bits and convert back, modulo 2^N. T comes from the
// first operand; the second must be the same kind of integer (a literal spelled
// 5LL for an int64_t is fine). Host and device: tests/runtime_host.cu checks them.
template <typename T>
using tl2cu_bits_of = typename std::conditional<sizeof(T) == 8, uint64_t, uint32_t>::type;
template <typename T, typename U>
__host__ __device__ constexpr bool tl2cu_same_int() {
  return sizeof(T) == sizeof(U) && std::is_signed<T>::value == std::is_signed<U>::value;
}
template <typename T, typename U>
TL2CU_HOST_DEVICE T tl2cu_add(T a, U b) {
  static_assert(tl2cu_same_int<T, U>(), "tl2cu_add: operands of different types");
  return T(tl2cu_bits_of<T>(a) + tl2cu_bits_of<T>(b));
}
template <typename T, typename U>
TL2CU_HOST_DEVICE T tl2cu_sub(T a, U b) {
  static_assert(tl2cu_same_int<T, U>(), "tl2cu_sub: operands of different types");
  return T(tl2cu_bits_of<T>(a) - tl2cu_bits_of<T>(b));
}
template <typename T, typename U>
TL2CU_HOST_DEVICE T tl2cu_mul(T a, U b) {
  static_assert(tl2cu_same_int<T, U>(), "tl2cu_mul: operands of different types");
  return T(tl2cu_bits_of<T>(a) * tl2cu_bits_of<T>(b));
}
template <typename T>
TL2CU_HOST_DEVICE T tl2cu_neg(T a) {  // Triton's -x is 0 - x: -INT32_MIN == INT32_MIN
  return T(0 - tl2cu_bits_of<T>(a));
}
template <typename T>
TL2CU_HOST_DEVICE T tl2cu_abs(T x) {  // tl.abs: abs(INT32_MIN) == INT32_MIN; unsigned: identity
  return std::is_signed<T>::value && (x >> (sizeof(T) * 8 - 1)) ? tl2cu_neg(x) : x;
}

// ---------------------------------------------------------------- integer shifts
// PTX clamps shift amounts: a shift by the bit width or more gives 0 (or -1 for
// an arithmetic right shift of a negative value), unlike C where it is undefined
// (observed on the H200 with run-time amounts, TRITON_SEMANTICS.md 3.1). A left
// shift goes through unsigned bits: in C++17 shifting a negative value is undefined.
template <typename T, typename S>
TL2CU_HOST_DEVICE T tl2cu_shl(T x, S s) {
  return (uint64_t)s >= sizeof(T) * 8 ? T(0) : T(tl2cu_bits_of<T>(x) << s);
}
template <typename T, typename S>
TL2CU_HOST_DEVICE T tl2cu_shr(T x, S s) {
  constexpr int bits = sizeof(T) * 8;
  if ((uint64_t)s >= bits) return std::is_signed<T>::value ? T(x >> (bits - 1)) : T(0);  // the sign, or 0
  return T(x >> s);
}
// Triton shifts arithmetically when the tensor it shifts is signed, whatever the type
// its operands promote to (int8 >> uint8 is an arithmetic shift of a uint8), and
// logically when it is unsigned: the shift on x's bits as the other signedness.
template <typename T, typename S>
TL2CU_HOST_DEVICE T tl2cu_ashr(T x, S s) {
  return T(tl2cu_shr((typename std::make_signed<T>::type)x, s));
}
template <typename T, typename S>
TL2CU_HOST_DEVICE T tl2cu_lshr(T x, S s) {
  return T(tl2cu_shr((typename std::make_unsigned<T>::type)x, s));
}

// ---------------------------------------------------------------- reductions
// Lane exchange for any element type. Types narrower than a word travel as their bits
// in one: a conversion to int would truncate half and bf16 values to integers.
template <typename T>
TL2CU_DEVICE T tl2cu_shfl_xor(T v, int lane_mask) {
  if constexpr (sizeof(T) < 4) {
    uint32_t bits = 0;
    memcpy(&bits, &v, sizeof(T));
    bits = __shfl_xor_sync(0xffffffffu, bits, lane_mask);
    memcpy(&v, &bits, sizeof(T));
    return v;
  } else {
    return __shfl_xor_sync(0xffffffffu, v, lane_mask);
  }
}

// Load and store windows (stencils) move runs between lanes as 4-byte words, built
// from the elements' bits in registers (a memcpy of the whole run went through local
// memory). tl2cu_run_word: word i of run r, elements packed little-endian.
template <typename T>
TL2CU_DEVICE uint64_t tl2cu_bits(T x) {
  uint64_t b = 0;
  memcpy(&b, &x, sizeof(T));
  return b;
}
template <typename T>
TL2CU_DEVICE T tl2cu_from_bits(uint64_t b) {
  T x;
  memcpy(&x, &b, sizeof(T));
  return x;
}
template <typename T, int V>
TL2CU_DEVICE uint32_t tl2cu_run_word(const tl2cu_vec<T, V> &r, int i) {
  constexpr int per_word = sizeof(T) < 4 ? 4 / sizeof(T) : 1;  // elements in a word
  constexpr int words = sizeof(T) > 4 ? sizeof(T) / 4 : 1;      // words in an element
  if (sizeof(T) >= 4) return (uint32_t)(tl2cu_bits(r.v[i / words]) >> (32 * (i % words)));
  uint32_t w = 0;
#pragma unroll
  for (int j = 0; j < per_word; ++j) w |= (uint32_t)tl2cu_bits(r.v[i * per_word + j]) << (8 * sizeof(T) * j);
  return w;
}
template <typename T, int V>
TL2CU_DEVICE void tl2cu_set_run_word(tl2cu_vec<T, V> &r, int i, uint32_t w) {
  constexpr int per_word = sizeof(T) < 4 ? 4 / sizeof(T) : 1;
  if (sizeof(T) == 4) {
    r.v[i] = tl2cu_from_bits<T>(w);
  } else if (sizeof(T) == 8) {
    const int half = 32 * (i % 2);
    uint64_t b = tl2cu_bits(r.v[i / 2]);
    b = (b & ~((uint64_t)0xffffffffu << half)) | ((uint64_t)w << half);
    r.v[i / 2] = tl2cu_from_bits<T>(b);
  } else {
#pragma unroll
    for (int j = 0; j < per_word; ++j) r.v[i * per_word + j] = tl2cu_from_bits<T>(w >> (8 * sizeof(T) * j));
  }
}
// Of lane + 1's run, the first W words (the other words keep this lane's own).
template <int W, typename T, int V>
TL2CU_DEVICE tl2cu_vec<T, V> tl2cu_next_run(const tl2cu_vec<T, V> &x) {
  tl2cu_vec<T, V> r = x;
#pragma unroll
  for (int i = 0; i < W; ++i) tl2cu_set_run_word(r, i, __shfl_down_sync(0xffffffffu, tl2cu_run_word(x, i), 1));
  return r;
}
template <typename T, int V>
TL2CU_DEVICE T tl2cu_window_at(const tl2cu_vec<T, V> &prev, const tl2cu_vec<T, V> &run, const tl2cu_vec<T, V> &next, int i) {
  return i < 0 ? prev.v[V + i] : i < V ? run.v[i] : next.v[i - V];
}
template <int Bytes> struct tl2cu_word;
template <> struct tl2cu_word<1> { typedef uint8_t type; };
template <> struct tl2cu_word<2> { typedef uint16_t type; };
template <> struct tl2cu_word<4> { typedef uint32_t type; };
template <> struct tl2cu_word<8> { typedef uint64_t type; };
// Elements [I, I + N) of a run as little-endian bits (at most 8 bytes), read or
// written: a run of the elements' own type, or packed: bytes four to a word.
template <bool Packed> struct tl2cu_run_bits;
template <> struct tl2cu_run_bits<false> {
  template <int I, int N, typename T, int V>
  static __device__ __forceinline__ uint64_t get(const tl2cu_vec<T, V> &r) {
    uint64_t bits = 0;
#pragma unroll
    for (int j = 0; j < N; ++j) bits |= tl2cu_bits(r.v[I + j]) << (8 * sizeof(T) * j);
    return bits;
  }
  template <int I, int N, typename T, int V>
  static __device__ __forceinline__ void set(tl2cu_vec<T, V> &r, uint64_t bits) {
#pragma unroll
    for (int j = 0; j < N; ++j) r.v[I + j] = tl2cu_from_bits<T>(bits >> (8 * sizeof(T) * j));
  }
};
template <> struct tl2cu_run_bits<true> {
  template <int I, int N, int W>
  static __device__ __forceinline__ uint64_t get(const tl2cu_vec<uint32_t, W> &r) {
    const uint64_t pair = (uint64_t)r.v[I / 4] | (I / 4 + 1 < W ? (uint64_t)r.v[I / 4 + 1] << 32 : 0);
    const uint64_t more = I / 4 + 2 < W ? (uint64_t)r.v[I / 4 + 2] << ((64 - 8 * (I % 4)) & 63) : 0;
    return (pair >> (8 * (I % 4))) | (I % 4 ? more : 0);
  }
  template <int I, int N, int W>
  static __device__ __forceinline__ void set(tl2cu_vec<uint32_t, W> &r, uint64_t bits) {
    if (N == 8) {  // aligned: two whole words
      r.v[I / 4] = (uint32_t)bits;
      r.v[I / 4 + 1] = (uint32_t)(bits >> 32);
    } else {  // aligned pieces of 4 bytes or less stay inside one word
      const int shift = 8 * (I % 4);
      const uint32_t mask = (N == 4 ? 0xffffffffu : (1u << (8 * N)) - 1) << shift;
      r.v[I / 4] = (r.v[I / 4] & ~mask) | ((uint32_t)bits << shift);
    }
  }
};
// Store windows: elements [I, To) of run r, element i at base[C + i] (base aligned to the
// run's size), in the fewest aligned pieces of at most 8 bytes.
template <int C, int I, int To, int Size>
__host__ __device__ constexpr int tl2cu_piece() {  // elements in the piece at i: aligned there, inside [I, To)
  int n = 1;
  while ((C + I) % (2 * n) == 0 && I + 2 * n <= To && 2 * n * Size <= 8) n *= 2;
  return n;
}
template <int C, int I, int To, typename T, typename E, int V>
struct tl2cu_part {
  static __device__ __forceinline__ void store(T *base, const tl2cu_vec<E, V> &r) {
    constexpr int n = tl2cu_piece<C, I, To, sizeof(T)>();
    typedef typename tl2cu_word<n * sizeof(T)>::type P;
    const uint64_t bits = tl2cu_run_bits<sizeof(E) != sizeof(T)>::template get<I, n>(r);
    *reinterpret_cast<P *>(base + C + I) = (P)bits;
    tl2cu_part<C, I + n, To, T, E, V>::store(base, r);
  }
};
template <int C, int To, typename T, typename E, int V>
struct tl2cu_part<C, To, To, T, E, V> {
  static __device__ __forceinline__ void store(T *, const tl2cu_vec<E, V> &) {}
};
template <int C, int From, int To, typename T, typename E, int V>
TL2CU_DEVICE void tl2cu_store_part(T *base, const tl2cu_vec<E, V> &r) {
  tl2cu_part<C, From, To, T, E, V>::store(base, r);
}
// Load windows: elements [I, To) of run r from base[I, To) (base aligned to the run's
// size), in the fewest aligned loads of at most 8 bytes: the few elements before or
// after a thread's run that its shifted loads need.
template <int I, int To, typename T, typename E, int V>
struct tl2cu_span {
  static __device__ __forceinline__ void load(tl2cu_vec<E, V> &r, const T *base) {
    constexpr int n = tl2cu_piece<0, I, To, sizeof(T)>();
    typedef typename tl2cu_word<n * sizeof(T)>::type P;
    tl2cu_run_bits<sizeof(E) != sizeof(T)>::template set<I, n>(r, *reinterpret_cast<const P *>(base + I));
    tl2cu_span<I + n, To, T, E, V>::load(r, base);
  }
};
template <int To, typename T, typename E, int V>
struct tl2cu_span<To, To, T, E, V> {
  static __device__ __forceinline__ void load(tl2cu_vec<E, V> &, const T *) {}
};
template <int I, int To, typename T, typename E, int V>
TL2CU_DEVICE void tl2cu_load_span(tl2cu_vec<E, V> &r, const T *base) {
  tl2cu_span<I, To, T, E, V>::load(r, base);
}

// ---------------------------------------------------------------- sort
// tl.sort, tl.topk and tl.bitonic_merge: Triton 3.6's bitonic network (standard.py
// sort_impl) over `rows` rows of 2^log_n elements, row-major in shared memory, in place.
// Triton views the block as a hypercube of 2s; a compare-and-swap along axis bit s gives
// each element the value of its partner (index ^ 2^s) where (self > partner) differs from
// (flip ^ right): right is bit s of its index, flip the merge's order (0 ascending, 1
// descending) or, for an alternating merge, bit `stage` of the index. So a pair whose
// comparison is false both ways (a NaN, or -0.0 and +0.0) is not swapped but copied: one
// value lands in both places, as in Triton. topk keeps 2^log_k of each row: after the first
// log_k merges, each round takes the max (descending) of the pairs along bit log_k, which
// halves the row, and merges again. A row reduced j times keeps its element c at position
// (c mod 2^log_k) + (c >> log_k << (log_k + j)), the place of the pair's lower element.
template <typename T>
TL2CU_DEVICE bool tl2cu_sort_gt(T a, T b) {
  return a > b;
}
TL2CU_DEVICE bool tl2cu_sort_gt(half a, half b) { return __half2float(a) > __half2float(b); }
TL2CU_DEVICE bool tl2cu_sort_gt(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __bfloat162float(a) > __bfloat162float(b);
}

TL2CU_DEVICE int tl2cu_sort_pos(int c, int log_k, int j) {
  return (c & ((1 << log_k) - 1)) | (c >> log_k << (log_k + j));
}

// One merge: `stage` compare-and-swaps, along bits stage-1 down to 0 of rows reduced j times
// (len elements each); order 2: alternating. Pair p of a row: the index with a 0 put in at bit s.
template <typename T>
TL2CU_DEVICE void tl2cu_bitonic_merge(T *a, int rows, int log_n, int log_k, int j, int stage, int order, int tid,
                                      int threads) {
  if (stage == 0) return;  // (a row of one element: no shift by -1 below)
  const int half_len = 1 << (log_n - j - 1);
  for (int s = stage - 1; s >= 0; --s) {
    for (int p = tid; p < rows * half_len; p += threads) {
      T *row = a + ((p >> (log_n - j - 1)) << log_n);
      const int q = p & (half_len - 1);
      const int lo = (q >> s << (s + 1)) | (q & ((1 << s) - 1)), hi = lo | (1 << s);
      const bool flip = order == 2 ? (lo >> stage) & 1 : order;
      T *pl = row + tl2cu_sort_pos(lo, log_k, j), *ph = row + tl2cu_sort_pos(hi, log_k, j);
      const T x = *pl, y = *ph;
      *pl = tl2cu_sort_gt(x, y) != flip ? y : x;   // right = 0
      *ph = tl2cu_sort_gt(y, x) != !flip ? x : y;  // right = 1
    }
    __syncthreads();
  }
}

// The network from merge `first` (1: tl.sort and tl.topk; log_n: tl.bitonic_merge). The
// caller has filled the buffer and synchronized; the result is the first 2^log_k elements
// of each row of 2^log_n, synchronized.
template <typename T>
TL2CU_DEVICE void tl2cu_sort(T *a, int rows, int log_n, int log_k, int first, bool descending, int tid, int threads) {
  for (int stage = first; stage <= log_k; ++stage)
    tl2cu_bitonic_merge(a, rows, log_n, log_k, 0, stage, stage < log_n ? 2 : descending, tid, threads);
  for (int j = 0; j < log_n - log_k; ++j) {  // topk: halve the rows
    const int half_len = 1 << (log_n - j - 1);
    for (int p = tid; p < rows * half_len; p += threads) {
      T *row = a + ((p >> (log_n - j - 1)) << log_n);
      const int c = p & (half_len - 1);
      const int lo = (c >> log_k << (log_k + 1)) | (c & ((1 << log_k) - 1));
      T *pl = row + tl2cu_sort_pos(lo, log_k, j);
      const T y = row[tl2cu_sort_pos(lo | (1 << log_k), log_k, j)];
      *pl = descending ? tl2cu_maximum(*pl, y) : tl2cu_minimum(*pl, y);
    }
    __syncthreads();
    tl2cu_bitonic_merge(a, rows, log_n, log_k, j + 1, log_k, j + 1 < log_n - log_k ? 2 : descending, tid, threads);
  }
}

// ---------------------------------------------------------------- packed bytes
// 8-bit block values (int8, uint8, bool) held four to a 32-bit word: element k of a
// thread's values is byte k % 4 of word k / 4. Arithmetic on whole words goes
// through CUDA's SIMD intrinsics (__vadd4, __vseteq4, ...): bytewise, wrapping like
// Triton's int8, comparisons giving 0/1 bytes like its i1.
template <typename T>
TL2CU_DEVICE T tl2cu_byte(const uint32_t *w, int k) {
  const uint8_t b = (uint8_t)(w[k >> 2] >> (8 * (k & 3)));
  return (T)(sizeof(T) == 1 && (T)-1 > (T)0 ? b : (T)(int8_t)b);  // bool: 0/1 bytes
}
template <typename T>
struct tl2cu_byte_ref {  // element k as an lvalue: assigning sets its byte
  uint32_t &w;
  int shift;
  __device__ __forceinline__ void operator=(T x) { w = (w & ~(0xffu << shift)) | ((uint32_t)(uint8_t)x << shift); }
};
template <typename T>
TL2CU_DEVICE tl2cu_byte_ref<T> tl2cu_byte_of(uint32_t *w, int k) {
  return tl2cu_byte_ref<T>{w[k >> 2], 8 * (k & 3)};
}
template <typename T>
TL2CU_DEVICE uint32_t tl2cu_splat4(T x) { return (uint32_t)(uint8_t)x * 0x01010101u; }
// where(c, a, b) with c's bytes 0 or 1
TL2CU_DEVICE uint32_t tl2cu_select4(uint32_t c, uint32_t a, uint32_t b) {
  const uint32_t m = c * 0xffu;  // 0/1 bytes to 0x00/0xff: no carries
  return (a & m) | (b & ~m);
}
// Bytewise comparisons whose true bytes are 0x80 (false: 0), the form the SWAR
// formulas reach before the final shift that __vset* do. Expressions of several
// comparisons (and, or, not, where on bools) combine this form bitwise and shift
// once, tl2cu_msb_bool4, where __vset* would shift each. Host and device, so the
// tests check them exhaustively on the CPU.
#define TL2CU_MSB4 0x80808080u
#define TL2CU_LOW4 0x7f7f7f7fu
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_bool4(uint32_t m) { return m >> 7; }
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_ne4(uint32_t a, uint32_t b) {
  const uint32_t x = a ^ b;  // a byte's low 7 bits plus 0x7f carry into its top bit unless all 0
  return (((x & TL2CU_LOW4) + TL2CU_LOW4) | x) & TL2CU_MSB4;
}
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_eq4(uint32_t a, uint32_t b) { return tl2cu_msb_ne4(a, b) ^ TL2CU_MSB4; }
// a >= b on unsigned bytes: the top bits decide where they differ, else the low 7
// bits, compared by a borrow-free subtraction of each byte's low bits from 0x80 + a's.
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_geu4(uint32_t a, uint32_t b) {
  const uint32_t low_ge = (a | TL2CU_MSB4) - (b & TL2CU_LOW4);
  return ((a & ~b) | (~(a ^ b) & low_ge)) & TL2CU_MSB4;
}
// Signed: the same with the top bits' roles swapped (a negative byte is the smaller).
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_ges4(uint32_t a, uint32_t b) {
  const uint32_t low_ge = (a | TL2CU_MSB4) - (b & TL2CU_LOW4);
  return ((~a & b) | (~(a ^ b) & low_ge)) & TL2CU_MSB4;
}
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_gtu4(uint32_t a, uint32_t b) { return tl2cu_msb_geu4(b, a) ^ TL2CU_MSB4; }
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_gts4(uint32_t a, uint32_t b) { return tl2cu_msb_ges4(b, a) ^ TL2CU_MSB4; }
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_leu4(uint32_t a, uint32_t b) { return tl2cu_msb_geu4(b, a); }
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_les4(uint32_t a, uint32_t b) { return tl2cu_msb_ges4(b, a); }
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_ltu4(uint32_t a, uint32_t b) { return tl2cu_msb_gtu4(b, a); }
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_lts4(uint32_t a, uint32_t b) { return tl2cu_msb_gts4(b, a); }
// where(c, a, b) on bools, all three 0x80/0 bytes: bitwise.
TL2CU_HOST_DEVICE uint32_t tl2cu_msb_select4(uint32_t c, uint32_t a, uint32_t b) { return (c & a) | (~c & b); }
// Word j of a run shifted S bytes (S may be negative) in prev | run | next.
template <int S, int W>
TL2CU_DEVICE uint32_t tl2cu_window_word(const tl2cu_vec<uint32_t, W> &prev, const tl2cu_vec<uint32_t, W> &run,
                                        const tl2cu_vec<uint32_t, W> &next, int j) {
  const int b = 4 * j + S + 4 * W, lo = b >> 2, s = b & 3;  // b: byte offset from prev's start
  const uint32_t x = lo < W ? prev.v[lo] : lo < 2 * W ? run.v[lo - W] : next.v[lo - 2 * W];
  const int hi = lo + 1;
  const uint32_t y = hi < W ? prev.v[hi] : hi < 2 * W ? run.v[hi - W] : next.v[hi - 2 * W];
  return s == 0 ? x : __byte_perm(x, y, 0x3210 + 0x1111 * s);
}
template <typename T>
TL2CU_DEVICE const T *tl2cu_shfl_down_ptr(const T *p, int d) {
  return (const T *)__shfl_down_sync(0xffffffffu, (unsigned long long)p, d);
}

// argmax / argmin combine, as Triton writes it (standard.py): the left operand
// (v, i) stays if it is larger (smaller), or equal with a smaller index
// (tie_break_left); otherwise the right one wins, NaNs included.
// Bitwise | and & on the comparisons: || and && became branches.
template <typename T>
TL2CU_DEVICE void tl2cu_argmax_step(T &v, int32_t &i, T v2, int32_t i2) {
  bool keep = (v > v2) | ((v == v2) & (i < i2));
  v = keep ? v : v2;
  i = keep ? i : i2;
}
template <typename T>
TL2CU_DEVICE void tl2cu_argmin_step(T &v, int32_t &i, T v2, int32_t i2) {
  bool keep = (v < v2) | ((v == v2) & (i < i2));
  v = keep ? v : v2;
  i = keep ? i : i2;
}

// ---------------------------------------------------------------- conversions
// Conversions plain C does not get right: float -> narrow int goes through a
// saturating 16-bit convert and then truncates, as Triton's lowering does;
// float -> int32/int64 saturates (NaN -> 0); anything -> bool is x != 0.
template <typename To, typename From>
struct tl2cu_cvt {
  static __device__ __forceinline__ To run(From x) { return To(x); }
};
template <typename To>
struct tl2cu_cvt<To, float> {
  static __device__ __forceinline__ To run(float x) {
    if (sizeof(To) < 4) return To(__float2int_rz(fminf(fmaxf(x, -32768.f), 32767.f)) & 0xffff);
    return To(x);
  }
};
template <>
struct tl2cu_cvt<int32_t, float> {
  static __device__ __forceinline__ int32_t run(float x) { return __float2int_rz(x); }
};
template <>
struct tl2cu_cvt<uint32_t, float> {
  static __device__ __forceinline__ uint32_t run(float x) { return __float2uint_rz(x); }
};
template <>
struct tl2cu_cvt<int64_t, float> {
  static __device__ __forceinline__ int64_t run(float x) { return __float2ll_rz(x); }
};
template <>
struct tl2cu_cvt<uint8_t, float> {
  static __device__ __forceinline__ uint8_t run(float x) {
    return uint8_t(__float2uint_rz(fminf(fmaxf(x, 0.f), 65535.f)) & 0xff);
  }
};
template <>
struct tl2cu_cvt<half, double> {  // one cvt.rn.f16.f64, as Triton (through fp32 NaNs differ)
  static __device__ __forceinline__ half run(double x) {
    unsigned short r;
    asm("cvt.rn.f16.f64 %0, %1;" : "=h"(r) : "d"(x));
    return __ushort_as_half(r);
  }
};
template <>
struct tl2cu_cvt<half, float> {
  static __device__ __forceinline__ half run(float x) { return __float2half_rn(x); }
};
template <>
struct tl2cu_cvt<__nv_bfloat16, float> {
  static __device__ __forceinline__ __nv_bfloat16 run(float x) { return __float2bfloat16_rn(x); }
};
template <typename From>
struct tl2cu_cvt<bool, From> {
  static __device__ __forceinline__ bool run(From x) { return x != From(0); }
};
template <>  // both partial specializations above match: this one decides
struct tl2cu_cvt<bool, float> {
  static __device__ __forceinline__ bool run(float x) { return x != 0.f; }
};
template <>
struct tl2cu_cvt<bool, half> {
  static __device__ __forceinline__ bool run(half x) { return __half2float(x) != 0.f; }
};
template <>
struct tl2cu_cvt<bool, __nv_bfloat16> {
  static __device__ __forceinline__ bool run(__nv_bfloat16 x) { return __bfloat162float(x) != 0.f; }
};

template <typename To, typename From>
TL2CU_DEVICE To tl2cu_cast(From x) {
  return tl2cu_cvt<To, From>::run(x);
}
// fp16 / bf16 convert through fp32, as Triton does, except to fp64: one cvt.f64.f16
// (cvt.f64.bf16), as Triton's PTX has it. Through fp32, ptxas may fold the fp16 operation
// before the conversion into an fp32 one, whose NaN is fp32's (other NaN bits).
template <typename To>
TL2CU_DEVICE To tl2cu_cast(half x) {
  if constexpr (std::is_same<To, double>::value) {
    double r;
    asm("cvt.f64.f16 %0, %1;" : "=d"(r) : "h"(__half_as_ushort(x)));
    return r;
  } else {
    return tl2cu_cast<To>(__half2float(x));
  }
}
template <typename To>
TL2CU_DEVICE To tl2cu_cast(__nv_bfloat16 x) {
  if constexpr (std::is_same<To, double>::value) {
    double r;
    asm("cvt.f64.bf16 %0, %1;" : "=d"(r) : "h"(__bfloat16_as_ushort(x)));
    return r;
  } else {
    return tl2cu_cast<To>(__bfloat162float(x));
  }
}

template <typename To, typename From>
TL2CU_DEVICE To tl2cu_bitcast(From x) {
  static_assert(sizeof(To) == sizeof(From), "bitcast between types of different sizes");
  To r;
  memcpy(&r, &x, sizeof r);
  return r;
}

// ---------------------------------------------------------------- fp8 and rounding modes
// fp8e4nv (OCP e4m3fn) and fp8e5 (OCP e5m2) values are held as the bytes Triton stores
// (uint8_t). Each conversion below uses the instructions Triton 3.6's FpToFpOp lowering
// emits on sm_90 (docs/NOTES.md 37), one element at a time: Triton converts two or four
// at once in packed registers, and each lane of those instructions is this computation.
// Upward, fp8 goes to fp16 (exact: fp16 holds every fp8e4nv and fp8e5 value), and to
// fp32 through fp16; downward, fp32 rounds to nearest even and saturates to the largest
// finite value (.satfinite: +-inf too; NaN stays NaN).

// cvt.rn.f16x2.{e4m3x2,e5m2x2}: the low byte becomes the low half.
TL2CU_DEVICE half tl2cu_fp8e4nv_to_fp16(uint8_t x) {
  uint32_t h2;
  asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(h2) : "h"((unsigned short)x));
  return __ushort_as_half((unsigned short)(h2 & 0xffffu));
}
TL2CU_DEVICE half tl2cu_fp8e5_to_fp16(uint8_t x) {
  uint32_t h2;
  asm("cvt.rn.f16x2.e5m2x2 %0, %1;" : "=r"(h2) : "h"((unsigned short)x));
  return __ushort_as_half((unsigned short)(h2 & 0xffffu));
}
TL2CU_DEVICE float tl2cu_fp8e4nv_to_fp32(uint8_t x) { return __half2float(tl2cu_fp8e4nv_to_fp16(x)); }
TL2CU_DEVICE float tl2cu_fp8e5_to_fp32(uint8_t x) { return __half2float(tl2cu_fp8e5_to_fp16(x)); }
// fp8e4nv -> bf16: to fp16, then cvt.bf16.f16 (exact for every finite value).
TL2CU_DEVICE __nv_bfloat16 tl2cu_fp8e4nv_to_bf16(uint8_t x) {
  unsigned short b;
  asm("cvt.bf16.f16 %0, %1;" : "=h"(b) : "h"(__half_as_ushort(tl2cu_fp8e4nv_to_fp16(x))));
  return __ushort_as_bfloat16(b);
}
// fp8e5 -> bf16 is bit arithmetic in Triton: the 7 bits below the sign, moved to the top
// of bf16's exponent and mantissa fields (shifted right by 3 from fp16's place), give
// the value times 2^-112; one mul.rn.bf16 by 2^112 rescales it. Exact for finite values,
// subnormals included, but fp8e5's inf (0x7c) becomes 65536 and its NaNs 81920, 98304
// or 114688 (with their sign): Triton's own results, kept.
TL2CU_DEVICE __nv_bfloat16 tl2cu_fp8e5_to_bf16(uint8_t x) {
  unsigned short h = (unsigned short)(x << 8);
  unsigned short scaled = (unsigned short)(((h & 0x7fffu) >> 3) | (h & 0x8000u)), r;
  asm("mul.rn.bf16 %0, %1, %2;" : "=h"(r) : "h"(scaled), "h"((unsigned short)0x7780u));  // 2^112
  return __ushort_as_bfloat16(r);
}

// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 d, a, b puts b in the low byte.
TL2CU_DEVICE uint8_t tl2cu_fp32_to_fp8e4nv(float x) {
  unsigned short r;
  asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(r) : "f"(0.0f), "f"(x));
  return (uint8_t)r;
}
TL2CU_DEVICE uint8_t tl2cu_fp32_to_fp8e5(float x) {
  unsigned short r;
  asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(r) : "f"(0.0f), "f"(x));
  return (uint8_t)r;
}
// fp32 -> fp8e5 toward zero, as Triton does it: cvt.rz.f16.f32 (which saturates to
// 65504, not to inf), then the high byte of the fp16 (fp8e5 is fp16 cut to 8 bits).
TL2CU_DEVICE uint8_t tl2cu_fp32_to_fp8e5_rtz(float x) {
  return (uint8_t)(__half_as_ushort(__float2half_rz(x)) >> 8);
}
// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f16x2: the low half becomes the low byte.
TL2CU_DEVICE uint8_t tl2cu_fp16_to_fp8e4nv(half x) {
  unsigned short r;
  asm("cvt.rn.satfinite.e4m3x2.f16x2 %0, %1;" : "=h"(r) : "r"((uint32_t)__half_as_ushort(x)));
  return (uint8_t)r;
}
TL2CU_DEVICE uint8_t tl2cu_fp16_to_fp8e5(half x) {
  unsigned short r;
  asm("cvt.rn.satfinite.e5m2x2.f16x2 %0, %1;" : "=h"(r) : "r"((uint32_t)__half_as_ushort(x)));
  return (uint8_t)r;
}
// bf16 -> fp8: to fp32 (exact), then as from fp32.
TL2CU_DEVICE uint8_t tl2cu_bf16_to_fp8e4nv(__nv_bfloat16 x) { return tl2cu_fp32_to_fp8e4nv(__bfloat162float(x)); }
TL2CU_DEVICE uint8_t tl2cu_bf16_to_fp8e5(__nv_bfloat16 x) { return tl2cu_fp32_to_fp8e5(__bfloat162float(x)); }

// fp_downcast_rounding='rtz' from fp32: cvt.rz.f16.f32 and cvt.rz.bf16.f32, as Triton's.
TL2CU_DEVICE half tl2cu_fp32_to_fp16_rtz(float x) { return __float2half_rz(x); }
TL2CU_DEVICE __nv_bfloat16 tl2cu_fp32_to_bf16_rtz(float x) { return __float2bfloat16_rz(x); }

// Booleans are bytes in memory; any non-zero byte reads as true.
TL2CU_DEVICE bool tl2cu_load_bool(const bool *p) { return *reinterpret_cast<const uint8_t *>(p) != 0; }

// ---------------------------------------------------------------- masked loads
// tl.load(p, mask, other) as one predicated ld.global, as Triton emits it. Written
// `m ? *p : other`, NVVM may not speculate the load and branches around it; a loop of
// such loads then issued each load after the last one's add had waited for it (the
// GIoU mean kernel, docs/NOTES.md 17). The "memory" clobber keeps the load in order
// with the kernel's stores (in-place calls).
template <typename T>
struct tl2cu_same {
  typedef T type;
};
template <int Bytes>
struct tl2cu_bytes {};
// The register a predicated access of that many bytes moves: 32 bits up to 4 bytes.
template <int bytes>
struct tl2cu_pred_reg {
  using type = uint32_t;
};
template <>
struct tl2cu_pred_reg<8> {
  using type = uint64_t;
};
#define TL2CU_LOAD_PREDICATED(bytes, bits, reg_t, constraint)                                          \
  TL2CU_DEVICE reg_t tl2cu_ld_predicated(tl2cu_bytes<bytes>, const void *p, bool m, reg_t other) {     \
    asm("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\t@q ld.global.u" #bits " %0, [%1];\n\t}"        \
        : "+" constraint(other)                                                                         \
        : "l"(p), "r"((uint32_t)m)                                                                      \
        : "memory");                                                                                    \
    return other;                                                                                       \
  }
TL2CU_LOAD_PREDICATED(1, 8, uint32_t, "r")  // 8 and 16 bits: zero-extended into a 32-bit register
TL2CU_LOAD_PREDICATED(2, 16, uint32_t, "r")
TL2CU_LOAD_PREDICATED(4, 32, uint32_t, "r")
TL2CU_LOAD_PREDICATED(8, 64, uint64_t, "l")
#undef TL2CU_LOAD_PREDICATED

template <typename T>
TL2CU_DEVICE T tl2cu_load_masked(const T *p, bool m, typename tl2cu_same<T>::type other) {
  const tl2cu_bytes<sizeof(T)> size;  // no overload for other sizes: a compile error
  typename tl2cu_pred_reg<sizeof(T)>::type bits = 0;
  memcpy(&bits, &other, sizeof(T));
  bits = tl2cu_ld_predicated(size, p, m, bits);
  T r;
  memcpy(&r, &bits, sizeof r);  // the low bytes (little-endian)
  return r;
}

// A masked store as one predicated st.global, where the translator wants no branch (a
// transpose converted element by element: docs/NOTES.md 54). 8- and 16-bit values are
// stored from the low bytes of a 32-bit register.
#define TL2CU_STORE_PREDICATED(bytes, bits, reg_t, constraint)                                      \
  TL2CU_DEVICE void tl2cu_st_predicated(tl2cu_bytes<bytes>, void *p, bool m, reg_t v) {             \
    asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\t@q st.global.u" #bits " [%0], %1;\n\t}" \
                 :                                                                                  \
                 : "l"(p), constraint(v), "r"((uint32_t)m)                                          \
                 : "memory");                                                                       \
  }
TL2CU_STORE_PREDICATED(1, 8, uint32_t, "r")
TL2CU_STORE_PREDICATED(2, 16, uint32_t, "r")
TL2CU_STORE_PREDICATED(4, 32, uint32_t, "r")
TL2CU_STORE_PREDICATED(8, 64, uint64_t, "l")
#undef TL2CU_STORE_PREDICATED

template <typename T>
TL2CU_DEVICE void tl2cu_store_masked(T *p, bool m, typename tl2cu_same<T>::type v) {
  const tl2cu_bytes<sizeof(T)> size;  // no overload for other sizes: a compile error
  typename tl2cu_pred_reg<sizeof(T)>::type bits = 0;
  memcpy(&bits, &v, sizeof(T));
  tl2cu_st_predicated(size, p, m, bits);
}

// ---------------------------------------------------------------- atomics
// tl.atomic_*: one PTX atom per element, with Triton's memory order (sem) and scope,
// spelled as Triton's lowering spells them (atom.acq_rel.gpu.global.add.u32 and so on).
// The caller masks and picks the owning thread; these return the old value.
enum tl2cu_sem { tl2cu_relaxed, tl2cu_acquire, tl2cu_release, tl2cu_acq_rel };
enum tl2cu_scope { tl2cu_cta, tl2cu_gpu, tl2cu_sys };

// asm needs a literal string: one instruction for each order and scope. The
// variadic part is the asm operand lists (": outputs : inputs").
#define TL2CU_ATOM_ONE(S, C, SS, CS, INSTR, ...) \
  if constexpr (Sem == S && Scope == C) asm volatile("atom" SS CS ".global" INSTR __VA_ARGS__ : "memory");
#define TL2CU_ATOM_SCOPES(S, SS, INSTR, ...)                                   \
  TL2CU_ATOM_ONE(S, tl2cu_cta, SS, ".cta", INSTR, __VA_ARGS__)                 \
  else TL2CU_ATOM_ONE(S, tl2cu_gpu, SS, ".gpu", INSTR, __VA_ARGS__)            \
  else TL2CU_ATOM_ONE(S, tl2cu_sys, SS, ".sys", INSTR, __VA_ARGS__)
#define TL2CU_ATOM(INSTR, ...)                                                 \
  TL2CU_ATOM_SCOPES(tl2cu_relaxed, ".relaxed", INSTR, __VA_ARGS__)             \
  else TL2CU_ATOM_SCOPES(tl2cu_acquire, ".acquire", INSTR, __VA_ARGS__)        \
  else TL2CU_ATOM_SCOPES(tl2cu_release, ".release", INSTR, __VA_ARGS__)        \
  else TL2CU_ATOM_SCOPES(tl2cu_acq_rel, ".acq_rel", INSTR, __VA_ARGS__)

// tl2cu_atomic_OP<Sem, Scope>(T *p, T v) for the types Triton allows OP on; REG is
// the asm register constraint of T's bits (as BITS).
#define TL2CU_ATOMIC_RMW(OP, T, PTX, BITS, REG)                                \
  template <int Sem, int Scope>                                                \
  __device__ inline T tl2cu_atomic_##OP(T *p, T v) {                           \
    BITS old, bits;                                                            \
    memcpy(&bits, &v, sizeof bits);                                            \
    TL2CU_ATOM(PTX " %0, [%1], %2;", : "=" REG(old) : "l"(p), REG(bits))       \
    T r;                                                                       \
    memcpy(&r, &old, sizeof r);                                                \
    return r;                                                                  \
  }
#define TL2CU_ATOMIC_INT(OP, T32, T64, PTX32, PTX64) \
  TL2CU_ATOMIC_RMW(OP, T32, PTX32, uint32_t, "r")    \
  TL2CU_ATOMIC_RMW(OP, T64, PTX64, uint64_t, "l")
TL2CU_ATOMIC_INT(add, int32_t, int64_t, ".add.u32", ".add.u64")
TL2CU_ATOMIC_INT(add, uint32_t, uint64_t, ".add.u32", ".add.u64")
TL2CU_ATOMIC_RMW(add, float, ".add.f32", uint32_t, "r")
TL2CU_ATOMIC_RMW(add, double, ".add.f64", uint64_t, "l")
TL2CU_ATOMIC_RMW(add, __half, ".add.noftz.f16", unsigned short, "h")
TL2CU_ATOMIC_RMW(add, __nv_bfloat16, ".add.noftz.bf16", unsigned short, "h")  // sm_90
TL2CU_ATOMIC_INT(max, int32_t, int64_t, ".max.s32", ".max.s64")
TL2CU_ATOMIC_INT(max, uint32_t, uint64_t, ".max.u32", ".max.u64")
TL2CU_ATOMIC_INT(min, int32_t, int64_t, ".min.s32", ".min.s64")
TL2CU_ATOMIC_INT(min, uint32_t, uint64_t, ".min.u32", ".min.u64")
#define TL2CU_ATOMIC_BITS(OP, PTX32, PTX64)          \
  TL2CU_ATOMIC_INT(OP, int32_t, int64_t, PTX32, PTX64) \
  TL2CU_ATOMIC_INT(OP, uint32_t, uint64_t, PTX32, PTX64)
TL2CU_ATOMIC_BITS(and, ".and.b32", ".and.b64")
TL2CU_ATOMIC_BITS(or, ".or.b32", ".or.b64")
TL2CU_ATOMIC_BITS(xor, ".xor.b32", ".xor.b64")
TL2CU_ATOMIC_BITS(xchg, ".exch.b32", ".exch.b64")
TL2CU_ATOMIC_RMW(xchg, float, ".exch.b32", uint32_t, "r")
TL2CU_ATOMIC_RMW(xchg, double, ".exch.b64", uint64_t, "l")

// fp32/fp64 max and min as Triton's semantic.py builds them: a value whose sign bit is
// clear takes the signed max (min) of the bits, any other the unsigned min (max).
#define TL2CU_ATOMIC_FLOAT_ORDER(OP, OTHER, F, I, U)                                     \
  template <int Sem, int Scope>                                                         \
  __device__ inline F tl2cu_atomic_##OP(F *p, F v) {                                    \
    I bits;                                                                             \
    memcpy(&bits, &v, sizeof bits);                                                     \
    if (bits >= 0) return tl2cu_bitcast<F>(tl2cu_atomic_##OP<Sem, Scope>((I *)p, bits)); \
    return tl2cu_bitcast<F>(tl2cu_atomic_##OTHER<Sem, Scope>((U *)p, (U)bits));          \
  }
TL2CU_ATOMIC_FLOAT_ORDER(max, min, float, int32_t, uint32_t)
TL2CU_ATOMIC_FLOAT_ORDER(max, min, double, int64_t, uint64_t)
TL2CU_ATOMIC_FLOAT_ORDER(min, max, float, int32_t, uint32_t)
TL2CU_ATOMIC_FLOAT_ORDER(min, max, double, int64_t, uint64_t)

// tl.atomic_cas: elements of 16, 32 or 64 bits.
template <int Sem, int Scope, class T>  // (T from the pointer alone: remove_cv<T>::type is not deduced)
__device__ inline T tl2cu_atomic_cas(T *p, typename std::remove_cv<T>::type cmp, typename std::remove_cv<T>::type val) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8, "atomic_cas: 16, 32 or 64-bit elements");
  using B = std::conditional_t<sizeof(T) == 2, unsigned short, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>;
  B c, v, old;
  memcpy(&c, &cmp, sizeof c);
  memcpy(&v, &val, sizeof v);
  if constexpr (sizeof(T) == 2) {
    TL2CU_ATOM(".cas.b16 %0, [%1], %2, %3;", : "=h"(old) : "l"(p), "h"(c), "h"(v))
  } else if constexpr (sizeof(T) == 4) {
    TL2CU_ATOM(".cas.b32 %0, [%1], %2, %3;", : "=r"(old) : "l"(p), "r"(c), "r"(v))
  } else {
    TL2CU_ATOM(".cas.b64 %0, [%1], %2, %3;", : "=l"(old) : "l"(p), "l"(c), "l"(v))
  }
  T r;
  memcpy(&r, &old, sizeof r);
  return r;
}

// ---------------------------------------------------------------- assertions
// tl.device_assert in debug mode (tl2cu --debug): CUDA's assertion message for the
// failing thread, with the Python file, line and function, as Triton reports it; the
// kernel stops and the launch's context reports cudaErrorAssert.
extern "C" __device__ void __assertfail(const char *msg, const char *file, unsigned line, const char *func,
                                        size_t char_size);
__device__ __noinline__ void tl2cu_assert_fail(const char *msg, const char *file, unsigned line, const char *func) {
  __assertfail(msg, file, line, func, sizeof(char));
}
