# Only a 64-bit integer is an address: an int32 cast to a pointer is refused
import triton
import triton.language as tl


@triton.jit
def k(table_ptr, out_ptr):
    p = tl.load(table_ptr).to(tl.pointer_type(tl.float32))
    tl.store(out_ptr, tl.load(p))
