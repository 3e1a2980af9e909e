// outer_vector_add_block: z[j][i] = x[i] + y[j], z is N1 rows x N0 columns,
// B1 x B0 = 32 x 32 per program, masked edges.
// usage: outer_vector_add_block [N0 [N1]] [--small]
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("outer_vector_add_block", argc, argv);
  size_t n0 = args.get(0, 10007, 100), n1 = args.get(1, 5003, 37), n = n0 * n1;
  // Rows past N1 in the last block still form (masked) int32 offsets.
  size_t guard = 32 * n0 + GUARD;
  if (n + guard > INT32_MAX)
    return report(false, 0, "N0=%zu N1=%zu: too big for int32 offsets", n0, n1);

  auto x = host_array<float>(n0), y = host_array<float>(n1);
  auto z = host_array<float>(n), want = host_array<float>(n);
  fill_uniform(x.get(), n0, 1, -100.f, 100.f);
  fill_uniform(y.get(), n1, 2, -100.f, 100.f);
#pragma omp parallel for
  for (size_t j = 0; j < n1; j++)
    for (size_t i = 0; i < n0; i++) want[j * n0 + i] = x[i] + y[j];

  float *d_x = device_array<float>(n0), *d_y = device_array<float>(n1);
  float *d_z = device_array<float>(n + guard);
  to_device(d_x, x.get(), n0);
  to_device(d_y, y.get(), n1);
  poison(d_z, n + guard);

  auto launch = [&] { return add_vec_block_kernel(0, d_x, d_y, d_z, (int32_t)n0, (int32_t)n1); };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(z.get(), d_z, n);
  double max_err;
  size_t bad = count_bad_floats(z.get(), want.get(), n, 1e-5, 0, &max_err);
  size_t oob = count_guard_writes(d_z + n, guard);
  float ms = median_ms(launch);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_z));
  return report(bad == 0 && oob == 0, ms, "n=%zux%zu bad=%zu oob=%zu max_abs_err=%.3g", n1, n0, bad,
                oob, max_err);
}
