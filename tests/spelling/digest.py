#!/usr/bin/env python3
"""Normal forms of tl2cu's output, for comparing spellings of one kernel (tests/spelling).

  digest.py cuda FILE.cu   the CUDA without comments and the banner, every identifier that
                           is not the runtime's, a C keyword or a type renamed by first use
  digest.py ir FILE.ir     a --dump-ir listing with %names numbered by first use and the
                           L<line> column dropped
  digest.py decisions FILE.cu   per kernel: the optimizations it shows (vector widths,
                           windows, packed bytes, variants, wgmma, copies ahead)
"""
import re
import sys
from collections import Counter

KEEP = set("""
if else for while do return break continue const static inline unsigned signed int char short long float
double bool void struct union typedef sizeof true false auto template typename extern __global__ __device__
__shared__ __launch_bounds__ __restrict__ __forceinline__ threadIdx blockIdx blockDim gridDim warpSize
half nv_bfloat16 namespace using constexpr volatile asm
""".split())


def keep(word):
    return (word in KEEP or word.startswith(("tl2cu_", "__", "_t")) or word.endswith("_t") or
            word.startswith("k") and word[1:2].isupper())


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(re.sub(r"//.*", "", line).rstrip() for line in text.splitlines() if line.strip()
                     and not line.lstrip().startswith("//"))


def cuda(text):
    names = {}

    def rename(m):
        w = m.group(0)
        if keep(w):
            return w
        return names.setdefault(w, "v%d" % len(names))
    body = strip_comments(text)
    body = re.sub(r"\b[A-Za-z_][A-Za-z0-9_]*\b", rename, body)
    return "\n".join(line for line in body.splitlines() if line.strip())


def ir(text):
    names = {}
    out = []
    for line in text.splitlines():
        line = re.sub(r"^L\d+\s+", "", line.strip())
        if line.startswith("//"):
            continue
        out.append(re.sub(r"%[A-Za-z0-9_.]+", lambda m: names.setdefault(m.group(0), "%%%d" % len(names)), line))
    return "\n".join(out)


def decisions(text):
    kernels = re.split(r"(?=__global__ )", strip_comments(text))[1:]
    out = []
    for k in kernels:
        name = re.search(r"\)\s*([A-Za-z0-9_]+)\s*\(", k)
        suffix = re.search(r"(_aligned|_pointers)?$", name.group(1) if name else "").group(1) or ""
        counts = Counter()
        counts.update("vector %s x %s" % m for m in re.findall(r"tl2cu_vec<([a-z0-9_ ]+), (\d+)>", k))
        counts["window decisions"] = len(re.findall(r"__all_sync\(0xffffffffu, _window\)", k))
        counts["window words"] = len(re.findall(r"tl2cu_window_word<", k))
        counts["packed bytes"] = len(re.findall(r"tl2cu_byte_of<|tl2cu_byte<", k))
        counts["wgmma"] = len(re.findall(r"wgmma", k))
        counts["copies ahead"] = len(re.findall(r"cp_async|cp\.async", k))
        counts["mma.sync"] = len(re.findall(r"mma_sync|mma\.sync", k))
        counts["conversions"] = len(re.findall(r"\w+_cvt\d+\[\d+\];", k))  # (through shared memory)
        counts["shuffles"] = len(re.findall(r"tl2cu_shfl_xor\(", k))  # (reductions across lanes, in registers)
        out.append("kernel%s: %s" % (suffix, ", ".join("%s %d" % kv for kv in sorted(counts.items()) if kv[1])))
    return "\n".join(out)


if __name__ == "__main__":
    mode, path = sys.argv[1], sys.argv[2]
    text = open(path).read()
    print({"cuda": cuda, "ir": ir, "decisions": decisions}[mode](text))
