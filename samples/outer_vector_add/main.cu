// outer_vector_add: z[j][i] = x[i] + y[j] for one B1 x B0 = 32 x 32 block, one program.
// usage: outer_vector_add   (the size is fixed by the kernel)
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("outer_vector_add", argc, argv);
  const size_t n0 = 32, n1 = 32, n = n0 * n1;

  float x[n0], y[n1], z[n], want[n];
  fill_uniform(x, n0, 1, -100.f, 100.f);
  fill_uniform(y, n1, 2, -100.f, 100.f);
  for (size_t j = 0; j < n1; j++)
    for (size_t i = 0; i < n0; i++) want[j * n0 + i] = x[i] + y[j];

  float *d_x = device_array<float>(n0), *d_y = device_array<float>(n1);
  float *d_z = device_array<float>(n + GUARD);
  to_device(d_x, x, n0);
  to_device(d_y, y, n1);
  poison(d_z, n + GUARD);

  auto launch = [&] { return add_vec_kernel(0, d_x, d_y, d_z, (int32_t)n0, (int32_t)n1); };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(z, d_z, n);
  double max_err;
  size_t bad = count_bad_floats(z, want, n, 1e-5, 0, &max_err);
  size_t oob = count_guard_writes(d_z + n, GUARD);
  float ms = median_ms(launch);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_z));
  return report(bad == 0 && oob == 0, ms, "n=%zux%zu bad=%zu oob=%zu max_abs_err=%.3g", n1, n0, bad,
                oob, max_err);
}
