# Mandelbrot, one pixel per program (the seeds' "anti-pattern" kernel).
# tl2cu: -s 'mandelbrot_kernel_triton_unblocked:*i32' --grid 'width, height'
import triton
import triton.language as tl


@triton.jit
def mandelbrot_kernel_triton_unblocked(
    output_ptr,
    width: tl.int32,
    height: tl.int32,
    max_iter: tl.int32,
    xmin: tl.float32,
    xmax: tl.float32,
    ymin: tl.float32,
    ymax: tl.float32,
) -> None:
    pid_x = tl.program_id(axis=0)
    pid_y = tl.program_id(axis=1)

    c_real = xmin + pid_x * (xmax - xmin) / width
    c_imag = ymin + pid_y * (ymax - ymin) / height

    z_real = c_real
    z_imag = c_imag
    iters = 0
    not_converge = True

    for i in range(max_iter):
        if not_converge:
            z_real_new = z_real * z_real - z_imag * z_imag + c_real
            z_imag_new = 2 * z_real * z_imag + c_imag

            z_real = z_real_new
            z_imag = z_imag_new

            not_converge = z_real * z_real + z_imag * z_imag < 4.0
            if not_converge:
                iters += 1

    offset = pid_y * width + pid_x
    tl.store(output_ptr + offset, iters)
