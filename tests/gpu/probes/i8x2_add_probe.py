"""Does Triton 3.6 add a constant to every other element of a u8 block? (forty-first session.)
Fuzz kernels of the `--real-from` family (fp4 e2m1 unpacking, `tl.interleave(hi, lo)` of u8
nibbles, then `((mag >> 1) - 1 + 127).to(tl.int32) << 23`) differ from tl2cu on odd elements
only: Triton's exponent field is `mag >> 1`, without the + 126. Its TTGIR and LLVM IR compute
the + 126 (the LLVM as `add <2 x i8>`, the PTX as `add.s16x2` with 0x007E0000); this probe
runs the bare shape under Triton and checks it against the same arithmetic in torch, then
prints the SASS of the packed add. Triton alone, on the GPU machine:

    python3 tests/gpu/probes/i8x2_add_probe.py
"""
import subprocess, tempfile
import torch
import triton
import triton.language as tl


@triton.jit
def unpack(x, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    pk = tl.load(x + offs, mask=offs < n, other=0)
    q = tl.interleave(pk >> 4, pk & 0xF)
    mag = q & 0x7
    e = ((mag >> 1) - 1 + 127).to(tl.int32)
    o2 = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    tl.store(out + o2, e, mask=o2 < 2 * n)


@triton.jit
def plus(x, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    pk = tl.load(x + offs, mask=offs < n, other=0)
    q = tl.interleave(pk >> 4, pk & 0xF)
    o2 = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    tl.store(out + o2, (q + 126).to(tl.int32), mask=o2 < 2 * n)


def main():
    n, BLOCK = 1000, 128
    x = torch.randint(0, 256, (n,), dtype=torch.uint8, device='cuda')
    hi, lo = (x >> 4).int(), (x & 0xF).int()
    q = torch.stack([hi, lo], 1).flatten()
    for name, kern, want in (('unpack', unpack, ((q & 7) >> 1) - 1 + 127), ('plus', plus, (q + 126) & 0xFF)):
        out = torch.full((2 * n,), -1, dtype=torch.int32, device='cuda')
        c = kern[(triton.cdiv(n, BLOCK),)](x, out, n, BLOCK=BLOCK)
        bad = (out != want).nonzero().flatten().tolist()
        odd = sum(i % 2 for i in bad)
        print(f'{name}: {len(bad)} of {2 * n} differ from torch ({odd} odd, {len(bad) - odd} even)',
              f'first: {[(i, int(out[i]), int(want[i])) for i in bad[:4]]}' if bad else '')
        ptx = c.asm['ptx']
        print('  PTX:', ' | '.join(l.strip() for l in ptx.splitlines() if 'x2' in l and ('add' in l or 'sub' in l))[:400])
        with tempfile.NamedTemporaryFile(suffix='.cubin') as f:
            f.write(c.asm['cubin']); f.flush()
            sass = subprocess.run(['cuobjdump', '-sass', f.name], capture_output=True, text=True).stdout
        lines = [l.strip() for l in sass.splitlines() if any(t in l for t in ('0x7e', '0x7f', 'PRMT', 'VIADD', 'IADD', 'HADD2', 'LOP3'))]
        print('  SASS:', '\n        '.join(lines[:24]))


main()
