"""Runs the transpose sample at chosen tiles once each under Triton and tl2cu, between
cudaProfilerStart/Stop, so that `ncu --profile-from-start off` sees one launch of each
(bench/transpose_tiles.sh translated build/ttiles/BMxBNwW first):
    ncu --profile-from-start off --clock-control none --metrics ... python3 bench/profile_tiles.py 256x32w4 ...
"""
import sys

import torch
import triton

from transpose_tiles import ROOT, ct

kernel = ct.load_module("transpose").transpose_kernel
m, n = 8191, 8193
x = torch.rand(m, n, device="cuda")
z = torch.empty(n, m, device="cuda")
runs = []
for name in sys.argv[1:]:
    bm, rest = name.split("x")
    bn, w = (int(t) for t in rest.split("w"))
    bm = int(bm)
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    tl2cu = ct.Launcher(ROOT / "build" / "ttiles", name, "transpose_kernel", [ct.PTR, ct.PTR, ct.I32, ct.I32])
    runs.append(lambda g=grid, bm=bm, bn=bn, w=w: kernel[g](x, z, m, n, BLOCK_M=bm, BLOCK_N=bn, num_warps=w))
    runs.append(lambda t=tl2cu: t(ct.ptr(x), ct.ptr(z), ct.I32(m), ct.I32(n)))
for _ in range(3):  # warm-up: Triton compiles, modules load
    for run in runs:
        run()
torch.cuda.synchronize()
torch.cuda.profiler.start()
for run in runs:
    run()
torch.cuda.synchronize()
torch.cuda.profiler.stop()
