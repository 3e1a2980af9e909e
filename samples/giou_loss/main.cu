// giou_loss: the mean generalized IoU over the valid boxes of a batch, in two kernels:
// giou_kernel (the GIoU forward of samples/giou, one program per image of BLOCK_SIZE=256
// boxes, which also writes each image's sum of GIoU and count of valid boxes) and
// giou_mean_kernel (one program: sum of the partials / max(count, 1)). Also checks the
// mean of a batch with no valid box (0) on partials that are all zero.
// usage: giou_loss [images] [--small]
#include "kernel.h"
#include "../common.h"

static const size_t BOXES_PER_IMAGE = 256;  // BLOCK_SIZE in kernel.py

// As in samples/giou: a prediction is its target with each edge moved by up to 40% of
// the box's size or, for 1 in 10, a neighbour moved right past it; 1 target in 8 is
// padding (all 0 or all -1). GIoU is then in (-1, 1], of both signs.
static void make_boxes(float *preds, float *targets, size_t boxes) {
#pragma omp parallel for
  for (size_t k = 0; k < boxes; k++) {
    auto rnd = [k](int j, float lo, float hi) { return rng_float(7, 16 * k + j, lo, hi); };
    float w = rnd(0, 4, 300), h = rnd(1, 4, 300), l = rnd(2, 0, 1000), t = rnd(3, 0, 1000);
    float *g = targets + 4 * k, *p = preds + 4 * k;
    g[0] = l, g[1] = t, g[2] = l + w, g[3] = t + h;
    float shift = rnd(4, 0, 1) < 0.1f ? rnd(5, 1.1f, 2.0f) * w : 0.0f;
    p[0] = l + shift + rnd(6, -0.4f, 0.4f) * w;
    p[1] = t + rnd(7, -0.4f, 0.4f) * h;
    p[2] = l + w + shift + rnd(8, -0.4f, 0.4f) * w;
    p[3] = t + h + rnd(9, -0.4f, 0.4f) * h;
    if (rnd(10, 0, 1) < 0.125f) {
      float pad = rnd(11, 0, 1) < 0.5f ? 0.0f : -1.0f;
      g[0] = g[1] = g[2] = g[3] = pad;
    }
  }
}

// The kernel's arithmetic for one box, in the same order (samples/giou/main.cu).
static float giou_ref(const float *p, const float *g) {
  const float epsilon = 1e-5f;
  float area1 = (p[2] - p[0]) * (p[3] - p[1]);
  float area2 = (g[2] - g[0]) * (g[3] - g[1]);
  float inter_w = std::min(p[2], g[2]) - std::max(p[0], g[0]);
  float inter_h = std::min(p[3], g[3]) - std::max(p[1], g[1]);
  float inter_area = inter_w * inter_h;
  float union_area = area1 + area2 - inter_area;
  float iou_val = inter_area / std::max(union_area, epsilon);
  float enclose_w = std::max(p[2], g[2]) - std::min(p[0], g[0]);
  float enclose_h = std::max(p[3], g[3]) - std::min(p[1], g[1]);
  float enclose_area = enclose_w * enclose_h;
  float delta_area = enclose_area - union_area;
  float giou = iou_val - delta_area / std::max(enclose_area, epsilon);
  return g[3] > 0 ? giou : 0.0f;
}

