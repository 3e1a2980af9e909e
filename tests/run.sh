#!/usr/bin/env bash
# tests/run.sh: the tl2cu test suite (no GPU needed). Prints [PASS]/[FAIL] per
# test and ends with "N passed, N failed"; exits 1 if anything failed.
#   tests/run.sh            run everything
#   tests/run.sh --update   rewrite the golden .cu and .err files from the
#                           current translator (review with git diff); refuses
#                           when a golden translation fails or writes to stderr
set -u
cd "$(dirname "$0")/.."
TL2CU=${TL2CU:-build/tl2cu}
UPDATE=0
[ "${1:-}" = "--update" ] && UPDATE=1
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "[PASS] $1"; }
bad() { fail=$((fail + 1)); echo "[FAIL] $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -40; }

# ---- unit tests of the stages (tests/unit.c, linked with the translator's objects)
if make -s build/unit_tests >"$tmp/unit.log" 2>&1 && build/unit_tests >>"$tmp/unit.log" 2>&1; then
  ok "unit: $(tail -1 "$tmp/unit.log")"
else
  bad "unit tests" "$tmp/unit.log"
fi

# ---- golden files: every sample kernel and every tests/golden/*.py
golden_inputs() {
  for f in samples/*/kernel.py; do echo "$f tests/golden/$(basename "$(dirname "$f")").cu"; done
  for f in tests/golden/*.py; do echo "$f ${f%.py}.cu"; done
}
while read -r py expected; do
  name=$(basename "$expected" .cu)
  out="$tmp/$name.cu"
  if ! "$TL2CU" --format=none "$py" -o "$out" -H "$tmp/$name.h" 2>"$tmp/$name.stderr"; then
    bad "golden $name: translation failed" "$tmp/$name.stderr"
    continue
  fi
  if [ $UPDATE = 1 ]; then
    if grep -q "error" "$tmp/$name.stderr"; then bad "golden $name: refusing to bless output with errors" "$tmp/$name.stderr"; continue; fi
    cp "$out" "$expected"
  fi
  if diff -u "$expected" "$out" >"$tmp/$name.diff" 2>&1; then ok "golden $name"; else bad "golden $name" "$tmp/$name.diff"; fi
  # determinism: a second run gives the same bytes
  "$TL2CU" --format=none "$py" -o "$tmp/$name.again.cu" 2>/dev/null
  if cmp -s "$out" "$tmp/$name.again.cu"; then ok "deterministic $name"; else bad "deterministic $name"; fi
  # the generated file builds (nvcc is present on these machines, without a GPU)
  if command -v nvcc >/dev/null 2>&1; then
    if nvcc -arch=sm_90 -Iruntime -I"$tmp" -c "$out" -o "$tmp/$name.o" >"$tmp/$name.nvcc" 2>&1 &&
       ! grep -q "warning" "$tmp/$name.nvcc"; then
      ok "nvcc $name"
    else
      bad "nvcc $name" "$tmp/$name.nvcc"
    fi
  fi
done < <(golden_inputs)

# ---- bad inputs: tests/errors/NAME.{py,args,err,status}
run_error_case() {  # name -> runs the translator, stderr in $tmp/name.err, prints status
  local name=$1 base=tests/errors/$1 args=""
  [ -f "$base.args" ] && args=$(cat "$base.args")
  local input=""
  [ -f "$base.py" ] && input="$base.py"
  set -f  # signature arguments such as *fp32 are not globs
  eval "\"$TL2CU\" --format=none -o \"$tmp/$name.cu\" $args $input" 2>"$tmp/$name.err" >/dev/null
  local status=$?
  set +f
  return $status
}
for f in tests/errors/*.args tests/errors/*.py; do basename "${f%.*}"; done | sort -u | while read -r name; do
  run_error_case "$name"
  status=$?
  want=1
  [ -f "tests/errors/$name.status" ] && want=$(cat "tests/errors/$name.status")
  [ $UPDATE = 1 ] && cp "$tmp/$name.err" "tests/errors/$name.err"
  if [ "$status" != "$want" ]; then
    echo "exit status $status, expected $want" >"$tmp/$name.why"
    cat "$tmp/$name.err" >>"$tmp/$name.why"
    bad "error $name" "$tmp/$name.why"
  elif ! diff -u "tests/errors/$name.err" "$tmp/$name.err" >"$tmp/$name.diff" 2>&1; then
    bad "error $name" "$tmp/$name.diff"
  else
    ok "error $name"
  fi
done > "$tmp/errors.log"
cat "$tmp/errors.log"
pass=$((pass + $(grep -c '^\[PASS\]' "$tmp/errors.log")))
fail=$((fail + $(grep -c '^\[FAIL\]' "$tmp/errors.log")))

# ---- the translator under AddressSanitizer + UndefinedBehaviorSanitizer
if make -s asan >"$tmp/asan.log" 2>&1; then
  san_ok=1
  for py in samples/*/kernel.py tests/golden/*.py tests/errors/*.py; do
    args=""
    [ -f "${py%.py}.args" ] && args=$(cat "${py%.py}.args")
    set -f
    eval "build/asan/tl2cu --format=none -o \"$tmp/asan.cu\" $args \"$py\"" >/dev/null 2>"$tmp/asan.one"
    set +f
    if grep -qE "AddressSanitizer|runtime error|LeakSanitizer" "$tmp/asan.one"; then
      san_ok=0
      echo "== $py" >>"$tmp/asan.log"
      cat "$tmp/asan.one" >>"$tmp/asan.log"
    fi
  done
  if [ $san_ok = 1 ]; then ok "asan+ubsan clean over samples, golden and error inputs"; else bad "asan+ubsan" "$tmp/asan.log"; fi
else
  bad "asan build" "$tmp/asan.log"
fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
