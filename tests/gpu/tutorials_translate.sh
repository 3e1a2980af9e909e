#!/bin/bash
# Translates Triton's tutorials 01-08 (the unedited files, as published) into
# build/gpu/tutorials/ for tests/gpu/tutorials_check.py, with command-line options only.
# Run it where the translator is built (no GPU needed); carry build/gpu/tutorials and the
# tutorials' directory to the GPU machine.
#
#   bash tests/gpu/tutorials_translate.sh [DIR]     DIR: $TL2CU_TUTORIALS, else build/tutorials
#
# TL2CU names the translator (default build/tl2cu). A tutorial missing from DIR is skipped.
# Each translation writes OUT.cu and OUT.log (the command line and tl2cu's messages).
# A translation marked `dot` (none now) records where a tutorial stops; its failure is
# expected and does not count. Prints one line per translation; exits 1 when a kernel that
# should translate did not.
set -u -o pipefail
cd "$(dirname "$0")/../.."
dir=${1:-${TL2CU_TUTORIALS:-build/tutorials}}
tl2cu=${TL2CU:-build/tl2cu}
out=build/gpu/tutorials
mkdir -p "$out"
failed=0

# translate EXPECT NAME TUTORIAL.py OPTIONS...: EXPECT is ok (must translate) or dot (needs
# tl.dot or other unsupported constructs: expected to fail)
translate() {
  local expect=$1 name=$2 py=$dir/$3
  shift 3
  rm -f "$out/$name.cu" "$out/$name.log"
  if [ ! -f "$py" ]; then
    echo "[SKIP] $name: $py missing"
    return
  fi
  printf '%q ' "$tl2cu" "$py" "$@" -o "$out/$name.cu" >"$out/$name.log"
  echo >>"$out/$name.log"
  if "$tl2cu" "$py" "$@" -o "$out/$name.cu" >>"$out/$name.log" 2>&1; then
    echo "[ok]   $name"
  else
    rm -f "$out/$name.cu"
    local first
    first=$(grep -m1 'error:' "$out/$name.log")
    if [ "$expect" = dot ]; then
      echo "[expected failure] $name: $first"
    else
      echo "[FAILED] $name: $first"
      failed=1
    fi
  fi
}

translate ok 01-vector-add 01-vector-add.py \
  -s 'add_kernel:*fp32,*fp32,*fp32,i32'
# softmax(): BLOCK_SIZE = next_power_of_2(n_cols) (1024 for the tutorial's 781 columns),
# num_stages 4 on an H200 (SIZE_SMEM > 200000), num_warps 8; its grid is the number of
# persistent programs, computed at run time: only softmax_kernel_grid()
translate ok 02-fused-softmax 02-fused-softmax.py \
  -s 'softmax_kernel:*fp32,*fp32,i32,i32,i32,i32,1024,4' --num-warps 8
# matmul_kernel: its configs come from get_autotune_config() (the machine's backend), so
# one config is fixed with -D (tl.dot on CUDA cores: dot.c)
translate ok 03-matrix-multiplication 03-matrix-multiplication.py \
  -s 'matmul_kernel:*fp16,*fp16,*fp16,i32,i32,i32,i32,i32,i32,i32,i32,i32' \
  -D BLOCK_SIZE_M=128 -D BLOCK_SIZE_N=256 -D BLOCK_SIZE_K=64 -D GROUP_SIZE_M=8 -D ACTIVATION=leaky_relu \
  --num-warps 8
translate ok 04-low-memory-dropout 04-low-memory-dropout.py \
  -s '_dropout:*fp32,*i32,*fp32,i32,fp32' -s '_seeded_dropout:*fp32,*fp32,i32,fp32,i32'
# LayerNorm with the tutorial's test (fp16, N = 8192 or any N in 4097..8192): BLOCK_SIZE
# 8192, num_warps min(max(8192 // 256, 1), 8) = 8, GROUP_SIZE_M 96 (N <= 8192); one file
# per kernel, as the kernels take different num_warps (dwdb: Triton's default 4). dwdb's
# grid and constexprs are those of its launch in LayerNorm.backward, which tl2cu does not
# read from a class's method: given here.
translate ok 05-layer-norm-fwd 05-layer-norm.py -k _layer_norm_fwd_fused \
  -s '_layer_norm_fwd_fused:*fp16,*fp16,*fp16,*fp16,*fp32,*fp32,i32,i32,fp32,8192' --num-warps 8
