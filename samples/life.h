// life.h: the host program of the Game of Life samples (game_of_life, game_of_life_loop):
// one step of Conway's Game of Life on an N x N int8 grid of 0/1 cells, checked against
// the rule computed here. The kernel writes the interior only: the border of out must
// keep its poison. `step(x, out, n)` launches the sample's kernel on an n x n grid.
#pragma once
#include "common.h"

template <class Step>
int life_main(const char *name, int argc, char **argv, Step step) {
  Args args(name, argc, argv);
  size_t N = args.get(0, 65536, 1000), n = N * N;

  auto x = host_array<int8_t>(n), out = host_array<int8_t>(n);
#pragma omp parallel for
  for (size_t w = 0; w < (n + 7) / 8; w++) {  // 8 cells from each random word
    uint64_t bits = rng_u64(5, w);
    for (size_t b = 0; b < 8 && 8 * w + b < n; b++) x[8 * w + b] = (bits >> (8 * b)) & 1;
  }

  int8_t *d_x = device_array<int8_t>(n), *d_out = device_array<int8_t>(n + GUARD);
  to_device(d_x, x.get(), n);
  poison(d_out, n + GUARD);
  auto launch = [&] { return step(d_x, d_out, (int64_t)N); };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(out.get(), d_out, n);

  // Interior: the rule, computed from x. Border: still poison (-1).
  size_t bad = 0, border = 0;
#pragma omp parallel for reduction(+ : bad, border) schedule(dynamic, 64)
  for (size_t r = 0; r < N; r++) {
    const int8_t *o = &out[r * N];
    if (r == 0 || r == N - 1) {
      for (size_t c = 0; c < N; c++) border += o[c] != -1;
      continue;
    }
    border += (o[0] != -1) + (o[N - 1] != -1);
    const int8_t *up = &x[(r - 1) * N], *mid = &x[r * N], *down = &x[(r + 1) * N];
    for (size_t c = 1; c < N - 1; c++) {
      int sum = up[c - 1] + up[c] + up[c + 1] + mid[c - 1] + mid[c + 1] + down[c - 1] + down[c] +
                down[c + 1];
      int8_t want = mid[c] > 0 ? (sum == 2 || sum == 3) : sum == 3;
      bad += o[c] != want;
    }
  }
  size_t oob = count_guard_writes(d_out + n, GUARD);
  float ms = median_ms(launch);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_out));
  bool ok = bad == 0 && border == 0 && oob == 0;
  return report(ok, ms, "n=%zux%zu bad=%zu border_written=%zu oob=%zu", N, N, bad, border, oob);
}
