# Mandelbrot, a block of BLOCK_SIZE pixels of one row per program, autotuned: tl2cu
# translates all 25 configs and its launcher times them on the first call, like Triton.
# tl2cu: -s 'mandelbrot_kernel_triton:*i32'
# tl2cu: --grid 'cdiv(width, BLOCK_SIZE), height'
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({'BLOCK_SIZE': block_size}, num_warps=num_warps)
        for num_warps in [2, 4, 8, 16, 32]
        for block_size in [256, 512, 1024, 2048, 4096]
    ],
    key=["width", "height", "max_iter"],
)
@triton.jit
def mandelbrot_kernel_triton(
    output_ptr,
    width: tl.int32,
    height: tl.int32,
    max_iter: tl.int32,
    xmin: tl.float32,
    xmax: tl.float32,
    ymin: tl.float32,
    ymax: tl.float32,
    BLOCK_SIZE: tl.constexpr,
) -> None:
    pid_y = tl.program_id(axis=1)
    pids_x = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)

    c_reals = xmin + pids_x * ((xmax - xmin) / width)
    c_imag = ymin + pid_y * ((ymax - ymin) / height)

    z_reals = c_reals
    z_imags = tl.full((BLOCK_SIZE,), c_imag, dtype=tl.float32)
    iters = tl.zeros((BLOCK_SIZE,), dtype=tl.int32)
    not_diverged_mask = tl.full((BLOCK_SIZE,), True, dtype=tl.int1)

    for i in range(max_iter):
        z_reals_new = z_reals * z_reals - z_imags * z_imags + c_reals
        z_imags_new = 2 * z_reals * z_imags + c_imag

        z_reals = tl.where(not_diverged_mask, z_reals_new, z_reals)
        z_imags = tl.where(not_diverged_mask, z_imags_new, z_imags)

        not_diverged_mask = (z_reals * z_reals + z_imags * z_imags) < 4.0
        iters += not_diverged_mask

    mask = pids_x < width
    output_offsets = pid_y * width + pids_x
    tl.store(output_ptr + output_offsets, iters, mask=mask)
