#!/bin/bash
# bench/dump_triton.sh NAME...: Triton's TTGIR, PTX and SASS for the kernels of the named
# samples, into $OUT/triton (or /tmp/triton), for studying Triton's layouts and code off
# the GPU machine. (tl2cu's own SASS needs no GPU: nvcc -cubin, then cuobjdump -sass.)
cd "$(dirname "$0")/.." || exit 1
dest=${OUT:-/tmp}/triton
mkdir -p "$dest"
export TRITON_CACHE_DIR=/tmp/tl2cu_triton_cache
rm -rf "$TRITON_CACHE_DIR"
make -s -C samples -j"$(nproc)" compile >/dev/null 2>&1 || { echo "build failed"; exit 1; }
python3 bench/profile.py "$@" >/dev/null  # compiles the Triton kernels into the cache
for f in $(find "$TRITON_CACHE_DIR" -name '*.ttgir' -o -name '*.ptx' -o -name '*.cubin'); do
  base=$(basename "$f")
  case "$f" in
    *.cubin) cuobjdump -sass "$f" >"$dest/${base%.cubin}.sass" ;;
    *) cp "$f" "$dest/$base" ;;
  esac
done
ls "$dest"
