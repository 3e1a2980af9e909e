// transpose: z (N x M) = x (M x N)^T, one BLOCK_M x BLOCK_N = 128 x 64 tile per program
// transposed with tl.trans, masked at the edges (M and N are not multiples of the tile).
// The result must be bit-exact.
// usage: transpose [M [N]] [--small]
#include "kernel.h"
#include "../common.h"

int main(int argc, char **argv) {
  Args args("transpose", argc, argv);
  size_t M = args.get(0, 8191, 37), N = args.get(1, 8193, 101), n = M * N;
  // The last tiles still form (masked) int32 offsets past the ends.
  if (n + 128 * (M + N) > INT32_MAX)
    return report(false, 0, "M=%zu N=%zu: too big for int32 offsets", M, N);

  auto x = host_array<float>(n);
  auto z = host_array<uint32_t>(n), want = host_array<uint32_t>(n);
  fill_uniform(x.get(), n, 1, -100.f, 100.f);
#pragma omp parallel for
  for (size_t j = 0; j < N; j++)
    for (size_t i = 0; i < M; i++) memcpy(&want[j * M + i], &x[i * N + j], sizeof(float));

  float *d_x = device_array<float>(n), *d_z = device_array<float>(n + GUARD);
  to_device(d_x, x.get(), n);
  poison(d_z, n + GUARD);

  auto launch = [&] { return transpose_kernel(0, d_x, d_z, (int32_t)M, (int32_t)N); };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(z.get(), (const uint32_t *)d_z, n);  // the bits: exact, and poison is no float
  size_t bad = count_unequal(z.get(), want.get(), n);
  size_t oob = count_guard_writes(d_z + n, GUARD);
  float ms = median_ms(launch);
  double gbps = 2.0 * n * sizeof(float) / (ms * 1e6);

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_z));
  return report(bad == 0 && oob == 0, ms, "n=%zux%zu bad=%zu oob=%zu gbps=%.0f", M, N, bad, oob,
                gbps);
}
