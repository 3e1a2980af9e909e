#!/bin/bash
# One fuzzing round on the GPU machine, in one call (build/fuzz generated and carried, or
# some batches of it, tests/fuzz/subset.py; build/tl2cu carried for build.py's per-kernel isolation):
#   bash tests/fuzz/gpu_round.sh [REPLAYS]
# builds every batch with nvcc (16 jobs), runs run_gpu.py, then replays the first REPLAYS
# (default 12) untagged mismatches with replay.py and keeps the logs of crashed workers.
# $OUT receives fuzz_report.json, build.json, build.log, summary.txt, crashes.txt,
# replay.txt and asm.tgz (Triton's code of the replayed kernels): 7 files.
set -u
cd "$(dirname "$0")/../.."
out=${OUT:-/tmp/fuzz_round}
mkdir -p "$out"
export PYTHONUNBUFFERED=1
python3 tests/fuzz/build.py build/fuzz --jobs "$(nproc)" >"$out/build.log" 2>&1 || tail "$out/build.log"
cp build/fuzz/build.json "$out/"
python3 tests/fuzz/run_gpu.py build/fuzz --out /tmp/fuzz_results >/tmp/fuzz_run.log 2>&1
grep -v '^MISMATCH' /tmp/fuzz_run.log | tail -20 | tee "$out/summary.txt"
cp /tmp/fuzz_results/fuzz_report.json "$out/"
names=$(python3 - "${1:-12}" <<'PY'
import json, sys
r = json.load(open("/tmp/fuzz_results/fuzz_report.json"))["results"]
bad = [k for k, v in r.items() if v["status"] == "mismatch" and not v["tags"]]
print(" ".join(sorted(bad, key=lambda k: int(k[1:]))[: int(sys.argv[1])]))
PY
)
# The logs of crashed workers (a SIGABRT leaves no "error" line: the last lines say most)
sed -n 's/^CRASH .*see \(batch_[0-9]*\.log\).*/\1/p' /tmp/fuzz_run.log | sort -u | head -10 |
  while read -r f; do echo "== $f"; tail -n 40 "/tmp/fuzz_results/results/$f"; done >"$out/crashes.txt"
# Replays last, each with Triton's TTGIR, LLVM IR and PTX in asm.tgz (REPLAY_SECONDS, default 240)
(cd tests/fuzz && timeout "${REPLAY_SECONDS:-240}" python3 replay.py ../../build/fuzz $names --asm /tmp/fuzz_asm) >"$out/replay.txt" 2>&1
tar czf "$out/asm.tgz" -C /tmp fuzz_asm 2>/dev/null
