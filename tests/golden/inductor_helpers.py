# Every triton_helpers function tl2cu writes again (translator/front/inductor.c HELPERS), called as Inductor's
# kernels call them, in one persistent reduction under Inductor's decorator (a kernel written for this test).
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 32},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*i32', 'out_ptr0': '*fp32', 'out_ptr1': '*i32',
                               'out_ptr2': '*i64', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'},
                 'constants': {},
                 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]],
                              (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]],
                              (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]],
                              (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_helpers_0',
                   'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': None, 'num_load': 2, 'num_store': 3,
                   'num_reduction': 8, 'autotune_pointwise': True, 'max_autotune': False,
                   'max_autotune_pointwise': False}
)
@triton.jit
def triton_per_helpers_0(in_ptr0, in_ptr1, out_ptr0, out_ptr1, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 32
    R0_BLOCK: tl.constexpr = 32
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_index + 32*x0), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_index + 32*x0), xmask, other=1)
    tmp2 = triton_helpers.max2(tmp0, 1)[:, None]
    tmp3 = triton_helpers.min2(tmp0, 1)[:, None]
    tmp4 = triton_helpers.prod(tmp0, 1)[:, None]
    tmp5, tmp6 = triton_helpers.max_with_index(tmp0, r0_index + 0*x0, 1)
    tmp7, tmp8 = triton_helpers.min_with_index(tmp0, r0_index + 0*x0, 1)
    tmp9 = tl.broadcast_to(tl.full([1, 1], 1.0, tl.float32), [XBLOCK, R0_BLOCK])
    tmp10, tmp11, tmp12 = triton_helpers.welford(tmp0, tl.zeros_like(tmp0), tmp9, 1)
    tmp13 = triton_helpers.any(tmp1 > 3, 1)[:, None]
    tmp14 = triton_helpers.div_floor_integer(tmp1 - 5, 3)
    tmp15 = triton_helpers.remainder_integer(tmp1 - 5, 3)
    tmp16 = triton_helpers.promote_to_tensor(tmp1)
    tmp17 = triton_helpers.device_assert_then(tmp1 == tmp1, "same", tmp1)
    tmp18 = triton_helpers.randint64(42, r0_index + 32*x0, tl.full([1, 1], -7, tl.int64),
                                     tl.full([1, 1], 1000, tl.int64))
    tmp19 = triton_helpers.minimum(triton_helpers.maximum(tmp0, 0.0), 6.0)
    tmp20 = tmp2 + tmp3 + tmp4 + tmp5[:, None] + tmp7[:, None] + tmp19
    tmp20 = tmp20 + tmp10[:, None] + tmp11[:, None] + tmp12[:, None]
    tl.store(out_ptr0 + (r0_index + 32*x0), tmp20, xmask)
    tmp21 = tmp6[:, None] + tmp8[:, None] + tmp13.to(tl.int32) + tmp14 + tmp15 + tmp16 + tmp17
    tl.store(out_ptr1 + (r0_index + 32*x0), tmp21, xmask)
    tl.store(out_ptr2 + (r0_index + 32*x0), tmp18, xmask)
