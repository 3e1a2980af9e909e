"""Corpus driver for unslothai/unsloth's Triton kernels (unsloth/kernels): cross-entropy (with
softcapping and scaling), RMS norm (Llama and Gemma forms) and layer norm forward and backward,
RoPE (by head and fused Q/K with position indices), SwiGLU and GeGLU (exact and tanh) forward
and backward, FP8 block dequantization, activation quantization and the FP8 block GEMM, and the
MoE grouped GEMM (forward, dX, dW; permutations fused).

    python3 tests/realworld/stubinit.py unsloth=unsloth unsloth.kernels=unsloth/kernels \
        -- tests/realworld/drivers/unsloth_kernels.py      (PYTHONPATH=.:unsloth/kernels/moe)

unsloth's own tests load models; its package imports unsloth_zoo, which the GPU machine lacks.
The kernels use five names of it at import (a version parser, a logger, decorators that patch
transformers): this driver registers those names, each doing nothing a kernel depends on; any
other unsloth_zoo module stays missing (so `unsloth_zoo.mlx` reads as absent, as it is).
pandas (the grouped GEMM's tuning report) gets an empty stand-in where it is not installed.
"""
import importlib.util
import logging
import sys
import types

import torch

from driverlib import close, run_steps, step

DEV = 'cuda'


def register_module(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module
    parent, _, leaf = name.rpartition('.')
    if parent:
        setattr(sys.modules[parent], leaf, module)
    return module


def passthrough(*args, **kwargs):
    """A decorator (with or without arguments) that returns the function unchanged."""
    if args and callable(args[0]):
        return args[0]
    return lambda fn: fn


def unsloth_zoo_names():
    from packaging.version import Version
    zoo = register_module('unsloth_zoo')
    zoo.__path__ = []
    register_module('unsloth_zoo.utils', Version=Version)
    register_module('unsloth_zoo.log', logger=logging.getLogger('unsloth_zoo'))
    register_module('unsloth_zoo.loss_utils', patch_loss_functions=lambda *a, **k: None,
                    post_patch_loss_function=lambda *a, **k: None)
    register_module('unsloth_zoo.patching_utils', patch_layernorm=lambda *a, **k: None)
    register_module('unsloth_zoo.temporary_patches').__path__ = []
    register_module('unsloth_zoo.temporary_patches.common', torch_compile=passthrough)
    if importlib.util.find_spec('pandas') is None:
        register_module('pandas')
    sys.modules['unsloth'].DEVICE_TYPE = 'cuda'  # the grouped GEMM reads it from the package


unsloth_zoo_names()


class Norm(torch.nn.Module):
    def __init__(self, hidden, dtype, bias=False):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(hidden, device=DEV, dtype=dtype) * 0.1 + 1)
        self.bias = torch.nn.Parameter(torch.randn(hidden, device=DEV, dtype=dtype) * 0.1) if bias else None
        self.variance_epsilon = 1e-6
        self.elementwise_affine = True


def cross_entropy(batch, seq, vocab, dtype, softcap=0, scaling=0):
    from unsloth.kernels.cross_entropy_loss import fast_cross_entropy_loss
    logits = torch.randn(batch, seq, vocab, device=DEV, dtype=dtype, requires_grad=True)
    labels = torch.randint(0, vocab, (batch, seq), device=DEV)
    labels[:, :3] = -100
    loss = fast_cross_entropy_loss(logits, labels, logit_softcapping=softcap, logit_scaling=scaling)
    if not softcap and not scaling:
        ref = torch.nn.functional.cross_entropy(logits.float().view(-1, vocab), labels.view(-1), ignore_index=-100)
        close(loss, ref, 'cross-entropy', rtol=1e-3, atol=1e-3)
    loss.backward()


@step
def cross_entropy_bf16_small_vocab():
    cross_entropy(2, 77, 32000, torch.bfloat16)


@step
def cross_entropy_fp16_chunked_vocab_softcap():
    cross_entropy(1, 33, 128256, torch.float16, softcap=30.0)


@step
def cross_entropy_fp32_scaling_ragged():
    cross_entropy(3, 19, 50257, torch.float32, scaling=0.5)


def rms_norm(shape, dtype, gemma):
    from unsloth.kernels.rms_layernorm import fast_rms_layernorm
    norm = Norm(shape[-1], dtype)
    X = torch.randn(*shape, device=DEV, dtype=dtype, requires_grad=True)
    Y = fast_rms_layernorm(norm, X, gemma=gemma)
    Y.backward(torch.randn_like(Y))


@step
def rms_norm_llama_bf16():
    rms_norm((2, 100, 4096), torch.bfloat16, False)


@step
def rms_norm_gemma_fp16_ragged():
    rms_norm((3, 37, 3072), torch.float16, True)


@step
def rms_norm_fp32_odd_hidden():
    rms_norm((1, 129, 1000), torch.float32, False)


@step
def layer_norm_fp16_and_bf16():
    from unsloth.kernels.layernorm import fast_layernorm
    for shape, dtype in (((2, 64, 1024), torch.float16), ((1, 99, 1280), torch.bfloat16)):
        norm = Norm(shape[-1], dtype, bias=True)
        X = torch.randn(*shape, device=DEV, dtype=dtype, requires_grad=True)
        Y = fast_layernorm(norm, X)
        Y.backward(torch.randn_like(Y))


def rope_tables(seq, dim, dtype):
    inv = 1.0 / (10000 ** (torch.arange(0, dim, 2, device=DEV).float() / dim))
    freqs = torch.outer(torch.arange(seq, device=DEV).float(), inv)
    emb = torch.cat([freqs, freqs], -1)
    return emb.cos().to(dtype), emb.sin().to(dtype)


