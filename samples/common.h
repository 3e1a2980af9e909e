// Helpers shared by the sample host programs: CUDA error checks, a counter-based
// RNG, command-line sizes, timing, comparisons and the PASS/FAIL line.
//
// Every host program prints exactly one line on stdout, `PASS name ...` or
// `FAIL name ...`, and exits non-zero on FAIL (details of a failure go to stderr).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

static const char *g_sample = "?";  // the sample's name, for the PASS/FAIL line

static inline void fail_cuda(cudaError_t err, const char *call, const char *file, int line) {
  printf("FAIL %s cuda error at %s:%d: %s: %s\n", g_sample, file, line, call,
         cudaGetErrorString(err));
  exit(1);
}

#define CHECK(call)                                                      \
  do {                                                                   \
    cudaError_t err_ = (call);                                           \
    if (err_ != cudaSuccess) fail_cuda(err_, #call, __FILE__, __LINE__); \
  } while (0)

// Command line: optional sizes, in the order the program documents, and `--small`,
// which switches every size not given to the program's small default.
struct Args {
  std::vector<const char *> sizes;
  bool small = false;

  Args(const char *name, int argc, char **argv) {
    g_sample = name;
    for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--small") == 0)
        small = true;
      else
        sizes.push_back(argv[i]);
    }
  }

  // The i-th size, else the default for the mode.
  long long get(size_t i, long long big, long long small_default) const {
    if (i >= sizes.size()) return small ? small_default : big;
    char *end;
    long long v = strtoll(sizes[i], &end, 0);
    if (*end != '\0' || v <= 0) {
      printf("FAIL %s bad size '%s'\n", g_sample, sizes[i]);
      exit(2);
    }
    return v;
  }
};

// Counter-based RNG (splitmix64 of seed and index): element i gets the same value
// whatever the number of OpenMP threads that fill the array.
static inline uint64_t rng_u64(uint64_t seed, uint64_t i) {
  uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Uniform float in [lo, hi).
static inline float rng_float(uint64_t seed, uint64_t i, float lo, float hi) {
  float unit = (float)(rng_u64(seed, i) >> 40) * (1.0f / 16777216.0f);
  return lo + (hi - lo) * unit;
}

static inline void fill_uniform(float *a, size_t n, uint64_t seed, float lo, float hi) {
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; i++) a[i] = rng_float(seed, i, lo, hi);
}

// Uninitialized host array (a 4 GiB std::vector would spend a second zeroing it).
template <class T>
static std::unique_ptr<T[]> host_array(size_t n) {
  return std::unique_ptr<T[]>(new T[n]);
}

template <class T>
static T *device_array(size_t n) {
  T *p = nullptr;
  CHECK(cudaMalloc(&p, n * sizeof(T)));
  return p;
}

// Fills a device buffer with 0xFF bytes: NaN as float, -1 as an integer, and neither
// true nor false as a bool, so an element the kernel fails to write shows up.
template <class T>
static void poison(T *dev, size_t n) {
  CHECK(cudaMemset(dev, 0xFF, n * sizeof(T)));
}

// Outputs get GUARD extra elements, poisoned with them and checked after the run:
// a store that ignores its mask lands there.
static const size_t GUARD = 4096;

// Number of bytes of the guard at dev_guard (count elements) that no longer hold 0xFF.
template <class T>
static size_t count_guard_writes(const T *dev_guard, size_t count) {
  std::vector<unsigned char> bytes(count * sizeof(T));
  CHECK(cudaMemcpy(bytes.data(), dev_guard, bytes.size(), cudaMemcpyDeviceToHost));
  return (size_t)std::count_if(bytes.begin(), bytes.end(),
                               [](unsigned char b) { return b != 0xFF; });
}

template <class T>
static void to_device(T *dev, const T *host, size_t n) {
  CHECK(cudaMemcpy(dev, host, n * sizeof(T), cudaMemcpyHostToDevice));
}

template <class T>
static void to_host(T *host, const T *dev, size_t n) {
  CHECK(cudaMemcpy(host, dev, n * sizeof(T), cudaMemcpyDeviceToHost));
}

// Runs `launch` (a callable returning the launcher's cudaError_t) `warmup` times, then
// times `reps` launches one by one with events; returns the median in milliseconds.
template <class Launch>
static float median_ms(Launch launch, int warmup = 5, int reps = 25) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < warmup; i++) CHECK(launch());
  std::vector<float> ms(reps);
  for (float &t : ms) {
    CHECK(cudaEventRecord(start, 0));
    CHECK(launch());
    CHECK(cudaEventRecord(stop, 0));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventElapsedTime(&t, start, stop));
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  std::sort(ms.begin(), ms.end());
  return ms[reps / 2];
}

