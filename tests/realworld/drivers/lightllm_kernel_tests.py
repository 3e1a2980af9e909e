"""Corpus driver for ModelTC/lightllm: the test functions its kernel modules carry themselves
(`def test...` beside each kernel: prefill attention of Llama, Bloom, Mistral, Phi-3 and
DeepSeek-2, decode softmax, RMS/layer norm, rotary embeddings, SiLU/GeLU-and-mul, KV-cache
copies with int8/int4/fp8 quantization, int8/int4 dequantizing GEMMs, fp8 per-token-group
quantization), called here with the arguments their `__main__` blocks or defaults use, plus
ragged sizes where the function takes sizes. The unit_tests/ folder is run as its own program.

    python3 tests/realworld/stubinit.py lightllm=lightllm lightllm.models=lightllm/models ... \
        -- tests/realworld/drivers/lightllm_kernel_tests.py    (PYTHONPATH=.:tests/realworld/plugins/standins)
"""
import importlib

import torch

from driverlib import STEPS, run_steps

LLAMA = 'lightllm.models.llama.triton_kernel.'
BASE = 'lightllm.common.basemodel.triton_kernel.'
F16, BF16 = torch.float16, torch.bfloat16
CASES = [
    (LLAMA + 'context_flashattention_nopad', 'test', ()),
    (LLAMA + 'context_flashattention_nopad', 'test2', ()),
    (LLAMA + 'token_attention_nopad_softmax', 'test1', ()),
    (LLAMA + 'rmsnorm', 'test_rms_norm', (1151, 4096, F16)),
    (LLAMA + 'rmsnorm', 'test_rms_norm', (64, 5120, BF16)),
    (LLAMA + 'rotary_emb', 'test_rotary_emb', (1023, 32, 128, F16)),
    (LLAMA + 'silu_and_mul', 'test_silu_and_mul', (1025, 11008, F16)),
    (LLAMA + 'silu_and_mul', 'test_silu_and_mul', (16, 4096, BF16)),
    (LLAMA + 'ppl_quant_copy_kv', 'test2', ()),
    (LLAMA + 'ppl_quant_copy_kv', 'test3', ()),
    (LLAMA + 'ppl_int4kv_copy_kv', 'test2', ()),
    ('lightllm.models.gemma_2b.triton_kernel.gelu_and_mul', 'test_gelu_and_mul', (77, 8192, BF16)),
    ('lightllm.models.bloom.triton_kernel.context_flashattention_nopad', 'test', ()),
    ('lightllm.models.bloom.triton_kernel.token_attention_nopad_softmax', 'test1', ()),
    ('lightllm.models.bloom.triton_kernel.token_attention_nopad_softmax', 'test2', ()),
    ('lightllm.models.bloom.triton_kernel.layernorm', 'test_layer_norm', (1151, 4096, F16)),
    ('lightllm.models.deepseek2.triton_kernel.context_flashattention_nopad', 'test', ()),
    ('lightllm.models.deepseek2.triton_kernel.destindex_copy_kv_fp8', 'test', ()),
    ('lightllm.models.mistral.triton_kernel.context_flashattention_nopad', 'test', ()),
    ('lightllm.models.phi3.triton_kernel.context_flashattention_nopad', 'test', ()),
    ('lightllm.models.phi3.triton_kernel.rotary_emb', 'test_rotary_emb', (511, 32, 96, F16)),
    ('lightllm.models.phi3.triton_kernel.destindex_copy_kv', 'test1', ()),
    ('lightllm.models.phi3.triton_kernel.destindex_copy_kv', 'test2', ()),
    ('lightllm.models.vit.triton_kernel.rms_norm_vit', 'test', ()),
    ('lightllm.models.cohere.triton_kernels.rotary_emb', 'test_rotary_emb', (257, 16, 128, F16)),
    ('lightllm.models.cohere.triton_kernels.layernorm', 'test_layernorm', ()),
    (BASE + 'destindex_copy_kv', 'test1', ()),
    (BASE + 'destindex_copy_kv', 'test2', ()),
    (BASE + 'dequantize_gemm_int8', 'test_correct_int8', (77, 4096, 4096)),
    (BASE + 'quantize_gemm_int8', 'test_correct_int8', (33, 4096, 4096)),
    (BASE + 'dequantize_gemm_int4', 'test_correct_int4_s1', ()),
    (BASE + 'dequantize_gemm_int4', 'test_correct_int4_s2', ()),
    (BASE + 'dequantize_gemm_int4', 'test_correct_int4_gptq', ()),
    ('lightllm.common.quantization.triton_quant.fp8.fp8act_quant_kernel', 'test_per_token_group_quant_fp8', ()),
    ('lightllm.common.quantization.triton_quant.fp8.fp8act_quant_kernel', 'test_tma_align', ()),
]


def case_step(module, function, args):
    def run():
        getattr(importlib.import_module(module), function)(*args)
    run.__name__ = '%s.%s%s' % (module.rsplit('.', 2)[-2] + '.' + module.rsplit('.', 1)[-1], function,
                                 '(%s)' % ', '.join(str(a).replace('torch.', '') for a in args) if args else '')
    return run


STEPS.extend(case_step(*c) for c in CASES)

if __name__ == '__main__':
    run_steps()
