// fp8 (e4m3, e5m2) on Hopper's warpgroup MMA through the runtime's tl2cu_wgmma,
// before the translator emits it (issue 14: tl.dot of fp8 is on mma.sync today,
// 0.31x Triton): both operands K-major in swizzled shared memory
// (tl2cu_wgmma_at<W, R, 1>: fp8 has no transposed form), one m64nNk32 step per
// 32 of K, fp32 accumulators in mma.sync's fragments stacked (tl2cu_elem_mma).
// One block a product, C (M x N) = A (M x K, row-major) @ B, B given as B^T (N
// x K, row-major: K-major as stored), M / 16 warps.
//
// Checked against a float64 sum of the same fp8 values on the host: each
// element within 2^-8 of |A| @ |B| (a misplaced operand or a wrong descriptor
// is off by about all of it), and the worst error printed in units of 2^-12 |A|
// @ |B| a k step of 32, the bound docs/NOTES.md 69 found for Triton's fp8 wgmma
// sums (13 mantissa bits kept): what the hardware keeps, for the tolerance of
// the translator's fp8 dots once they run on wgmma. Full-range random bytes (no
// NaN, no infinity). Prints one line per case and "N passed, N failed"; exit
// status 1 if any failed. Build and run on the GPU machine:
//   nvcc -gencode arch=compute_90a,code=sm_90a -Iruntime
//   tests/gpu/probes/wgmma_fp8.cu -o wgmma_fp8 && ./wgmma_fp8
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <vector>

#include "tl2cu.cuh"

namespace {

template <typename T, int M, int N, int K>
__global__ void fp8_gemm(const uint8_t *a, const uint8_t *bt, float *c) {
  constexpr int W = K >= 128 ? 128 : K;  // atom bytes along K: the widest swizzle the rows fill
  constexpr int A_BYTES = (M * K + 1023) / 1024 * 1024;
  extern __shared__ __align__(1024) unsigned char smem[];
  const int tid = threadIdx.x;
  for (int i = tid; i < M * K; i += blockDim.x) smem[tl2cu_wgmma_at<W, M, 1>(i / K, i % K)] = a[i];
  for (int i = tid; i < N * K; i += blockDim.x) smem[A_BYTES + tl2cu_wgmma_at<W, N, 1>(i / K, i % K)] = bt[i];
  tl2cu_fence_async();
  __syncthreads();
  float d[N / 2];
  for (int i = 0; i < N / 2; ++i) d[i] = 0.0f;
  tl2cu_wgmma<T, M, N, K, W, W, 0, true>(d, (const T *)smem, (const T *)(smem + A_BYTES), tid);
  for (int i = 0; i < N / 2; ++i) c[tl2cu_elem_mma<M / 16, 1, M, N>(tid, i)] = d[i];
}

// The value of an fp8 byte: e4m3 (bias 7, no infinities) or e5m2 (bias 15).
double fp8_value(uint8_t x, bool e4m3) {
  int man_bits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
  int e = (x & 0x7F) >> man_bits, m = x & ((1 << man_bits) - 1);
  double mag = e ? ldexp(1.0 + m / (double)(1 << man_bits), e - bias) : ldexp(m / (double)(1 << man_bits), 1 - bias);
  return x & 0x80 ? -mag : mag;
}

// A random finite fp8 byte (no NaN; e5m2: no infinity).
uint8_t random_fp8(bool e4m3) {
  for (;;) {
    uint8_t x = (uint8_t)(rand() & 0xFF);
    if (e4m3 ? (x & 0x7F) != 0x7F : ((x >> 2) & 0x1F) != 0x1F) return x;
  }
}

int passed = 0, failed = 0;

template <typename T, int M, int N, int K>
void check(const char *name) {
  const bool e4m3 = std::is_same<T, tl2cu_e4m3>::value;
  std::vector<uint8_t> a(M * K), bt(N * K);
  for (auto &x : a) x = random_fp8(e4m3);
  for (auto &x : bt) x = random_fp8(e4m3);
  uint8_t *da, *db;
  float *dc;
  cudaMalloc(&da, a.size());
  cudaMalloc(&db, bt.size());
  cudaMalloc(&dc, M * N * sizeof(float));
  cudaMemcpy(da, a.data(), a.size(), cudaMemcpyHostToDevice);
  cudaMemcpy(db, bt.data(), bt.size(), cudaMemcpyHostToDevice);
  cudaMemset(dc, 0xFF,
             M * N * sizeof(float));  // (NaN: every element must be written)
  const int smem = (M * K + 1023) / 1024 * 1024 + N * K;
  cudaFuncSetAttribute(fp8_gemm<T, M, N, K>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  fp8_gemm<T, M, N, K><<<1, M / 16 * 32, smem>>>(da, db, dc);
  cudaError_t err = cudaDeviceSynchronize();
  std::vector<float> c(M * N);
  cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  int bad = 0;
  double worst = 0;  // (in 2^-12 |A| @ |B| a k step)
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      double sum = 0, scale = 0;
      for (int k = 0; k < K; ++k) {
        double p = fp8_value(a[m * K + k], e4m3) * fp8_value(bt[n * K + k], e4m3);
        sum += p;
        scale += fabs(p);
      }
      double diff = fabs(c[m * N + n] - sum), step = ldexp(1.0, -12) * (K / 32) * scale + 1e-30;
      if (!(diff <= ldexp(1.0, -8) * scale)) ++bad;
      if (diff / step > worst) worst = diff / step;
    }
  bool ok = err == cudaSuccess && bad == 0;
  (ok ? passed : failed)++;
  printf(
      "[%s] %s m64nNk32 M=%d N=%d K=%d: %d of %d beyond 2^-8 |A| @ |B| "
      "(worst %.3g x 2^-12 |A| @ |B| a k step)%s%s\n",
      ok ? "PASS" : "FAIL", name, M, N, K, bad, M * N, worst, err == cudaSuccess ? "" : ", ",
      err == cudaSuccess ? "" : cudaGetErrorString(err));
}

}  // namespace

int main() {
  srand(1);
  check<tl2cu_e4m3, 64, 32, 32>("e4m3");
  check<tl2cu_e4m3, 128, 64, 128>("e4m3");
  check<tl2cu_e4m3, 128, 128, 256>("e4m3");
  check<tl2cu_e5m2, 64, 256, 64>("e5m2");
  check<tl2cu_e5m2, 128, 16, 128>("e5m2");
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
