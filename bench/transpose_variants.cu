// bench/transpose_variants.cu: hand-written transposes of a misaligned 8191 x 8193 fp32
// matrix (the benchmark's size, docs/NOTES.md 44), to learn which code shape reaches 85%
// of the copy bandwidth before tl2cu is taught to write it. Each variant is checked
// against a host transpose, then timed: median of 50 runs after 10 warm-ups, events.
// Build: nvcc -O3 -arch=sm_90 -o tv bench/transpose_variants.cu && ./tv
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                           \
  do {                                                                     \
    cudaError_t e_ = (x);                                                  \
    if (e_ != cudaSuccess) {                                               \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      exit(1);                                                             \
    }                                                                      \
  } while (0)

// z (N x M) = x (M x N)^T

// A: each thread reads across (tl2cu's plain variant today): loads in the store's layout.
template <int TM, int TN, int T>
__global__ void __launch_bounds__(T) across(const float *x, float *z, int M, int N) {
  int rm0 = blockIdx.x * TM, rn0 = blockIdx.y * TN;
#pragma unroll
  for (int k = 0; k < TM * TN / T; ++k) {
    int e = k * T + threadIdx.x, rm = rm0 + e % TM, rn = rn0 + e / TM;
    if (rm < M && rn < N) z[(size_t)rn * M + rm] = x[(size_t)rm * N + rn];
  }
}

// B: tile TM x TN through shared memory (padded), T threads, all loads before the barrier;
// Index: the type of the address arithmetic (size_t, or int as tl2cu writes int32 math).
template <int TM, int TN, int T, typename Index>
__global__ void __launch_bounds__(T) tiled(const float *x, float *z, int M, int N) {
  __shared__ float s[TM][TN + 1];
  int rm0 = blockIdx.x * TM, rn0 = blockIdx.y * TN;
  constexpr int PER = TM * TN / T;
  float v[PER];
#pragma unroll
  for (int k = 0; k < PER; ++k) {  // rows of x: consecutive threads along n
    int e = k * T + threadIdx.x, r = e / TN, c = e % TN;
    v[k] = (rm0 + r < M && rn0 + c < N) ? x[(Index)(rm0 + r) * N + rn0 + c] : 0.f;
  }
#pragma unroll
  for (int k = 0; k < PER; ++k) {
    int e = k * T + threadIdx.x;
    s[e / TN][e % TN] = v[k];
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < PER; ++k) {  // rows of z: consecutive threads along m
    int e = k * T + threadIdx.x, r = e / TM, c = e % TM;
    if (rn0 + r < N && rm0 + c < M) z[(Index)(rn0 + r) * M + rm0 + c] = s[c][r];
  }
}

// D: a misaligned copy of the same bytes (x rows into z rows of the same shape): the
// bound for scalar accesses to rows of 8193 floats.
template <int TM, int TN, int T>
__global__ void __launch_bounds__(T) copy_rows(const float *x, float *z, int M, int N) {
  int rm0 = blockIdx.x * TM, rn0 = blockIdx.y * TN;
#pragma unroll
  for (int k = 0; k < TM * TN / T; ++k) {
    int e = k * T + threadIdx.x, r = rm0 + e / TN, c = rn0 + e % TN;
    if (r < M && c < N) z[r * N + c] = x[r * N + c];
  }
}

typedef void (*Kern)(const float *, float *, int, int);

// Median of 50 runs of launch() after 10 warm-ups, timed with events.
template <typename Launch>
static float time_ms(Launch launch) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  std::vector<float> t;
  for (int i = 0; i < 60; ++i) {
    CHECK(cudaEventRecord(a));
    launch();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    if (i >= 10) t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main() {
  const int M = 8191, N = 8193;
  size_t n = (size_t)M * N, bytes = n * 4;
  std::vector<float> hx(n), hz(n), want(n);
  srand(7);
  for (size_t i = 0; i < n; ++i) hx[i] = (float)rand() / RAND_MAX - 0.5f;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) want[(size_t)c * M + r] = hx[(size_t)r * N + c];
  float *x, *z;
  CHECK(cudaMalloc(&x, bytes));
  CHECK(cudaMalloc(&z, bytes));
  CHECK(cudaMemcpy(x, hx.data(), bytes, cudaMemcpyHostToDevice));
  // the copy limit: a device-to-device copy of the same bytes
  float limit = time_ms([&] { CHECK(cudaMemcpyAsync(z, x, bytes, cudaMemcpyDeviceToDevice)); });
  printf("%-28s %8.4f ms  (copy limit)\n", "cudaMemcpy D2D", limit);
  struct V {
    const char *name;
    Kern f;
    int tm, tn, threads;
    bool transposes;
  } vs[] = {
      {"across 32x64/128 (tl2cu)", across<32, 64, 128>, 32, 64, 128, true},
      {"across 64x64/256", across<64, 64, 256>, 64, 64, 256, true},
      {"tiled 32x64/128", tiled<32, 64, 128, size_t>, 32, 64, 128, true},
      {"tiled 32x32/256", tiled<32, 32, 256, size_t>, 32, 32, 256, true},
      {"tiled 64x64/256", tiled<64, 64, 256, size_t>, 64, 64, 256, true},
      {"tiled 64x64/512", tiled<64, 64, 512, size_t>, 64, 64, 512, true},
      {"tiled 32x128/256", tiled<32, 128, 256, size_t>, 32, 128, 256, true},
      {"tiled32 32x64/128", tiled<32, 64, 128, int>, 32, 64, 128, true},
      {"tiled32 64x64/256", tiled<64, 64, 256, int>, 64, 64, 256, true},
      {"copy rows 32x64/128", copy_rows<32, 64, 128>, 32, 64, 128, false},
      {"copy rows 64x64/256", copy_rows<64, 64, 256>, 64, 64, 256, false},
      {"copy rows 32x64/256", copy_rows<32, 64, 256>, 32, 64, 256, false},
      {"copy rows 64x64/128", copy_rows<64, 64, 128>, 64, 64, 128, false},
  };
  for (const V &v : vs) {
    CHECK(cudaMemset(z, 0xff, bytes));
    dim3 grid((M + v.tm - 1) / v.tm, (N + v.tn - 1) / v.tn);
    v.f<<<grid, v.threads>>>(x, z, M, N);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hz.data(), z, bytes, cudaMemcpyDeviceToHost));
    size_t bad = 0;
    const std::vector<float> &ref = v.transposes ? want : hx;
    for (size_t i = 0; i < n; ++i) bad += hz[i] != ref[i];
    float ms = time_ms([&] { v.f<<<grid, v.threads>>>(x, z, M, N); });
    printf("%-28s %8.4f ms  %5.1f%% of limit  %s\n", v.name, ms, 100 * limit / ms, bad ? "WRONG" : "exact");
  }
  return 0;
}