translate ok 05-layer-norm-bwd-dx 05-layer-norm.py -k _layer_norm_bwd_dx_fused \
  -s '_layer_norm_bwd_dx_fused:*fp16,*fp16,*fp16,*fp16,*fp16,*fp16,*fp32,*fp32,*i32,i32,i32,96,8192' \
  --num-warps 8
translate ok 05-layer-norm-bwd-dwdb 05-layer-norm.py -k _layer_norm_bwd_dwdb \
  -s '_layer_norm_bwd_dwdb:*fp16,*fp16,*fp16,*fp16,i32,i32,32,128' --grid 'cdiv(N, BLOCK_SIZE_N)'
# _attn_bwd_preprocess as _attention.backward launches it: PRE_BLOCK 128, HEAD_DIM 64
# (test_op's and the benchmark's), grid (N_CTX // 128, Z * H)
translate ok 06-fused-attention-bwd-preprocess 06-fused-attention.py -k _attn_bwd_preprocess \
  -s '_attn_bwd_preprocess:*fp16,*fp16,*fp32,i32,i32,i32,128,64' --grid 'N_CTX // BLOCK_M, Z * H'
# _attn_fwd_tma as _attention.forward launches it on the H200: host TensorDescriptors whose
# blocks its pre_hook sets ([BLOCK_M, HEAD_DIM] for q and o, [BLOCK_N, HEAD_DIM] for k, v);
# one config of its autotune list fixed, non-causal (STAGE 1) and causal (STAGE 3)
for stage in 1 3; do
  stem=06-fused-attention-fwd$([ $stage = 3 ] && echo -causal)
  translate ok $stem 06-fused-attention.py -k _attn_fwd_tma \
    -D HEAD_DIM=64 -D BLOCK_M=128 -D BLOCK_N=64 -D FP8_OUTPUT=False -D STAGE=$stage --num-warps 4 \
    -s '_attn_fwd_tma:fp32,*fp32,i32,i32,tensordesc<fp16[128, 64]>,tensordesc<fp16[64, 64]>,tensordesc<fp16[64, 64]>,tensordesc<fp16[128, 64]>,i32'
done
i19=$(printf 'i32,%.0s' $(seq 19))
translate ok 06-fused-attention 06-fused-attention.py \
  -D HEAD_DIM=64 -D BLOCK_M=128 -D BLOCK_N=64 -D CAUSAL=True -D FP8_OUTPUT=False -D STAGE=3 \
  -s '_attn_bwd_preprocess:*fp16,*fp16,*fp32,i32,i32,i32' \
  -s "_attn_fwd:*fp16,*fp16,*fp16,fp32,*fp32,*fp16,${i19%,}" \
  -s '_attn_fwd_tma:fp32,*fp32,i32,i32,tensordesc<fp16[128, 64]>,tensordesc<fp16[64, 64]>,tensordesc<fp16[64, 64]>,tensordesc<fp16[128, 64]>,i32' \
  -s '_attn_bwd:*fp16,*fp16,*fp16,fp32,*fp16,*fp16,*fp16,*fp16,*fp32,*fp32,i32,i32,i32,i32,i32,i32,32,128,128,32,2,64'
# no options: the types come from the file's launch (torch.rand, .numel()), and libdevice.asin
# on fp32 (__nv_asinf, last bits may differ from Triton's: docs/LIBDEVICE.md) is a warning
translate ok 07-extern-functions 07-extern-functions.py
translate ok 08-grouped-gemm 08-grouped-gemm.py \
  -s 'grouped_matmul_kernel:*i64,*i64,*i64,*i32,*i32,i32' \
  -s 'grouped_matmul_tma_kernel:*i64,*i64,*i64,*i32,*i32,i32' \
  -D NUM_SM=132 -D BLOCK_SIZE_M=128 -D BLOCK_SIZE_N=128 -D BLOCK_SIZE_K=64 -D FP8=False --num-warps 4
exit $failed
