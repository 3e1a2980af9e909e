// vector_add: output = x + y over n elements (n not a multiple of BLOCK_SIZE=1024).
// usage: vector_add [n] [--small]
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("vector_add", argc, argv);
  size_t n = args.get(0, (1ll << 28) + 17, 100003);

  auto x = host_array<float>(n), y = host_array<float>(n);
  auto out = host_array<float>(n), want = host_array<float>(n);
  fill_uniform(x.get(), n, 1, -100.f, 100.f);
  fill_uniform(y.get(), n, 2, -100.f, 100.f);
#pragma omp parallel for
  for (size_t i = 0; i < n; i++) want[i] = x[i] + y[i];

  float *d_x = device_array<float>(n), *d_y = device_array<float>(n);
  float *d_out = device_array<float>(n + GUARD);
  to_device(d_x, x.get(), n);
  to_device(d_y, y.get(), n);
  poison(d_out, n + GUARD);

  auto launch = [&] { return add_kernel(0, d_x, d_y, d_out, (int32_t)n); };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(out.get(), d_out, n);
  double max_err;
  size_t bad = count_bad_floats(out.get(), want.get(), n, 1e-5, 0, &max_err);
  size_t oob = count_guard_writes(d_out + n, GUARD);
  float ms = median_ms(launch);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_out));
  return report(bad == 0 && oob == 0, ms, "n=%zu bad=%zu oob=%zu max_abs_err=%.3g", n, bad, oob,
                max_err);
}
