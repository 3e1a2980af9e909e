# A jit function chosen at import by a device query tl2cu does not run (fla's
# fla/ops/utils/softplus.py): `-D softplus=softplus_nv` names the one the program chose. The
# inline asm text is built by Python at import, with str.format, split, join and a generator.
import torch
import triton
import triton.language as tl


def _generate_softplus(num_pack):
    template = """
        .reg .pred p;
        setp.gt.f32  p, ${in_reg}, 20.;
        @p  mov.f32  ${out_reg}, ${in_reg};
        @!p mul.f32            ${out_reg}, ${in_reg}, 1.4426950408889634;
        @!p ex2.approx.ftz.f32 ${out_reg}, ${out_reg};
        @!p add.f32            ${out_reg}, ${out_reg}, 1.0;
        @!p lg2.approx.ftz.f32 ${out_reg}, ${out_reg};
        @!p mul.f32            ${out_reg}, ${out_reg}, 0.6931471805599453;
    """
    out_str = ""
    for i in range(num_pack):
        inner_str = template.format(out_reg=i, in_reg=i + num_pack)
        out_str += "{" + inner_str + "}\n"
    return " ".join(out_str.split("\n"))


def _generate_constraints(num_pack):
    return ",".join("=r" for i in range(num_pack)) + "," + ",".join("r" for i in range(num_pack))


s_softplus: tl.constexpr = tl.constexpr(_generate_softplus(1))
s_constraints: tl.constexpr = tl.constexpr(_generate_constraints(1))
IS_NVIDIA = torch.version.hip is None


@triton.jit
def softplus_nv(x):
    return tl.inline_asm_elementwise(asm=s_softplus, constraints=s_constraints, pack=1, args=[x],
                                     dtype=tl.float32, is_pure=True)


@triton.jit
def softplus_triton(x):
    return tl.where(x < 20.0, tl.math.log(1 + tl.math.exp(x)), x)


if IS_NVIDIA:
    softplus = softplus_nv
else:
    softplus = softplus_triton
