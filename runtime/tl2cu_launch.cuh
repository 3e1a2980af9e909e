// tl2cu_launch.cuh: the host helpers of the launchers that tl2cu generates (alignment
// tests, tensor descriptors, grid arithmetic as Python computes it). Every generated .cu
// includes it after tl2cu_device.cuh; it needs nothing from that header.
#pragma once

#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include <type_traits>


// ---------------------------------------------------------------- host helpers
static inline bool tl2cu_aligned16(const void *p) { return ((uintptr_t)p & 15) == 0; }

// The same text as tl2cu writes into a kernel.h (emit.c TENSORDESC_STRUCT; make test
// compares them).
// A tensor descriptor made on the host, as Triton's TensorDescriptor(base, shape, strides,
// block_shape, padding): what the launchers of a kernel take for a parameter whose
// signature entry is tensordesc<TYPE[BLOCK]> (the block shape is the signature's).
// Shapes and strides count elements.
#ifndef TL2CU_TENSORDESC_DEFINED
#define TL2CU_TENSORDESC_DEFINED
typedef struct tl2cu_tensordesc {
  void *base;          /* 16-byte aligned */
  int64_t shape[5];    /* the first `rank` used, each 1 to 2^31 - 1 */
  int64_t strides[5];  /* the last 1, the others multiples of 16 bytes */
  int32_t padding;     /* what loads read outside the shape: 0 zeros, 1 NaNs (fp32 only) */
} tl2cu_tensordesc;
#endif

// What Triton's TensorDescriptor asserts on the host, checked by a launcher before it
// launches (an invalid descriptor is cudaErrorInvalidValue, never an access out of it).
static inline bool tl2cu_tensordesc_valid(tl2cu_tensordesc d, int rank, int elem_bytes, bool nan_padding) {
  if (!tl2cu_aligned16(d.base) || d.strides[rank - 1] != 1) return false;
  for (int i = 0; i < rank; i++)
    if (d.shape[i] < 1 || d.shape[i] > INT32_MAX) return false;
  for (int i = 0; i + 1 < rank; i++)
    if (d.strides[i] < 1 || d.strides[i] * elem_bytes % 16 != 0) return false;
  return d.padding == 0 || (d.padding == 1 && nan_padding);
}
// Host arithmetic of launch grids and heuristics, as Python computes it: // rounds
// toward minus infinity and % takes the divisor's sign (C truncates: -977 / 1024 is 0,
// Python's -1); floats as CPython's float_divmod. A zero divisor, where Python raises,
// gives 0 (a grid of 0 launches nothing).
static inline int64_t tl2cu_floordiv_int(int64_t x, int64_t d) {
  if (d == 0) return 0;
  int64_t q = x / d;
  return q - (x % d != 0 && (x < 0) != (d < 0));
}
static inline double tl2cu_pymod_float(double x, double d) {
  if (d == 0) return 0;
  double m = fmod(x, d);
  return m != 0 ? ((d < 0) != (m < 0) ? m + d : m) : copysign(0.0, d);
}
static inline double tl2cu_floordiv_float(double x, double d) {
  if (d == 0) return 0;
  double m = fmod(x, d), q = (x - m) / d;
  if (m != 0 && (d < 0) != (m < 0)) q -= 1.0;
  if (q == 0) return copysign(0.0, x / d);
  double f = floor(q);
  return q - f > 0.5 ? f + 1.0 : f;
}
// Integers of any width and doubles mix as Python's ints and floats: a float makes a float.
template <typename A, typename B>
using tl2cu_py_t = typename std::conditional<std::is_floating_point<A>::value || std::is_floating_point<B>::value,
                                             double, int64_t>::type;
template <typename A, typename B>
static inline tl2cu_py_t<A, B> tl2cu_floordiv(A x, B d) {
  if constexpr (std::is_floating_point<tl2cu_py_t<A, B>>::value) return tl2cu_floordiv_float((double)x, (double)d);
  else return tl2cu_floordiv_int((int64_t)x, (int64_t)d);
}
template <typename A, typename B>
static inline tl2cu_py_t<A, B> tl2cu_pymod(A x, B d) {
  if constexpr (std::is_floating_point<tl2cu_py_t<A, B>>::value) return tl2cu_pymod_float((double)x, (double)d);
  else return d == 0 ? 0 : (int64_t)x - tl2cu_floordiv_int((int64_t)x, (int64_t)d) * (int64_t)d;
}
static inline int64_t tl2cu_cdiv(int64_t x, int64_t d) { return tl2cu_floordiv_int(x + d - 1, d); }
static inline int64_t tl2cu_min(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t tl2cu_max(int64_t a, int64_t b) { return a > b ? a : b; }
static inline int64_t tl2cu_next_pow2(int64_t n) {
  int64_t p = 1;
  while (p < n) p <<= 1;
  return p;
}
