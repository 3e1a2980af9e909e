// matmul_batched: C[z] = A[z] @ B[z] (kernel.py), fp16 in, fp32 accumulators, fp16 out; A is
// Z x M x K, B is Z x K x N, both row-major per batch; sizes that are no multiple of the tiles
// exercise the masks on K and the wrapped rows and columns. Checked against a float64
// reference on every element (--small) or on 65,536 of them: within one fp16 rounding plus
// K * 2^-22 * sum |a| |b| (the same products summed in fp32 in another order, docs/NOTES.md 49).
// usage: matmul_batched [Z [M [N [K]]]] [--small]
#include "kernel.h"
#include "../common.h"

#include <cuda_fp16.h>

int main(int argc, char **argv) {
  Args args("matmul_batched", argc, argv);
  size_t Z = args.get(0, 16, 3), M = args.get(1, 2048, 300), N = args.get(2, 2048, 200), K = args.get(3, 2048, 130);
  if (Z * M * K > INT32_MAX || Z * K * N > INT32_MAX || Z * M * N > INT32_MAX)
    return report(false, 0, "%zux%zux%zux%zu: too big for int32 offsets", Z, M, N, K);

  auto a = host_array<half>(Z * M * K), b = host_array<half>(Z * K * N), c = host_array<half>(Z * M * N);
  for (size_t i = 0; i < Z * M * K; i++) a[i] = __float2half(rng_float(1, i, -1.f, 1.f));
  for (size_t i = 0; i < Z * K * N; i++) b[i] = __float2half(rng_float(2, i, -1.f, 1.f));

  half *d_a = device_array<half>(Z * M * K), *d_b = device_array<half>(Z * K * N);
  half *d_c = device_array<half>(Z * M * N + GUARD);
  to_device(d_a, a.get(), Z * M * K);
  to_device(d_b, b.get(), Z * K * N);
  poison(d_c, Z * M * N + GUARD);
  auto launch = [&] {
    return bmm_kernel(0, d_a, d_b, d_c, (int32_t)Z, (int32_t)M, (int32_t)N, (int32_t)K, (int32_t)(M * K), (int32_t)K, 1,
                      (int32_t)(K * N), (int32_t)N, 1, (int32_t)(M * N), (int32_t)N, 1);
  };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(c.get(), d_c, Z * M * N);

  const size_t total = Z * M * N, checked = args.small ? total : std::min<size_t>(total, 65536);
  size_t bad = 0;
  double worst = 0;
#pragma omp parallel for reduction(+ : bad) reduction(max : worst)
  for (size_t t = 0; t < checked; t++) {
    const size_t i = checked == total ? t : rng_u64(3, t) % total, z = i / (M * N), row = i / N % M, col = i % N;
    double sum = 0, scale = 0;
    for (size_t k = 0; k < K; k++) {
      const double x = __half2float(a[(z * M + row) * K + k]), y = __half2float(b[(z * K + k) * N + col]);
      sum += x * y;
      scale += fabs(x * y);
    }
    int e;
    frexp(sum, &e);
    const double bound = std::max(ldexp(1.0, e - 11), ldexp(1.0, -24)) + K * ldexp(1.0, -22) * scale;
    const double err = fabs(__half2float(c[i]) - sum);
    if (!(err <= bound)) bad++;
    worst = std::max(worst, err / bound);
  }
  size_t oob = count_guard_writes(d_c + total, GUARD);
  float ms = median_ms(launch);
  double tflops = 2.0 * Z * M * N * K / (ms * 1e9);

  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  return report(bad == 0 && oob == 0, ms, "n=%zux%zux%zux%zu checked=%zu bad=%zu worst=%.3g of the bound oob=%zu tflops=%.1f",
                Z, M, N, K, checked, bad, worst, oob, tflops);
}
