// cumsum: inclusive prefix sums along the rows of an n_rows x n_cols matrix, BLOCK_M=2
// rows per program, each row in one block of BLOCK_N=1024 columns; one kernel for fp32
// (tl.cumsum) and one for int32 (x.cumsum), both checked. The row stride is larger than
// n_cols in --small mode (the padding of z must keep the poison).
// usage: cumsum [rows [cols]] [--small]     (cols <= 1024)
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("cumsum", argc, argv);
  size_t rows = args.get(0, 20011, 37), cols = args.get(1, 1000, 77);
  size_t stride = args.small ? cols + 3 : cols, n = rows * stride, m = rows * cols;
  if (cols > 1024) return report(false, 0, "cols=%zu: this translation has BLOCK_N=1024", cols);
  if (n + 2 * stride > INT32_MAX)
    return report(false, 0, "%zux%zu: too big for int32 offsets", rows, cols);
  unsigned grid = (unsigned)((rows + 1) / 2);  // cdiv(n_rows, BLOCK_M)

  auto xf = host_array<float>(n), zf = host_array<float>(n), gotf = host_array<float>(m);
  auto xi = host_array<int32_t>(n), zi = host_array<int32_t>(n), goti = host_array<int32_t>(m);
  auto want_f = host_array<double>(m), scale_f = host_array<double>(m);
  auto want_i = host_array<int32_t>(m);
#pragma omp parallel for
  for (size_t i = 0; i < rows; i++) {
    double s = 0, a = 0;
    uint32_t si = 0;  // int32 adds wrap (they cannot here: |x| <= 1000)
    for (size_t j = 0; j < stride; j++) {
      size_t k = i * stride + j;
      xf[k] = j < cols ? rng_float(1, k, -1.f, 1.f) : 1e30f;  // the padding is never read
      xi[k] = j < cols ? (int32_t)(rng_u64(2, k) % 2001) - 1000 : INT32_MAX;
      if (j < cols) {
        s += xf[k], a += fabs(xf[k]), si += (uint32_t)xi[k];
        want_f[i * cols + j] = s, scale_f[i * cols + j] = a, want_i[i * cols + j] = (int32_t)si;
      }
    }
  }

  float *d_xf = device_array<float>(n), *d_zf = device_array<float>(n + GUARD);
  int32_t *d_xi = device_array<int32_t>(n), *d_zi = device_array<int32_t>(n + GUARD);
  to_device(d_xf, xf.get(), n);
  to_device(d_xi, xi.get(), n);
  poison(d_zf, n + GUARD);
  poison(d_zi, n + GUARD);

  auto launch_f = [&] {
    return cumsum_f32_kernel_grid(0, grid, 1, 1, d_xf, d_zf, (int32_t)rows, (int32_t)cols,
                                  (int32_t)stride);
  };
  auto launch_i = [&] {
    return cumsum_i32_kernel_grid(0, grid, 1, 1, d_xi, d_zi, (int32_t)rows, (int32_t)cols,
                                  (int32_t)stride);
  };
  CHECK(launch_f());
  CHECK(launch_i());
  CHECK(cudaDeviceSynchronize());
  to_host(zf.get(), d_zf, n);
  to_host(zi.get(), d_zi, n);
#pragma omp parallel for
  for (size_t i = 0; i < rows; i++) {
    memcpy(&gotf[i * cols], &zf[i * stride], cols * sizeof(float));
    memcpy(&goti[i * cols], &zi[i * stride], cols * sizeof(int32_t));
  }
  // fp32: relative to the sum of |x| over the prefix, as any order of the additions of a
  // scan stays within a few dozen roundings of that (the prefix may cancel to near 0).
  double max_rel;
  size_t bad_f = count_bad_scaled(gotf.get(), want_f.get(), scale_f.get(), m, 1e-5, &max_rel);
  size_t bad_i = count_unequal(goti.get(), want_i.get(), m);
  size_t padding = count_padding_writes(zf.get(), rows, cols, stride) +
                   count_padding_writes(zi.get(), rows, cols, stride);
  size_t oob = count_guard_writes(d_zf + n, GUARD) + count_guard_writes(d_zi + n, GUARD);
  float ms_f = median_ms(launch_f), ms_i = median_ms(launch_i);

  CHECK(cudaFree(d_xf));
  CHECK(cudaFree(d_zf));
  CHECK(cudaFree(d_xi));
  CHECK(cudaFree(d_zi));
  bool ok = bad_f == 0 && bad_i == 0 && padding == 0 && oob == 0;
  return report(ok, ms_f,
                "n=%zux%zu bad_f32=%zu bad_i32=%zu padding_written=%zu oob=%zu max_rel_err=%.3g "
                "i32_median_ms=%.3f",
                rows, cols, bad_f, bad_i, padding, oob, max_rel, ms_i);
}
