# print, tl.device_print and tl.device_assert: printf in Triton's format from every
# thread that holds an element (tests/gpu/debug_print_check.py compares the lines with
# Triton's), and assertions checked only in debug mode (@triton.jit(debug=True) here;
# tl2cu --debug for every kernel).
# tl2cu: -s 'print_scalars:*i32,i32' -s 'print_block:*i32,*fp32,i32' -s 'print_dtypes:*i8,*u8,*i64,*fp16,*bf16,*fp64'
# tl2cu: -s 'print_2d:*i32' -s 'checked:*i32,i32' -s 'unchecked:*i32,i32' -s 'overflow:*i32,i32'
import triton
import triton.language as tl


@triton.jit
def print_scalars(x_ptr, n):
    pid = tl.program_id(0)
    print("n", n)
    tl.device_print("pid: ", pid)
    tl.device_print("hello")
    tl.device_print("sum", tl.sum(tl.load(x_ptr + tl.arange(0, 16)), axis=0))


@triton.jit
def print_block(x_ptr, y_ptr, n):
    offs = tl.program_id(0) * 16 + tl.arange(0, 16)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=-1)
    y = tl.load(y_ptr + offs, mask=mask, other=0.5)
    tl.device_print("x and y", x, y)
    tl.device_print("hex", x, hex=True)
    print("positive ", x > 0)
    print("", offs)


@triton.jit
def print_dtypes(a_ptr, b_ptr, c_ptr, d_ptr, e_ptr, f_ptr):
    offs = tl.arange(0, 8)
    tl.device_print("int8", tl.load(a_ptr + offs))
    tl.device_print("uint8", tl.load(b_ptr + offs))
    tl.device_print("int64", tl.load(c_ptr + offs), hex=True)
    tl.device_print("fp16", tl.load(d_ptr + offs))
    tl.device_print("bf16", tl.load(e_ptr + offs))
    tl.device_print("fp64 %", tl.load(f_ptr + offs))
    tl.device_print("fp64 hex", tl.load(f_ptr + offs), hex=True)
    tl.device_print("ptr", a_ptr)


@triton.jit
def print_2d(x_ptr):
    rows = tl.arange(0, 4)[:, None]
    cols = tl.arange(0, 16)[None, :]
    v = tl.load(x_ptr + rows * 16 + cols)
    tl.device_print("v", v)
    tl.device_print("row max", tl.max(v, axis=1))


@triton.jit(debug=True)
def checked(x_ptr, n):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.device_assert(x < 100, "x is too large", mask=offs < n)
    assert tl.sum(x, axis=0) >= 0, "the sum is negative"
    tl.store(x_ptr + offs, x + 1, mask=offs < n)


@triton.jit(debug=True)
def overflow(x_ptr, n):
    # debug mode also checks integer + - * for overflow, in int64 (Triton's sanitize_overflow)
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.store(x_ptr + offs, x * 1000000 - n, mask=offs < n)


@triton.jit
def unchecked(x_ptr, n):
    # not in debug mode: neither assertion is compiled, as in Triton
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.device_assert(x < 100, "x is too large")
    assert n < 0, "never checked"
    tl.store(x_ptr + offs, x + 1, mask=offs < n)
