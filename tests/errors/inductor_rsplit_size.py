# A mix-order persistent reduction: torch 2.11's persistent_reduction() rewrites XBLOCK and adds
# RSPLIT_SIZE and NUM_STAGES to every config where inductor_meta has RSPLIT_SIZE; tl2cu does not
# follow that path, and says so rather than launch configs Inductor would not.
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.hints import ReductionHint


@triton_heuristics.persistent_reduction(
    size_hints={'x': 1024, 'r0_': 256},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32',
                               'XBLOCK': 'constexpr'}, 'constants': {}, 'configs': [{}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_sum_0', 'RSPLIT_SIZE': 64},
)
@triton.jit
def triton_per_fused_sum_0(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK: tl.constexpr):
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    r0_index = tl.arange(0, 256)[None, :]
    tmp0 = tl.load(in_ptr0 + (r0_index + 256 * xindex))
    tl.store(out_ptr0 + xindex, tl.sum(tmp0, 1)[:, None])
