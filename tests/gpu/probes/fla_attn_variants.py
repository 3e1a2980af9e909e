"""Builds the variants of FLA's parallel_attn_fwd_kernel translation that split its wrong rows
(docs/NOTES.md 83: B=2 T=256 H=2 D=128, BT=128 BS=32 BV=64 on 2 warps, right under `ptxas -O0`,
wrong under -O1 and -O3), here on the CPU machine (tl2cu and nvcc; no GPU):

    python3 tests/gpu/probes/fla_attn_variants.py OUTDIR

OUTDIR/base.cu is tl2cu's translation; the .so files are built from it and from hand-edited
copies: base (as is), o0 / o1 / o2 (ptxas -O0 / -O1 / -O2), vm / vacc (the lse slot holds the running max
or the sum alone), v_unroll1 (`#pragma unroll 1` on both key loops), v_i32mask (the causal mask
as 32-bit offsets from the loop's start), v_dbg / v_dbg_o0 (debug stores of row 32's values in
the second diagonal iteration, lanes 0-3; read with fla_attn_debug.py), v_syncwarp (__syncwarp() before
every reduction's lane exchange), v_selmax (the lane maximum as a compare and select), v_ninf (masked
scores -3e38, not -inf), v_both (v_i32mask and v_selmax together), v_lb5 / v_lb8 (__launch_bounds__(64, 5)
and (64, 8): 168 and 128 registers, three and five times the spills of base's 255). On the GPU machine:

    python3 tests/gpu/probes/fla_attn_rows.py OUTDIR/base.so:lse OUTDIR/vm.so:m OUTDIR/vacc.so:acc ...
    python3 tests/gpu/probes/fla_attn_debug.py OUTDIR/v_dbg.so OUTDIR/v_dbg_o0.so
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SIG = ("parallel_attn_fwd_kernel:*fp16:16, *fp16:16, *fp16:16, *fp16:16, None, None, *fp32:16, fp32, None, None, "
       "i32:16, None, 2, 2, 2, 1, 128, 128, 128, 32, 128, 64, False, False, False, False")
DEFINES = ("g_cumsum=None sink_bias=None cu_seqlens=None chunk_indices=None W=None B=2 H=2 HQ=2 G=1 K=128 V=128 "
           "BT=128 BS=32 BK=128 BV=64 USE_G=False USE_SINK_BIAS=False USE_WINDOW=False IS_VARLEN=False").split()
LSE = "b_m_5[_k] = (_b_m_3_cvt1[_k] + tl2cu_log2(_b_acc_3_cvt2[_k]));"
MAX_SHUFFLE = "_r[_g] = tl2cu_maximum(_r[_g], tl2cu_shfl_xor(_r[_g], _m));"
LAUNCH_BOUNDS = "__launch_bounds__(64)"
SHUFFLE_LOOP = "#pragma unroll\n      for (int _m = 2; _m >= 1; _m >>= 1) {"
# The lane maximum as a comparison and a select (FSEL, not FMNMX): the same value for the -inf and finite scores here
SEL_MAX_SHUFFLE = ("{ const float _o = tl2cu_shfl_xor(_r[_g], _m); _r[_g] = _o > _r[_g] ? _o : _r[_g]; }")


def debug_variant(src):
    """Debug stores around the diagonal loop's row max (its second shuffle loop in the file)."""
    lines = src.split('\n')
    at = [i for i, line in enumerate(lines) if MAX_SHUFFLE in line][1]
    start, end = at - 4, at + 2  # '#pragma unroll' .. the _m loop's closing brace
    assert 'for (int _m = 2' in lines[start + 1]
    stores = '''      const bool _dbg = blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0 && _tid < 4 && i_s_1 == 32;
      if (_dbg) {
        const int _kk[8] = {32, 33, 36, 37, 40, 41, 44, 45};
        for (int _j = 0; _j < 8; ++_j) {
          tl2cu_dbg[_tid * 32 + _j] = b_s_2[_kk[_j]];
          tl2cu_dbg[_tid * 32 + 16 + _j] = m_s[_kk[_j]] ? 1.0f : 0.0f;
          tl2cu_dbg[_tid * 32 + 24 + _j] = (float)o_k_1[tl2cu_squeeze<0xd>(_kk[_j])];
        }
        tl2cu_dbg[_tid * 32 + 8] = _r[4];
        tl2cu_dbg[_tid * 32 + 11] = b_m_3[4];
      }
#pragma unroll
      for (int _g = 0; _g < 8; ++_g) _r[_g] = tl2cu_maximum(_r[_g], tl2cu_shfl_xor(_r[_g], 2));
      if (_dbg) tl2cu_dbg[_tid * 32 + 9] = _r[4];
#pragma unroll
      for (int _g = 0; _g < 8; ++_g) _r[_g] = tl2cu_maximum(_r[_g], tl2cu_shfl_xor(_r[_g], 1));
      if (_dbg) tl2cu_dbg[_tid * 32 + 10] = _r[4];'''
    src = '\n'.join(lines[:start] + stores.split('\n') + lines[end + 1:])
    m4 = "      b_m_4[_k] = tl2cu_maximum(b_m_3[_k], b_s_2_max[tl2cu_squeeze<0x7>(_k)]);"
    assert m4 in src
    src = src.replace(m4, m4 + '''
    if (blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0 && _tid < 4 && i_s_1 == 32) {
      tl2cu_dbg[_tid * 32 + 12] = b_m_4[4];
      tl2cu_dbg[_tid * 32 + 13] = b_s_2_max[4];
      tl2cu_dbg[_tid * 32 + 14] = b_s_1[32];
      tl2cu_dbg[_tid * 32 + 15] = dot_2[32];
    }''', 1)
    src = src.replace('namespace tl2cu_kernels {', '__device__ float tl2cu_dbg[128];\nnamespace tl2cu_kernels {', 1)
    return src + '\nextern "C" int dbg_read(float *host) { return (int)cudaMemcpyFromSymbol(host, tl2cu_dbg, 512); }\n'


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    base = os.path.join(out, 'base.cu')
    cmd = [os.path.join(ROOT, 'build', 'tl2cu'), os.path.join(ROOT, '.corpus/fla/fla/ops/attn/parallel.py'),
           '-k', 'parallel_attn_fwd_kernel', '-s', SIG, '--num-warps', '2', '--num-stages', '3', '-o', base]
    for d in DEFINES:
        cmd += ['-D', d]
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    src = open(base).read()
    loops = [i for i, line in enumerate(src.split('\n')) if re.match(r'\s*for \(int64_t i_s(_1)? = ', line)]
    lines = src.split('\n')
    for i in reversed(loops):
        lines.insert(i, '#pragma unroll 1')
    mask_old = "m_s[_k] = ((((i_t * 128LL) + (int64_t)(_e >> 5)) >= o_k_1[tl2cu_squeeze<0xd>(_k)])"
    mask_new = ("m_s[_k] = (((int)((i_t * 128LL) + (int64_t)(_e >> 5) - i_s_1) >= "
                "(int)(o_k_1[tl2cu_squeeze<0xd>(_k)] - i_s_1))")
    assert LSE in src and mask_old in src
    variants = {'base': (src, []), 'o0': (src, ['-Xptxas', '-O0']), 'o1': (src, ['-Xptxas', '-O1']),
                'vm': (src.replace(LSE, 'b_m_5[_k] = _b_m_3_cvt1[_k];'), []),
                'vacc': (src.replace(LSE, 'b_m_5[_k] = _b_acc_3_cvt2[_k];'), []),
                'v_unroll1': ('\n'.join(lines), []), 'v_i32mask': (src.replace(mask_old, mask_new), []),
                'v_dbg': (debug_variant(src), []), 'v_dbg_o0': (debug_variant(src), ['-Xptxas', '-O0']),
                'o2': (src, ['-Xptxas', '-O2']),
                'v_syncwarp': (src.replace(SHUFFLE_LOOP, '__syncwarp();\n' + SHUFFLE_LOOP), []),
                'v_selmax': (src.replace(MAX_SHUFFLE, SEL_MAX_SHUFFLE), []),
                'v_ninf': (src.replace("m_s[_k] ? b_s_1[_k] : -tl2cu_inf<float>()", "m_s[_k] ? b_s_1[_k] : -3.0e38f"), []),
                'v_both': (src.replace(mask_old, mask_new).replace(MAX_SHUFFLE, SEL_MAX_SHUFFLE), []),
                'v_lb5': (src.replace(LAUNCH_BOUNDS, '__launch_bounds__(64, 5)'), []),
                'v_lb8': (src.replace(LAUNCH_BOUNDS, '__launch_bounds__(64, 8)'), [])}
    assert LAUNCH_BOUNDS in src
    assert SHUFFLE_LOOP in src and "m_s[_k] ? b_s_1[_k] : -tl2cu_inf<float>()" in src
    procs = []
    for name, (text, flags) in variants.items():
        cu = os.path.join(out, name + '.cu')
        if name != 'base':
            open(cu, 'w').write(text)
        procs.append(subprocess.Popen(['nvcc', '-shared', '-Xcompiler', '-fPIC', '-O3', '-gencode',
                                       'arch=compute_90a,code=sm_90a', '-I' + os.path.join(ROOT, 'runtime')] + flags +
                                      [cu, '-o', os.path.join(out, name + '.so')]))
        if len(procs) >= 2:
            procs.pop(0).wait()
    for p in procs:
        p.wait()
    print(' '.join(sorted(n + '.so' for n in variants)), 'in', out)


if __name__ == '__main__':
    main()
