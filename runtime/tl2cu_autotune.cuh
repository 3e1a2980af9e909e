// tl2cu_autotune.cuh: the host autotuner (tl2cu_tuner), included by the generated .cu
// files whose kernels have @triton.autotune configs to time. It alone of the runtime
// needs the C++ library (vector, string, mutex, sort) and dlopen.
#pragma once

#include <cuda_runtime.h>
#include <dlfcn.h>
#include <stdint.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>


// ---------------------------------------------------------------- autotuning (host)
// Launchers of kernels translated with all their @triton.autotune configs keep
// one tl2cu_tuner. On the first call for each value of the key parameters it
// times every config (CUDA events, median of a few runs after a warm-up) and
// keeps the fastest, like Triton's Autotuner. Buffers the kernel stores into
// are saved before and restored after every trial run, so in-place kernels
// still compute the right answer (Triton's restore_value, done for every
// written argument). Environment:
//   TL2CU_CONFIG_<NAME>=i        always use config i
//   TL2CU_PRINT_AUTOTUNING=1     print each choice to stderr
//   TL2CU_CACHE_DIR=dir          keep choices across runs in dir/<NAME>.autotune
class tl2cu_tuner {
 public:
  tl2cu_tuner(const char *name, int nconfigs) : name_(name), nconfigs_(nconfigs) {}

  template <typename Launch>
  int choose(const int64_t *key, size_t nkey, cudaStream_t stream, void *const *written, size_t nwritten,
             Launch launch) {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<int64_t> k(key, key + nkey);
    for (const auto &e : chosen_)
      if (e.first == k) return e.second;
    int best = pinned();
    if (best < 0) best = cached(k);
    if (best < 0) best = benchmark(stream, written, nwritten, launch);
    if (best >= 0) {
      chosen_.push_back({k, best});
      remember(k, best);
      if (const char *p = getenv("TL2CU_PRINT_AUTOTUNING"); p && *p && strcmp(p, "0"))
        fprintf(stderr, "tl2cu: %s: autotune chose config %d for key %s\n", name_, best, text(k).c_str());
    }
    return best;
  }

 private:
  const char *name_;
  int nconfigs_;
  std::mutex mu_;
  std::vector<std::pair<std::vector<int64_t>, int>> chosen_;

  static std::string text(const std::vector<int64_t> &k) {
    std::string s;
    for (int64_t v : k) s += (s.empty() ? "" : ",") + std::to_string(v);
    return s.empty() ? "()" : s;
  }

  int pinned() const {
    const char *v = getenv(("TL2CU_CONFIG_" + std::string(name_)).c_str());
    if (!v || !*v) return -1;
    int i = atoi(v);
    return i >= 0 && i < nconfigs_ ? i : -1;
  }

  std::string cache_path() const {
    const char *dir = getenv("TL2CU_CACHE_DIR");
    return dir && *dir ? std::string(dir) + "/" + name_ + ".autotune" : std::string();
  }

  int cached(const std::vector<int64_t> &k) const {
    std::string path = cache_path();
    FILE *f = path.empty() ? nullptr : fopen(path.c_str(), "r");
    if (!f) return -1;
    char line[512];
    int found = -1;
    std::string want = text(k) + " ";
    while (fgets(line, sizeof line, f))
      if (!strncmp(line, want.c_str(), want.size())) found = atoi(line + want.size());
    fclose(f);
    return found >= 0 && found < nconfigs_ ? found : -1;
  }

  void remember(const std::vector<int64_t> &k, int best) const {
    std::string path = cache_path();
    FILE *f = path.empty() ? nullptr : fopen(path.c_str(), "a");
    if (!f) return;
    fprintf(f, "%s %d\n", text(k).c_str(), best);
    fclose(f);
  }

  // The whole allocation holding p (cuMemGetAddressRange, from the driver).
  static bool allocation(void *p, void **base, size_t *size) {
    typedef int (*Range)(unsigned long long *, size_t *, unsigned long long);
    static Range range = [] {
      void *lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
      return lib ? (Range)dlsym(lib, "cuMemGetAddressRange_v2") : (Range) nullptr;
    }();
    unsigned long long b = 0;
    if (!range || range(&b, size, (unsigned long long)(uintptr_t)p) != 0) return false;
    *base = (void *)(uintptr_t)b;
    return true;
  }

  template <typename Launch>
  int benchmark(cudaStream_t stream, void *const *written, size_t nwritten, Launch launch) {
    struct Saved { void *base, *copy; size_t size; };
    std::vector<Saved> saved;
    for (size_t i = 0; i < nwritten; i++) {
      Saved s{nullptr, nullptr, 0};
      if (!written[i] || !allocation(written[i], &s.base, &s.size)) continue;
      bool dup = false;
      for (const Saved &o : saved) dup |= o.base == s.base;
      if (dup || cudaMalloc(&s.copy, s.size) != cudaSuccess) continue;
      cudaMemcpyAsync(s.copy, s.base, s.size, cudaMemcpyDeviceToDevice, stream);
      saved.push_back(s);
    }
    auto restore = [&] {
      for (const Saved &s : saved) cudaMemcpyAsync(s.base, s.copy, s.size, cudaMemcpyDeviceToDevice, stream);
    };
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    int best = -1;
    float best_ms = 0;
    for (int c = 0; c < nconfigs_; c++) {
      if (launch(c, stream) != cudaSuccess || cudaStreamSynchronize(stream) != cudaSuccess) {
        cudaGetLastError();  // a config that cannot run (resources) is skipped
        restore();
        continue;
      }
      restore();
      std::vector<float> ms;
      for (int r = 0; r < 7; r++) {
        cudaEventRecord(start, stream);
        launch(c, stream);
        cudaEventRecord(stop, stream);
        cudaEventSynchronize(stop);
        float t = 0;
        cudaEventElapsedTime(&t, start, stop);
        ms.push_back(t);
        restore();
      }
      std::sort(ms.begin(), ms.end());
      if (best < 0 || ms[ms.size() / 2] < best_ms) best = c, best_ms = ms[ms.size() / 2];
    }
    cudaStreamSynchronize(stream);
    for (const Saved &s : saved) cudaFree(s.copy);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return best;
  }
};
