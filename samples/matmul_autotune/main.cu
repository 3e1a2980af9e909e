// matmul_autotune: C = leaky_relu(A @ B), Triton's tutorial 03 (fp16 in, fp32 accumulators,
// fp16 out), autotuned over four configs at the first call (tl2cu's launcher times each, as
// Triton's autotuner does). A is M x K, B is K x N, both row-major; sizes that are no
// multiple of the tiles exercise the masks on K and the wrapped rows and columns.
// Checked against a float64 reference on every element (--small) or on 65,536 of them:
// within one fp16 rounding plus K * 2^-22 * sum |a| |b| (the same products summed in
// fp32 in another order, docs/NOTES.md 49). Needs sm_90a (wgmma: see kernel.py).
// usage: matmul_autotune [M [N [K]]] [--small]
#include "kernel.h"
#include "../common.h"

#include <cuda_fp16.h>

static double leaky_relu(double x) { return x >= 0 ? x : 0.01 * x; }

int main(int argc, char **argv) {
  Args args("matmul_autotune", argc, argv);
  size_t M = args.get(0, 4096, 300), N = args.get(1, 4096, 200), K = args.get(2, 4096, 130);
  if (M * K > INT32_MAX || K * N > INT32_MAX || M * N > INT32_MAX)
    return report(false, 0, "%zux%zux%zu: too big for int32 offsets", M, N, K);

  auto fa = host_array<float>(M * K), fb = host_array<float>(K * N);
  fill_uniform(fa.get(), M * K, 1, -1.f, 1.f);
  fill_uniform(fb.get(), K * N, 2, -1.f, 1.f);
  auto a = host_array<half>(M * K), b = host_array<half>(K * N), c = host_array<half>(M * N);
  for (size_t i = 0; i < M * K; i++) a[i] = __float2half(fa[i]);
  for (size_t i = 0; i < K * N; i++) b[i] = __float2half(fb[i]);

  half *d_a = device_array<half>(M * K), *d_b = device_array<half>(K * N), *d_c = device_array<half>(M * N + GUARD);
  to_device(d_a, a.get(), M * K);
  to_device(d_b, b.get(), K * N);
  poison(d_c, M * N + GUARD);
  auto launch = [&] {
    return matmul_kernel(0, d_a, d_b, d_c, (int32_t)M, (int32_t)N, (int32_t)K, (int32_t)K, 1, (int32_t)N, 1,
                         (int32_t)N, 1);
  };
  CHECK(launch());  // (the first call tunes, then runs the fastest config)
  CHECK(cudaDeviceSynchronize());
  to_host(c.get(), d_c, M * N);

  const size_t checked = args.small ? M * N : std::min<size_t>(M * N, 65536);
  size_t bad = 0;
  double worst = 0;
#pragma omp parallel for reduction(+ : bad) reduction(max : worst)
  for (size_t t = 0; t < checked; t++) {
    const size_t i = checked == M * N ? t : rng_u64(3, t) % (M * N), row = i / N, col = i % N;
    double sum = 0, scale = 0;
    for (size_t k = 0; k < K; k++) {
      const double x = __half2float(a[row * K + k]), y = __half2float(b[k * N + col]);
      sum += x * y;
      scale += fabs(x * y);
    }
    const double want = leaky_relu(sum), got = __half2float(c[i]);
    int e;
    frexp(want, &e);
    const double bound = std::max(ldexp(1.0, e - 11), ldexp(1.0, -24)) + K * ldexp(1.0, -22) * scale;
    const double err = fabs(got - want);
    if (!(err <= bound)) bad++;
    worst = std::max(worst, err / bound);
  }
  size_t oob = count_guard_writes(d_c + M * N, GUARD);
  float ms = median_ms(launch);
  double tflops = 2.0 * M * N * K / (ms * 1e9);

  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  return report(bad == 0 && oob == 0, ms, "n=%zux%zux%zu checked=%zu bad=%zu worst=%.3g of the bound oob=%zu tflops=%.1f",
                M, N, K, checked, bad, worst, oob, tflops);
}
