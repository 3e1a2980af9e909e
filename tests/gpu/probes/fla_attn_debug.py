# tl2cu's FLA parallel_attn_fwd_kernel with debug stores (fla_attn_variants.py's v_dbg): row 32 of block (0,0,0) in the
# diagonal loop's second iteration, lanes 0-3 of warp 0: its eight scores there (registers 32..45),
# their mask bits and key offsets, the row max before and after each shuffle, b_m before and after
import ctypes, sys, torch
B, T, H, D = 2, 256, 2, 128
torch.manual_seed(42)
q = torch.randn((B, T, H, D), dtype=torch.float16, device='cuda')
k = torch.randn((B, T, H, D), dtype=torch.float16, device='cuda')
v = torch.randn((B, T, H, D), dtype=torch.float16, device='cuda')
s = (q.float()[0, :, 0] @ k.float()[0, :, 0].T) * 0.1 * 1.4426950216
print('reference: row 32 scores keys 0..31 max', float(s[32, :32].max()), 'key 32', float(s[32, 32]), 'keys 32..35', s[32, 32:36].tolist())
for path in sys.argv[1:]:
    lib = ctypes.CDLL(path)
    o2, l2 = torch.zeros_like(q), torch.zeros(B, T, H, device='cuda')
    rc = lib.parallel_attn_fwd_kernel_grid(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), 2, 2, 4,
        ctypes.c_void_p(q.data_ptr()), ctypes.c_void_p(k.data_ptr()), ctypes.c_void_p(v.data_ptr()),
        ctypes.c_void_p(o2.data_ptr()), ctypes.c_void_p(l2.data_ptr()), ctypes.c_float(0.1), ctypes.c_int(T))
    torch.cuda.synchronize()
    buf = (ctypes.c_float * 128)()
    lib.dbg_read(buf)
    d = list(buf)
    print(path.split('/')[-1], 'rc', rc, 'lse row 32', float(l2[0, 32, 0]))
    for lane in range(4):
        x = d[lane * 32:(lane + 1) * 32]
        print(f' lane {lane}: scores {[round(a, 3) for a in x[0:8]]} mask {x[16:24]} keys {x[24:32]}')
        print(f'   r local {x[8]:.4f} xor2 {x[9]:.4f} xor1 {x[10]:.4f} | b_m_3 {x[11]:.4f} b_m_4 {x[12]:.4f} rowmax {x[13]:.4f} b_s_1[32] {x[14]:.4f} dot[32] {x[15]:.4f}')
