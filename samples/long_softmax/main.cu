// long_softmax: z[i, :] = softmax(x[i, :]) over the rows of length T of the N0 x T fp32
// matrix x (puzzle 8), B0=4 rows per program, the rows in chunks of B1=512 columns: an
// online max and sum of 2^(log2(e) (x - max)) in a first loop, the output in a second.
// usage: long_softmax [N0 [T]] [--small]
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("long_softmax", argc, argv);
  size_t n0 = args.get(0, 4099, 37), t = args.get(1, 20000, 3001), n = n0 * t;
  const int32_t N1 = 32;  // the puzzle's chunk size parameter, unused by the kernel
  // Rows past N0 in the last program still form (masked) int32 offsets.
  if (n + 4 * t > INT32_MAX)
    return report(false, 0, "N0=%zu T=%zu: too big for int32 offsets", n0, t);

  auto x = host_array<float>(n), z = host_array<float>(n);
  auto want = host_array<double>(n);
  fill_uniform(x.get(), n, 1, -10.f, 10.f);
#pragma omp parallel for
  for (size_t i = 0; i < n0; i++) {
    const float *r = &x[i * t];
    double m = -INFINITY, s = 0;
    for (size_t j = 0; j < t; j++) m = std::max(m, (double)r[j]);
    for (size_t j = 0; j < t; j++) s += exp(r[j] - m);
    for (size_t j = 0; j < t; j++) want[i * t + j] = exp(r[j] - m) / s;
  }

  float *d_x = device_array<float>(n), *d_z = device_array<float>(n + GUARD);
  to_device(d_x, x.get(), n);
  poison(d_z, n + GUARD);

  auto launch = [&] { return softmax_kernel(0, d_x, d_z, (int32_t)n0, N1, (int32_t)t); };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(z.get(), d_z, n);
  // Relative to the exact softmax: with x in [-10, 10), |x - max| < 20, and the fp32
  // roundings of x - max and of log2(e) * (x - max) move 2^(...) by up to about
  // 20 * 2^-24 * 2 = 2.4e-6 relative; ex2.approx adds 2 ulp, the rescaling of the running
  // sum (by up to 20 in total) as much again. 1e-5 leaves room for these, not for a bug.
  double max_rel;
  size_t bad = count_bad_scaled(z.get(), want.get(), want.get(), n, 1e-5, &max_rel);
  size_t oob = count_guard_writes(d_z + n, GUARD);
  float ms = median_ms(launch);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_z));
  return report(bad == 0 && oob == 0, ms, "n=%zux%zu bad=%zu oob=%zu max_rel_err=%.3g", n0, t, bad,
                oob, max_rel);
}
