# Mean generalized IoU of a batch, in two kernels.
# giou_kernel: the GIoU forward of samples/giou (one program per image of BLOCK_SIZE
# boxes; boxes are (left, top, right, bottom) fp32, a target with bottom <= 0 is
# padding), which also writes the image's partial sum of GIoU over its valid boxes and
# its count of valid boxes. Its grid is the number of images, which is not a parameter:
# call giou_kernel_grid().
# giou_mean_kernel: one program adds up the n_parts partials, REDUCE_BLOCK at a time,
# and writes sum / max(count, 1): the masked mean, 0 when no box is valid.
# tl2cu: -s 'giou_kernel:*fp32,*fp32,*fp32,*i1,*fp32,*i32'
# tl2cu: -s 'giou_mean_kernel:*fp32,*i32,*fp32,i32'
# tl2cu: -D BLOCK_SIZE=256 -D REDUCE_BLOCK=1024 --grid 'giou_mean_kernel: 1'
import triton
import triton.language as tl


@triton.jit
def giou_kernel(preds_ptr, targets_ptr, output_ptr, valid_ptr, part_sum_ptr, part_count_ptr,
                BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    box_id = tl.arange(0, BLOCK_SIZE)
    box_offsets = pid * BLOCK_SIZE + box_id

    preds_left = tl.load(preds_ptr + 0 + 4 * box_offsets)
    preds_top = tl.load(preds_ptr + 1 + 4 * box_offsets)
    preds_right = tl.load(preds_ptr + 2 + 4 * box_offsets)
    preds_bottom = tl.load(preds_ptr + 3 + 4 * box_offsets)

    gt_left = tl.load(targets_ptr + 0 + 4 * box_offsets)
    gt_top = tl.load(targets_ptr + 1 + 4 * box_offsets)
    gt_right = tl.load(targets_ptr + 2 + 4 * box_offsets)
    gt_bottom = tl.load(targets_ptr + 3 + 4 * box_offsets)

    epsilon = 1e-5

    # Compute the area of each box
    area1 = (preds_right - preds_left) * (preds_bottom - preds_top)
    area2 = (gt_right - gt_left) * (gt_bottom - gt_top)

    # Compute the intersection
    left = tl.maximum(preds_left, gt_left)
    top = tl.maximum(preds_top, gt_top)
    right = tl.minimum(preds_right, gt_right)
    bottom = tl.minimum(preds_bottom, gt_bottom)

    inter_w = right - left
    inter_h = bottom - top
    inter_area = inter_w * inter_h

    union_area = area1 + area2 - inter_area

    iou_val = inter_area / tl.maximum(union_area, epsilon)

    # Compute the smallest enclosing box
    enclose_left = tl.minimum(preds_left, gt_left)
    enclose_top = tl.minimum(preds_top, gt_top)
    enclose_right = tl.maximum(preds_right, gt_right)
    enclose_bottom = tl.maximum(preds_bottom, gt_bottom)

    enclose_w = enclose_right - enclose_left
    enclose_h = enclose_bottom - enclose_top
    enclose_area = enclose_w * enclose_h

    # Compute GIoU
    delta_area = (enclose_area - union_area)
    enclose_area = tl.maximum(enclose_area, epsilon)
    giou = iou_val - delta_area / enclose_area

    # Store results
    valid = gt_bottom > 0
    giou = tl.where(valid, giou, 0)
    tl.store(output_ptr + (box_offsets), giou)
    tl.store(valid_ptr + (box_offsets), valid)

    # This image's share of the mean
    tl.store(part_sum_ptr + pid, tl.sum(giou, axis=0))
    tl.store(part_count_ptr + pid, tl.sum(valid.to(tl.int32), axis=0))


@triton.jit
def giou_mean_kernel(part_sum_ptr, part_count_ptr, mean_ptr, n_parts,
                     REDUCE_BLOCK: tl.constexpr):
    sums = tl.zeros([REDUCE_BLOCK], dtype=tl.float32)
    counts = tl.zeros([REDUCE_BLOCK], dtype=tl.int32)
    for start in range(0, n_parts, REDUCE_BLOCK):
        offsets = start + tl.arange(0, REDUCE_BLOCK)
        mask = offsets < n_parts
        sums += tl.load(part_sum_ptr + offsets, mask=mask, other=0.0)
        counts += tl.load(part_count_ptr + offsets, mask=mask, other=0)
    total = tl.sum(sums, axis=0)
    count = tl.sum(counts, axis=0)
    tl.store(mean_ptr, total / tl.maximum(count, 1))
