// layer_norm: layer norm forward (Triton tutorial 05), one row per program, the whole
// row in one block of BLOCK_SIZE=4096: Y = (X - mean) * rstd * W + B, and Mean, Rstd per
// row. The row stride is larger than N in --small mode (its padding in Y must keep the
// poison; in X it holds 1e30, which a load that ignores its mask would add to the mean).
// usage: layer_norm [rows [N]] [--small]      (N <= 4096)
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("layer_norm", argc, argv);
  size_t rows = args.get(0, 16411, 37), N = args.get(1, 4000, 1001);
  size_t stride = args.small ? N + 7 : N, n = rows * stride;
  const float eps = 1e-5f;
  if (N > 4096) return report(false, 0, "N=%zu: this translation has BLOCK_SIZE=4096", N);
  if (n > INT32_MAX) return report(false, 0, "%zux%zu: too big for int32 offsets", rows, N);

  auto x = host_array<float>(n), y = host_array<float>(n), got = host_array<float>(rows * N);
  auto w = host_array<float>(N), b = host_array<float>(N);
  auto mean = host_array<float>(rows), rstd = host_array<float>(rows);
  auto want_y = host_array<double>(rows * N), scale_y = host_array<double>(rows * N);
  auto want_mean = host_array<double>(rows), scale_mean = host_array<double>(rows);
  auto want_rstd = host_array<double>(rows);
  fill_uniform(x.get(), n, 1, -2.f, 4.f);
  fill_uniform(w.get(), N, 2, 0.5f, 1.5f);
  fill_uniform(b.get(), N, 3, -1.f, 1.f);
#pragma omp parallel for
  for (size_t i = 0; i < rows; i++) {
    float *r = &x[i * stride];
    for (size_t j = N; j < stride; j++) r[j] = 1e30f;  // never read
    double s = 0, a = 0, v = 0;
    for (size_t j = 0; j < N; j++) s += r[j], a += fabs(r[j]);
    double m = s / N;
    for (size_t j = 0; j < N; j++) v += (r[j] - m) * (r[j] - m);
    double rs = 1 / sqrt(v / N + eps);
    want_mean[i] = m, scale_mean[i] = a / N, want_rstd[i] = rs;
    for (size_t j = 0; j < N; j++) {
      want_y[i * N + j] = (r[j] - m) * rs * w[j] + b[j];
      // The terms: x and mean (x - mean may cancel), times rstd * w, and b.
      scale_y[i * N + j] = (fabs(r[j]) + fabs(m)) * rs * fabs(w[j]) + fabs(b[j]);
    }
  }

  float *d_x = device_array<float>(n), *d_y = device_array<float>(n + GUARD);
  float *d_w = device_array<float>(N), *d_b = device_array<float>(N);
  float *d_mean = device_array<float>(rows + GUARD), *d_rstd = device_array<float>(rows + GUARD);
  to_device(d_x, x.get(), n);
  to_device(d_w, w.get(), N);
  to_device(d_b, b.get(), N);
  poison(d_y, n + GUARD);
  poison(d_mean, rows + GUARD);
  poison(d_rstd, rows + GUARD);

  auto launch = [&] {
    return _layer_norm_fwd_fused_grid(0, (unsigned)rows, 1, 1, d_x, d_y, d_w, d_b, d_mean, d_rstd,
                                      (int32_t)stride, (int32_t)N, eps);
  };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(y.get(), d_y, n);
  to_host(mean.get(), d_mean, rows);
  to_host(rstd.get(), d_rstd, rows);
#pragma omp parallel for
  for (size_t i = 0; i < rows; i++) memcpy(&got[i * N], &y[i * stride], N * sizeof(float));
  // Sums (the mean, and through it Y) relative to the magnitude of their terms, as any
  // summation order stays within a few dozen roundings of that; rstd relative to itself
  // (a sum of squares, no cancellation).
  double rel_y, rel_mean, rel_rstd;
  size_t bad_y = count_bad_scaled(got.get(), want_y.get(), scale_y.get(), rows * N, 1e-5, &rel_y);
  size_t bad_mean =
      count_bad_scaled(mean.get(), want_mean.get(), scale_mean.get(), rows, 1e-5, &rel_mean);
  size_t bad_rstd =
      count_bad_scaled(rstd.get(), want_rstd.get(), want_rstd.get(), rows, 1e-5, &rel_rstd);
  size_t padding = count_padding_writes(y.get(), rows, N, stride);
  size_t oob = count_guard_writes(d_y + n, GUARD) + count_guard_writes(d_mean + rows, GUARD) +
               count_guard_writes(d_rstd + rows, GUARD);
  float ms = median_ms(launch);

  for (float *p : {d_x, d_y, d_w, d_b, d_mean, d_rstd}) CHECK(cudaFree(p));
  bool ok = bad_y == 0 && bad_mean == 0 && bad_rstd == 0 && padding == 0 && oob == 0;
  return report(ok, ms,
                "n=%zux%zu bad=%zu bad_mean=%zu bad_rstd=%zu padding_written=%zu oob=%zu "
                "max_rel_err=%.3g/%.3g/%.3g",
                rows, N, bad_y, bad_mean, bad_rstd, padding, oob, rel_y, rel_mean, rel_rstd);
}
