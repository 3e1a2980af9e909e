// constant_add: z = x + 10 for exactly B0=32 elements, one program.
// usage: constant_add   (the size is fixed by the kernel)
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("constant_add", argc, argv);
  const size_t n = 32;

  float x[n], z[n], want[n];
  fill_uniform(x, n, 1, -100.f, 100.f);
  for (size_t i = 0; i < n; i++) want[i] = x[i] + 10.0f;

  float *d_x = device_array<float>(n), *d_z = device_array<float>(n + GUARD);
  to_device(d_x, x, n);
  poison(d_z, n + GUARD);

  auto launch = [&] { return add_kernel(0, d_x, d_z, (int32_t)n); };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(z, d_z, n);
  double max_err;
  size_t bad = count_bad_floats(z, want, n, 1e-5, 0, &max_err);
  size_t oob = count_guard_writes(d_z + n, GUARD);
  float ms = median_ms(launch);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_z));
  return report(bad == 0 && oob == 0, ms, "n=%zu bad=%zu oob=%zu max_abs_err=%.3g", n, bad, oob,
                max_err);
}
