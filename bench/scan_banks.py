"""Shared-memory bank conflicts of a scan's accesses, counted on the CPU (docs/NOTES.md 55).

emit_scan (translator/codegen/reduce.c) stores a block into shared memory in layout order (thread
t's k-th element at e = ((k / vec) * threads + t) * vec + k % vec), walks segments of S
elements (thread u scans line u / P, segment u % P), and reads the block back in layout
order. For each warp-wide access this prints the average number of words that fall on
one bank (1.00: conflict-free), with slots padded one word every S (tl2cu_pad, before)
and swizzled (tl2cu_scan_slot, after).

    python3 bench/scan_banks.py
"""


def padded(i, S):
    return i + i // S


def swizzled(i, S):  # as runtime/tl2cu.cuh tl2cu_scan_slot
    if S <= 32:
        return i ^ ((i >> 5) & (S - 1))
    return i ^ ((i >> (S.bit_length() - 1)) & 31)


def degree(addresses):
    banks = {}
    for a in set(addresses):
        banks.setdefault(a % 32, set()).add(a)
    return max(len(v) for v in banks.values())


def scan_cut(length, numel, threads):  # as reduce.c scan_cut
    lines = numel // length
    P = min(1 if lines >= threads else threads // lines, length)
    return lines, P, length // P


def count(shape, axis, threads, vec, slot):
    numel = 1
    for d in shape:
        numel *= d
    length, stride = shape[axis], 1
    for d in shape[axis + 1:]:
        stride *= d
    lines, P, S = scan_cut(length, numel, threads)
    per_thread = max(numel // threads, 1)
    layout, walk = [], []
    for w in range(max(min(threads, numel) // 32, 1)):
        for k in range(per_thread):
            e = [((k // vec) * threads + t) * vec + k % vec for t in range(32 * w, 32 * w + 32)]
            layout.append(degree([slot(i, S) for i in e if i < numel]))
    for w in range(max(min(threads, lines * P) // 32, 1)):
        for i in range(S):
            idx = [(u // P // stride) * length * stride + (u // P) % stride + ((u % P) * S + i) * stride
                   for u in range(32 * w, 32 * w + 32) if u < lines * P]
            walk.append(degree([slot(j, S) for j in idx]))
    return sum(layout) / len(layout), sum(walk) / len(walk), S


def main():
    print(f"{'shape':<14} {'axis':>4} {'threads':>7} {'vec':>3} {'S':>4}   padded: layout walk   swizzled: layout walk")
    for shape, axis, threads, vec in [((2, 1024), 1, 128, 4), ((2, 1024), 1, 128, 1), ((1024,), 0, 128, 4),
                                      ((128, 128), 1, 128, 4), ((256, 128), 0, 128, 4), ((64, 32), 1, 128, 4),
                                      ((4096,), 0, 256, 4), ((128, 64), 0, 128, 4), ((32,), 0, 128, 1)]:
        p, s = count(shape, axis, threads, vec, padded), count(shape, axis, threads, vec, swizzled)
        print(f"{str(shape):<14} {axis:>4} {threads:>7} {vec:>3} {p[2]:>4}   {p[0]:>14.2f} {p[1]:>4.2f}   "
              f"{s[0]:>16.2f} {s[1]:>4.2f}")


if __name__ == "__main__":
    main()
