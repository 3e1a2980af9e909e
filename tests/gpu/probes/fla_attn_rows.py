"""Per-row m, acc or lse of tl2cu's FLA parallel_attn_fwd_kernel variants (fla_attn_variants.py)
against torch (batch 0, head 0); fla_attn_debug.py shares its inputs and launch:

    python3 tests/gpu/probes/fla_attn_rows.py DIR/base.so:lse DIR/vm.so:m DIR/vacc.so:acc ...
"""
import ctypes
import sys

import torch

B, T, H, D = 2, 256, 2, 128


def inputs():
    """q, k, v of seed 42 (the same in every probe of this kernel)."""
    torch.manual_seed(42)
    return [torch.randn((B, T, H, D), dtype=torch.float16, device='cuda') for _ in range(3)]


def launch(lib, q, k, v):
    """tl2cu's kernel on the grid (2, 2, 4): its o, its lse slot and the launcher's status."""
    o, lse = torch.zeros_like(q), torch.zeros(B, T, H, device='cuda')
    rc = lib.parallel_attn_fwd_kernel_grid(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), 2, 2, 4,
                                           ctypes.c_void_p(q.data_ptr()), ctypes.c_void_p(k.data_ptr()),
                                           ctypes.c_void_p(v.data_ptr()), ctypes.c_void_p(o.data_ptr()),
                                           ctypes.c_void_p(lse.data_ptr()), ctypes.c_float(0.1), ctypes.c_int(T))
    torch.cuda.synchronize()
    return o, lse, rc


def main():
    q, k, v = inputs()
    s = (q.float().transpose(1, 2) @ k.float().transpose(1, 2).transpose(-1, -2)) * 0.1 * 1.4426950216
    s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool, device='cuda'), 1), float('-inf'))
    m = s.max(-1).values  # [B, H, T]
    acc = torch.exp2(s - m[..., None]).sum(-1)
    refs = {'lse': m + torch.log2(acc), 'm': m, 'acc': acc}
    rows = [0, 3, 31, 32, 33, 34, 35, 36, 63, 64, 65, 96, 128, 160, 161, 164]
    for arg in sys.argv[1:]:
        path, kind = arg.split(':')
        _, lse, rc = launch(ctypes.CDLL(path), q, k, v)
        ref, got = refs[kind][0, 0], lse[0, :, 0]
        bad = ((got - ref).abs() > 1e-3 * ref.abs().clamp_min(1)).nonzero().flatten().tolist()
        print(f'{path.split("/")[-1]} ({kind}) rc {rc}: {len(bad)} rows off: {bad[:40]}')
        print('   ' + '  '.join(f'{r}: {float(got[r]):.4f}/{float(ref[r]):.4f}' for r in rows))


if __name__ == '__main__':
    main()
