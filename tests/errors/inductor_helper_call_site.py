# An error inside one of the triton_helpers functions tl2cu writes again (translator/front/inductor.c) points at
# the helper's call in the kernel: randint64's seed goes to tl.randint4x, which takes an integer.
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics


@triton_heuristics.pointwise(
    size_hints={'x': 1024},
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*i64', 'xnumel': 'i32', 'XBLOCK': 'constexpr'},
                 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_randint_0'},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_randint_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:]
    tmp0 = tl.load(in_ptr0 + xindex, xindex < xnumel)
    tmp1 = triton_helpers.randint64(tmp0, xindex, tl.full([1], 0, tl.int64), tl.full([1], 10, tl.int64))
    tl.store(out_ptr0 + xindex, tmp1, xindex < xnumel)
