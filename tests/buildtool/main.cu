// The host program of the build-tool examples: it calls the launcher that tl2cu wrote into
// kernel.cu and declared in kernel.h. The tests build it and never run it (no GPU there).
#include <cstdio>

#include "kernel.h"

int main() {
  const int32_t n = 1000;
  float *x, *y, *out;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(x, 0, n * sizeof(float));
  cudaMemset(y, 0, n * sizeof(float));
  cudaError_t err = add_kernel(0, x, y, out, n);
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  printf("add_kernel: %s\n", cudaGetErrorString(err));
  cudaFree(x);
  cudaFree(y);
  cudaFree(out);
  return err != cudaSuccess;
}
