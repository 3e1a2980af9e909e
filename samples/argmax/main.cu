// argmax: out[i] = the column of the maximum of row i (the leftmost one when it repeats)
// of an n_rows x n_cols fp32 matrix, BLOCK_M=4 rows per program, each row in one block of
// BLOCK_N=1024 columns padded with -inf. The rows are full of ties: small integers, and
// every few rows a constant row, a row of +0.0 and -0.0 (equal: the leftmost of either
// wins), a row whose maximum repeats at both ends, one whose only maximum is the last
// column, and one of -inf only (ties with the padding: the answer is 0).
// usage: argmax [rows [cols]] [--small]     (cols <= 1024)
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("argmax", argc, argv);
  size_t rows = args.get(0, 100003, 37), cols = args.get(1, 1000, 77);
  size_t stride = cols, n = rows * stride;
  if (cols > 1024) return report(false, 0, "cols=%zu: this translation has BLOCK_N=1024", cols);
  if (n + 4 * stride > INT32_MAX)
    return report(false, 0, "%zux%zu: too big for int32 offsets", rows, cols);

  auto x = host_array<float>(n);
  auto out = host_array<int32_t>(rows), want = host_array<int32_t>(rows);
#pragma omp parallel for
  for (size_t i = 0; i < rows; i++) {
    float *r = &x[i * stride];
    for (size_t j = 0; j < cols; j++) r[j] = floorf(rng_float(1, i * stride + j, -8.f, 8.f));
    switch (i % 8) {
      case 1:  // constant
        for (size_t j = 0; j < cols; j++) r[j] = 3.0f;
        break;
      case 3:  // signed zeros and negatives
        for (size_t j = 0; j < cols; j++) {
          float u = rng_float(2, i * stride + j, 0.f, 3.f);
          r[j] = u < 1 ? -0.0f : u < 2 ? 0.0f : -1.0f;
        }
        break;
      case 5:  // the maximum at both ends
        r[0] = r[cols - 1] = 100.0f;
        break;
      case 6:  // one maximum, in the last column
        r[cols - 1] = 1e30f;
        break;
      case 7:
        if (i % 16 == 7)  // -inf only
          for (size_t j = 0; j < cols; j++) r[j] = -INFINITY;
        break;
    }
    int32_t best = 0;
    for (size_t j = 1; j < cols; j++)
      if (r[j] > r[best]) best = (int32_t)j;
    want[i] = best;
  }

  float *d_x = device_array<float>(n);
  int32_t *d_out = device_array<int32_t>(rows + GUARD);
  to_device(d_x, x.get(), n);
  poison(d_out, rows + GUARD);

  auto launch = [&] {
    return argmax_kernel(0, d_x, d_out, (int32_t)rows, (int32_t)cols, (int32_t)stride);
  };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(out.get(), d_out, rows);
  size_t bad = count_unequal(out.get(), want.get(), rows);
  size_t oob = count_guard_writes(d_out + rows, GUARD);
  float ms = median_ms(launch);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_out));
  return report(bad == 0 && oob == 0, ms, "n=%zux%zu bad=%zu oob=%zu", rows, cols, bad, oob);
}
