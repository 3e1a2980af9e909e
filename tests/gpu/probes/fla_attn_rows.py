# Per-row m, acc or lse of tl2cu's FLA parallel_attn_fwd_kernel variants (fla_attn_variants.py) against torch (b0 h0):
#     python3 tests/gpu/probes/fla_attn_rows.py DIR/base.so:lse DIR/vm.so:m DIR/vacc.so:acc ...
import ctypes, sys, torch
B, T, H, D = 2, 256, 2, 128
torch.manual_seed(42)
q = torch.randn((B, T, H, D), dtype=torch.float16, device='cuda')
k = torch.randn((B, T, H, D), dtype=torch.float16, device='cuda')
v = torch.randn((B, T, H, D), dtype=torch.float16, device='cuda')
s = (q.float().transpose(1, 2) @ k.float().transpose(1, 2).transpose(-1, -2)) * 0.1 * 1.4426950216
s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool, device='cuda'), 1), float('-inf'))
m = s.max(-1).values  # [B, H, T]
acc = torch.exp2(s - m[..., None]).sum(-1)
lse = m + torch.log2(acc)
rows = [0, 3, 31, 32, 33, 34, 35, 36, 63, 64, 65, 96, 128, 160, 161, 164]
for arg in sys.argv[1:]:
    path, kind = arg.split(':')
    lib = ctypes.CDLL(path)
    o2, l2 = torch.zeros_like(q), torch.zeros(B, T, H, device='cuda')
    rc = lib.parallel_attn_fwd_kernel_grid(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), 2, 2, 4,
        ctypes.c_void_p(q.data_ptr()), ctypes.c_void_p(k.data_ptr()), ctypes.c_void_p(v.data_ptr()),
        ctypes.c_void_p(o2.data_ptr()), ctypes.c_void_p(l2.data_ptr()), ctypes.c_float(0.1), ctypes.c_int(T))
    torch.cuda.synchronize()
    ref = {'lse': lse, 'm': m, 'acc': acc}[kind][0, 0]
    got = l2[0, :, 0]
    bad = ((got - ref).abs() > 1e-3 * ref.abs().clamp_min(1)).nonzero().flatten().tolist()
    print(f'{path.split("/")[-1]} ({kind}) rc {rc}: {len(bad)} rows off: {bad[:40]}')
    print('   ' + '  '.join(f'{r}: {float(got[r]):.4f}/{float(ref[r]):.4f}' for r in rows))
