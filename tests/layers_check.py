"""The translator's folders as layers (docs/ARCHITECTURE.md, "Where the code lives"): a file
calls only functions of its own folder and of the folders before it, read off the object
files' symbols (nm). The calls still crossing the line are listed in ALLOWED, each with its
reason; a new one fails, and so does an entry of ALLOWED that no longer happens (remove it).

    python3 tests/layers_check.py [BUILD_OBJ_DIR]
"""
import os
import subprocess
import sys

LAYERS = ['support', 'ir', 'front', 'passes', 'codegen']  # main.c: above them all

# (caller file, callee file): why it is still allowed (issue 43's remaining work).
ALLOWED = {}


def symbols(obj):
    out = subprocess.run(['nm', obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'TDBR':
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == 'U':
            undefined.add(parts[1])
    return defined, undefined


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join('build', 'obj')
    translator = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'translator')
    layer_of, defs, uses = {}, {}, {}
    for layer in LAYERS:
        folder = os.path.join(root, layer)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            f = name[:-2]
            if name.endswith('.o') and os.path.exists(os.path.join(translator, layer, f + '.c')):  # (not a removed file's)
                layer_of[f] = LAYERS.index(layer)
                d, u = symbols(os.path.join(folder, name))
                uses[f] = u
                for s in d:
                    defs[s] = f
    if not layer_of:
        sys.exit('layers_check: no object files under %s/{%s} (run make first)' % (root, ','.join(LAYERS)))
    crossings = {}
    for f, used in uses.items():
        for s in used:
            g = defs.get(s)
            if g and layer_of[g] > layer_of[f]:
                crossings.setdefault((f, g), []).append(s)
    bad = sorted(set(crossings) - set(ALLOWED))
    stale = sorted(set(ALLOWED) - set(crossings))
    for f, g in bad:
        print('layers_check: %s (%s/) calls %s (%s/): %s' % (f, LAYERS[layer_of[f]], g, LAYERS[layer_of[g]],
                                                             ', '.join(sorted(crossings[(f, g)]))))
    for f, g in stale:
        print('layers_check: %s no longer calls %s: remove it from ALLOWED' % (f, g))
    print('layers_check: %d files in %d layers, %d allowed crossings, %d new, %d stale'
          % (len(layer_of), len(LAYERS), len(ALLOWED) - len(stale), len(bad), len(stale)))
    sys.exit(1 if bad or stale else 0)


if __name__ == '__main__':
    main()
