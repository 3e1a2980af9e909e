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
def fuzz_k4447(x6, o16, n, BLOCK: tl.constexpr):  # fuzz kernel k4447's lines, as gen.py wrote them
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    pk24 = tl.load(x6 + offs, mask=mask, other=0)
    lo25 = pk24 & 0xF
    hi26 = pk24 >> 4
    q27 = tl.interleave(hi26, lo25)
    sg29 = q27 & 0x8
    mag30 = q27 ^ sg29
    bits31 = ((((mag30 >> 1) - 1 + 127).to(tl.int32)) << 23) | ((mag30 & 1).to(tl.int32) << 22)
    bits31 = tl.where(mag30 == 0, 0, bits31)
    bits31 = tl.where(mag30 == 1, 0x3F000000, bits31)
    bits31 = bits31 | (sg29.to(tl.int32) << 28)
    f28 = bits31.to(tl.float32, bitcast=True).to(tl.bfloat16)
    o232 = pid * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    tl.store(o16 + o232, f28, mask=o232 < 2 * n)


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
    mag, sg = q & 7, q & 8
    bits = (((mag >> 1) - 1 + 127) << 23) | ((mag & 1) << 22)
    bits = torch.where(mag == 0, 0, torch.where(mag == 1, 0x3F000000, bits)) | (sg << 28)
    e2m1 = (bits.view(torch.float32).to(torch.bfloat16)).view(torch.int16).int()
    for name, kern, want in (('unpack', unpack, ((q & 7) >> 1) - 1 + 127), ('plus', plus, (q + 126) & 0xFF),
                             ('fuzz_k4447', fuzz_k4447, e2m1)):
        out = torch.full((2 * n,), -1, dtype=torch.int32, device='cuda')
        if name == 'fuzz_k4447':
            out = torch.full((2 * n,), -1, dtype=torch.bfloat16, device='cuda')
        c = kern[(triton.cdiv(n, BLOCK),)](x, out, n, BLOCK=BLOCK)
        if out.dtype == torch.bfloat16:
            out = out.view(torch.int16).int()
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
