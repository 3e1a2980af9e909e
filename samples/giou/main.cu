// giou: generalized IoU of each predicted box with its target, one program per image
// of BLOCK_SIZE=256 boxes; a target with bottom <= 0 is padding (output 0, not valid).
// usage: giou [images] [--small]
#include "kernel.h"
#include "../common.h"

static const size_t BOXES_PER_IMAGE = 256;  // BLOCK_SIZE in kernel.py

// Boxes are (left, top, right, bottom) in a 1024-pixel image. A prediction is its
// target with each edge moved by up to 40% of the box's size (so they overlap), or,
// for 1 in 10, a neighbour: that box moved right past the target. 1 target in 8 is
// padding: all zeros or all -1.
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

// The kernel's arithmetic for one box, in the same order.
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
  Args args("giou", argc, argv);
  size_t images = args.get(0, 4099, 7), n = images * BOXES_PER_IMAGE;

  auto preds = host_array<float>(4 * n), targets = host_array<float>(4 * n);
  auto out = host_array<float>(n), want = host_array<float>(n);
  auto valid = host_array<uint8_t>(n), want_valid = host_array<uint8_t>(n);
  make_boxes(preds.get(), targets.get(), n);
#pragma omp parallel for
  for (size_t k = 0; k < n; k++) {
    want[k] = giou_ref(&preds[4 * k], &targets[4 * k]);
    want_valid[k] = targets[4 * k + 3] > 0;
  }

  float *d_preds = device_array<float>(4 * n), *d_targets = device_array<float>(4 * n);
  float *d_out = device_array<float>(n + GUARD);
  bool *d_valid = device_array<bool>(n + GUARD);
  to_device(d_preds, preds.get(), 4 * n);
  to_device(d_targets, targets.get(), 4 * n);
  poison(d_out, n + GUARD);
  poison(d_valid, n + GUARD);

  auto launch = [&] {
    return giou_kernel_grid(0, (unsigned)images, 1, 1, d_preds, d_targets, d_out, d_valid);
  };
  CHECK(launch());
  CHECK(cudaDeviceSynchronize());
  to_host(out.get(), d_out, n);
  to_host(valid.get(), (const uint8_t *)d_valid, n);  // bytes: poison is no valid bool
  // GIoU is a difference of two ratios in [-1, 1]: errors scale with 1, not with the
  // result, which may be close to 0.
  double max_err;
  size_t bad = count_bad_floats(out.get(), want.get(), n, 1e-5, 1.0, &max_err);
  size_t bad_valid = count_unequal(valid.get(), want_valid.get(), n);
  size_t oob = count_guard_writes(d_out + n, GUARD) + count_guard_writes(d_valid + n, GUARD);
  float ms = median_ms(launch);

  CHECK(cudaFree(d_preds));
  CHECK(cudaFree(d_targets));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_valid));
  bool ok = bad == 0 && bad_valid == 0 && oob == 0;
  return report(ok, ms, "n=%zux%zu bad=%zu bad_valid=%zu oob=%zu max_abs_err=%.3g", images,
                BOXES_PER_IMAGE, bad, bad_valid, oob, max_err);
}
