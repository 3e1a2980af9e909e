"""tl2cu's FLA parallel_attn_fwd_kernel with debug stores (fla_attn_variants.py's v_dbg): row 32 of
block (0,0,0) in the diagonal loop's second iteration, lanes 0-3 of warp 0: its eight scores there
(registers 32..45), their mask bits and key offsets, the row max before and after each shuffle,
b_m before and after, under -O3 and ptxas -O0:

    python3 tests/gpu/probes/fla_attn_debug.py DIR/v_dbg.so DIR/v_dbg_o0.so
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fla_attn_rows import inputs, launch  # noqa: E402


def main():
    q, k, _ = inputs()
    s = (q.float()[0, :, 0] @ k.float()[0, :, 0].T) * 0.1 * 1.4426950216
    print('reference: row 32 scores keys 0..31 max', float(s[32, :32].max()), 'keys 32..35', s[32, 32:36].tolist())
    for path in sys.argv[1:]:
        lib = ctypes.CDLL(path)
        _, lse, rc = launch(lib, *inputs())
        buf = (ctypes.c_float * 128)()
        lib.dbg_read(buf)
        d = list(buf)
        print(path.split('/')[-1], 'rc', rc, 'lse row 32', float(lse[0, 32, 0]))
        for lane in range(4):
            x = d[lane * 32:(lane + 1) * 32]
            print(f' lane {lane}: scores {[round(a, 3) for a in x[0:8]]} mask {x[16:24]} keys {x[24:32]}')
            print(f'   r local {x[8]:.4f} xor2 {x[9]:.4f} xor1 {x[10]:.4f} | b_m_3 {x[11]:.4f} b_m_4 {x[12]:.4f} '
                  f'rowmax {x[13]:.4f} b_s_1[32] {x[14]:.4f} dot[32] {x[15]:.4f}')


if __name__ == '__main__':
    main()
