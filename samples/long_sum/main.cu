// long_sum: z[i] = sum of row i of the N0 x T fp32 matrix x (puzzle 7), B0=1 row per
// program, the row in chunks of B1=4096 columns with a masked last chunk.
// usage: long_sum [N0 [T]] [--small]
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("long_sum", argc, argv);
  size_t n0 = args.get(0, 8192, 37), t = args.get(1, 16384, 6001), n = n0 * t;
  const int32_t N1 = 32;  // the puzzle's chunk size parameter, unused by the kernel
  if (n > INT32_MAX) return report(false, 0, "N0=%zu T=%zu: too big for int32 offsets", n0, t);

  auto x = host_array<float>(n), z = host_array<float>(n0);
  auto want = host_array<double>(n0), scale = host_array<double>(n0);
  fill_uniform(x.get(), n, 1, -1.f, 1.f);
#pragma omp parallel for
  for (size_t i = 0; i < n0; i++) {
    double s = 0, a = 0;
    for (size_t j = 0; j < t; j++) s += x[i * t + j], a += fabs(x[i * t + j]);
    want[i] = s, scale[i] = a;
  }

  float *d_x = device_array<float>(n), *d_z = device_array<float>(n0 + GUARD);
  to_device(d_x, x.get(), n);
  poison(d_z, n0 + GUARD);

  auto launch = [&] { return sum_kernel(0, d_x, d_z, (int32_t)n0, N1, (int32_t)t); };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(z.get(), d_z, n0);
  // Any summation order is within a few dozen roundings of the sum of |x| (Triton's:
  // each thread's elements in turn, then a tree across threads, then across chunks).
  double max_rel;
  size_t bad = count_bad_scaled(z.get(), want.get(), scale.get(), n0, 1e-5, &max_rel);
  size_t oob = count_guard_writes(d_z + n0, GUARD);
  float ms = median_ms(launch);
  double gbps = (double)(n + n0) * sizeof(float) / (ms * 1e6);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_z));
  return report(bad == 0 && oob == 0, ms, "n=%zux%zu bad=%zu oob=%zu max_rel_err=%.3g gbps=%.0f",
                n0, t, bad, oob, max_rel, gbps);
}
