"""FLA's parallel_attn_fwd_kernel (B=2, T=256, H=HQ=2, D=128, BV=64, 2 warps: the launch of
FLA's test_parallel_bwd_full_value_reduction) under Triton and tl2cu, row by row, against an
fp32 reference (fortieth session: the corpus run found rows 32-127 of the first (batch, head)
differing; not yet run). Needs the corpus (.corpus/fla) and the translation built into LIB:

    build/tl2cu .corpus/fla/fla/ops/attn/parallel.py -k parallel_attn_fwd_kernel \\
      -s "parallel_attn_fwd_kernel:*fp16:16, *fp16:16, *fp16:16, *fp16:16, None, None, *fp32:16, fp32, None, None, i32:16, None, 2, 2, 2, 1, 128, 128, 128, 32, 128, 64, False, False, False, False" \\
      --num-warps 2 --num-stages 3 -D g_cumsum=None -D sink_bias=None -D cu_seqlens=None \\
      -D chunk_indices=None -D W=None -D B=2 -D H=2 -D HQ=2 -D G=1 -D K=128 -D V=128 -D BT=128 \\
      -D BS=32 -D BK=128 -D BV=64 -D USE_G=False -D USE_SINK_BIAS=False -D USE_WINDOW=False \\
      -D IS_VARLEN=False -o build/dev/pa/paf.cu
    nvcc -shared -Xcompiler -fPIC -O3 -arch=sm_90 -Iruntime build/dev/pa/paf.cu -o /tmp/paf.so
    python3 tests/gpu/probes/fla_parallel_attn_probe.py /tmp/paf.so [tl2cu-only]

(tl2cu-only: tl2cu's launches alone, to run under compute-sanitizer.)
"""
import ctypes, os, sys, types
import torch
sys.path.insert(0, os.path.abspath('.corpus/fla'))
fla = types.ModuleType('fla'); fla.__path__ = [os.path.abspath('.corpus/fla/fla')]; fla.__version__ = '0'; sys.modules['fla'] = fla
from fla.ops.attn.parallel import parallel_attn_fwd_kernel as kern
lib = ctypes.CDLL(sys.argv[1])
only_tl2cu = len(sys.argv) > 2
B, T, H, HQ, D = 2, 256, 2, 2, 128
for seed in (42, 1, 7):
    torch.manual_seed(seed)
    q = torch.randn((B, T, HQ, D), dtype=torch.float16, device='cuda')
    k = torch.randn((B, T, H, D), dtype=torch.float16, device='cuda')
    v = torch.randn((B, T, H, D), dtype=torch.float16, device='cuda')
    o2, l2 = torch.zeros_like(q), torch.zeros(B, T, HQ, device='cuda')
    rc = lib.parallel_attn_fwd_kernel_grid(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), 2, 2, 4,
        ctypes.c_void_p(q.data_ptr()), ctypes.c_void_p(k.data_ptr()), ctypes.c_void_p(v.data_ptr()),
        ctypes.c_void_p(o2.data_ptr()), ctypes.c_void_p(l2.data_ptr()), ctypes.c_float(0.1), ctypes.c_int(T))
    torch.cuda.synchronize()
    if only_tl2cu:
        print('seed', seed, 'rc', rc); continue
    o1, l1 = torch.zeros_like(q), torch.zeros(B, T, HQ, device='cuda')
    kern[(2, 2, 4)](q, k, v, o1, None, None, l1, 0.1, None, None, T, W=None, B=B, H=H, HQ=HQ, G=1, K=D, V=D,
                    BT=128, BS=32, BK=128, BV=64, num_warps=2, num_stages=3)
    torch.cuda.synchronize()
    # the reference: causal softmax attention in fp32
    qf, kf, vf = q.float().transpose(1, 2), k.float().transpose(1, 2), v.float().transpose(1, 2)
    s = (qf @ kf.transpose(-1, -2)) * 0.1
    s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool, device='cuda'), 1), float('-inf'))
    ref = (s.softmax(-1) @ vf).transpose(1, 2)
    bad = (o1 != o2).any(-1)  # [B, T, HQ]
    print('seed', seed, 'rc', rc, 'rows differing', int(bad.sum()), 'of', B * T * HQ,
          'lse differing', int((l1 != l2).sum()))
    for b in range(B):
        for h in range(HQ):
            rows = bad[b, :, h].nonzero().flatten().tolist()
            if rows:
                print(f'  b{b} h{h}: {len(rows)} rows, {rows[0]}..{rows[-1]}')
    print('  max |Triton - ref|', float((o1.float() - ref).abs().max()), ' max |tl2cu - ref|', float((o2.float() - ref).abs().max()))
