// constant_add_block: z = x + 10 over N0 elements, B0=32 per program, masked tail.
// usage: constant_add_block [N0] [--small]
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("constant_add_block", argc, argv);
  size_t n = args.get(0, (1ll << 26) + 5, 1000);

  auto x = host_array<float>(n), z = host_array<float>(n), want = host_array<float>(n);
  fill_uniform(x.get(), n, 1, -100.f, 100.f);
#pragma omp parallel for
  for (size_t i = 0; i < n; i++) want[i] = x[i] + 10.0f;

  float *d_x = device_array<float>(n), *d_z = device_array<float>(n + GUARD);
  to_device(d_x, x.get(), n);
  poison(d_z, n + GUARD);

  auto launch = [&] { return add_mask2_kernel(0, d_x, d_z, (int32_t)n); };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(z.get(), d_z, n);
  double max_err;
  size_t bad = count_bad_floats(z.get(), want.get(), n, 1e-5, 0, &max_err);
  size_t oob = count_guard_writes(d_z + n, GUARD);
  float ms = median_ms(launch);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_z));
  return report(bad == 0 && oob == 0, ms, "n=%zu bad=%zu oob=%zu max_abs_err=%.3g", n, bad, oob,
                max_err);
}
