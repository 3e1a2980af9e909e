#!/bin/sh
# The transpose sample at the tile sizes bench/transpose_tiles.py compares (BMxBNwW:
# BLOCK_M, BLOCK_N, warps; CONFIGS in the environment for others). A directory NAMEc
# beside one holds another translation of it to compare (an experiment's).
#   bench/transpose_tiles.sh translate   (here)     bench/transpose_tiles.sh build   (on the GPU machine)
set -e
cd "$(dirname "$0")/.."
default="32x64w4 32x32w4 64x32w4 64x64w4 64x64w8 128x64w8 128x64w4 128x32w4 64x128w8 128x128w8 256x64w8"
[ "$1" = build ] && default=$(ls build/ttiles | grep -v 'c$')  # what was translated
for cfg in ${CONFIGS:-$default}; do
  [ "$1" = build ] && [ -d "build/ttiles/${cfg}c" ] &&
    nvcc -O3 -arch=sm_90 -shared -Xcompiler -fPIC -Iruntime "build/ttiles/${cfg}c/kernel.cu" -o "build/ttiles/${cfg}c/libkernel.so" &
  bm=${cfg%%x*}; rest=${cfg#*x}; bn=${rest%w*}; w=${cfg#*w}
  dir=build/ttiles/$cfg
  mkdir -p "$dir"
  case "$1" in
  translate) ./build/tl2cu samples/transpose/kernel.py -D BLOCK_M="$bm" -D BLOCK_N="$bn" --num-warps "$w" \
               --grid "cdiv(M, $bm), cdiv(N, $bn)" -o "$dir/kernel.cu" ;;
  build) nvcc -O3 -arch=sm_90 -shared -Xcompiler -fPIC -Iruntime "$dir/kernel.cu" -o "$dir/libkernel.so" & ;;
  esac
done
wait