// Float check: got[i] passes when |got - want| <= rtol * max(|want|, scale).
// scale = 0 makes it a pure relative check; NaN never passes. Returns the number of
// failures, prints the first few to stderr and the largest error to *max_err.
static inline size_t count_bad_floats(const float *got, const float *want, size_t n, double rtol,
                                      double scale, double *max_err) {
  size_t bad = 0;
  double worst = 0;
#pragma omp parallel for reduction(+ : bad) reduction(max : worst)
  for (size_t i = 0; i < n; i++) {
    double err = fabs((double)got[i] - (double)want[i]);
    double tol = rtol * std::max(fabs((double)want[i]), scale);
    if (!(err <= tol)) bad++;
    if (!(err <= worst)) worst = std::isnan(err) ? INFINITY : err;
  }
  for (size_t i = 0, shown = 0; bad && i < n && shown < 5; i++) {
    double err = fabs((double)got[i] - (double)want[i]);
    if (!(err <= rtol * std::max(fabs((double)want[i]), scale))) {
      fprintf(stderr, "  [%zu] got %.9g want %.9g\n", i, got[i], want[i]);
      shown++;
    }
  }
  *max_err = worst;
  return bad;
}

// Float check against a double reference with a scale per element: got[i] passes when
// |got - want| <= rtol * |scale[i]| (scale = want makes it a relative check). For sums and
// what is computed from them, scale is the magnitude of the terms (the sum of |x| for a
// sum): the result itself may cancel to near 0, while the rounding errors of any order of
// additions grow with the terms. NaN never passes. Returns the number of failures, prints
// the first few to stderr and the largest |got - want| / |scale| to *max_rel.
static inline size_t count_bad_scaled(const float *got, const double *want, const double *scale,
                                      size_t n, double rtol, double *max_rel) {
  size_t bad = 0;
  double worst = 0;
#pragma omp parallel for reduction(+ : bad) reduction(max : worst)
  for (size_t i = 0; i < n; i++) {
    double err = fabs((double)got[i] - want[i]), s = fabs(scale[i]);
    if (!(err <= rtol * s)) bad++;
    double rel = s > 0 ? err / s : (err == 0 ? 0 : INFINITY);
    if (!(rel <= worst)) worst = std::isnan(rel) ? INFINITY : rel;
  }
  for (size_t i = 0, shown = 0; bad && i < n && shown < 5; i++) {
    if (!(fabs((double)got[i] - want[i]) <= rtol * fabs(scale[i]))) {
      fprintf(stderr, "  [%zu] got %.9g want %.9g (scale %.3g)\n", i, got[i], want[i], scale[i]);
      shown++;
    }
  }
  *max_rel = worst;
  return bad;
}

// Elements of a rows x stride buffer past column `cols` of each row (the padding of
// the rows) whose bytes no longer hold the poison: a store that ignores its column
// mask lands there.
template <class T>
static size_t count_padding_writes(const T *host, size_t rows, size_t cols, size_t stride) {
  size_t bad = 0;
#pragma omp parallel for reduction(+ : bad)
  for (size_t r = 0; r < rows; r++) {
    const unsigned char *b = (const unsigned char *)(host + r * stride + cols);
    for (size_t i = 0; i < (stride - cols) * sizeof(T); i++) bad += b[i] != 0xFF;
  }
  return bad;
}

// Exact check for integer (and bool) outputs; prints the first few differences.
template <class T>
static size_t count_unequal(const T *got, const T *want, size_t n) {
  size_t bad = 0;
#pragma omp parallel for reduction(+ : bad)
  for (size_t i = 0; i < n; i++) bad += got[i] != want[i];
  for (size_t i = 0, shown = 0; bad && i < n && shown < 5; i++) {
    if (got[i] != want[i]) {
      fprintf(stderr, "  [%zu] got %lld want %lld\n", i, (long long)got[i], (long long)want[i]);
      shown++;
    }
  }
  return bad;
}

// Prints `PASS name <details> median_ms=M` (or FAIL) and returns the exit status.
static inline int report(bool ok, float ms, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline int report(bool ok, float ms, const char *fmt, ...) {
  printf("%s %s ", ok ? "PASS" : "FAIL", g_sample);
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf(" median_ms=%.3f\n", ms);
  return ok ? 0 : 1;
}
