// matmul_int8: C = A @ B, int8 in, int32 accumulators and out (kernel.py), autotuned over four
// configs at the first call (tl2cu's launcher times each, as Triton's autotuner does). A is
// M x K, B is K x N, both row-major, every value in [-128, 127]; sizes that are no multiple
// of the tiles exercise the masks on K and the wrapped rows and columns. Integer sums are
// exact: every checked element (all with --small, else 65,536) must equal the int64 sum.
// usage: matmul_int8 [M [N [K]]] [--small]
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("matmul_int8", argc, argv);
  size_t M = args.get(0, 4096, 300), N = args.get(1, 4096, 200), K = args.get(2, 4096, 130);
  if (M * K > INT32_MAX || K * N > INT32_MAX || M * N > INT32_MAX)
    return report(false, 0, "%zux%zux%zu: too big for int32 offsets", M, N, K);

  auto a = host_array<int8_t>(M * K), b = host_array<int8_t>(K * N);
  auto c = host_array<int32_t>(M * N);
  for (size_t i = 0; i < M * K; i++) a[i] = (int8_t)(rng_u64(1, i) & 0xff);
  for (size_t i = 0; i < K * N; i++) b[i] = (int8_t)(rng_u64(2, i) & 0xff);

  int8_t *d_a = device_array<int8_t>(M * K), *d_b = device_array<int8_t>(K * N);
  int32_t *d_c = device_array<int32_t>(M * N + GUARD);
  to_device(d_a, a.get(), M * K);
  to_device(d_b, b.get(), K * N);
  poison(d_c, M * N + GUARD);
  auto launch = [&] {
    return matmul_int8_kernel(0, d_a, d_b, d_c, (int32_t)M, (int32_t)N, (int32_t)K, (int32_t)K, 1, (int32_t)N, 1,
                              (int32_t)N, 1);
  };
  CHECK(launch());  // (the first call tunes, then runs the fastest config)
  CHECK(cudaDeviceSynchronize());
  to_host(c.get(), d_c, M * N);

  const size_t checked = args.small ? M * N : std::min<size_t>(M * N, 65536);
  size_t bad = 0;
#pragma omp parallel for reduction(+ : bad)
  for (size_t t = 0; t < checked; t++) {
    const size_t i = checked == M * N ? t : rng_u64(3, t) % (M * N), row = i / N, col = i % N;
    int64_t sum = 0;
    for (size_t k = 0; k < K; k++) sum += (int64_t)a[row * K + k] * b[k * N + col];
    if (sum != c[i]) bad++;
  }
  size_t oob = count_guard_writes(d_c + M * N, GUARD);
  float ms = median_ms(launch);
  double tops = 2.0 * M * N * K / (ms * 1e9);

  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  return report(bad == 0 && oob == 0, ms, "n=%zux%zux%zu checked=%zu bad=%zu oob=%zu tops=%.1f", M, N, K, checked, bad,
                oob, tops);
}
