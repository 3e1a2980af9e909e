"""Corpus driver for bitsandbytes' Triton backend (bitsandbytes/backends/triton/ops.py): 8-bit
blockwise quantization, NF4/FP4 4-bit quantization and dequantization, the 4-bit GEMV
(dequantize then GEMM), and the 32-bit and 8-bit blockwise optimizer updates. Its tests go
through the compiled CUDA library, which the GPU machine lacks; the Triton ops need none of it.

    python3 tests/realworld/stubinit.py bitsandbytes=bitsandbytes bitsandbytes.backends=bitsandbytes/backends \
        -- tests/realworld/drivers/bnb_triton.py
"""
import torch

from driverlib import close, run_steps, step

DEV = 'cuda'


def ops():
    from bitsandbytes.backends.triton import ops as triton_ops
    return triton_ops


def signed_code():
    """A sorted 256-entry signed quantization map (the kernels search it), as
    bitsandbytes.functional.create_dynamic_map gives one."""
    return torch.linspace(-1.0, 1.0, 256, device=DEV)


@step
def blockwise_8bit_fp32_ragged():
    A = torch.randn(1000, 333, device=DEV)
    q, absmax = ops().quantize_blockwise(A, signed_code(), 256)
    back = ops().dequantize_blockwise(q, absmax, signed_code(), 256, torch.float32)
    close(back, A, 'int8 blockwise round trip', rtol=0.1, atol=0.05 * A.abs().max().item())


@step
def blockwise_8bit_bf16_small_blocks():
    A = torch.randn(4097, device=DEV, dtype=torch.bfloat16)
    for blocksize in (64, 4096):
        q, absmax = ops().quantize_blockwise(A, signed_code(), blocksize)
        out = torch.empty_like(A)
        ops().dequantize_blockwise_inplace(q, absmax, signed_code(), blocksize, torch.bfloat16, out)


def four_bit(shape, dtype, quant_type, blocksize, storage=torch.uint8):
    A = torch.randn(*shape, device=DEV, dtype=dtype)
    packed, absmax = ops().quantize_4bit(A, blocksize, quant_type, storage)
    back = ops().dequantize_4bit(packed, absmax, blocksize, quant_type, shape, dtype)
    close(back, A, '%s round trip' % quant_type, rtol=0.3, atol=0.3 * A.abs().max().item())
    out = torch.empty(shape, device=DEV, dtype=dtype)
    ops().dequantize_4bit_inplace(packed, absmax, blocksize, quant_type, shape, dtype, out)


@step
def nf4_bf16_blocksize64():
    four_bit((1024, 768), torch.bfloat16, 'nf4', 64)


@step
def fp4_fp16_blocksize128_ragged():
    four_bit((333, 517), torch.float16, 'fp4', 128)


@step
def nf4_fp32_blocksize256_uint8_storage_bf16():
    four_bit((4096, 256), torch.float32, 'nf4', 256, storage=torch.bfloat16)


@step
def gemv_4bit_nf4():
    out_features, in_features = 4096, 1024
    W = torch.randn(out_features, in_features, device=DEV, dtype=torch.bfloat16)
    packed, absmax = ops().quantize_4bit(W, 64, 'nf4', torch.uint8)
    # the NF4 code of bitsandbytes.functional (the 16 quantiles of a normal distribution)
    code = torch.tensor([-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
                         -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
                         0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
                         0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0], device=DEV)
    x = torch.randn(1, 1, in_features, device=DEV, dtype=torch.bfloat16)
    ops().gemv_4bit(x, packed, (out_features, in_features), absmax, code, 64)


def optimizer_32bit(name, n, two_states):
    g = torch.randn(n, device=DEV)
    p = torch.randn(n, device=DEV)
    s1 = torch.zeros(n, device=DEV)
    s2 = torch.zeros(n, device=DEV) if two_states else None
    for t in (1, 2):
        ops().optimizer_update_32bit(name, g, p, s1, s2, None, 0.0, 0.0, 0.9, 0.999, 0.0, 0.0, 1e-8, 0.01, t, 1e-3,
                                     1.0)


@step
def adam_32bit_ragged():
    optimizer_32bit('adam', 100003, True)


@step
def momentum_32bit():
    optimizer_32bit('momentum', 65536, False)


@step
def lion_32bit_ragged():
    optimizer_32bit('lion', 4099, False)


@step
def rmsprop_adagrad_32bit():
    optimizer_32bit('rmsprop', 12345, False)
    optimizer_32bit('adagrad', 12345, False)


def optimizer_8bit(name, n, two_states):
    blocksize = 256
    blocks = (n + blocksize - 1) // blocksize
    g = torch.randn(n, device=DEV)
    p = torch.randn(n, device=DEV)
    s1 = torch.full((n,), 127, device=DEV, dtype=torch.uint8)
    s2 = torch.zeros(n, device=DEV, dtype=torch.uint8) if two_states else None
    a1 = torch.zeros(blocks, device=DEV)
    a2 = torch.zeros(blocks, device=DEV) if two_states else None
    q1 = signed_code()
    q2 = torch.linspace(0.0, 1.0, 256, device=DEV) if two_states else None
    for t in (1, 2):
        ops().optimizer_update_8bit_blockwise(name, g, p, s1, s2, 0.9, 0.995, 0.0, 0.0, 1e-8, t, 1e-3, q1, q2, a1, a2,
                                              weight_decay=0.0)


@step
def adam_8bit_blockwise_ragged():
    optimizer_8bit('adam', 70001, True)


@step
def momentum_8bit_blockwise():
    optimizer_8bit('momentum', 65536, False)


@step
def lion_8bit_blockwise_ragged():
    optimizer_8bit('lion', 9999, False)


if __name__ == '__main__':
    run_steps()
