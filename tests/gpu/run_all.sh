#!/bin/bash
# Every GPU check, or the benchmark, in one device call (run from the repository root on the
# GPU machine, with build/ translated here by `make gpu-inputs` and carried there):
#   bash tests/gpu/run_all.sh checks   samples/gpu_check.sh (alone: it times the samples),
#                                      then every tests/gpu/*_check.py and compute-sanitizer
#                                      memcheck and racecheck of the programs listed below,
#                                      JOBS (default 6) at a time: independent correctness
#                                      checks (matmul_check also prints its times)
#   bash tests/gpu/run_all.sh bench    bench/bench.py, with --baseline build/base/samples (ROUNDS=N
#                                      interleaved calls per build, default 5) when
#                                      that earlier build is there (its runtime in build/base/runtime)
# Logs go to $OUT when set. Ends with one line per step and exits 1 if any failed.
set -u -o pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-/tmp/run_all}
mkdir -p "$out"
summary=()
report() {  # report NAME STATUS: the step's log tail, and PASS/FAIL remembered for the summary
  echo "== $1"
  tail -n 25 "$out/$1.log"
  if [ "$2" = 0 ]; then summary+=("PASS $1")
  elif [ "$2" = 3 ]; then summary+=("SKIP $1 (nothing to check here)")
  else summary+=("FAIL $1 (exit $2)"); fi
}
step() {  # step NAME COMMAND...: run it, log it, report it
  local name=$1
  shift
  "$@" >"$out/$name.log" 2>&1
  report "$name" $?
}
background_step() {  # background_step NAME COMMAND...: step's work, JOBS at a time; its status in $out/NAME.rc
  local name=$1
  shift
  while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-6}" ]; do wait -n; done
  ("$@" >"$out/$name.log" 2>&1; echo $? >"$out/$name.rc") &
  started+=("$name")
}
collect_steps() {  # the background steps reported in the order they started
  wait
  local name
  for name in "${started[@]}"; do report "$name" "$(cat "$out/$name.rc" 2>/dev/null || echo lost)"; done
}

case "${1:-checks}" in
checks)
  export PYTHONUNBUFFERED=1
  # The checks' libraries built all at once (gpulib.library then finds them up to date)
  python3 tests/gpu/gpulib.py build-all "$(nproc)" >"$out/gpu_build.log" 2>&1
  step samples bash samples/gpu_check.sh  # alone: it prints the samples' times too
  started=()
  for check in tests/gpu/*_check.py; do
    background_step "$(basename "$check" .py)" python3 "$check"
  done
  background_step memcheck_game_of_life compute-sanitizer --error-exitcode 1 build/samples/game_of_life/game_of_life --small
  background_step memcheck_game_of_life_loop compute-sanitizer --error-exitcode 1 build/samples/game_of_life_loop/game_of_life_loop --small
  background_step memcheck_ops compute-sanitizer --error-exitcode 1 python3 tests/gpu/ops_check.py
  background_step memcheck_gather_ops compute-sanitizer --error-exitcode 1 python3 tests/gpu/gather_ops_check.py
  background_step memcheck_sort_ops compute-sanitizer --error-exitcode 1 python3 tests/gpu/sort_ops_check.py
  background_step memcheck_matmul compute-sanitizer --error-exitcode 1 python3 tests/gpu/matmul_check.py --small
  background_step racecheck_matmul compute-sanitizer --error-exitcode 1 --tool racecheck python3 tests/gpu/matmul_check.py --small
  background_step racecheck_dot compute-sanitizer --error-exitcode 1 --tool racecheck python3 tests/gpu/dot_check.py
  background_step memcheck_pipeline compute-sanitizer --error-exitcode 1 python3 tests/gpu/pipeline_check.py
  background_step racecheck_pipeline compute-sanitizer --error-exitcode 1 --tool racecheck python3 tests/gpu/pipeline_check.py
  background_step memcheck_attention compute-sanitizer --error-exitcode 1 python3 tests/gpu/attention_check.py --small
  background_step racecheck_attention compute-sanitizer --error-exitcode 1 --tool racecheck python3 tests/gpu/attention_check.py --small
  collect_steps
  ;;
bench)
  if [ -d build/base/samples ]; then
    libs=$(for s in $(make -s -C samples list); do echo "../build/base/samples/$s/libkernel.so"; done)
    make -C samples -j"$(nproc)" NO_TRANSLATE=1 BUILD=../build/base/samples RUNTIME=../build/base/runtime $libs \
      >"$out/base_build.log" 2>&1 || { tail "$out/base_build.log"; exit 1; }
    baseline="--baseline build/base/samples --rounds ${ROUNDS:-5}"
  fi
  make -C samples -j"$(nproc)" compile >"$out/build.log" 2>&1 || { tail "$out/build.log"; exit 1; }
  step bench python3 bench/bench.py --out "$out/PERFORMANCE.md" ${baseline:-}
  ;;
esac
echo "== summary"
printf '%s\n' "${summary[@]}"
[[ "${summary[*]}" != *FAIL* ]]