int main(int argc, char **argv) {
  Args args("giou_loss", argc, argv);
  size_t images = args.get(0, 4099, 7), n = images * BOXES_PER_IMAGE;

  auto preds = host_array<float>(4 * n), targets = host_array<float>(4 * n);
  auto out = host_array<float>(n), want = host_array<float>(n);
  auto valid = host_array<uint8_t>(n), want_valid = host_array<uint8_t>(n);
  auto part_sum = host_array<float>(images);
  auto part_count = host_array<int32_t>(images);
  auto want_sum = host_array<double>(images), sum_scale = host_array<double>(images);
  auto want_count = host_array<int32_t>(images);
  make_boxes(preds.get(), targets.get(), n);
#pragma omp parallel for
  for (size_t k = 0; k < n; k++) {
    want[k] = giou_ref(&preds[4 * k], &targets[4 * k]);
    want_valid[k] = targets[4 * k + 3] > 0;
  }
  // The partials and the mean from the per-box values, in double.
  double total = 0, total_abs = 0;
  long long count = 0;
  for (size_t i = 0; i < images; i++) {
    double s = 0, a = 0;
    int32_t c = 0;
    for (size_t k = i * BOXES_PER_IMAGE; k < (i + 1) * BOXES_PER_IMAGE; k++)
      s += want[k], a += fabs(want[k]), c += want_valid[k];
    want_sum[i] = s, sum_scale[i] = a, want_count[i] = c;
    total += s, total_abs += a, count += c;
  }
  double want_mean = total / std::max(count, 1ll), mean_scale = total_abs / std::max(count, 1ll);

  float *d_preds = device_array<float>(4 * n), *d_targets = device_array<float>(4 * n);
  float *d_out = device_array<float>(n + GUARD);
  bool *d_valid = device_array<bool>(n + GUARD);
  float *d_part_sum = device_array<float>(images + GUARD);
  int32_t *d_part_count = device_array<int32_t>(images + GUARD);
  float *d_mean = device_array<float>(1 + GUARD), *d_empty_mean = device_array<float>(1 + GUARD);
  float *d_zero_sum = device_array<float>(3);
  int32_t *d_zero_count = device_array<int32_t>(3);
  to_device(d_preds, preds.get(), 4 * n);
  to_device(d_targets, targets.get(), 4 * n);
  poison(d_out, n + GUARD);
  poison(d_valid, n + GUARD);
  poison(d_part_sum, images + GUARD);
  poison(d_part_count, images + GUARD);
  poison(d_mean, 1 + GUARD);
  poison(d_empty_mean, 1 + GUARD);
  CHECK(cudaMemset(d_zero_sum, 0, 3 * sizeof(float)));
  CHECK(cudaMemset(d_zero_count, 0, 3 * sizeof(int32_t)));

  auto launch = [&] {
    cudaError_t err = giou_kernel_grid(0, (unsigned)images, 1, 1, d_preds, d_targets, d_out,
                                       d_valid, d_part_sum, d_part_count);
    if (err != cudaSuccess) return err;
    return giou_mean_kernel(0, d_part_sum, d_part_count, d_mean, (int32_t)images);
  };
  CHECK(launch());
  CHECK(giou_mean_kernel(0, d_zero_sum, d_zero_count, d_empty_mean, 3));
  CHECK(cudaDeviceSynchronize());
  to_host(out.get(), d_out, n);
  to_host(valid.get(), (const uint8_t *)d_valid, n);  // bytes: poison is no valid bool
  to_host(part_sum.get(), d_part_sum, images);
  to_host(part_count.get(), d_part_count, images);
  float mean, empty_mean;
  to_host(&mean, d_mean, 1);
  to_host(&empty_mean, d_empty_mean, 1);

  // Per box: as in samples/giou, errors scale with 1 (GIoU is a difference of two
  // ratios in [-1, 1]). Sums: relative to the sum of |GIoU| they add up, as any
  // summation order stays within a few dozen roundings of that.
  double max_err, sum_rel;
  size_t bad = count_bad_floats(out.get(), want.get(), n, 1e-5, 1.0, &max_err);
  size_t bad_valid = count_unequal(valid.get(), want_valid.get(), n);
  size_t bad_sum =
      count_bad_scaled(part_sum.get(), want_sum.get(), sum_scale.get(), images, 1e-5, &sum_rel);
  size_t bad_count = count_unequal(part_count.get(), want_count.get(), images);
  double mean_err = fabs(mean - want_mean);
  bool mean_ok = mean_err <= 1e-5 * mean_scale && empty_mean == 0.0f;
  if (!mean_ok)
    fprintf(stderr, "  mean: got %.9g want %.9g; empty batch: got %.9g want 0\n", mean, want_mean,
            empty_mean);
  size_t oob = count_guard_writes(d_out + n, GUARD) + count_guard_writes(d_valid + n, GUARD) +
               count_guard_writes(d_part_sum + images, GUARD) +
               count_guard_writes(d_part_count + images, GUARD) +
               count_guard_writes(d_mean + 1, GUARD) + count_guard_writes(d_empty_mean + 1, GUARD);
  float ms = median_ms(launch);

  for (void *p : {(void *)d_preds, (void *)d_targets, (void *)d_out, (void *)d_valid,
                  (void *)d_part_sum, (void *)d_part_count, (void *)d_mean, (void *)d_empty_mean,
                  (void *)d_zero_sum, (void *)d_zero_count})
    CHECK(cudaFree(p));
  bool ok = bad == 0 && bad_valid == 0 && bad_sum == 0 && bad_count == 0 && mean_ok && oob == 0;
  return report(ok, ms,
                "n=%zux%zu mean=%.7f valid=%lld bad=%zu bad_valid=%zu bad_sum=%zu bad_count=%zu "
                "mean_rel_err=%.3g oob=%zu",
                images, BOXES_PER_IMAGE, mean, count, bad, bad_valid, bad_sum, bad_count,
                mean_err / mean_scale, oob);
}
