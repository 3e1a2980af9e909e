#!/bin/bash
# One fuzzing round on the GPU machine, in one call (build/fuzz generated and carried,
# build/tl2cu carried for build.py's per-kernel isolation):
#   bash tests/fuzz/gpu_round.sh [REPLAYS]
# builds every batch with nvcc (16 jobs), runs run_gpu.py, then replays the first REPLAYS
# (default 12) untagged mismatches with replay.py and keeps the logs of crashed workers.
# $OUT receives fuzz_report.json, build.json, summary.txt, replay.txt and crashes.txt.
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
(cd tests/fuzz && timeout 240 python3 replay.py ../../build/fuzz $names) >"$out/replay.txt" 2>&1
grep -l -i "error\|Traceback" /tmp/fuzz_results/results/*.log 2>/dev/null | head -10 |
  while read -r f; do echo "== $f"; grep -i -B2 -A8 "error\|Traceback" "$f" | head -40; done >"$out/crashes.txt"
