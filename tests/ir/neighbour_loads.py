# The group pass (loads.c): loads whose addresses differ by a few elements are named
# (after their pointer) and moved up to the first load of their group, past statements
# that only compute values, so that load windows find them as one run.
# - in `smooth`, the three taps of the static_range loop are traced inside the adds; they
#   are named x_ptr_load, x_ptr_load_1, x_ptr_load_2 and gathered after `centre`, past
#   `scale` and `acc`;
# - the tap after the store cannot move past it: it starts a run of its own;
# - `idx` reads a load (a gather's index): the gathered load stays inside its add;
# - `far`, 16 elements away, is no neighbour: it stays inside its add too.
# - in `wide`, 19 taps: 16 are gathered (a run's most), the 17th starts a run of its own
#   where it was traced, and the last two join it.
# tl2cu: -s 'smooth:*fp32,*fp32,*i32,i32' -s 'wide:*fp32,*fp32' -D BLOCK=128
import triton
import triton.language as tl


@triton.jit
def smooth(x_ptr, y_ptr, idx_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    centre = tl.load(x_ptr + offs)
    scale = centre * 0.5
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in tl.static_range(-1, 2):
        acc += scale * tl.load(x_ptr + offs + i)
    tl.store(y_ptr + offs, acc)
    after = acc + tl.load(x_ptr + offs + 2)
    idx = tl.load(idx_ptr + offs)
    gathered = after + tl.load(x_ptr + idx) + tl.load(x_ptr + offs + 16)
    tl.store(y_ptr + offs, gathered)


@triton.jit
def wide(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in tl.static_range(-9, 10):
        acc += tl.load(x_ptr + offs + i)
    tl.store(y_ptr + offs, acc)