def projection(batch, heads, seq, dim, dtype):
    """Q or K as a model has them: the output of a projection (the RoPE kernels work in place)."""
    leaf = torch.randn(batch, heads, seq, dim, device=DEV, dtype=dtype, requires_grad=True)
    return leaf * 1.0


@step
def rope_by_head_bf16():
    from unsloth.kernels.rope_embedding import fast_rope_embedding
    batch, heads, kv_heads, seq, dim = 2, 32, 8, 131, 128
    cos, sin = rope_tables(seq, dim, torch.bfloat16)
    Q = projection(batch, heads, seq, dim, torch.bfloat16)
    K = projection(batch, kv_heads, seq, dim, torch.bfloat16)
    Qo, Ko = fast_rope_embedding(Q, K, cos, sin)
    (Qo.float().sum() + Ko.float().sum()).backward()


@step
def rope_fused_qk_position_ids_fp16():
    from unsloth.kernels.rope_embedding import fast_rope_embedding
    batch, heads, seq, dim = 2, 12, 77, 64
    cos, sin = rope_tables(256, dim, torch.float16)
    Q = projection(batch, heads, seq, dim, torch.float16)
    K = projection(batch, heads, seq, dim, torch.float16)
    positions = torch.arange(seq, device=DEV).repeat(batch, 1) + torch.tensor([[0], [100]], device=DEV)
    Qo, Ko = fast_rope_embedding(Q, K, cos, sin, positions)
    (Qo.float().sum() + Ko.float().sum()).backward()


def glu(forward_name, backward_name, batch, seq, hidden, dtype):
    import unsloth.kernels.geglu as geglu
    import unsloth.kernels.swiglu as swiglu
    module = swiglu if 'swiglu' in forward_name else geglu
    e = torch.randn(batch, seq, hidden, device=DEV, dtype=dtype)
    g = torch.randn(batch, seq, hidden, device=DEV, dtype=dtype)
    getattr(module, forward_name)(e, g)
    DW = torch.randn(batch * seq, hidden, device=DEV, dtype=dtype)
    getattr(module, backward_name)(DW, e.view(-1, hidden).clone(), g.view(-1, hidden).clone())


@step
def swiglu_bf16_ragged():
    glu('swiglu_fg_kernel', 'swiglu_DWf_DW_dfg_kernel', 2, 77, 11008, torch.bfloat16)


@step
def geglu_exact_fp16():
    glu('geglu_exact_forward_kernel', 'geglu_exact_backward_kernel', 1, 128, 8192, torch.float16)


@step
def geglu_approx_bf16_ragged():
    glu('geglu_approx_forward_kernel', 'geglu_approx_backward_kernel', 3, 41, 6000, torch.bfloat16)


@step
def fp8_block_dequant_and_act_quant():
    from unsloth.kernels.fp8 import act_quant, weight_dequant
    W = torch.randn(1000, 768, device=DEV)
    scales = torch.rand((1000 + 127) // 128, 768 // 128, device=DEV) + 0.5
    weight_dequant(W.to(torch.float8_e4m3fn), scales, torch.bfloat16)
    x = torch.randn(77, 1024, device=DEV, dtype=torch.bfloat16)
    act_quant(x, 128)


@step
def fp8_block_gemm():
    from unsloth.kernels.fp8 import act_quant, w8a8_block_fp8_matmul_triton
    M, N, K = 200, 768, 1024
    A, As = act_quant(torch.randn(M, K, device=DEV, dtype=torch.bfloat16), 128)
    B = torch.randn(N, K, device=DEV).to(torch.float8_e4m3fn)
    Bs = torch.rand(N // 128, K // 128, device=DEV) + 0.5
    w8a8_block_fp8_matmul_triton(A, B, As, Bs, [128, 128], torch.bfloat16)


def grouped_gemm_case(tokens, experts, topk, hidden, inter, dtype):
    from grouped_gemm.interface import grouped_gemm
    from grouped_gemm.kernels.tuning import KernelConfigBackward_dW, KernelConfigBackward_dX, KernelConfigForward
    from grouped_gemm.reference.moe_ops import get_routing_indices
    X = torch.randn(tokens, hidden, device=DEV, dtype=dtype, requires_grad=True)
    W1 = (torch.randn(experts, 2 * inter, hidden, device=DEV, dtype=dtype) / hidden ** 0.5).requires_grad_()
    router = torch.randn(tokens, experts, device=DEV).softmax(-1)
    _, selected = router.topk(topk, dim=-1)
    counts, gather = get_routing_indices(selected, experts)
    blocks = dict(BLOCK_SIZE_M=64, BLOCK_SIZE_N=64, BLOCK_SIZE_K=64, num_warps=4, num_stages=3)
    fwd = KernelConfigForward(permute_x=True, **blocks)
    dX = KernelConfigBackward_dX(permute_x=True, **blocks)
    dW = KernelConfigBackward_dW(permute_x=True, **blocks)
    Y = grouped_gemm(X, W1, counts.int(), topk, gather_indices=gather, permute_x=True, kernel_config_fwd=fwd,
                     kernel_config_bwd_dX=dX, kernel_config_bwd_dW=dW, is_first_gemm=True)
    Y.backward(torch.randn_like(Y))


@step
def moe_grouped_gemm_bf16():
    grouped_gemm_case(256, 8, 2, 1024, 512, torch.bfloat16)


@step
def moe_grouped_gemm_fp16_ragged():
    grouped_gemm_case(77, 16, 4, 768, 384, torch.float16)


if __name__ == '__main__':
    run_steps()
