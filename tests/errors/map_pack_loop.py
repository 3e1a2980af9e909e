import triton
import triton.language as tl


@triton.jit
def pick(a0, a1, b0, b1):
    r0 = a0
    if a0 > b0:
        r0 = b0
    return r0, a1 - b1


# pack=2 over a 1-D block of 512 (four elements a thread) of loop-carried values: on the
# H200 Triton paired other elements than tl2cu (fuzz k3047, fourteenth session)
@triton.jit
def k(x_ptr, y_ptr, reps):
    offs = tl.arange(0, 512)
    acc = tl.load(x_ptr + offs).to(tl.float32)
    t = tl.load(y_ptr + offs)
    for i in range(0, reps):
        acc = acc + (acc < t).to(tl.float32)
    tl.store(y_ptr + offs, tl.map_elementwise(pick, acc, t, pack=2)[0])
