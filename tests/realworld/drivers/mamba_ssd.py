"""Corpus driver for state-spaces/mamba's Triton kernels beyond its tests/ops/triton files: the
whole SSD (Mamba-2) chunked scan forward and backward through mamba_chunk_scan_combined (chunk
cumsum, chunk state, state passing, BMM, chunk scan and their backward kernels), with D, z,
dt bias/softplus, initial states, and variable-length sequences; the fused residual
layer/RMS norm of mamba_ssm/ops/triton/layer_norm.py forward and backward; the SwiGLU of
k_activations.py.

    python3 tests/realworld/stubinit.py mamba_ssm=mamba_ssm -- tests/realworld/drivers/mamba_ssd.py
"""
import torch

from driverlib import run_steps, step

DEV = 'cuda'


def ssd(batch, seqlen, heads, headdim, groups, dstate, chunk, dtype, with_z=True, initial=False, varlen=False):
    from mamba_ssm.ops.triton.ssd_combined import mamba_chunk_scan_combined
    x = torch.randn(batch, seqlen, heads, headdim, device=DEV, dtype=dtype, requires_grad=True)
    dt = torch.randn(batch, seqlen, heads, device=DEV, dtype=torch.float32).requires_grad_()
    A = (-torch.rand(heads, device=DEV)).requires_grad_()
    B = torch.randn(batch, seqlen, groups, dstate, device=DEV, dtype=dtype, requires_grad=True)
    C = torch.randn(batch, seqlen, groups, dstate, device=DEV, dtype=dtype, requires_grad=True)
    D = torch.randn(heads, device=DEV, requires_grad=True)
    z = torch.randn_like(x).requires_grad_() if with_z else None
    dt_bias = torch.rand(heads, device=DEV).requires_grad_()
    h0 = torch.randn(batch, heads, headdim, dstate, device=DEV, requires_grad=True) if initial else None
    seq_idx = cu = None
    if varlen:  # one packed batch of three sequences
        lengths = [seqlen // 3, seqlen // 3 + 5, seqlen - 2 * (seqlen // 3) - 5]
        cu = torch.tensor([0] + list(torch.tensor(lengths).cumsum(0)), device=DEV, dtype=torch.int32)
        seq_idx = torch.cat([torch.full((n,), i, dtype=torch.int32) for i, n in enumerate(lengths)]).to(DEV)[None]
    out = mamba_chunk_scan_combined(x, dt, A, B, C, chunk, D=D, z=z, dt_bias=dt_bias, initial_states=h0,
                                    seq_idx=seq_idx, cu_seqlens=cu, dt_softplus=True,
                                    return_final_states=not varlen, return_varlen_states=varlen)
    y = out[0] if isinstance(out, tuple) else out
    y.float().sum().backward()


@step
def ssd_bf16_chunk256_with_z():
    ssd(2, 1000, 8, 64, 1, 128, 256, torch.bfloat16)


@step
def ssd_fp16_chunk64_groups_initial_states():
    ssd(1, 333, 12, 32, 4, 64, 64, torch.float16, with_z=False, initial=True)


@step
def ssd_fp32_varlen():
    ssd(1, 400, 4, 64, 2, 16, 128, torch.float32, varlen=True)


def fused_norm(rows, hidden, dtype, rms, residual, prenorm, dropout):
    from mamba_ssm.ops.triton.layer_norm import layer_norm_fn
    x = torch.randn(rows, hidden, device=DEV, dtype=dtype, requires_grad=True)
    w = torch.randn(hidden, device=DEV, requires_grad=True)
    b = None if rms else torch.randn(hidden, device=DEV, requires_grad=True)
    r = torch.randn(rows, hidden, device=DEV, dtype=dtype, requires_grad=True) if residual else None
    out = layer_norm_fn(x, w, b, residual=r, eps=1e-5, dropout_p=dropout, prenorm=prenorm, residual_in_fp32=residual,
                        is_rms_norm=rms)
    y = out[0] if isinstance(out, tuple) else out
    y.float().sum().backward()


@step
def rms_norm_residual_prenorm_bf16():
    fused_norm(1000, 2560, torch.bfloat16, True, True, True, 0.0)


@step
def layer_norm_fp16_ragged_dropout():
    fused_norm(77, 1000, torch.float16, False, False, False, 0.1)


@step
def swiglu_fwd_bwd():
    from mamba_ssm.ops.triton.k_activations import _swiglu_bwd, _swiglu_fwd
    xy = torch.randn(333, 2 * 1536, device=DEV, dtype=torch.bfloat16)
    out = _swiglu_fwd(xy)
    _swiglu_bwd(xy, torch.randn_like(out))


if __name__ == '__main__':
    run_steps()
