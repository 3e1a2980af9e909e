# tl.pointer_type: casts of 64-bit integers to pointers (a table of addresses, as in
# tutorial 08's grouped GEMM), of a pointer to another element type, of pointers to
# integers, and as a parameter annotation (tests/gpu/pointer_type_check.py).
# tl2cu: -s 'from_table:*i64,*fp32,i32' -s 'reinterpret:*fp32,*i32' -s 'addresses:*fp16,*i64,*i1'
# tl2cu: -s 'annotated:*fp32,*fp32,i32'
import triton
import triton.language as tl


@triton.jit
def from_table(table_ptr, out_ptr, n):
    # row g of the output is the g-th buffer whose address the table holds
    g = tl.program_id(0)
    src = tl.load(table_ptr + g).to(tl.pointer_type(tl.float32))
    offs = tl.arange(0, 64)
    x = tl.load(src + offs, mask=offs < n, other=-1.0)
    tl.store(out_ptr + g * 64 + offs, x * 2.0)


@triton.jit
def reinterpret(x_ptr, out_ptr):
    offs = tl.arange(0, 128)
    bits_ptr = x_ptr.to(tl.pointer_type(tl.int32))
    tl.store(out_ptr + offs, tl.load(bits_ptr + offs) ^ 0x7FFFFF)
    back = bits_ptr.to(tl.pointer_type(tl.float32), bitcast=True)
    tl.store(x_ptr + offs, tl.load(back + offs) + 1.0)


@triton.jit
def addresses(x_ptr, out_ptr, flag_ptr):
    offs = tl.arange(0, 32)
    ptrs = x_ptr + offs
    tl.store(out_ptr + offs, ptrs.to(tl.int64) - x_ptr.to(tl.int64))
    tl.store(flag_ptr + offs, ptrs.to(tl.int1))
    same = ptrs.dtype == tl.pointer_type(tl.float16)
    tl.store(out_ptr + 32 + offs, tl.full((32,), same, tl.int64))


@triton.jit
def annotated(x_ptr: tl.pointer_type(tl.float32), out_ptr, n):
    offs = tl.program_id(0) * 128 + tl.arange(0, 128)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n, other=0.0) + 3.0, mask=offs < n)
