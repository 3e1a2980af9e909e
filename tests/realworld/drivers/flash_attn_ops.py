"""Corpus driver for Dao-AILab/flash-attention's Triton kernels that its tests do not cover:
flash_attn/flash_attn_triton.py (attention forward and backward, with bias and causal masks)
and flash_attn/ops/triton/linear.py (GEMMs with an activation epilogue, forward and dgrad).

    python3 tests/realworld/stubinit.py flash_attn=flash_attn -- tests/realworld/drivers/flash_attn_ops.py
(from the extracted repository's root, with it on PYTHONPATH).
"""
import math

import torch

from driverlib import close, run_steps, step

DEV = 'cuda'


def reference_attention(q, k, v, bias=None, causal=False):
    scale = 1.0 / math.sqrt(q.shape[-1])
    s = torch.einsum('bqhd,bkhd->bhqk', q.float(), k.float()) * scale
    if bias is not None:
        s = s + bias.float()
    if causal:
        mask = torch.ones(q.shape[1], k.shape[1], dtype=torch.bool, device=q.device).triu(1)
        s = s.masked_fill(mask, float('-inf'))
    return torch.einsum('bhqk,bkhd->bqhd', s.softmax(-1), v.float()).to(q.dtype)


def attention(batch, seqlen_q, seqlen_k, heads, dim, dtype, causal, bias_shape=None):
    from flash_attn.flash_attn_triton import flash_attn_func
    q = torch.randn(batch, seqlen_q, heads, dim, device=DEV, dtype=dtype, requires_grad=True)
    k = torch.randn(batch, seqlen_k, heads, dim, device=DEV, dtype=dtype, requires_grad=True)
    v = torch.randn(batch, seqlen_k, heads, dim, device=DEV, dtype=dtype, requires_grad=True)
    bias = torch.randn(*bias_shape, device=DEV, dtype=dtype) if bias_shape else None
    out = flash_attn_func(q, k, v, bias, causal)
    close(out, reference_attention(q, k, v, bias, causal), 'attention forward')
    out.backward(torch.randn_like(out))


@step
def attention_fp16_causal_ragged():
    attention(2, 113, 113, 4, 64, torch.float16, True)


@step
def attention_bf16_cross_lengths():
    attention(1, 97, 203, 3, 128, torch.bfloat16, False)


@step
def attention_fp16_alibi_bias():
    attention(2, 128, 256, 2, 32, torch.float16, False, bias_shape=(1, 2, 1, 256))


@step
def attention_fp16_matrix_bias_causal():
    attention(1, 77, 77, 2, 64, torch.float16, True, bias_shape=(1, 2, 77, 77))


def linear_act(m, k, n, activation, dtype):
    from flash_attn.ops.triton.linear import triton_dgrad_act, triton_linear_act
    x = torch.randn(m, k, device=DEV, dtype=dtype) / math.sqrt(k)
    w = torch.randn(n, k, device=DEV, dtype=dtype)
    b = torch.randn(n, device=DEV, dtype=dtype)
    out = triton_linear_act(x, w, b, activation=activation, save_act_input=activation != 'id')
    y = out[0] if isinstance(out, tuple) else out
    pre = (x.float() @ w.float().t() + b.float())
    if activation == 'id':
        close(y, pre, 'linear')
    act_input = out[1] if isinstance(out, tuple) else None
    # the backward of an MLP's second GEMM: grad_input is (m, n), the shape of act_input
    w2 = torch.randn(k, n, device=DEV, dtype=dtype) / math.sqrt(n)
    g = torch.randn(m, k, device=DEV, dtype=dtype)
    triton_dgrad_act(g, w2, activation=activation, act_input=act_input)


@step
def linear_identity_fp16():
    linear_act(1000, 512, 768, 'id', torch.float16)


@step
def linear_gelu_bf16_ragged():
    linear_act(333, 768, 1000, 'gelu', torch.bfloat16)


@step
def linear_gelu_approx_fp16():
    linear_act(256, 1024, 2048, 'gelu_approx', torch.float16)


@step
def linear_squared_relu_fp16_ragged():
    linear_act(129, 256, 390, 'squared_relu', torch.float16)


if __name__ == '__main__':
    run_steps()
