// The README's "Translate one file and build it": a C++ caller of the launcher that
// `tl2cu samples/vector_add/kernel.py -o vector_add.cu -H vector_add.h` writes. tests/run.sh
// compiles it with g++ against that header, so the recipe the README prints cannot rot.
#include <cstdio>

#include "vector_add.h"

// out[i] = x[i] + y[i] for i < n, on device pointers, on the default stream.
static int add_on_gpu(float *x, float *y, float *out, int32_t n) {
  cudaError_t err = add_kernel(/*stream=*/0, x, y, out, n);  // grid: cdiv(n, 1024) programs
  if (err == cudaSuccess) err = cudaStreamSynchronize(0);
  if (err != cudaSuccess) std::fprintf(stderr, "add_kernel: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}

int main() {
  const int32_t n = 1 << 20;
  float *x, *y, *out;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(x, 0, n * sizeof(float));
  cudaMemset(y, 0, n * sizeof(float));
  int status = add_on_gpu(x, y, out, n);
  cudaFree(x);
  cudaFree(y);
  cudaFree(out);
  return status;
}
