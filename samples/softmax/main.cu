// softmax: row softmax (Triton tutorial 02), one program per row, BLOCK_SIZE=4096
// columns, masked with -inf past n_cols. Rows are `stride` elements apart (n_cols rounded
// up to a multiple of 16); the input's padding holds 1e30, which a load that ignores its
// mask would turn into the row's maximum, and the output's padding must keep its poison.
// usage: softmax [rows [cols]] [--small]     (cols <= 4096)
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("softmax", argc, argv);
  size_t rows = args.get(0, 16384, 37), cols = args.get(1, 4096, 1003);
  size_t stride = (cols + 15) / 16 * 16, n = rows * stride;
  if (cols > 4096) return report(false, 0, "cols=%zu: this translation has BLOCK_SIZE=4096", cols);
  if (n > INT32_MAX) return report(false, 0, "%zux%zu: too big for int32 offsets", rows, cols);

  auto x = host_array<float>(n), z = host_array<float>(n), got = host_array<float>(rows * cols);
  auto want = host_array<double>(rows * cols);
  fill_uniform(x.get(), n, 1, -10.f, 10.f);
#pragma omp parallel for
  for (size_t i = 0; i < rows; i++) {
    float *r = &x[i * stride];
    for (size_t j = cols; j < stride; j++) r[j] = 1e30f;  // never read
    double m = -INFINITY, s = 0;
    for (size_t j = 0; j < cols; j++) m = std::max(m, (double)r[j]);
    for (size_t j = 0; j < cols; j++) s += exp(r[j] - m);
    for (size_t j = 0; j < cols; j++) want[i * cols + j] = exp(r[j] - m) / s;
  }

  float *d_x = device_array<float>(n), *d_z = device_array<float>(n + GUARD);
  to_device(d_x, x.get(), n);
  poison(d_z, n + GUARD);

  auto launch = [&] {
    return softmax_kernel_grid(0, (unsigned)rows, 1, 1, d_z, d_x, (int32_t)stride, (int32_t)stride,
                               (int32_t)cols);
  };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(z.get(), d_z, n);
#pragma omp parallel for
  for (size_t i = 0; i < rows; i++) memcpy(&got[i * cols], &z[i * stride], cols * sizeof(float));
  // Relative to the exact softmax: with x in [-10, 10), |x - max| < 20; the fp32
  // rounding of x - max and of its product with log2(e) inside tl.exp move exp() by up
  // to about 20 * 2^-24 * 2 = 2.4e-6 relative, ex2.approx adds 2 ulp, the sum and the
  // division a few more. 1e-5 leaves room for these, not for a bug.
  double max_rel;
  size_t bad = count_bad_scaled(got.get(), want.get(), want.get(), rows * cols, 1e-5, &max_rel);
  size_t padding = count_padding_writes(z.get(), rows, cols, stride);
  size_t oob = count_guard_writes(d_z + n, GUARD);
  float ms = median_ms(launch);
  double gbps = 2.0 * rows * cols * sizeof(float) / (ms * 1e6);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_z));
  return report(bad == 0 && padding == 0 && oob == 0, ms,
                "n=%zux%zu bad=%zu padding_written=%zu oob=%zu max_rel_err=%.3g gbps=%.0f", rows,
                cols, bad, padding, oob, max_rel, gbps);
}
