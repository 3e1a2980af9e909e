// rms_norm: RMS norm forward, one row per program, the whole row in one block of
// BLOCK_SIZE=4096: Y = X * rstd * W with rstd = rsqrt(mean(X^2) + eps), and Rstd per row.
// The row stride is larger than N in --small mode (its padding in Y must keep the
// poison; in X it holds 1e30, which a load that ignores its mask would add to the sum).
// usage: rms_norm [rows [N]] [--small]      (N <= 4096)
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("rms_norm", argc, argv);
  size_t rows = args.get(0, 16411, 37), N = args.get(1, 4000, 1001);
  size_t stride = args.small ? N + 7 : N, n = rows * stride;
  const float eps = 1e-6f;
  if (N > 4096) return report(false, 0, "N=%zu: this translation has BLOCK_SIZE=4096", N);
  if (n > INT32_MAX) return report(false, 0, "%zux%zu: too big for int32 offsets", rows, N);

  auto x = host_array<float>(n), y = host_array<float>(n), got = host_array<float>(rows * N);
  auto w = host_array<float>(N), rstd = host_array<float>(rows);
  auto want_y = host_array<double>(rows * N), want_rstd = host_array<double>(rows);
  fill_uniform(x.get(), n, 1, -3.f, 3.f);
  fill_uniform(w.get(), N, 2, -1.5f, 1.5f);
#pragma omp parallel for
  for (size_t i = 0; i < rows; i++) {
    float *r = &x[i * stride];
    for (size_t j = N; j < stride; j++) r[j] = 1e30f;  // never read
    double s = 0;
    for (size_t j = 0; j < N; j++) s += (double)r[j] * r[j];
    double rs = 1 / sqrt(s / N + eps);
    want_rstd[i] = rs;
    for (size_t j = 0; j < N; j++) want_y[i * N + j] = r[j] * rs * w[j];
  }

  float *d_x = device_array<float>(n), *d_y = device_array<float>(n + GUARD);
  float *d_w = device_array<float>(N), *d_rstd = device_array<float>(rows + GUARD);
  to_device(d_x, x.get(), n);
  to_device(d_w, w.get(), N);
  poison(d_y, n + GUARD);
  poison(d_rstd, rows + GUARD);

  auto launch = [&] {
    return rms_norm_fwd_kernel_grid(0, (unsigned)rows, 1, 1, d_x, d_y, d_w, d_rstd, (int32_t)stride,
                                    (int32_t)N, eps);
  };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(y.get(), d_y, n);
  to_host(rstd.get(), d_rstd, rows);
#pragma omp parallel for
  for (size_t i = 0; i < rows; i++) memcpy(&got[i * N], &y[i * stride], N * sizeof(float));
  // Pure relative checks: a sum of squares does not cancel, and Y is a product.
  double rel_y, rel_rstd;
  size_t bad_y = count_bad_scaled(got.get(), want_y.get(), want_y.get(), rows * N, 1e-5, &rel_y);
  size_t bad_rstd =
      count_bad_scaled(rstd.get(), want_rstd.get(), want_rstd.get(), rows, 1e-5, &rel_rstd);
  size_t padding = count_padding_writes(y.get(), rows, N, stride);
  size_t oob = count_guard_writes(d_y + n, GUARD) + count_guard_writes(d_rstd + rows, GUARD);
  float ms = median_ms(launch);

  for (float *p : {d_x, d_y, d_w, d_rstd}) CHECK(cudaFree(p));
  bool ok = bad_y == 0 && bad_rstd == 0 && padding == 0 && oob == 0;
  return report(ok, ms,
                "n=%zux%zu bad=%zu bad_rstd=%zu padding_written=%zu oob=%zu max_rel_err=%.3g/%.3g",
                rows, N, bad_y, bad_rstd, padding, oob, rel_y, rel_rstd);
}
