// flash_attention: softmax(Q K^T * sm_scale) V for every (batch, head) (kernel.py: head dim 64,
// not causal), fp16 in and out, and M, each row's log-sum-exp in base 2. Q, K, V are
// Z x H x N x 64, values in [-2, 2]; sm_scale = 1/8. Checked against a float64 reference on
// every row (--small) or 2,048 of them: each output within 2^-9 of (sum_n p_n |v_n| + |o|)
// (p is rounded to fp16 for the second dot, as in Triton; the output to fp16), M within
// 2^-14 (1 + |M|).
// usage: flash_attention [Z [H [N]]] [--small]
#include "kernel.h"
#include "../common.h"

#include <cuda_fp16.h>

#include <vector>

int main(int argc, char **argv) {
  Args args("flash_attention", argc, argv);
  const size_t Z = args.get(0, 4, 1), H = args.get(1, 32, 2), N = args.get(2, 4096, 256), D = 64;
  const float sm_scale = 0.125f;
  if (N % 128 || Z * H * N * D > INT32_MAX) return report(false, 0, "N must be a multiple of 128 (BLOCK_M), sizes int32");
  const size_t n = Z * H * N * D;

  auto q = host_array<half>(n), k = host_array<half>(n), v = host_array<half>(n), o = host_array<half>(n);
  auto m = host_array<float>(Z * H * N);
  for (size_t i = 0; i < n; i++) {
    q[i] = __float2half(rng_float(1, i, -2.f, 2.f));
    k[i] = __float2half(rng_float(2, i, -2.f, 2.f));
    v[i] = __float2half(rng_float(3, i, -2.f, 2.f));
  }
  half *d_q = device_array<half>(n), *d_k = device_array<half>(n), *d_v = device_array<half>(n);
  half *d_o = device_array<half>(n + GUARD);
  float *d_m = device_array<float>(Z * H * N + GUARD);
  to_device(d_q, q.get(), n);
  to_device(d_k, k.get(), n);
  to_device(d_v, v.get(), n);
  poison(d_o, n + GUARD);
  poison(d_m, Z * H * N + GUARD);
  auto launch = [&] {
    return attn_fwd(0, d_q, d_k, d_v, sm_scale, d_m, d_o, (int32_t)Z, (int32_t)H, (int32_t)N, (int32_t)(H * N * D),
                    (int32_t)(N * D), (int32_t)D);  // (stride_d: 1, the signature's)
  };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(o.get(), d_o, n);
  to_host(m.get(), d_m, Z * H * N);

  const size_t rows = Z * H * N, checked = args.small ? rows : std::min<size_t>(rows, 2048);
  size_t bad = 0;
  double worst = 0;
#pragma omp parallel for reduction(+ : bad) reduction(max : worst)
  for (size_t t = 0; t < checked; t++) {
    const size_t row = checked == rows ? t : rng_u64(4, t) % rows, head = row / N;  // (z, h) as one index
    const half *qr = &q[row * D], *kh = &k[head * N * D], *vh = &v[head * N * D];
    std::vector<double> s(N);
    double top = -INFINITY, sum = 0;
    for (size_t j = 0; j < N; j++) {
      double dot = 0;
      for (size_t d = 0; d < D; d++) dot += (double)__half2float(qr[d]) * __half2float(kh[j * D + d]);
      s[j] = dot * sm_scale;
      top = std::max(top, s[j]);
    }
    for (size_t j = 0; j < N; j++) sum += s[j] = exp(s[j] - top);
    const double lse2 = (top + log(sum)) / log(2.0);
    if (!(fabs(m[row] - lse2) <= ldexp(1.0, -14) * (1 + fabs(lse2)))) bad++;
    for (size_t d = 0; d < D; d++) {
      double want = 0, scale = 0;
      for (size_t j = 0; j < N; j++) {
        const double x = __half2float(vh[j * D + d]);
        want += s[j] / sum * x;
        scale += s[j] / sum * fabs(x);
      }
      const double bound = ldexp(1.0, -9) * (scale + fabs(want)), err = fabs(__half2float(o[row * D + d]) - want);
      if (!(err <= bound)) bad++;
      worst = std::max(worst, err / bound);
    }
  }
  size_t oob = count_guard_writes(d_o + n, GUARD) + count_guard_writes(d_m + Z * H * N, GUARD);
  float ms = median_ms(launch);
  const double tflops = 4.0 * Z * H * N * N * D / (ms * 1e9);  // two dots of 2 N^2 D flops

  CHECK(cudaFree(d_q));
  CHECK(cudaFree(d_k));
  CHECK(cudaFree(d_v));
  CHECK(cudaFree(d_o));
  CHECK(cudaFree(d_m));
  return report(bad == 0 && oob == 0, ms, "z=%zu h=%zu n=%zu d=%zu checked=%zu rows bad=%zu worst=%.3g of the bound oob=%zu tflops=%.1f",
                Z, H, N, D, checked, bad, worst, oob, tflops);
}
