"""A folder of some of a generated fuzz folder's batches, for a GPU round over only those
(the batches a translator change touched): subset.py SRC DEST N[,N...] copies SRC's
batch_N.py files and its manifest.json cut to them into DEST, which gpu_round.sh (as
build/fuzz) and known.py then read as a whole folder.

    python3 tests/fuzz/subset.py build/fuzz_all build/fuzz 5,7,8,16
"""
import json
import os
import shutil
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, dest, wanted = sys.argv[1], sys.argv[2], ['batch_%03d' % int(n) for n in sys.argv[3].split(',') if n]
    with open(os.path.join(src, 'manifest.json')) as f:
        manifest = json.load(f)
    missing = [b for b in wanted if b not in manifest['batches']]
    if missing:
        sys.exit('subset: %s has no %s' % (src, ', '.join(missing)))
    os.makedirs(dest, exist_ok=True)
    for b in wanted:
        shutil.copy(os.path.join(src, b + '.py'), os.path.join(dest, b + '.py'))
    manifest['batches'] = {b: manifest['batches'][b] for b in wanted}
    with open(os.path.join(dest, 'manifest.json'), 'w') as f:
        json.dump(manifest, f)
    print('%d batches, %d kernels in %s' % (len(wanted), sum(len(k) for k in manifest['batches'].values()), dest))


if __name__ == '__main__':
    main()
