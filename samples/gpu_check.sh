#!/bin/bash
# The GPU check of the samples, run from the repository root on the GPU machine:
#   bash samples/gpu_check.sh [--small]
# build/samples/*/kernel.cu|.h were translated on the dev machine and carried here, so
# only nvcc runs (make compile). Then every host program runs (CPU reference check and
# timing; at full size and, to exercise the masked edges, at its small size), then
# compare_triton.py, then a summary. Exit status 1 if anything failed. With OUT set,
# the results are also written there.
set -u -o pipefail
cd "$(dirname "$0")/.."

small=""
[ "${1:-}" = --small ] && small=--small
build=build/samples
out=${OUT:-}
failed=0

echo "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
echo "== make -C samples compile"
if ! make -C samples -j"$(nproc)" compile >/tmp/gpu_check_build.log 2>&1; then
  tail -n 40 /tmp/gpu_check_build.log
  echo "FAIL build"
  exit 1
fi

echo "== host programs"
results=()
for s in $(make -s -C samples list); do
  for mode in ${small:-full --small}; do
    arg=$([ "$mode" = --small ] && echo --small)
    line=$(timeout 300 "$build/$s/$s" $arg 2>/tmp/gpu_check_stderr.txt | tail -n 1)
    rc=$?
    [ -z "$line" ] && line="FAIL $s (no output, exit $rc)"
    [ $rc -ne 0 ] && failed=1 && head -n 5 /tmp/gpu_check_stderr.txt
    echo "$line"
    results+=("$line")
  done
done

echo "== compare_triton.py"
PYTHONUNBUFFERED=1 timeout 400 python3 samples/compare_triton.py $small | tee /tmp/gpu_check_triton.txt
triton_rc=$?
[ $triton_rc -ne 0 ] && failed=1

echo
echo "== summary"
{
  printf '%-5s %-24s %-14s %s\n' result sample median_ms details
  for line in "${results[@]}"; do
    read -r verdict name rest <<<"$line"
    ms=$(grep -o 'median_ms=[0-9.]*' <<<"$rest" | cut -d= -f2)
    printf '%-5s %-24s %-14s %s\n' "$verdict" "$name" "${ms:--}" "${rest% median_ms=*}"
  done
  echo
  echo "Triton comparison: $([ $triton_rc -eq 0 ] && echo PASS || echo FAIL) (table above)"
} | tee ${out:+"$out/gpu_check_summary.txt"}
exit $failed
