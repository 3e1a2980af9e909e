"""Triton's own code for FlagGems kernels that differ from tl2cu's in the last bits (docs/NOTES.md
84, Open: addr_kernel's `beta * input_val + alpha * (vec1[:, None] * vec2[None, :])`, where tl2cu
fuses the alpha product). On the GPU machine, FlagGems' sources on the path:

    PYTHONPATH=.corpus/flaggems/src python3 tests/gpu/probes/flaggems_asm.py [OUTDIR]

runs torch.addr under flag_gems.use_gems() on fp32 inputs, then writes every compiled
specialization of addr_kernel (its TTGIR, LLVM IR and PTX) to OUTDIR (default $OUT or /tmp),
and prints the PTX lines that fuse: which product the fma.rn.f32 reads (a `mul.f32` of the
beta parameter left apart means Triton fused the alpha product, as tl2cu does).
Written on the CPU machine (forty-second session); not yet run.
"""
import os
import re
import sys

import torch


def compiled_kernels(jitfn):
    """Every kernel the jit function compiled, across devices (Triton 3.6: device_caches)."""
    caches = getattr(jitfn, 'device_caches', None)
    if caches:
        for entry in caches.values():
            cache = entry[0] if isinstance(entry, tuple) else entry
            yield from cache.values()
    else:
        yield from getattr(jitfn, 'cache', {}).get(0, {}).values()


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('OUT', '/tmp')
    os.makedirs(out, exist_ok=True)
    import importlib

    import flag_gems
    addr_module = importlib.import_module('flag_gems.ops.addr')  # (flag_gems.ops.addr is also the function)
    torch.manual_seed(0)
    inp = torch.randn(512, 320, device='cuda')
    v1 = torch.randn(512, device='cuda')
    v2 = torch.randn(320, device='cuda')
    with flag_gems.use_gems():
        torch.addr(inp, v1, v2, beta=0.7, alpha=1.3)
    torch.cuda.synchronize()
    kernel = addr_module.addr_kernel
    while not hasattr(kernel, 'params') and hasattr(kernel, 'fn'):  # (LibEntry, autotuner: the JITFunction)
        kernel = kernel.fn
    for i, compiled in enumerate(compiled_kernels(kernel)):
        for ir in ('ttgir', 'llir', 'ptx'):
            text = compiled.asm.get(ir)
            if text is None:
                continue
            with open(os.path.join(out, 'addr_kernel_%d.%s' % (i, ir)), 'w') as f:
                f.write(text if isinstance(text, str) else text.decode())
        ptx = compiled.asm['ptx']
        print('== specialization %d' % i)
        for line in ptx.splitlines():
            if re.search(r'\b(fma\.rn\.f32|mul\.f32|ld\.param\.(b32|f32))', line):
                print('  ' + line.strip())


if __name__ == '__main__':
    main()
